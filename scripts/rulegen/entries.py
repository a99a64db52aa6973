"""A rule-table entry (rules/schema.json) and the CUDA facts every entry states.

An entry is a plain dict, because it is written as JSON as it is; its keys
always come in one of the two orders below, so reruns give the same bytes.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Optional

# The order of an entry's keys as the builders make it.
ENTRY_KEYS = ("cuda", "kind", "status", "target", "include_first", "nvcc_implicit",
              "target_overloads", "note", "source", "disputed",
              "defined_tests_only", "call", "cuda_deprecated", "cuda_removed",
              "hip_added", "hip_deprecated", "hip_removed", "hip_headers_lack", "hip_moved",
              "moved_target", "check")

# The order of an entry a later pass rewrites (calls.py, helpers.py): those
# passes came later and put their keys after the note, which the committed
# tables keep.
REWRITTEN_KEYS = ("cuda", "kind", "status", "target", "note", "source", "disputed",
                  "defined_tests_only", "call", "target_overloads", "helper", "helper_target",
                  "erase", "sdk_version_macro", "cuda_deprecated", "cuda_removed", "hip_added",
                  "hip_deprecated", "hip_removed", "hip_headers_lack", "check")


def ordered(entry, keys=ENTRY_KEYS):
    return {key: entry[key] for key in keys if key in entry}


def rewritten(entry):
    return ordered(entry, REWRITTEN_KEYS)


class Source(str):
    """A note's part that says where a fact comes from or how far it was checked
    ("the name is from the HIPIFY table"): the entry's "source", which the report
    shows, apart from the "note" that says why, which the console shows too."""


def sourced(note, source):
    """[note, source] as make_entry takes them; either may be None."""
    return [note, Source(source) if source else None]


def add_source(entry, source):
    """Adds a fact's origin to an entry's source."""
    entry["source"] = "; ".join(n for n in (entry.get("source"), source) if n)


def make_entry(cuda, kind, status, target, check, notes=(), deprecated=None, removed=None):
    """An entry; notes that are None or empty are left out, the rest joined by '; '
    into its note, or its source for those that are a Source."""
    entry = {"cuda": cuda, "kind": kind, "status": status}
    if status != "unsupported":
        entry["target"] = target
    notes = [n for n in notes if n]
    for key, parts in (("note", [n for n in notes if not isinstance(n, Source)]),
                       ("source", [n for n in notes if isinstance(n, Source)])):
        if parts:
            entry[key] = "; ".join(parts)
    if deprecated:
        entry["cuda_deprecated"] = deprecated
    if removed:
        entry["cuda_removed"] = removed
    entry["check"] = check
    return ordered(entry)


@dataclass
class Symbol:
    """A public name the CUDA headers declare."""
    name: str
    header: str
    deprecated: bool = False
    namespace: str = ""


def lifecycle(symbol: Optional[Symbol], row, cuda_version):
    """(status, notes, cuda_deprecated, cuda_removed) of a CUDA name in CUDA itself.
    symbol: its declaration, None when CUDA no longer declares it; row: its HIPIFY
    row, which dates CUDA's deprecations and removals."""
    if symbol is None:
        removed = (row or {}).get("cuda_removed") or cuda_version
        if row and row.get("cuda_removed"):
            note = "removed in CUDA %s; old code still migrates" % removed
        else:
            note = ("not declared by the CUDA %s headers (removed in or before %s; no removal "
                    "version is recorded); old code still migrates" % (cuda_version, cuda_version))
        deprecated = (row or {}).get("cuda_deprecated") or None
        return "removed", [note], deprecated, removed
    deprecated = (row or {}).get("cuda_deprecated")
    if deprecated:
        return "deprecated", ["deprecated since CUDA %s" % deprecated], deprecated, None
    if symbol.deprecated:
        return "deprecated", ["marked deprecated in the CUDA %s headers" % cuda_version,
                              Source("the HIPIFY tables record no first version")], None, None
    return "supported", [], None, None


def version_key(version):
    """"5.2.0" -> (5, 2): versions compare by major and minor; None for no version."""
    parts = [int(p) for p in re.findall(r"\d+", version or "")[:2]]
    return tuple(parts + [0] * (2 - len(parts))) if parts else None


def short_version(version):
    """"5.2.0" -> "5.2"."""
    key = version_key(version)
    return "%d.%d" % key if key else None
