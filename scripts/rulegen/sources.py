"""Readers of the published name tables in rules/sources/ (see its README.md).

* musa-mapping/: torch_musa's CUDA -> MUSA tables (general.json, include.json,
  dnn-header.json), plain JSON objects; a "prefix" target's "mapping" names
  such a folder.
* hip-mapping/: HIPIFY's markdown tables, with the CUDA and HIP versions that
  added, deprecated and removed each name.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from typing import Callable, Mapping, Optional

# A HIPIFY row: cuda_added/deprecated/changed/removed, hip (name or ''),
# hip_added/deprecated/changed/removed, experimental and section.
Row = Mapping[str, str]


def load_json(path):
    with open(path, encoding="utf-8") as f:
        return json.load(f)


@dataclass(frozen=True)
class PublishedTables:
    """A "prefix" target's published name tables, in torch_musa's format."""
    general: Mapping[str, str]              # CUDA name -> target name
    include: Mapping[str, str]              # CUDA header -> target header
    dnn_headers: Mapping[str, str]          # cuDNN header -> the target's DNN header


def load_published_tables(folder) -> PublishedTables:
    """The tables of a folder such as musa-mapping/; None: no tables."""
    if folder is None:
        return PublishedTables({}, {}, {})
    return PublishedTables(load_json(os.path.join(folder, "general.json")),
                           load_json(os.path.join(folder, "include.json")),
                           load_json(os.path.join(folder, "dnn-header.json")))


def published_headers(data_dir) -> frozenset[str]:
    """The CUDA headers torch_musa's tables name: every target's headers table
    covers them."""
    tables = load_published_tables(os.path.join(data_dir, "musa-mapping"))
    return frozenset(tables.include) | frozenset(tables.dnn_headers)


def hipify_dir(data_dir):
    return os.path.join(data_dir, "hip-mapping")


def parse_hipify_table(path) -> dict[str, Row]:
    """{cuda name: row} from a HIPIFY markdown table; a name's first row wins."""
    rows = {}
    section = ""
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.rstrip("\n")
            if line.startswith("## "):
                section = line.strip("# *")
                continue
            if not line.startswith("|`"):
                continue
            cells = [c.strip() for c in line.strip().strip("|").split("|")]
            cells += [""] * (11 - len(cells))
            name = cells[0].strip("`")
            if name in rows:
                continue
            rows[name] = {
                "cuda_added": cells[1], "cuda_deprecated": cells[2],
                "cuda_changed": cells[3], "cuda_removed": cells[4],
                "hip": cells[5].strip("`"), "hip_added": cells[6],
                "hip_deprecated": cells[7], "hip_changed": cells[8],
                "hip_removed": cells[9], "experimental": cells[10],
                "section": section,
            }
    return rows


def merged_rows(data_dir, tables) -> dict[str, Row]:
    """{cuda name: row} over several tables, the first table holding a name winning."""
    rows = {}
    for table in tables:
        for name, row in parse_hipify_table(os.path.join(hipify_dir(data_dir), table)).items():
            rows.setdefault(name, row)
    return rows


def hipify_lookup(data_dir, tables) -> tuple[dict[str, Row], Callable[[str], Optional[Row]]]:
    """(the first table's rows, name -> row from the first table that has it)."""
    parsed = [parse_hipify_table(os.path.join(hipify_dir(data_dir), t)) for t in tables]

    def lookup(name):
        for table in parsed:
            if name in table:
                return table[name]
        return None
    return parsed[0], lookup
