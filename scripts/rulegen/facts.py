"""The CUDA side every builder reads, scanned once per run, and what the
builders have taken.

Facts are read-only once gathered; a Ledger is the state the builders share
while they build: the (name, kind) pairs already given to a table (a target's
tables hold each pair once, the first family's claim winning), and what was
skipped or rejected, reported at the end.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Optional

from rulegen import cuda_scan, sources
from rulegen.config import Options
from rulegen.families import RUNTIME_HIPIFY_TABLES


@dataclass(frozen=True)
class Facts:
    options: Options
    builders: tuple                         # a target_builder.TargetBuilder per target
    cindex: Any                             # clang.cindex
    cuda_version: str                       # "13.0"
    published_headers: frozenset            # the CUDA headers torch_musa's tables name
    runtime_rows: dict                      # HIPIFY runtime table: {cuda name: row}
    runtime_row: Callable[[str], Optional[dict]]  # name -> row of RUNTIME_HIPIFY_TABLES
    cuda_identifiers: dict                  # {identifier: first SDK header declaring it}


@dataclass
class Ledger:
    claimed: set = field(default_factory=set)      # (cuda name, kind)
    skipped: list = field(default_factory=list)    # (name, why)
    rejected: list = field(default_factory=list)   # (CUDA name, published table's target)


def gather(options: Options, builders) -> Facts:
    rows, lookup = sources.hipify_lookup(options.data, RUNTIME_HIPIFY_TABLES)
    return Facts(
        options=options,
        builders=tuple(builders),
        cindex=cuda_scan.import_cindex(),
        cuda_version=cuda_scan.cuda_runtime_version(options.cuda_path),
        published_headers=sources.published_headers(options.data),
        runtime_rows=rows,
        runtime_row=lookup,
        cuda_identifiers=cuda_scan.declarations_by_header(options.cuda_path),
    )
