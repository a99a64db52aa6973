"""Names HIP does not declare that musify still migrates to HIP.

* Helpers: CUDA functions with a few-line HIP equivalent, which musify's helper
  header (runtime/hip/include/musify/hip_helpers.h) defines in namespace musify;
  calls become musify::NAME and the header is included where they are. For min
  and max only the overloads HIP lacks go there ("helper_target").
* CUDART_CB, a calling-convention macro (empty but on Windows): HIP callbacks
  take none, so it is erased.
* CUDART_VERSION: compared with a constant in #if, the comparison becomes its
  value for the CUDA SDK the code was parsed against, so HIP compiles the branch
  nvcc compiled; any other use stays unsupported.
"""

HELPER_HEADER = "musify/hip_helpers.h"

HELPER_FUNCTIONS = {
    "umin": "CUDA's unsigned minimum",
    "umax": "CUDA's unsigned maximum",
    "llmin": "CUDA's long long minimum",
    "llmax": "CUDA's long long maximum",
    "ullmin": "CUDA's unsigned long long minimum",
    "ullmax": "CUDA's unsigned long long maximum",
    "atomicInc_system": "a compare-and-swap loop on HIP's atomicCAS_system",
    "atomicDec_system": "a compare-and-swap loop on HIP's atomicCAS_system",
}
HELPER_OVERLOADS = ("min", "max")

ERASE = {"CUDART_CB": "a calling convention (__stdcall on Windows, empty elsewhere); "
                      "HIP's callbacks take none: erased"}
SDK_VERSION = {"CUDART_VERSION": "not defined by HIP: compared with a constant in #if, the "
                                 "comparison becomes its value for the CUDA SDK the code was "
                                 "parsed against; other uses have no HIP equivalent"}


def apply_hip_helpers(tables, make_entry):
    """Rewrites the HIP entries of tables ({(target, family): entries}) in place."""
    from rulegen.calls import reorder
    for (target, family), entries in tables.items():
        if target != "hip":
            continue
        for i, entry in enumerate(entries):
            name = entry["cuda"]
            if name in HELPER_FUNCTIONS and entry["status"] == "unsupported":
                note = "HIP has no %s (%s)" % (
                    name, HELPER_FUNCTIONS[name])
                entries[i] = reorder(dict(
                    make_entry(name, entry["kind"], "supported", "musify::" + name,
                               "musify-helpers", [note]), helper=HELPER_HEADER))
            elif name in HELPER_OVERLOADS and entry.get("target_overloads"):
                entries[i] = reorder(dict(entry, helper=HELPER_HEADER,
                                          helper_target="musify::" + name))
            elif name in ERASE:
                erased = make_entry(name, entry["kind"], "supported", None, "none", [ERASE[name]])
                del erased["target"]
                entries[i] = reorder(dict(erased, erase=True))
            elif name in SDK_VERSION:
                entries[i] = reorder(dict(
                    make_entry(name, entry["kind"], "unsupported", None, "none",
                               [SDK_VERSION[name]]), sdk_version_macro=True))
