"""The runtime tables: every public name of the CUDA runtime headers
(families.RUNTIME_HEADERS), plus the names HIPIFY's runtime table says CUDA
removed (status removed, so old code still migrates). Each target's builder
gives each name's entry (TargetBuilder.runtime_entry), with its row of the
HIPIFY tables families.RUNTIME_HIPIFY_TABLES, looked up in turn.

Runtime-table names that CUDA 13 still declares, but in headers outside
RUNTIME_HEADERS (OpenGL/EGL/VDPAU interop, math_constants.h), belong to other
families: they are neither here nor marked removed. Names of the Direct3D
sections are skipped too: the Linux CUDA SDK never shipped those headers.
"""

from rulegen import cuda_scan, hipify


def removed_names(runtime_rows, symbols, cuda_identifiers, skipped):
    """Runtime-table names the CUDA headers no longer declare anywhere."""
    declared_names = {name for name, _ in symbols}
    removed = []
    for name, row in sorted(runtime_rows.items()):
        if name in declared_names:
            continue
        if hipify.is_windows_only(name, row):
            skipped.append((name, "Windows-only Direct3D interop"))
            continue
        if name in cuda_identifiers:
            skipped.append((name, "declared in %s, outside the runtime family"
                            % cuda_identifiers[name]))
            continue
        removed.append(name)
    return removed


def removed_kind(name, row, builders, family_name):
    """The kind of a name CUDA no longer declares: what a target declares its
    counterpart as, else what its HIPIFY row suggests."""
    kinds = set().union(*(b.declared_kinds(row, family_name) for b in builders))
    return hipify.infer_removed_kind(name, row, kinds)


def names(facts, ledger):
    """[(name, kind, symbol, row)] of the runtime: declared, then removed."""
    symbols = cuda_scan.runtime_symbols(facts.cindex, facts.options.cuda_path,
                                        facts.options.resource_dir)
    out = [(name, kind, symbol, facts.runtime_row(name))
           for (name, kind), symbol in symbols.items()]
    for name in removed_names(facts.runtime_rows, symbols, facts.cuda_identifiers,
                              ledger.skipped):
        row = facts.runtime_rows[name]
        out.append((name, removed_kind(name, row, facts.builders, "runtime"), None, row))
    return out


def build(facts, ledger):
    """{(target, "runtime"): entries}."""
    runtime = names(facts, ledger)
    return {(b.name, "runtime"): [b.runtime_entry(*name) for name in runtime]
            for b in facts.builders}
