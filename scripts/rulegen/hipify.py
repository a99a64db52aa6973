"""Entries of names a HIPIFY table maps: their HIP versions, checked against
the installed HIP headers, and the kind of a name CUDA no longer declares."""

import re

from rulegen.entries import (ENTRY_KEYS, add_source, make_entry, ordered, short_version,
                             version_key)

# Sections of the runtime table whose headers the Linux SDK never shipped:
# a name's absence from the SDK says nothing about its removal.
WINDOWS_ONLY_SECTION = re.compile(r"Direct3D", re.I)


def is_windows_only(name, row):
    return bool(WINDOWS_ONLY_SECTION.search(row["section"])) or "D3D" in name


def infer_removed_kind(name, row, known_kinds):
    """Kind of a name CUDA no longer declares (it cannot be read from the headers);
    known_kinds: those a target declares its counterpart as."""
    for kind in ("function", "macro", "type", "enumerator", "variable"):
        if kind in known_kinds:
            return kind
    if "Data types" not in row["section"]:
        return "function"
    if re.match(r"^[A-Z0-9_]+$", name):
        return "macro"
    if name == "texture" or re.search(r"(_t|Params|Mode|Reference)$", name):
        return "type"
    return "enumerator"


def mapped_entry(name, kind, status, row, hip_declared, hip_ver, notes, deprecated,
                 removed, library_source=None):
    """The entry of a name a HIPIFY table maps to a HIP name: supported from the HIP
    version that added it (hip_added; also hip_deprecated, hip_removed), whatever
    the installed HIP. check: hip-headers where the installed headers declare the
    HIP name, else hipify-table. Where HIPIFY dates the name at or before the
    installed version but its headers lack it, hip_headers_lack records that
    version, so that HIP version is not given the name; where they declare a name
    HIPIFY dates later, hip_added is the installed version. library_source: the
    name is of a HIP library the installed HIP lacks (nothing to check it against),
    and the Source that says so."""
    hip_name = row["hip"]
    notes = list(notes)
    if row.get("experimental"):
        notes.append("%s is experimental in HIP" % hip_name)
    declared = library_source is None and hip_name in hip_declared
    entry = make_entry(name, kind, status, hip_name,
                       "hip-headers" if declared else "hipify-table",
                       [library_source] + notes, deprecated, removed)
    for key in ("hip_added", "hip_deprecated", "hip_removed"):
        if short_version(row.get(key)):
            entry[key] = short_version(row[key])
    added = version_key(row.get("hip_added"))
    if declared and added and added > version_key(hip_ver):
        # The installed headers are evidence it exists by then.
        entry["hip_added"] = hip_ver
        add_source(entry, "HIPIFY dates %s to HIP %s, but the HIP %s headers checked "
                   "declare it" % (hip_name, short_version(row["hip_added"]), hip_ver))
    if library_source is None and not declared and added and added <= version_key(hip_ver):
        entry["hip_headers_lack"] = hip_ver
        add_source(entry, "HIPIFY dates %s to HIP %s, but the HIP %s headers checked "
                   "do not declare it" % (hip_name, short_version(row["hip_added"]), hip_ver))
    return ordered(entry, ENTRY_KEYS)
