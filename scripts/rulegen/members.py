"""Members of CUDA structs that need saying: those the HIP struct they migrate
to does not have, and those CUDA 13 removed.

`prop.asyncEngineCount` compiles against CUDA's cudaDeviceProp but not against
HIP 5.2's hipDeviceProp_t. Such members are entries named `Struct::member`
(family "members"): the finder reports a member only where an entry names it,
so a member both structs have is simply renamed with its struct.

`prop.clockRate` is older code's: CUDA 13 removed it from cudaDeviceProp (the
front end declares it again, frontend/NvccCompat.cpp), so it is reported as
removed, and kept where the target's struct has it.
"""
import re

from musifypy import c_text
from rulegen.entries import make_entry, sourced

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


def hip_entries(hip, cuda_include, hip_include, hip_ver):
    """hip: the target data (config.HipTarget); hip_include: the folder holding hip/."""
    entries = []
    for cuda_struct, counterpart in sorted(hip.members.structs.items()):
        cuda_header = CUDA_STRUCTS[cuda_struct]
        hip_struct, hip_header = counterpart.struct, counterpart.header
        with open("%s/%s" % (cuda_include, cuda_header), encoding="utf-8") as f:
            cuda_fields = struct_fields(f.read(), cuda_struct)
        with open("%s/%s" % (hip_include, hip_header), encoding="utf-8") as f:
            hip_fields = set(struct_fields(f.read(), hip_struct) or ())
        for field in cuda_fields or ():
            if field not in hip_fields:
                entries.append(make_entry(
                    "%s::%s" % (cuda_struct, field), "variable", "unsupported", None, "none",
                    lacks_member(hip_struct, field, hip_ver)))
        for field in REMOVED_FIELDS.get(cuda_struct, ()):
            if field in (cuda_fields or ()):
                continue
            name = "%s::%s" % (cuda_struct, field)
            if field in hip_fields:
                entries.append(make_entry(name, "variable", "removed", field, "hip-headers",
                                          [removed_note(cuda_struct, field)],
                                          removed=REMOVED_IN))
            else:
                entries.append(make_entry(
                    name, "variable", "unsupported", None, "none",
                    [removed_note(cuda_struct, field)] + lacks_member(hip_struct, field, hip_ver),
                    removed=REMOVED_IN))
    with open("%s/%s" % (hip_include, hip.members.cooperative_groups_header),
              encoding="utf-8") as f:
        hip_cg = f.read()
    for cls, method in CG_METHODS:
        if not re.search(r"\b%s\b" % method, hip_cg):
            entries.append(make_entry(
                "%s::%s" % (cls, method), "function", "unsupported", None, "none",
                sourced("no HIP version is known to give cooperative groups %s" % method,
                        "the installed HIP %s headers' cooperative groups have no %s"
                        % (hip_ver, method))))
    return entries


def lacks_member(hip_struct, field, hip_ver):
    return sourced("no HIP version is known to give %s a member %s" % (hip_struct, field),
                   "the installed HIP %s headers' %s has no member %s"
                   % (hip_ver, hip_struct, field))


def removed_note(cuda_struct, field):
    return ("CUDA %s removed %s from %s (cudaDeviceGetAttribute reads it now); old code "
            "still migrates" % (REMOVED_IN, field, cuda_struct))


def musa_entries(musa, cuda_include):
    """MUSA: the fields CUDA 13 removed, kept (MUSA's struct follows CUDA's
    before 13, which has them; no MUSA header is published to check)."""
    entries = []
    for cuda_struct, fields in sorted(REMOVED_FIELDS.items()):
        with open("%s/%s" % (cuda_include, CUDA_STRUCTS[cuda_struct]), encoding="utf-8") as f:
            cuda_fields = struct_fields(f.read(), cuda_struct) or ()
        for field in fields:
            if field in cuda_fields:
                continue
            entries.append(make_entry(
                "%s::%s" % (cuda_struct, field), "variable", "removed", field, "same-name",
                [removed_note(cuda_struct, field),
                 "kept: %s follows cudaDeviceProp before CUDA 13, which has it"
                 % musa.members.structs[cuda_struct]], removed=REMOVED_IN))
    return entries


def build(facts, ledger):
    """{(target, "members"): entries}."""
    cuda_include = facts.options.cuda_include
    musa, hip = facts.targets.musa, facts.targets.hip
    return {(hip.name, "members"): hip_entries(hip, cuda_include, facts.options.system_include,
                                               facts.hip_version),
            (musa.name, "members"): musa_entries(musa, cuda_include)}
