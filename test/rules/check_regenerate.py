#!/usr/bin/env python3
"""The rule tables regenerate from the repository alone: `scripts/gen_rules.py
tables` and `guards` (with the facts in rules/sources/), run on this machine's
CUDA and HIP headers, write every table under rules/<target>/ byte for byte.
Hand-written data (HAND_WRITTEN) is the only exception; any other table nothing
regenerates fails.

Run from the repository root: python3 test/rules/check_regenerate.py
"""
import filecmp
import os
import subprocess
import sys
import tempfile

import rules_common as rc

# Facts a person wrote, not derived from any source the generator reads.
HAND_WRITTEN = ("hazards/", "target.json")


def main():
    problems = []
    with tempfile.TemporaryDirectory() as out:
        generator = os.path.join(rc.ROOT, "scripts", "gen_rules.py")
        for step in ("tables", "guards"):
            cmd = [sys.executable, generator, step, "--cuda-path", rc.CUDA_PATH, "--rules", out]
            run = subprocess.run(cmd, capture_output=True, text=True)
            if run.returncode != 0:
                print(run.stderr[-2000:])
                return rc.fail_or_pass("regenerate", ["gen_rules.py %s failed" % step])
        written = 0
        for target in rc.TARGETS:
            folder = os.path.join(rc.RULES, target)
            for dirpath, _, names in os.walk(folder):
                for name in sorted(names):
                    if not name.endswith(".json"):
                        continue
                    rel = os.path.relpath(os.path.join(dirpath, name), folder)
                    fresh = os.path.join(out, target, rel)
                    if not os.path.exists(fresh):
                        if not rel.startswith(HAND_WRITTEN):
                            problems.append("rules/%s/%s: nothing regenerates it" % (target, rel))
                        continue
                    written += 1
                    if not filecmp.cmp(fresh, os.path.join(folder, rel), shallow=False):
                        problems.append("rules/%s/%s differs from what the generators write "
                                        "now" % (target, rel))
        print("%d tables regenerated from rules/sources and this machine's SDKs" % written)
    return rc.fail_or_pass("regenerate", problems)


if __name__ == "__main__":
    sys.exit(main())
