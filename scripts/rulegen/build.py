"""One rule per (name, kind) and target for every family of families.FAMILIES.

For each family: the names its CUDA headers declare (cuda_scan), plus the names
its HIPIFY tables say CUDA removed (status removed, so old code still migrates);
a pair an earlier family (or the runtime/headers/language tables) already holds
is skipped, because a target's tables hold each pair once.

MUSA: the published table when its entry is a whole-name counterpart (gen_rules'
check); else the family's naming (families.py); the cuBLAS names where the table
and real ports disagree follow MUSA_CONFLICTS. HIP: the family's HIPIFY tables,
each HIP name confirmed by the installed HIP headers (check hip-headers) or, for
a library Debian does not ship, taken from the table (check hipify-table).
"""

import os
import re

import gen_rules as core
from rulegen import cuda_scan
from rulegen.families import FAMILIES, CU_PREFIXES

def _ports_win(table, chosen, why=None):
    """rules/sources/MUSA_FACTS.md "cuBLAS names where the table and real ports disagree": the
    ports built against a real MUSA SDK win (they compiled)."""
    return chosen, "musa-ports", (
        "sources disagree: the published table says %s; ports built against a real "
        "MUSA SDK use %s%s" % (table, chosen, " (%s)" % why if why else ""))


# Names whose MUSA target sources disagree on: (target, check, note). The
# entries are marked disputed, so every use is a warning naming the other.
MUSA_CONFLICTS = {
    "CUBLAS_COMPUTE_32F": _ports_win("MUBLAS_COMPUTE_32F", "MUSA_R_32F",
                                     "MUSA's compute type is a data type"),
    "CUBLAS_GEMM_DEFAULT_TENSOR_OP": _ports_win("MUBLAS_GEMM_DEFAULT_TENSOR_OP",
                                                "MUBLAS_GEMM_DEFAULT"),
    "CUBLAS_TF32_TENSOR_OP_MATH": _ports_win("MUBLAS_TF32_TENSOR_OP_MATH",
                                             "MUBLAS_TENSOR_OP_MATH"),
    "CUBLAS_STATUS_NOT_SUPPORTED": _ports_win("MUBLAS_STATUS_NOT_SUPPORTED",
                                              "MUBLAS_STATUS_NOT_IMPLEMENTED"),
    # rules/sources/MUSA_FACTS.md "Version macros": the published table's name is the
    # current SDK's; older ports used the prefix convention's.
    "CUDA_VERSION": ("MUSA_COMP_VERSION", "musa-table",
                     "sources disagree: the published table says MUSA_COMP_VERSION; "
                     "older ports use MUSA_VERSION"),
}

# Device intrinsics some MUSA SDKs lack (rules/sources/MUSA_FACTS.md "Device code").
MUSA_MAYBE_MISSING = frozenset(("hexp", "h2exp", "__vsub4", "__vcmpeq4"))
MUSA_MISSING_NOTE = "kept as is, but some MUSA SDKs lack it"

# Warp-level functions whose lane count matters: warp size is 128 on mp_21/22.
WARP_FUNCTION = re.compile(r"^__(shfl|ballot|any|all|activemask|match|reduce_\w+_sync)")
WARP_NOTE = ("warp size is 128 on mp_21/mp_22 and 32 on mp_31: masks (0xffffffff) and "
             "widths that assume 32 lanes are suspect")

# MUSA words for NVIDIA names inside fp16/bf16/fp8 names (rules/sources/MUSA_FACTS.md:
# __nv_bfloat16 -> __mt_bfloat16, __nv_fp8_e4m3 -> __mt_fp8_e4m3).
NV_NAME = re.compile(r"^(__)?(nv|NV)(_)")

# Prefixes of the "same" families that still rename (math_constants.h).
SAME_FAMILY_PREFIXES = (("CUDART_", "MUSART_"), ("CR_CUDART_", "CR_MUSART_"))


def family_rows(fam, hip_data_dir):
    """{cuda name: HIPIFY row} over the family's tables, the first table winning."""
    rows = {}
    for table in fam.hip_tables:
        for name, row in core.parse_hipify_table(os.path.join(hip_data_dir, table)).items():
            rows.setdefault(name, row)
    return rows


# --------------------------------------------------------------------------
# MUSA
# --------------------------------------------------------------------------

