"""The headers tables: what each CUDA header becomes on each target.

The headers covered: those of torch_musa's include.json and dnn-header.json,
and EXTRA_HEADERS below; a header this SDK lacks is skipped, but for the ones
CUDA removed that old code still includes. Header folders (CCCL and
cooperative groups ship hundreds of headers) are single entries ending in "/"
that cover every header under them; they, and single headers of CCCL's tree,
are the target data's headers.folders and headers.files.

* MUSA, in order: include.json; dnn-header.json (cuDNN headers: unsupported,
  muDNN being a C++ class API); headers.facts (rules/sources/MUSA_FACTS.md);
  the runtime's internal headers become the runtime umbrella header
  (headers.runtime_umbrella); headers.kept; the prefix convention.
* HIP: headers.map, after HIPIFY's conventions; a target header must exist
  under the installed include folder, unless its library is one Debian does
  not ship (headers.unshipped_libraries: HIPIFY's name, check hipify-table) or
  one that keeps CUDA's names (headers.same_name_libraries: check hip-library).
"""

import os
import re

from rulegen.entries import Source, add_source, make_entry, ordered, sourced
from rulegen.naming import MusaNames

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


def header_list(include_map, dnn_headers, cuda_include, skipped):
    """CUDA headers the headers family covers: {name: 'present' | 'removed'}."""
    headers = {}
    for name in sorted(set(include_map) | set(dnn_headers) | set(EXTRA_HEADERS)):
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


def musa_entry(musa, names, name, state, tables, cuda_version):
    status, notes, removed = removal(state, cuda_version)
    headers = musa.headers
    if name in tables.include:
        return make_entry(name, "header", status, tables.include[name], "musa-table", notes,
                          removed=removed)
    if name in tables.dnn_headers:
        return make_entry(name, "header", "unsupported", None, "none",
                          ["cuDNN is not migratable by renaming: muDNN (%s) is a C++ class API"
                           % tables.dnn_headers[name]] + notes, removed=removed)
    if name in headers.facts:
        return make_entry(name, "header", status, headers.facts[name], "musa-prefix-rule",
                          ["not in include.json; the name MUSA SDKs use"] + notes, removed=removed)
    umbrella = headers.runtime_umbrella.header
    if name in headers.runtime_umbrella.covers:
        return make_entry(name, "header", status, umbrella, "none",
                          ["not in include.json; %s includes what it declares, as "
                           "cuda_runtime.h does in CUDA" % umbrella] + notes,
                          removed=removed)
    if name in headers.kept:
        return make_entry(name, "header", status, name, "same-name",
                          [headers.kept[name]] + notes, removed=removed)
    derived = names.by_prefix(name)
    if derived:
        return make_entry(name, "header", status, derived, "musa-prefix-rule",
                          ["derived from the MUSA prefix convention; not in include.json"] + notes,
                          removed=removed)
    return make_entry(name, "header", "unsupported", None, "none",
                      [headers.no_counterpart.get(name, "no MUSA header known")]
                      + notes, removed=removed)


def hip_entry(hip, name, state, system_include, cuda_version):
    status, notes, removed = removal(state, cuda_version)
    headers = hip.headers
    target = headers.map.get(name)
    if target is None:
        return make_entry(name, "header", "unsupported", None, "none",
                          [headers.no_counterpart.get(name, "no HIP equivalent")]
                          + notes, removed=removed)
    stem = target.split("/")[0].split(".")[0]
    installed = os.path.isfile(os.path.join(system_include, target))
    if not installed and stem in headers.same_name_libraries:
        library = headers.same_name_libraries[stem]
        return make_entry(name, "header", status, target, "hip-library",
                          ["%s keeps %s's names" % (library.library, library.keeps),
                           Source("%s is not shipped by Debian, so this is not compiled here"
                                  % library.library)] + notes,
                          removed=removed)
    if not installed:
        library = headers.unshipped_libraries.get(stem)
        if library is None:
            return make_entry(name, "header", "unsupported", None, "none",
                              ["%s is not installed under %s" % (target, system_include)]
                              + notes, removed=removed)
        # A library Debian does not ship: its names come from the HIPIFY
        # tables (check hipify-table), so its header does too.
        entry = make_entry(name, "header", status, target, "hipify-table",
                           [Source("%s is not shipped by Debian, so this is not compiled here"
                                   % library)] + notes, removed=removed)
        return with_move(entry, hip, headers.moved.get(name))
    entry = make_entry(name, "header", status, target, "hip-headers", notes, removed=removed)
    if target in headers.include_first:
        entry["include_first"] = list(headers.include_first[target])
        entry = ordered(entry)
    return with_move(entry, hip, headers.moved.get(name))


def with_move(entry, hip, moved):
    """The entry, and where a later HIP keeps what its target declares."""
    if moved is None:
        return entry
    entry["note"] = "; ".join(n for n in (entry.get("note"), "%s moved it to %s" % (
        hip.display_name + " " + moved.version, moved.target)) if n)
    add_source(entry, moved.source)
    entry["hip_moved"] = moved.version
    entry["moved_target"] = moved.target
    return ordered(entry)


def folder_entries(musa, hip):
    """(musa entries, hip entries) of the header folders and CCCL's single headers."""
    musa_out, hip_out = [], []
    for header, musa_header in musa.headers.files.items():
        if musa_header is None:
            musa_out.append(make_entry(header, "header", "unsupported", None, "none",
                                       ["no MUSA counterpart is known"]))
        else:
            musa_out.append(make_entry(header, "header", "supported", musa_header, "same-name"))
    for folder, musa_folder in musa.headers.folders.items():
        musa_out.append(make_entry(folder, "header", "supported", musa_folder,
                                   "same-name" if musa_folder == folder else "musa-prefix-rule"))
    for header, rule in list(hip.headers.files.items()) + list(hip.headers.folders.items()):
        if rule.target is None:
            hip_out.append(make_entry(header, "header", "unsupported", None, "none",
                                      sourced(rule.note, rule.source)))
        else:
            hip_out.append(make_entry(header, "header", "supported", rule.target, rule.check,
                                      sourced(rule.note, rule.source)))
    return musa_out, hip_out


def mark_nvcc_implicit(entries):
    for i, e in enumerate(entries):
        if e["cuda"] == NVCC_IMPLICIT_HEADER and e["status"] != "unsupported":
            e["nvcc_implicit"] = True
            entries[i] = ordered(e)
    return entries


def build(facts, ledger):
    """{(target, "headers"): entries}."""
    musa, hip = facts.targets.musa, facts.targets.hip
    tables, cuda_version = facts.musa_tables, facts.cuda_version
    headers = header_list(tables.include, tables.dnn_headers, facts.options.cuda_include,
                          ledger.skipped)
    names = MusaNames(musa.naming)
    musa_out = [musa_entry(musa, names, n, s, tables, cuda_version) for n, s in headers.items()]
    hip_out = [hip_entry(hip, n, s, facts.options.system_include, cuda_version)
               for n, s in headers.items()]
    folder_musa, folder_hip = folder_entries(musa, hip)
    return {(musa.name, "headers"): mark_nvcc_implicit(musa_out + folder_musa),
            (hip.name, "headers"): mark_nvcc_implicit(hip_out + folder_hip)}
