"""Run options and the per-target facts of rules/sources/targets/<target>.json.

Everything that differs between the targets (names, prefixes, header
spellings, library names, version macros) is data in those files, described in
rules/sources/README.md; this module only types and loads it. The generator's
code says how a target's names are found and checked, never what they are.
"""

from __future__ import annotations

import collections.abc
import dataclasses
import json
import os
import types
import typing
from dataclasses import dataclass, field
from typing import Any, Mapping, Optional

SCRIPTS_DIR = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ROOT = os.path.dirname(SCRIPTS_DIR)
RULES_DIR = os.path.join(ROOT, "rules")
SOURCES_DIR = os.path.join(RULES_DIR, "sources")
DOCS_DIR = os.path.join(ROOT, "docs", "api")
README = os.path.join(ROOT, "README.md")


@dataclass(frozen=True)
class Options:
    """What one run reads and writes (the command line's options)."""
    cuda_path: str = "/usr/local/cuda"
    data: str = SOURCES_DIR                 # holds musa-mapping/, hip-mapping/, targets/
    hip_include: str = "/usr/include/hip"
    hipcc: str = "hipcc"
    resource_dir: str = "/usr/lib/llvm-19/lib/clang/19"
    rules: str = RULES_DIR                  # tables are written to and read from here
    docs: str = DOCS_DIR
    readme: Optional[str] = README          # None: leave the README's coverage alone
    verbose: bool = False

    @property
    def cuda_include(self) -> str:
        return os.path.join(self.cuda_path, "include")

    @property
    def system_include(self) -> str:
        """The folder holding hip/ and the HIP libraries' folders (/usr/include)."""
        return os.path.dirname(os.path.realpath(self.hip_include))


# --------------------------------------------------------------------------
# Per-target facts. Field names are the keys of the JSON files.
# --------------------------------------------------------------------------

@dataclass(frozen=True)
class Rule:
    """A hand-made rule for one CUDA name (language family, namespaces, calls)."""
    target: Optional[str] = None
    status: Optional[str] = None            # "unsupported", else supported
    check: Optional[str] = None
    verify: Optional[str] = None            # HIP: "hip-compiler" or "hip-declared"
    note: Optional[str] = None
    source: Optional[str] = None            # where the note's facts come from
    defined_tests_only: bool = False
    call: Optional[Mapping[str, Any]] = None


@dataclass(frozen=True)
class LanguageRules:
    default: Rule = Rule()                  # for the device builtins rules lacks
    rules: Mapping[str, Rule] = field(default_factory=dict)

    def rule(self, name: str) -> Rule:
        return self.rules.get(name, self.default)


@dataclass(frozen=True)
class Environment:
    check: str = "none"
    names: Mapping[str, str] = field(default_factory=dict)
    missing: Optional[str] = None           # why a name without a target has none


