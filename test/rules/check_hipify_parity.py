#!/usr/bin/env python3
"""Parity with HIPIFY: migrating to the newest HIP the HIPIFY tables know
(--hip-version=6.3), musify writes HIPIFY's HIP name for at least 99 % of the
CUDA names the HIP tables map, and each difference is deliberate: the entry says why
in its note. Prints the figure per table.

cuDNN is measured apart, against HIPIFY's MIOpen table (hipify --roc): its
hipDNN names belong to a retired wrapper no ROCm ships, and a cuDNN call is
renamed only where MIOpen's takes the same parameters, so most of its calls
differ by design; there every difference must have its note.

A name counts where some HIP entry (of any kind, qualified or not) holds it and
migrates at that version (hip_added at most, not removed, not unsupported) to
the same name; entries that name other targets, or none, need a note. Names no
table holds yet (headers outside the covered families) are listed as missing.

Run from the repository root: python3 test/rules/check_hipify_parity.py
"""
import glob
import os
import sys

import rules_common as rc
from rulegen.docs import migrates
from rulegen.sources import parse_hipify_table

VERSION = "6.3"
FLOOR = 99.0
# The tables under the floor, and cuDNN's, measured apart.
FOLLOWED = tuple(name + "_supported_by_HIP.md" for name in (
    "CUBLAS_API", "CUB_API", "CUDA_Device_API", "CUDA_Driver_API_functions", "CUDA_RTC_API",
    "CUDA_Runtime_API_functions", "CUFFT_API", "CURAND_API", "CUSOLVER_API", "CUSPARSE_API",
    "cuComplex_API"))
APART = "CUDNN_API_supported_by_MIOPEN.md"
DATA = os.environ.get("MUSIFY_DATA", os.path.join(rc.ROOT, "rules", "sources"))


def mappings(path):
    """[(cuda, hip)] of the rows of one HIPIFY table that name a HIP counterpart."""
    return [(cuda, row["hip"]) for cuda, row in parse_hipify_table(path).items()
            if row["hip"]]


def base(name):
    return name.rsplit("::", 1)[-1]


def main():
    tables = sorted(path for path in glob.glob(os.path.join(DATA, "hip-mapping", "*.md"))
                    if os.path.basename(path).endswith(FOLLOWED + (APART,)))
    if not tables:
        print("SKIPPED: the HIPIFY tables (%s) are not on this machine (set MUSIFY_DATA)"
              % os.path.normpath(os.path.join(DATA, "hip-mapping")))
        return 0
    by_name = {}
    for _, e in rc.load_tables("hip"):
        for key in {e["cuda"], base(e["cuda"])}:
            by_name.setdefault(key, []).append(e)
    problems, missing, same_total, all_total = [], [], 0, 0
    for path in tables:
        same = 0
        pairs = mappings(path)
        for cuda, hip in pairs:
            entries = by_name.get(cuda, [])
            if any(migrates(e, VERSION) and base(e["target"]) == base(hip) for e in entries):
                same += 1
            elif not entries:
                missing.append("%s: %s -> %s" % (os.path.basename(path), cuda, hip))
            elif not any(e.get("note") for e in entries):
                problems.append("%s: %s -> %s: another target, and no note says why"
                                % (os.path.basename(path), cuda, hip))
        if not path.endswith(APART):
            same_total += same
            all_total += len(pairs)
        print("%-50s %5d of %5d  %5.1f%%" % (os.path.basename(path), same, len(pairs),
                                             100.0 * same / len(pairs) if pairs else 100.0))
    for line in missing:
        print("missing: " + line)
    share = 100.0 * same_total / all_total
    print("HIP %s: %d of %d HIPIFY mappings migrate to HIPIFY's name: %.1f%% (floor %.0f%%)"
          % (VERSION, same_total, all_total, share, FLOOR))
    if share < FLOOR:
        problems.append("%.1f%% of HIPIFY's mappings migrate to its name at HIP %s; the "
                        "floor is %.0f%%" % (share, VERSION, FLOOR))
    return rc.fail_or_pass("hipify parity", problems)


if __name__ == "__main__":
    sys.exit(main())
