"""Calls whose HIP function differs from CUDA's in more than its name.

An entry's "call" tells the engine how the arguments change (rules/schema.json):
a name chosen by the number of arguments, text wrapped around an argument, an
argument dropped or given a default. Applied to the HIP tables after they are
built; each target name must still be declared by the installed HIP headers.
The rules are the HIP target data's "calls", "overloads" and "warp":

* calls: CUDA name -> the call, its note, and the HIP name where the table's
  is not the one to use;
* overloads: functions HIP declares for other parameter types than CUDA (HIP
  5.2's min and max, fewer; __ffs, int and unsigned int where CUDA has int);
  a call CUDA resolves to another overload may not compile (blockDim.x is no
  plain unsigned int on HIP: min(n, blockDim.x) is ambiguous), nor one whose
  argument converts (__ffs(unsigned long long)), so musify's helper takes it
  or it is reported for review and as a build risk;
* warp: the *_sync warp functions, which HIP 5.2 has only in their mask-free
  form: the mask is dropped where it spells "all lanes" (full_mask).
"""

from rulegen.entries import make_entry, rewritten


def apply(tables, hip, hip_declared, hip_ver):
    """Rewrites the entries of a HIP target's tables ({family: entries}) in
    place; hip: its target data (config.HipifyTarget)."""
    warp = hip.warp
    for entries in tables.values():
        for i, entry in enumerate(entries):
            name = entry["cuda"]
            if name in hip.calls and entry["status"] != "unsupported":
                rule = hip.calls[name]
                updated = dict(entry, call=rule.call)
                if rule.target:
                    updated["target"] = rule.target
                names = [updated["target"]] + list(rule.call.get("by_arity", {}).values())
                if all(n in hip_declared for n in names):
                    notes = [n for n in (entry.get("note"), rule.note) if n]
                    updated["note"] = "; ".join(notes)
                    entries[i] = rewritten(updated)
            elif name in hip.overloads and entry["status"] != "unsupported":
                entries[i] = rewritten(dict(entry, target_overloads=list(hip.overloads[name])))
            elif name in warp.functions and warp.functions[name] in hip_declared:
                note = warp.note % hip_ver + (warp.ballot_note if name == "__ballot_sync" else "")
                entries[i] = rewritten(dict(
                    make_entry(name, entry["kind"], "supported", warp.functions[name],
                               "hip-headers", [note]),
                    call={"drop": {"index": 0, "harmless": list(warp.full_mask)}}))
