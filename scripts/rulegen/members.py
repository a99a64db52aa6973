"""Members of CUDA structs that need saying: those the HIP struct they migrate
to does not have, and those CUDA 13 removed.

`prop.asyncEngineCount` compiles against CUDA's cudaDeviceProp but not against
HIP 5.2's hipDeviceProp_t. Such members are entries named `Struct::member`
(family "members"): the finder reports a member only where an entry names it,
so a member both structs have is simply renamed with its struct.

`prop.clockRate` is older code's: CUDA 13 removed it from cudaDeviceProp (the
front end declares it again, frontend/NvccCompat.cpp), so it is reported as
removed, and kept where the target's struct has it.

The CUDA side is here; each target's builder says which members its structs
lack (TargetBuilder.member_entries).
"""
import os
import re

from musifypy import c_text

# CUDA struct -> the header that declares it.
CUDA_STRUCTS = {"cudaDeviceProp": "driver_types.h"}
# Methods of cooperative-groups classes (as the finder names them: the class
# that declares the method) that HIP's cooperative groups may lack, checked
# against the HIP header: (CUDA class, method).
CG_METHODS = [(cls, method) for cls in ("coalesced_group", "thread_block_tile_base",
                                        "__single_warp_thread_block_tile",
                                        "__static_parent_thread_block_tile_base")
              for method in ("meta_group_rank", "meta_group_size")]
# CUDA struct -> the fields CUDA 13.0 removed from it (CUDA 13.0 release notes).
REMOVED_FIELDS = {
    "cudaDeviceProp": ("clockRate", "deviceOverlap", "kernelExecTimeoutEnabled",
                       "computeMode", "maxTexture1DLinear", "memoryClockRate",
                       "singleToDoublePrecisionPerfRatio", "cooperativeMultiDeviceLaunch"),
}
REMOVED_IN = "13.0"
FIELD = re.compile(r"([A-Za-z_]\w*)\s*(?:\[[^\]]*\]\s*)*;")


def struct_fields(text, name):
    """The field names of `struct NAME { ... }` in C header text."""
    m = re.search(r"struct\s+(?:__device_builtin__\s+)?%s\s*\{" % re.escape(name), text)
    if not m:
        return None
    depth, i = 1, m.end()
    while depth and i < len(text):
        depth += {"{": 1, "}": -1}.get(text[i], 0)
        i += 1
    body = c_text.without_comments(text[m.end():i - 1])
    return [f.group(1) for f in FIELD.finditer(body)]


def cuda_fields(cuda_include, cuda_struct):
    """The fields of a CUDA struct of CUDA_STRUCTS, as the SDK declares it."""
    with open(os.path.join(cuda_include, CUDA_STRUCTS[cuda_struct]), encoding="utf-8") as f:
        return struct_fields(f.read(), cuda_struct)


def removed_note(cuda_struct, field):
    return ("CUDA %s removed %s from %s (cudaDeviceGetAttribute reads it now); old code "
            "still migrates" % (REMOVED_IN, field, cuda_struct))


def build(facts, ledger):
    """{(target, "members"): entries}."""
    return {(b.name, "members"): b.member_entries() for b in facts.builders}