def musa_target(fam, name, general, rejected):
    """(target, check, note) for one CUDA name of a family MUSA supports."""
    if name in MUSA_CONFLICTS:
        return MUSA_CONFLICTS[name]
    if fam.musa == "prefix" and not fam.musa_prefixes:
        return core.musa_rule(name, general, rejected)
    table_target = general.get(name)
    if table_target is not None:
        if core.is_whole_name_counterpart(name, table_target):
            return table_target, "musa-table", None
        rejected.append((name, table_target))
    prefixes = fam.musa_prefixes or ()
    if fam.musa == "same":
        prefixes = SAME_FAMILY_PREFIXES
    for cuda_prefix, musa_prefix in prefixes:
        if name.startswith(cuda_prefix):
            return (musa_prefix + name[len(cuda_prefix):], "musa-prefix-rule",
                    "derived from the MUSA prefix convention; not in the published table")
    nv = NV_NAME.match(name)
    if fam.musa == "same" and nv:
        derived = NV_NAME.sub(lambda m: (m.group(1) or "") + ("mt" if m.group(2) == "nv"
                                                              else "MT") + m.group(3), name)
        return derived, "musa-prefix-rule", (
            "derived from the MUSA naming of NVIDIA names (__nv_ -> __mt_); "
            "not in the published table")
    return name, "same-name", None


def musa_entry(fam, name, kind, symbol, row, general, cuda_version, rejected):
    status, notes, deprecated, removed = core.lifecycle(symbol, row, cuda_version)
    if fam.musa == "unsupported":
        return core.make_entry(name, kind, "unsupported", None, "none",
                               [fam.musa_note] + notes, deprecated, removed)
    target, check, note = musa_target(fam, name, general, rejected)
    extra = []
    if name in MUSA_MAYBE_MISSING:
        extra.append(MUSA_MISSING_NOTE)
    if kind == "function" and WARP_FUNCTION.match(name):
        extra.append(WARP_NOTE)
    entry = core.make_entry(name, kind, status, target, check, [note] + extra + notes,
                            deprecated, removed)
    if name in MUSA_CONFLICTS:
        disputed = dict(entry, disputed=True)
        entry = {key: disputed[key] for key in core.ENTRY_KEYS if key in disputed}
    return entry


# --------------------------------------------------------------------------
# HIP
# --------------------------------------------------------------------------

# Names of a family no HIPIFY table maps, whose ROCm counterpart is known by
# name (check hip-library): family -> ({CUDA name: HIP name}, note). NVTX's
# ASCII calls are roctx's (ROCm's roctracer, roctracer/roctx.h); its wide and
# attribute (Ex) forms and its domains have none.
HIP_LIBRARY_NAMES = {
    "nvtx": ({"nvtxMarkA": "roctxMarkA", "nvtxRangePushA": "roctxRangePushA",
              "nvtxRangePop": "roctxRangePop", "nvtxRangeStartA": "roctxRangeStartA",
              "nvtxRangeEnd": "roctxRangeStop", "nvtxRangeId_t": "roctx_range_id_t"},
             "roctx (ROCm's roctracer) names it so; it is not shipped by Debian, so this "
             "is not compiled here"),
}

# cuDNN -> MIOpen. A cuDNN call is renamed only where MIOpen's counterpart takes
# the same parameters in the same order (miopen.h); the others need a hand port.
MIOPEN_SAME_PARAMETERS = frozenset((
    "cudnnCreate", "cudnnDestroy", "cudnnSetStream", "cudnnGetStream", "cudnnGetErrorString",
    "cudnnCreateTensorDescriptor", "cudnnDestroyTensorDescriptor",
    "cudnnCreateConvolutionDescriptor", "cudnnDestroyConvolutionDescriptor",
    "cudnnCreateActivationDescriptor", "cudnnDestroyActivationDescriptor",
    "cudnnCreatePoolingDescriptor", "cudnnDestroyPoolingDescriptor",
    "cudnnCreateLRNDescriptor", "cudnnDestroyLRNDescriptor",
    "cudnnCreateDropoutDescriptor", "cudnnDestroyDropoutDescriptor",
    "cudnnCreateRNNDescriptor", "cudnnDestroyRNNDescriptor",
    "cudnnCreateReduceTensorDescriptor", "cudnnDestroyReduceTensorDescriptor",
    "cudnnCreateCTCLossDescriptor", "cudnnDestroyCTCLossDescriptor",
    "cudnnSetConvolutionGroupCount", "cudnnDropoutGetStatesSize",
    "cudnnDropoutGetReserveSpaceSize", "cudnnSetReduceTensorDescriptor",
    "cudnnGetReduceTensorDescriptor", "cudnnGetReductionIndicesSize",
    "cudnnGetReductionWorkspaceSize", "cudnnReduceTensor", "cudnnScaleTensor",
    "cudnnSetTensor", "cudnnTransformTensor", "cudnnActivationForward",
    "cudnnActivationBackward", "cudnnConvolutionBackwardBias",
    "cudnnBatchNormalizationForwardTraining", "cudnnBatchNormalizationForwardInference",
    "cudnnBatchNormalizationBackward", "cudnnDeriveBNTensorDescriptor",
    "cudnnGetTensor4dDescriptor", "cudnnSetTensor4dDescriptorEx",
    "cudnnGetConvolution2dForwardOutputDim", "cudnnGetPooling2dForwardOutputDim",
    "cudnnGetPoolingNdForwardOutputDim", "cudnnBackendCreateDescriptor",
    "cudnnBackendDestroyDescriptor", "cudnnBackendExecute", "cudnnBackendFinalize",
    "cudnnBackendGetAttribute", "cudnnBackendSetAttribute"))