@dataclass(frozen=True)
class PrefixFamily:
    naming: str = "prefix"                  # "prefix" | "same" | "unsupported"
    prefixes: tuple[tuple[str, str], ...] = ()
    note: Optional[str] = None              # why an unsupported family is
    namespaces: Mapping[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class HipifyFamily:
    check: str = "hip-headers"              # "hipify-table": the library is not installed
    same: str = "none"                      # a name no table maps: "declared" | "library" | "none"
    source: Optional[str] = None            # how far its names are checked: every entry's
    missing: Optional[str] = None           # why a name no table maps has no counterpart
    namespaces: Mapping[str, Rule] = field(default_factory=dict)
    library_names: Mapping[str, str] = field(default_factory=dict)
    library_note: Optional[str] = None
    same_parameters: Optional[frozenset[str]] = None
    not_equivalent: Mapping[str, str] = field(default_factory=dict)
    # the source of the names a header declares, where not the family's
    header_sources: Mapping[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class PrefixNaming:
    prefixes: tuple[tuple[str, str], ...]   # CUDA prefix -> MUSA prefix, longest first
    words: tuple[tuple[str, str], ...]      # whole CUDA words inside a name
    kept_family_prefixes: tuple[tuple[str, str], ...]


@dataclass(frozen=True)
class RuntimeUmbrella:
    header: str
    covers: frozenset[str]


@dataclass(frozen=True)
class PrefixHeaders:
    facts: Mapping[str, str] = field(default_factory=dict)
    runtime_umbrella: Optional[RuntimeUmbrella] = None
    kept: Mapping[str, str] = field(default_factory=dict)
    no_counterpart: Mapping[str, str] = field(default_factory=dict)
    folders: Mapping[str, Optional[str]] = field(default_factory=dict)
    files: Mapping[str, Optional[str]] = field(default_factory=dict)


@dataclass(frozen=True)
class NamedList:
    names: frozenset[str]
    note: str


@dataclass(frozen=True)
class Pattern:
    pattern: str
    note: str


@dataclass(frozen=True)
class PrefixMembers:
    structs: Mapping[str, str]


@dataclass(frozen=True)
class HipifyVersion:
    header: str
    major: str
    minor: str


@dataclass(frozen=True)
class Compiler:
    arguments: tuple[str, ...]
    environment: Mapping[str, str]


@dataclass(frozen=True)
class HipifyScan:
    skipped_dirs: frozenset[str]
    library_dirs: tuple[str, ...]
    clang_headers: tuple[str, ...]
    preprocessed_headers: tuple[str, ...]


@dataclass(frozen=True)
class SameNameLibrary:
    library: str
    keeps: str


@dataclass(frozen=True)
class MovedHeader:
    """Where a HIP release moved what a CUDA header's counterpart declares.

    Keyed by the CUDA header: migrating to `version` or later writes `target`.
    """
    version: str
    target: str
    source: str


@dataclass(frozen=True)
class HipifyHeaders:
    map: Mapping[str, str]
    include_first: Mapping[str, tuple[str, ...]]
    same_name_libraries: Mapping[str, SameNameLibrary]
    unshipped_libraries: Mapping[str, str]
    no_counterpart: Mapping[str, str]
    folders: Mapping[str, Rule]
    files: Mapping[str, Rule]
    moved: Mapping[str, MovedHeader] = field(default_factory=dict)


@dataclass(frozen=True)
class HipifyStruct:
    struct: str
    header: str


@dataclass(frozen=True)
class HipifyMembers:
    structs: Mapping[str, HipifyStruct]     # CUDA struct -> the HIP struct it migrates to
    cooperative_groups_header: str


@dataclass(frozen=True)
class HipifyWarp:
    functions: Mapping[str, str]
    note: str
    ballot_note: str
    full_mask: tuple[str, ...]


@dataclass(frozen=True)
class HipifyHelpers:
    header: str
    functions: Mapping[str, str]
    overloads: tuple[str, ...]
    erase: Mapping[str, str]
    sdk_version: Mapping[str, str]


@dataclass(frozen=True, kw_only=True)
class Target:
    target: str
    builder: str                            # a key of TARGET_TYPES: how its names are found
    display_name: str
    sources: str                            # table descriptions; {cuda}, {hip}: versions
    language: LanguageRules = LanguageRules()
    environment: Environment = Environment()
    default: bool = False                   # the target the README's links show
    thresholds: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)  # file -> document
    coverage_versions: tuple[str, ...] = ()  # versions docs/api shows the coverage at
    coverage_note: Optional[str] = None     # docs/api's words on them; {0}, {1}: the versions

    @property
    def name(self) -> str:
        return self.target


@dataclass(frozen=True, kw_only=True)
class PrefixTarget(Target):
    naming: PrefixNaming
    mapping: Optional[str] = None           # the folder of the published name tables
    headers: PrefixHeaders = PrefixHeaders()
    disputed: Mapping[str, Rule] = field(default_factory=dict)  # names the sources disagree on
    maybe_missing: Optional[NamedList] = None
    warp_functions: Optional[Pattern] = None  # warp functions whose lane count matters
    families: Mapping[str, PrefixFamily] = field(default_factory=dict)  # absent: "prefix"
    members: PrefixMembers


@dataclass(frozen=True, kw_only=True)
class HipifyTarget(Target):
    version: HipifyVersion
    compiler: Compiler
    scan: HipifyScan
    headers: HipifyHeaders
    families: Mapping[str, HipifyFamily]
    members: HipifyMembers
    calls: Mapping[str, Rule]
    overloads: Mapping[str, tuple[str, ...]]
    warp: HipifyWarp
    helpers: HipifyHelpers


class Targets(tuple):
    """Every target of rules/sources/targets/, in the order of their names."""

    @property
    def default(self) -> Target:
        return next(t for t in self if t.default)

    def named(self, name: str) -> Target:
        return next(t for t in self if t.name == name)


# --------------------------------------------------------------------------
# Loading
# --------------------------------------------------------------------------

NONE_TYPE = type(None)  # the None of an Optional[...] hint


def _convert(hint, value, where):
    if value is None:
        return None
    if dataclasses.is_dataclass(hint):
        return _from_dict(hint, value, where)
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (typing.Union, types.UnionType):
        inner = [a for a in args if a is not NONE_TYPE]
        return _convert(inner[0], value, where)
    if origin in (dict, collections.abc.Mapping):
        return {k: _convert(args[1], v, "%s.%s" % (where, k)) for k, v in value.items()}
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_convert(args[0], v, where) for v in value)
        return tuple(value)
    if origin is frozenset:
        return frozenset(value)
    return value


def _from_dict(cls, data, where):
    hints = typing.get_type_hints(cls)
    known = {f.name for f in dataclasses.fields(cls)}
    unknown = sorted(set(data) - known)
    if unknown:
        raise ValueError("%s: unknown keys %s" % (where, ", ".join(unknown)))
    return cls(**{key: _convert(hints[key], value, "%s.%s" % (where, key))
                  for key, value in data.items()})


# The kinds of builder (a target's "builder"): how a target's names are found
# and checked, and the record its data is loaded into (builders.py).
TARGET_TYPES = {"prefix": PrefixTarget, "hipify": HipifyTarget}


def load_target(name: str, data_dir: str = SOURCES_DIR) -> Target:
    path = os.path.join(data_dir, "targets", name + ".json")
    where = os.path.relpath(path, ROOT)
    try:
        with open(path, encoding="utf-8") as f:
            data = json.load(f)
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as e:
        raise ValueError("%s: not a target description: %s" % (where, e)) from None
    if not isinstance(data, dict) or data.get("target") != name or \
            data.get("builder") not in TARGET_TYPES:
        raise ValueError("%s: expected \"target\": %r and a \"builder\" of %s"
                         % (where, name, ", ".join(TARGET_TYPES)))
    try:
        return _from_dict(TARGET_TYPES[data["builder"]], data, where)
    except (TypeError, AttributeError) as e:  # a value of the wrong shape
        raise ValueError("%s: %s" % (where, e)) from None


def load_targets(data_dir: str = SOURCES_DIR) -> Targets:
    """Every file of data_dir/targets/ is a target. ValueError: one is not."""
    folder = os.path.join(data_dir, "targets")
    try:
        names = sorted(f[:-len(".json")] for f in os.listdir(folder) if f.endswith(".json"))
    except OSError as e:
        raise ValueError("no targets: %s" % e) from None
    if not names:
        raise ValueError("no targets: %s holds no <target>.json" % folder)
    return Targets(load_target(name, data_dir) for name in names)
