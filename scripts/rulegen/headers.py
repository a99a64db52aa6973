"""The headers tables: what each CUDA header becomes on each target
(TargetBuilder.header_entries).

The headers covered: those torch_musa's include.json and dnn-header.json name
(facts.Facts.published_headers), and EXTRA_HEADERS below; a header this SDK
lacks is skipped, but for the ones CUDA removed that old code still includes.
Header folders (CCCL and cooperative groups ship hundreds of headers) are
single entries ending in "/" that cover every header under them; they, and
single headers of CCCL's tree, are the target data's headers.folders and
headers.files.
"""

import os
import re

from rulegen.entries import ordered

# Headers covered beyond include.json: the runtime's own headers, and those
# rules/sources/MUSA_FACTS.md names.
EXTRA_HEADERS = (
    "driver_types.h", "vector_types.h", "device_launch_parameters.h",
    "channel_descriptor.h", "surface_types.h", "texture_types.h",
    "library_types.h", "vector_functions.h", "driver_functions.h",
    "device_types.h", "builtin_types.h", "host_defines.h",
    "device_functions.h", "cuda_fp8.h", "nccl.h", "cooperative_groups.h", "mma.h",
    "nvrtc.h",
)

# nvcc includes this header in every CUDA unit, so code may use the runtime
# without including it; musify then includes the target's counterpart.
NVCC_IMPLICIT_HEADER = "cuda_runtime.h"


def header_list(published, cuda_include, skipped):
    """CUDA headers the headers family covers: {name: 'present' | 'removed'}."""
    headers = {}
    for name in sorted(set(published) | set(EXTRA_HEADERS)):
        if os.path.isfile(os.path.join(cuda_include, name)):
            headers[name] = "present"
        elif re.match(r"^cuda_(texture|surface)_types\.h$", name):
            headers[name] = "removed"
        else:
            skipped.append((name, "not a header of this CUDA SDK"))
    headers["texture_fetch_functions.h"] = "removed"  # CUDA 13 removed it; Clang 19 includes it
    return headers


def removal(state, cuda_version):
    """(status, notes, removed) of a header in the CUDA SDK."""
    if state == "removed":
        return "removed", ["not in the CUDA %s SDK (removed in or before %s); old code still "
                           "migrates" % (cuda_version, cuda_version)], cuda_version
    return "supported", [], None


def mark_nvcc_implicit(entries):
    for i, e in enumerate(entries):
        if e["cuda"] == NVCC_IMPLICIT_HEADER and e["status"] != "unsupported":
            e["nvcc_implicit"] = True
            entries[i] = ordered(e)
    return entries


def build(facts, ledger):
    """{(target, "headers"): entries}."""
    headers = header_list(facts.published_headers, facts.options.cuda_include, ledger.skipped)
    return {(b.name, "headers"): mark_nvcc_implicit(b.header_entries(headers))
            for b in facts.builders}
