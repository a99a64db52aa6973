"""Names HIP does not declare that musify still migrates to HIP (the HIP
target data's "helpers").

* functions: CUDA functions with a few-line HIP equivalent, which musify's
  helper header (runtime/hip/include/musify/hip_helpers.h) defines in
  namespace musify; calls become musify::NAME and the header is included where
  they are. For the overloads (min, max, __ffs) only the calls HIP's own
  overloads do not take as CUDA does go there ("helper_target").
* erase: CUDART_CB, a calling-convention macro (empty but on Windows): HIP
  callbacks take none, so it is erased.
* sdk_version: CUDART_VERSION: compared with a constant in #if, the comparison
  becomes its value for the CUDA SDK the code was parsed against, so HIP
  compiles the branch nvcc compiled; any other use stays unsupported.
"""

from rulegen.entries import make_entry, rewritten

# The namespace of musify's own helpers (runtime/hip/include/musify/hip_helpers.h).
HELPER_NAMESPACE = "musify::"


def apply(tables, hip):
    """Rewrites the entries of a HIP target's tables ({family: entries}) in
    place; hip: its target data (config.HipifyTarget)."""
    helpers = hip.helpers
    for entries in tables.values():
        for i, entry in enumerate(entries):
            name = entry["cuda"]
            if name in helpers.functions and entry["status"] == "unsupported":
                note = "HIP has no %s (%s)" % (name, helpers.functions[name])
                entries[i] = rewritten(dict(
                    make_entry(name, entry["kind"], "supported", HELPER_NAMESPACE + name,
                               "musify-helpers", [note]), helper=helpers.header))
            elif name in helpers.overloads and entry.get("target_overloads"):
                entries[i] = rewritten(dict(entry, helper=helpers.header,
                                            helper_target=HELPER_NAMESPACE + name))
            elif name in helpers.erase:
                erased = make_entry(name, entry["kind"], "supported", None, "none",
                                    [helpers.erase[name]])
                del erased["target"]
                entries[i] = rewritten(dict(erased, erase=True))
            elif name in helpers.sdk_version:
                entries[i] = rewritten(dict(
                    make_entry(name, entry["kind"], "unsupported", None, "none",
                               [helpers.sdk_version[name]]), sdk_version_macro=True))
