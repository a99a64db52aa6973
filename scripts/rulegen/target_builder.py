"""What a kind of target builder does: one entry per CUDA name for each kind of
table, asked for by the table modules (runtime.py, headers.py, language.py,
members.py, libraries.py, guards.py), which say which CUDA names there are.

Each target's data names its builder ("builder" in
rules/sources/targets/<target>.json); builders.py lists the kinds. A builder
reads only its own target's data and what it scans itself, so adding a target
of an existing kind is data alone.

The CUDA side every builder is given: a name, its kind, its declaration
(entries.Symbol; None where CUDA no longer declares it) and its HIPIFY row
(None where no HIPIFY table has it), which dates what CUDA deprecated and
removed; entries.lifecycle turns those into the entry's status.
"""

from __future__ import annotations

import abc


class TargetBuilder(abc.ABC):
    def __init__(self, target, options):
        """target: the target data (config.Target); options: config.Options."""
        self.target = target
        self.options = options
        self.facts = None
        self.ledger = None

    @property
    def name(self):
        return self.target.name

    def start(self, facts, ledger):
        """Before the tables: reads what the target's names are checked against,
        once per run. facts: facts.Facts (the CUDA side); ledger: facts.Ledger."""
        self.facts, self.ledger = facts, ledger

    def sources(self):
        """What the tables were made from, for their descriptions."""
        return self.target.sources.format(cuda=self.facts.cuda_version)

    @abc.abstractmethod
    def runtime_entry(self, name, kind, symbol, row):
        """The entry of a name of the CUDA runtime."""

    @abc.abstractmethod
    def header_entries(self, headers):
        """The headers table: an entry per CUDA header of headers ({name:
        "present" | "removed"}), and those of the target's header folders."""

    @abc.abstractmethod
    def language_entry(self, name, kind):
        """The entry of a compiler-defined macro or device builtin."""

    @abc.abstractmethod
    def member_entries(self):
        """The members table: members of CUDA structs that need saying."""

    @abc.abstractmethod
    def namespaces(self, family):
        """The CUDA namespaces of a family (families.Family) that user code writes
        as qualifiers, which the target names."""

    @abc.abstractmethod
    def namespace_entry(self, family, namespace):
        """The entry of a namespace some target's namespaces() gives."""

    @abc.abstractmethod
    def family_entry(self, family, name, kind, symbol, row):
        """The entry of a name of a family (families.Family): its last component
        where it is declared in a namespace."""

    def declared_kinds(self, row, family_name):
        """The kinds the target declares the name a HIPIFY row maps to with, in
        the runtime (family_name "runtime") or a family: the kind of a name CUDA
        no longer declares is read from them."""
        return frozenset()

    def finish(self, tables):
        """Rewrites the target's finished tables ({family: entries}) in place,
        where an entry of one family depends on others."""

    @abc.abstractmethod
    def guard_entries(self, headers):
        """The include-guards table, from the target's headers table ({CUDA
        header: entry}); needs no start()."""
