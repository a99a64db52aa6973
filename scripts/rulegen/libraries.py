"""One rule per (name, kind) and target for every family of families.FAMILIES.

For each family: the names its CUDA headers declare (cuda_scan), plus the names
its HIPIFY tables say CUDA removed (status removed, so old code still migrates);
a pair an earlier family (or the runtime/language tables) already holds is
skipped, because a target's tables hold each pair once.

How each target names a family is its target data, "families" (config.MusaFamily,
config.HipFamily):

* MUSA: the names the sources disagree on (disputed) first; else the published
  table when its entry is a whole-name counterpart; else the family's naming:
  "prefix" = the prefix convention (or the family's own prefixes), "same" =
  the name is kept, but for the kept_family_prefixes and NVIDIA words
  (__nv_ -> __mt_), "unsupported" = no MUSA counterpart.
* HIP: the family's HIPIFY tables, each HIP name confirmed by the installed HIP
  headers (check hip-headers) or, for a library Debian does not ship, taken
  from the table (check hipify-table); a name no table maps is kept when the
  HIP headers declare it ("declared") or the ROCm library keeps CUDA's names
  ("library", check hip-library).
"""

import re

from rulegen import cuda_scan, hipify, sources
from rulegen.entries import Source, lifecycle, make_entry, ordered, sourced
from rulegen.families import FAMILIES
from rulegen.naming import MusaNames


# --------------------------------------------------------------------------
# MUSA
# --------------------------------------------------------------------------

class MusaFamilies:
    def __init__(self, musa, general, rejected):
        self.musa = musa
        self.names = MusaNames(musa.naming)
        self.general = general
        self.rejected = rejected
        self.warp_function = re.compile(musa.warp_functions.pattern)

    def target(self, fam, name):
        """(target, check, note) for one CUDA name of a family MUSA supports."""
        disputed = self.musa.disputed.get(name)
        if disputed is not None:
            return disputed.target, disputed.check, disputed.note
        if fam.naming == "prefix" and not fam.prefixes:
            return self.names.rule(name, self.general, self.rejected)
        table_target = self.general.get(name)
        if table_target is not None:
            if self.names.is_whole_name_counterpart(name, table_target):
                return table_target, "musa-table", None
            self.rejected.append((name, table_target))
        prefixes = self.names.kept_family_prefixes if fam.naming == "same" else fam.prefixes
        for cuda_prefix, musa_prefix in prefixes:
            if name.startswith(cuda_prefix):
                return (musa_prefix + name[len(cuda_prefix):], "musa-prefix-rule",
                        "derived from the MUSA prefix convention; not in the published table")
        derived = self.names.by_nv_word(name) if fam.naming == "same" else None
        if derived is not None:
            return derived, "musa-prefix-rule", (
                "derived from the MUSA naming of NVIDIA names (__nv_ -> __mt_); "
                "not in the published table")
        return name, "same-name", None

    def entry(self, fam, name, kind, symbol, row, cuda_version):
        status, notes, deprecated, removed = lifecycle(symbol, row, cuda_version)
        if fam.naming == "unsupported":
            return make_entry(name, kind, "unsupported", None, "none",
                              [fam.note] + notes, deprecated, removed)
        target, check, note = self.target(fam, name)
        extra = []
        if name in self.musa.maybe_missing.names:
            extra.append(self.musa.maybe_missing.note)
        if kind == "function" and self.warp_function.match(name):
            extra.append(self.musa.warp_functions.note)
        entry = make_entry(name, kind, status, target, check, [note] + extra + notes,
                           deprecated, removed)
        if name in self.musa.disputed:
            # Every use is a warning naming the other source's target.
            entry = ordered(dict(entry, disputed=True))
        return entry


# --------------------------------------------------------------------------
# HIP
# --------------------------------------------------------------------------

def hip_entry(fam, name, kind, symbol, row, hip_declared, hip_ver, cuda_version):
    status, notes, deprecated, removed = lifecycle(symbol, row, cuda_version)

    def unsupported(why, source=None):
        return make_entry(name, kind, "unsupported", None, "none", sourced(why, source) + notes,
                          deprecated, removed)

    source = fam.header_sources.get(symbol.header, fam.source) if symbol else fam.source
    library = Source(source) if source else None
    hip_name = (row or {}).get("hip", "")
    if row is not None and not hip_name:
        return unsupported("no HIP equivalent", "HIPIFY's table maps it to no HIP name")
    if hip_name and name in fam.not_equivalent:
        return unsupported(fam.not_equivalent[name] % hip_name)
    if hip_name and kind == "function" and fam.same_parameters is not None \
            and name not in fam.same_parameters:
        return unsupported("%s takes other parameters than %s (order or count): port the "
                           "call by hand" % (hip_name, name))
    if row is None and name in fam.library_names:
        return make_entry(name, kind, status, fam.library_names[name], "hip-library",
                          [fam.library_note, library] + notes, deprecated, removed)
    if row is None:
        if fam.same == "declared":
            if name in hip_declared:
                return make_entry(name, kind, status, name, "hip-headers", notes,
                                  deprecated, removed)
            return unsupported("no HIP version is known to declare %s" % name,
                               "the installed HIP %s headers do not declare it, and no HIPIFY "
                               "table maps it" % hip_ver)
        if fam.same == "library":
            return make_entry(name, kind, status, name, "hip-library",
                              [fam.missing, library] + notes, deprecated, removed)
        if fam.missing:
            return unsupported(fam.missing, source)
        return unsupported("no known HIP equivalent", "not in the HIPIFY tables")
    if fam.check == "hipify-table":
        return hipify.mapped_entry(name, kind, status, row, hip_declared, hip_ver, notes,
                                   deprecated, removed, library_source=library)
    if hip_name not in hip_declared and not row.get("hip_added"):
        return unsupported("no HIP version is known to declare %s" % hip_name,
                           "HIPIFY maps it to %s but dates that to no HIP version, and the "
                           "installed HIP %s headers do not declare it" % (hip_name, hip_ver))
    return hipify.mapped_entry(name, kind, status, row, hip_declared, hip_ver, notes,
                               deprecated, removed)


