"""Everything the builders read, scanned once per run, and what they have taken.

Facts are read-only once gathered; a Ledger is the state the builders share
while they build: the (name, kind) pairs already given to a table (a target's
tables hold each pair once, the first family's claim winning), and what was
skipped or rejected, reported at the end.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Optional

from rulegen import cuda_scan, hip_scan, sources
from rulegen.config import Options, Targets


@dataclass(frozen=True)
class Facts:
    options: Options
    targets: Targets
    cindex: Any                             # clang.cindex
    cuda_version: str                       # "13.0"
    hip_version: str                        # "5.2"
    musa_tables: sources.MusaTables
    runtime_rows: dict                      # HIPIFY runtime table: {cuda name: row}
    hip_lookup: Callable[[str], Optional[dict]]  # name -> row of the runtime lookup tables
    hip: hip_scan.HipDeclarations
    cuda_identifiers: dict                  # {identifier: first SDK header declaring it}

    @property
    def general(self):
        return self.musa_tables.general

    def source_descriptions(self):
        """{target: what its tables were generated from} for the descriptions."""
        return {t.name: t.sources.format(cuda=self.cuda_version, hip=self.hip_version)
                for t in self.targets}


@dataclass
class Ledger:
    claimed: set = field(default_factory=set)      # (cuda name, kind)
    skipped: list = field(default_factory=list)    # (name, why)
    rejected: list = field(default_factory=list)   # (CUDA name, MUSA table target)


def gather(options: Options, targets: Targets) -> Facts:
    rows, lookup = sources.hipify_lookup(options.data, targets.hip.hipify_lookup_tables)
    hip_include = options.hip_include
    return Facts(
        options=options,
        targets=targets,
        cindex=cuda_scan.import_cindex(),
        cuda_version=cuda_scan.cuda_runtime_version(options.cuda_path),
        hip_version=hip_scan.hip_version(hip_include, targets.hip.version),
        musa_tables=sources.load_musa_tables(options.data),
        runtime_rows=rows,
        hip_lookup=lookup,
        hip=hip_scan.scan(targets.hip, hip_include, options.hipcc),
        cuda_identifiers=cuda_scan.declarations_by_header(options.cuda_path),
    )