# HIPIFY table mappings whose HIP name means something else; %s is that name.
HIP_NOT_EQUIVALENT = {
    "CUDNN_CONVOLUTION": "%s is cross-correlation; MIOpen has no true (flipped-filter) "
                         "convolution mode",
    "CUDNN_RNN_SINGLE_INP_BIAS": "%s is MIOpen's only bias mode: the single input bias "
                                 "has no MIOpen counterpart",
    "CUDNN_RNN_SINGLE_REC_BIAS": "%s is MIOpen's only bias mode: the single recurrent bias "
                                 "has no MIOpen counterpart",
    "CUDNN_CONVOLUTION_BWD_DATA_ALGO_COUNT": "%s is an algorithm, not a count of them",
    "cudnnConvolutionFwdAlgoPerf_t": "%s has other members (fwd_algo, memory)",
    "cudnnConvolutionFwdAlgoPerfStruct": "%s has other members (fwd_algo, memory)",
    "cudnnConvolutionBwdDataAlgoPerf_t": "%s has other members (bwd_data_algo, memory)",
    "cudnnConvolutionBwdDataAlgoPerfStruct": "%s has other members (bwd_data_algo, memory)",
}

# Families whose calls migrate only where the counterpart's parameters match.
HIP_SAME_PARAMETERS = {"cudnn": MIOPEN_SAME_PARAMETERS}


