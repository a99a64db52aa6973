"""Calls whose HIP function differs from CUDA's in more than its name.

An entry's "call" tells the engine how the arguments change (rules/schema.json):
a name chosen by the number of arguments, text wrapped around an argument, or
an argument dropped. Applied to the HIP tables after they are built; each
target name must still be declared by the installed HIP headers.
"""

# Spellings of "all 32 lanes": dropping such a mask changes nothing.
FULL_MASK = ["0xffffffff", "0xffffffffu", "0xffffffffU", "~0", "~0u", "~0U", "-1",
             "__activemask()", "FULL_MASK", "FINAL_MASK"]

KERNEL_POINTER = "reinterpret_cast<const void *>(%)"
SYMBOL = "HIP_SYMBOL(%)"

# CUDA name -> (HIP name or None to keep the table's, call, note)
HIP_CALLS = {
    "cudaEventCreate": (None, {"by_arity": {"2": "hipEventCreateWithFlags"}},
                        "cudaEventCreate(&e, flags) is hipEventCreateWithFlags"),
    "cudaMemcpyToSymbol": (None, {"wrap": {"0": SYMBOL}}, "HIP takes the symbol through HIP_SYMBOL"),
    "cudaMemcpyToSymbolAsync": (None, {"wrap": {"0": SYMBOL}}, "HIP takes the symbol through HIP_SYMBOL"),
    "cudaMemcpyFromSymbol": (None, {"wrap": {"1": SYMBOL}}, "HIP takes the symbol through HIP_SYMBOL"),
    "cudaMemcpyFromSymbolAsync": (None, {"wrap": {"1": SYMBOL}}, "HIP takes the symbol through HIP_SYMBOL"),
    "cudaGetSymbolAddress": (None, {"wrap": {"1": SYMBOL}}, "HIP takes the symbol through HIP_SYMBOL"),
    "cudaGetSymbolSize": (None, {"wrap": {"1": SYMBOL}}, "HIP takes the symbol through HIP_SYMBOL"),
    "cudaFuncSetAttribute": (None, {"wrap": {"0": KERNEL_POINTER}},
                             "HIP takes the kernel as const void *"),
    "cudaFuncSetCacheConfig": (None, {"wrap": {"0": KERNEL_POINTER}},
                               "HIP takes the kernel as const void *"),
    "cudaFuncGetAttributes": (None, {"wrap": {"1": KERNEL_POINTER}},
                              "HIP takes the kernel as const void *"),
    "cudaLaunchKernel": (None, {"wrap": {"0": KERNEL_POINTER}},
                         "HIP takes the kernel as const void *"),
    "cudaLaunchCooperativeKernel": (None, {"wrap": {"0": KERNEL_POINTER}},
                                    "HIP takes the kernel as const void *"),
    "cudaHostAlloc": (None, {"wrap": {"0": "reinterpret_cast<void **>(%)"}},
                      "HIP's hipHostAlloc takes void **, with no typed overload"),
    "cudaStreamWaitEvent": (None, {"defaults": {"2": "0"}},
                            "HIP's hipStreamWaitEvent has no default for its flags"),
    "cudaMalloc3DArray": (None, {"defaults": {"3": "0"}},
                          "HIP's hipMalloc3DArray has no default for its flags"),
    "cudaGraphInstantiate": (None, {"by_arity": {"3": "hipGraphInstantiateWithFlags"}},
                             "CUDA 12's cudaGraphInstantiate(&exec, graph, flags) is "
                             "hipGraphInstantiateWithFlags; HIP's hipGraphInstantiate "
                             "takes CUDA 11's five arguments"),
}

# Functions HIP declares for fewer parameter types than CUDA: HIP 5.2's min
# and max take (int, int), (unsigned int, int), float, double and a template
# of two arguments of one type; a call CUDA resolves to another overload may
# not compile (blockDim.x is no plain unsigned int on HIP: min(n, blockDim.x)
# is ambiguous), so it is reported for review and as a build risk.
HIP_OVERLOADS = {name: ["int, int", "unsigned int, int", "float, float", "double, double"]
                 for name in ("min", "max")}

# Warp functions: HIP 5.2 has only the mask-free forms.
WARP_NOTE = ("HIP %s has no *_sync warp functions: the mask-free form works on all active "
             "lanes, so a mask other than all lanes is reported")
HIP_WARP = {
    "__shfl_sync": "__shfl", "__shfl_up_sync": "__shfl_up",
    "__shfl_down_sync": "__shfl_down", "__shfl_xor_sync": "__shfl_xor",
    "__ballot_sync": "__ballot", "__any_sync": "__any", "__all_sync": "__all",
}
BALLOT_NOTE = "; HIP's __ballot returns a 64-bit mask (wavefronts have 64 lanes on AMD GPUs)"


def apply_hip_calls(tables, hip_declared, hip_ver, make_entry):
    """Rewrites the HIP entries of tables ({(target, family): entries}) in place."""
    for (target, family), entries in tables.items():
        if target != "hip":
            continue
        for i, entry in enumerate(entries):
            name = entry["cuda"]
            if name in HIP_CALLS and entry["status"] != "unsupported":
                hip_name, call, note = HIP_CALLS[name]
                updated = dict(entry, call=call)
                if hip_name:
                    updated["target"] = hip_name
                names = [updated["target"]] + list(call.get("by_arity", {}).values())
                if all(n in hip_declared for n in names):
                    notes = [n for n in (entry.get("note"), note) if n]
                    updated["note"] = "; ".join(notes)
                    entries[i] = reorder(updated)
            elif name in HIP_OVERLOADS and entry["status"] != "unsupported":
                entries[i] = reorder(dict(entry, target_overloads=HIP_OVERLOADS[name]))
            elif name in HIP_WARP and HIP_WARP[name] in hip_declared:
                note = WARP_NOTE % hip_ver + (BALLOT_NOTE if name == "__ballot_sync" else "")
                entries[i] = reorder(dict(
                    make_entry(name, entry["kind"], "supported", HIP_WARP[name], "hip-headers",
                               [note]),
                    call={"drop": {"index": 0, "harmless": FULL_MASK}}))


KEY_ORDER = ("cuda", "kind", "status", "target", "note", "disputed", "defined_tests_only",
             "call", "target_overloads", "helper", "helper_target", "erase",
             "sdk_version_macro", "cuda_deprecated", "cuda_removed", "hip_added",
             "hip_deprecated", "hip_removed", "hip_headers_lack", "check")


def reorder(entry):
    return {key: entry[key] for key in KEY_ORDER if key in entry}
