"""The runtime tables: every public name of the CUDA runtime headers
(families.RUNTIME_HEADERS), plus the names HIPIFY's runtime table says CUDA
removed (status removed, so old code still migrates).

* MUSA: naming.MusaNames (published table, else the prefix convention).
* HIP: the HIPIFY tables the target data lists (hipify_lookup_tables: the
  runtime table first; driver_types.h declares driver-style names such as
  CUstream_st, and library_types.h declares cudaDataType, which HIPIFY lists
  under cuBLAS), each HIP name checked against the installed HIP headers.

Runtime-table names that CUDA 13 still declares, but in headers outside
RUNTIME_HEADERS (OpenGL/EGL/VDPAU interop, math_constants.h), belong to other
families: they are neither here nor marked removed. Names of the Direct3D
sections are skipped too: the Linux CUDA SDK never shipped those headers.
"""

from rulegen import cuda_scan, hipify
from rulegen.entries import lifecycle, make_entry, sourced
from rulegen.naming import MusaNames

# CUDA's prefixes: a name without one (dim3, float4, __host__) keeps its name on HIP.
CUDA_PREFIXES = ("cuda", "CUDA", "cu", "CU")


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


def musa_entry(names, name, kind, symbol, row, general, cuda_version, rejected):
    status, notes, deprecated, removed = lifecycle(symbol, row, cuda_version)
    target, check, note = names.rule(name, general, rejected)
    return make_entry(name, kind, status, target, check, notes + [note], deprecated, removed)


def hip_entry(name, kind, symbol, row, hip_declared, hip_ver, cuda_version):
    status, notes, deprecated, removed = lifecycle(symbol, row, cuda_version)
    hip_name = (row or {}).get("hip", "")
    if row is None and not name.startswith(CUDA_PREFIXES) and not name.startswith("make_cuda"):
        if name in hip_declared:
            return make_entry(name, kind, status, name, "hip-headers", notes, deprecated, removed)
        return make_entry(name, kind, "unsupported", None, "none",
                          sourced("no HIP version is known to declare %s" % name,
                                  "the installed HIP %s headers do not declare it, and no "
                                  "HIPIFY table maps it" % hip_ver) + notes,
                          deprecated, removed)
    if not hip_name:
        why = sourced("no HIP equivalent", "HIPIFY's table maps it to no HIP name") \
            if row is not None else sourced("no known HIP equivalent", "not in the HIPIFY tables")
        return make_entry(name, kind, "unsupported", None, "none", why + notes,
                          deprecated, removed)
    if hip_name not in hip_declared and not row.get("hip_added"):
        return make_entry(name, kind, "unsupported", None, "none",
                          sourced("no HIP version is known to declare %s" % hip_name,
                                  "HIPIFY maps it to %s but dates that to no HIP version, and "
                                  "the installed HIP %s headers do not declare it"
                                  % (hip_name, hip_ver)) + notes,
                          deprecated, removed)
    return hipify.mapped_entry(name, kind, status, row, hip_declared, hip_ver, notes,
                               deprecated, removed)


def build(facts, ledger):
    """{(target, "runtime"): entries}."""
    symbols = cuda_scan.runtime_symbols(facts.cindex, facts.options.cuda_path,
                                        facts.options.resource_dir)
    names = MusaNames(facts.targets.musa.naming)
    hip_declared, general = facts.hip.runtime, facts.general
    cuda_version, hip_ver = facts.cuda_version, facts.hip_version
    musa, hip = [], []
    for (name, kind), symbol in symbols.items():
        row = facts.hip_lookup(name)
        musa.append(musa_entry(names, name, kind, symbol, row, general, cuda_version,
                               ledger.rejected))
        hip.append(hip_entry(name, kind, symbol, row, hip_declared, hip_ver, cuda_version))
    for name in removed_names(facts.runtime_rows, symbols, facts.cuda_identifiers,
                              ledger.skipped):
        row = facts.runtime_rows[name]
        kind = hipify.infer_removed_kind(name, row, hip_declared)
        musa.append(musa_entry(names, name, kind, None, row, general, cuda_version,
                               ledger.rejected))
        hip.append(hip_entry(name, kind, None, row, hip_declared, hip_ver, cuda_version))
    return {(facts.targets.musa.name, "runtime"): musa,
            (facts.targets.hip.name, "runtime"): hip}