# --------------------------------------------------------------------------
# Families
# --------------------------------------------------------------------------

def removed_names(fam, rows, symbols, cuda_identifiers, claimed_names, skipped):
    """HIPIFY-table names CUDA removed (column R) that no CUDA header declares."""
    declared = {name for name, _ in symbols}
    removed = []
    for name, row in sorted(rows.items()):
        if name in declared or name in claimed_names:
            continue
        if hipify.is_windows_only(name, row):
            continue
        if not row.get("cuda_removed"):
            skipped.append((name, "%s: in a HIPIFY table, not declared by the CUDA headers, "
                            "no removal version" % fam.name))
            continue
        if name in cuda_identifiers:
            skipped.append((name, "%s: declared in %s, outside the family"
                            % (fam.name, cuda_identifiers[name])))
            continue
        removed.append(name)
    return removed


def qualified(entry, namespace):
    """The entry of a name declared in namespace, keyed by its qualified name.
    Its target stays in the CUDA namespace: the namespace's own rule (below)
    renames the qualifier, the engine writes only the name's last component."""
    if not namespace:
        return entry
    entry = dict(entry, cuda=namespace + "::" + entry["cuda"])
    if "target" in entry:
        entry["target"] = namespace + "::" + entry["target"]
    return entry


def namespace_entries(musa_fam, hip_fam, claimed):
    """(musa entries, hip entries) for the namespaces user code writes as
    qualifiers (the families' "namespaces" in the target data)."""
    musa, hip = [], []
    for cuda, musa_ns in musa_fam.namespaces.items():
        if (cuda, "namespace") in claimed:
            continue
        claimed.add((cuda, "namespace"))
        musa_check = "same-name" if musa_ns == cuda else "musa-prefix-rule"
        musa.append(make_entry(cuda, "namespace", "supported", musa_ns, musa_check))
        rule = hip_fam.namespaces[cuda]
        if rule.target is None:
            hip.append(make_entry(cuda, "namespace", "unsupported", None, "none",
                                  sourced(rule.note or "no HIP counterpart", rule.source)))
        else:
            hip.append(make_entry(cuda, "namespace", "supported", rule.target, rule.check,
                                  sourced(rule.note, rule.source)))
    return musa, hip


def build_family(fam, facts, ledger, musa_families):
    """(musa entries, hip entries) of one family; adds its pairs to ledger.claimed."""
    musa_fam = facts.targets.musa.families[fam.name]
    hip_fam = facts.targets.hip.families[fam.name]
    hip_declared, hip_ver = facts.hip.libraries, facts.hip_version
    cuda_version, claimed = facts.cuda_version, ledger.claimed
    rows = sources.merged_rows(facts.options.data, hip_fam.tables)
    symbols = cuda_scan.family_symbols(facts.cindex, fam, facts.options.cuda_path,
                                       facts.options.resource_dir,
                                       frozenset(rows) if fam.namespaces else frozenset())
    musa, hip = namespace_entries(musa_fam, hip_fam, claimed)
    for (qname, kind), symbol in sorted(symbols.items()):
        if (qname, kind) in claimed:
            continue
        claimed.add((qname, kind))
        name, namespace = symbol.name, symbol.namespace
        row = rows.get(name)
        musa.append(qualified(musa_families.entry(musa_fam, name, kind, symbol, row,
                                                  cuda_version), namespace))
        hip.append(qualified(hip_entry(hip_fam, name, kind, symbol, row, hip_declared,
                                       hip_ver, cuda_version), namespace))
    claimed_names = {name for name, _ in claimed}
    for name in removed_names(fam, rows, symbols, facts.cuda_identifiers, claimed_names,
                              ledger.skipped):
        row = rows[name]
        kind = hipify.infer_removed_kind(name, row, hip_declared)
        if (name, kind) in claimed:
            continue
        claimed.add((name, kind))
        musa.append(musa_families.entry(musa_fam, name, kind, None, row, cuda_version))
        hip.append(hip_entry(hip_fam, name, kind, None, row, hip_declared, hip_ver,
                             cuda_version))
    return musa, hip


def build(facts, ledger, only=None):
    """{(target, family): entries} for every family (or those named in only)."""
    musa_families = MusaFamilies(facts.targets.musa, facts.general, ledger.rejected)
    tables = {}
    for fam in FAMILIES:
        if only and fam.name not in only:
            continue
        musa, hip = build_family(fam, facts, ledger, musa_families)
        tables[(facts.targets.musa.name, fam.name)] = musa
        tables[(facts.targets.hip.name, fam.name)] = hip
    return tables


def descriptions():
    """{family: description format} ("%s": what the tables were generated from)."""
    return {fam.name: fam.title[0].upper() + fam.title[1:] + " (%s)" for fam in FAMILIES}