def hip_entry(fam, name, kind, symbol, row, hip_declared, hip_ver, cuda_version):
    status, notes, deprecated, removed = core.lifecycle(symbol, row, cuda_version)

    def unsupported(why):
        return core.make_entry(name, kind, "unsupported", None, "none", [why] + notes,
                               deprecated, removed)

    hip_name = (row or {}).get("hip", "")
    if row is not None and not hip_name:
        return unsupported("no HIP equivalent (HIPIFY)")
    if hip_name and name in HIP_NOT_EQUIVALENT:
        return unsupported(HIP_NOT_EQUIVALENT[name] % hip_name)
    same_parameters = HIP_SAME_PARAMETERS.get(fam.name)
    if hip_name and kind == "function" and same_parameters is not None \
            and name not in same_parameters:
        return unsupported("%s takes other parameters than %s (order or count): port the "
                           "call by hand" % (hip_name, name))
    library_names, library_note = HIP_LIBRARY_NAMES.get(fam.name, ({}, None))
    if row is None and name in library_names:
        return core.make_entry(name, kind, status, library_names[name], "hip-library",
                               [library_note] + notes, deprecated, removed)
    if row is None:
        if fam.hip_same == "declared":
            if name in hip_declared:
                return core.make_entry(name, kind, status, name, "hip-headers", notes,
                                       deprecated, removed)
            return unsupported("the installed HIP %s headers do not declare %s"
                               % (hip_ver, name))
        if fam.hip_same == "library":
            return core.make_entry(name, kind, status, name, "hip-library",
                                   [fam.hip_missing] + notes, deprecated, removed)
        return unsupported(fam.hip_missing or
                           "not in the HIPIFY tables (no known HIP equivalent)")
    if fam.hip_check == "hipify-table":
        return core.hip_mapped_entry(name, kind, status, row, hip_declared, hip_ver, notes,
                                     deprecated, removed, library_note=fam.hip_note)
    if hip_name not in hip_declared and not row.get("hip_added"):
        return unsupported("%s is not in the installed HIP %s headers, and HIPIFY dates it "
                           "to no HIP version" % (hip_name, hip_ver))
    return core.hip_mapped_entry(name, kind, status, row, hip_declared, hip_ver, notes,
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
        if core.WINDOWS_ONLY_SECTION.search(row["section"]) or "D3D" in name:
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


# Namespaces user code writes as qualifiers, per family: (CUDA namespace,
# MUSA namespace, HIP namespace or None, HIP check, HIP note). MUSA names from
# rules/sources/MUSA_FACTS.md (cuda::std -> musa::std, thrust::cuda -> thrust::musa,
# nvcuda -> mtmusa).
NAMESPACE_RULES = {
    "device": [
        ("nvcuda", "mtmusa", None, "none", "WMMA: HIP's rocWMMA (namespace rocwmma) has "
         "another API and is not shipped by Debian"),
        ("nvcuda::wmma", "mtmusa::wmma", None, "none", "see nvcuda"),
    ],
    "cooperative_groups": [
        ("cooperative_groups", "cooperative_groups", "cooperative_groups", "hip-headers", None),
    ],
    "cub": [
        ("cub", "cub", "hipcub", "hip-library", "hipCUB's namespace; hipCUB is not "
         "shipped by Debian, so this is not compiled here"),
    ],
    "thrust": [
        ("thrust", "thrust", "thrust", "hip-library", "rocThrust keeps the namespace; it "
         "is not shipped by Debian, so this is not compiled here"),
        ("thrust::cuda", "thrust::musa", "thrust::hip", "hip-library",
         "rocThrust's CUDA-system counterpart; rocThrust is not shipped by Debian"),
    ],
    "libcudacxx": [
        ("cuda", "musa", None, "none", "libcu++ has no HIP counterpart"),
        ("cuda::std", "musa::std", None, "none", "libcu++ has no HIP counterpart"),
    ],
}

def namespace_entries(fam, claimed):
    """(musa entries, hip entries) for the namespaces of one family."""
    musa, hip = [], []
    for cuda, musa_ns, hip_ns, hip_check, note in NAMESPACE_RULES.get(fam.name, []):
        if (cuda, "namespace") in claimed:
            continue
        claimed.add((cuda, "namespace"))
        musa_check = "same-name" if musa_ns == cuda else "musa-prefix-rule"
        musa.append(core.make_entry(cuda, "namespace", "supported", musa_ns, musa_check))
        if hip_ns is None:
            hip.append(core.make_entry(cuda, "namespace", "unsupported", None, "none",
                                       [note or "no HIP counterpart"]))
        else:
            hip.append(core.make_entry(cuda, "namespace", "supported", hip_ns, hip_check,
                                       [note]))
    return musa, hip


def build_family(fam, ctx, claimed, skipped, rejected):
    """(musa entries, hip entries) of one family; adds its pairs to claimed."""
    rows = family_rows(fam, ctx["hip_data"])
    symbols = cuda_scan.collect(ctx["cindex"], fam, ctx["cuda_path"], ctx["resource_dir"],
                                frozenset(rows) if fam.namespaces else frozenset())
    musa, hip = namespace_entries(fam, claimed)
    for (qname, kind), symbol in sorted(symbols.items()):
        if (qname, kind) in claimed:
            continue
        claimed.add((qname, kind))
        name, namespace = symbol["name"], symbol["namespace"]
        row = rows.get(name)
        musa.append(qualified(musa_entry(fam, name, kind, symbol, row, ctx["general"],
                                         ctx["cuda_version"], rejected), namespace))
        hip.append(qualified(hip_entry(fam, name, kind, symbol, row, ctx["hip_declared"],
                                       ctx["hip_ver"], ctx["cuda_version"]), namespace))
    claimed_names = {name for name, _ in claimed}
    for name in removed_names(fam, rows, symbols, ctx["cuda_identifiers"], claimed_names,
                              skipped):
        row = rows[name]
        kind = core.infer_removed_kind(name, row, ctx["hip_declared"])
        if (name, kind) in claimed:
            continue
        claimed.add((name, kind))
        musa.append(musa_entry(fam, name, kind, None, row, ctx["general"],
                               ctx["cuda_version"], rejected))
        hip.append(hip_entry(fam, name, kind, None, row, ctx["hip_declared"],
                             ctx["hip_ver"], ctx["cuda_version"]))
    return musa, hip


def build_all(ctx, claimed, skipped, rejected, only=None):
    """{(target, family): entries} for every family (or those named in only)."""
    tables = {}
    for fam in FAMILIES:
        if only and fam.name not in only:
            continue
        musa, hip = build_family(fam, ctx, claimed, skipped, rejected)
        tables[("musa", fam.name)] = musa
        tables[("hip", fam.name)] = hip
    return tables


def descriptions(sources):
    """{family: description format} for write_table."""
    return {fam.name: fam.title[0].upper() + fam.title[1:] + " (%s)" for fam in FAMILIES}
