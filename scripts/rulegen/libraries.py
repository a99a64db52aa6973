"""One rule per (name, kind) and target for every family of families.FAMILIES.

For each family: the names its CUDA headers declare (cuda_scan), plus the names
its HIPIFY tables (families.Family.hipify_tables) say CUDA removed (status
removed, so old code still migrates); a pair an earlier family (or the
runtime/language tables) already holds is skipped, because a target's tables
hold each pair once. Each target's builder gives each name's entry
(TargetBuilder.family_entry), from its target data's "families".
"""

from rulegen import cuda_scan, hipify, runtime, sources
from rulegen.families import FAMILIES


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


def namespace_entries(fam, builders, claimed):
    """{target: entries} for the namespaces user code writes as qualifiers (the
    families' "namespaces" in the target data)."""
    out = {b.name: [] for b in builders}
    for namespace in dict.fromkeys(ns for b in builders for ns in b.namespaces(fam)):
        if (namespace, "namespace") in claimed:
            continue
        claimed.add((namespace, "namespace"))
        for b in builders:
            out[b.name].append(b.namespace_entry(fam, namespace))
    return out


def family_names(fam, facts, ledger):
    """[(name, kind, symbol, row)] of one family not claimed before; claims them."""
    claimed = ledger.claimed
    rows = sources.merged_rows(facts.options.data, fam.hipify_tables)
    symbols = cuda_scan.family_symbols(facts.cindex, fam, facts.options.cuda_path,
                                       facts.options.resource_dir,
                                       frozenset(rows) if fam.namespaces else frozenset())
    out = []
    for (qname, kind), symbol in sorted(symbols.items()):
        if (qname, kind) in claimed:
            continue
        claimed.add((qname, kind))
        out.append((symbol.name, kind, symbol, rows.get(symbol.name)))
    claimed_names = {name for name, _ in claimed}
    for name in removed_names(fam, rows, symbols, facts.cuda_identifiers, claimed_names,
                              ledger.skipped):
        row = rows[name]
        kind = runtime.removed_kind(name, row, facts.builders, fam.name)
        if (name, kind) in claimed:
            continue
        claimed.add((name, kind))
        out.append((name, kind, None, row))
    return out


def build(facts, ledger):
    """{(target, family): entries} for every family."""
    tables = {}
    for fam in FAMILIES:
        namespaces = namespace_entries(fam, facts.builders, ledger.claimed)
        names = family_names(fam, facts, ledger)
        for b in facts.builders:
            tables[(b.name, fam.name)] = namespaces[b.name] + [
                qualified(b.family_entry(fam, name, kind, symbol, row),
                          symbol.namespace if symbol else "")
                for name, kind, symbol, row in names]
    return tables


def descriptions():
    """{family: description format} ("%s": what the tables were generated from)."""
    return {fam.name: fam.title[0].upper() + fam.title[1:] + " (%s)" for fam in FAMILIES}
