#!/usr/bin/env python3
"""Generate the include-guard rules (family "include-guards") for both targets.

User code tests the SDK's include guards to decide what to define, e.g. NVIDIA's
widely copied helper headers:

    #ifdef __CUDA_RUNTIME_H__
    inline const char *errorName(cudaError_t e) { ... }
    #endif

After migration the test must still be true where the migrated include is, or the
program silently loses its helpers. Each guard therefore maps to the guard of the
header its CUDA header becomes (rules/<target>/headers.json):

* HIP: the guard the installed HIP header really uses (read from the header under
  --hip-include-root); where the CUDA header has no HIP counterpart, the guard is
  unsupported too.
* MUSA: no MUSA SDK is published with its guards, so the guard is derived from
  the CUDA guard of the header with the regular MUSA name (cuda_runtime.h ->
  musa_runtime.h: __CUDA_RUNTIME_H__ -> __MUSA_RUNTIME_H__), and the portability
  layer (runtime/include) defines exactly these names.

Deterministic output: entries sorted, 2-space JSON, trailing newline.
"""

import argparse
import json
import os
import re
import sys

# An include guard: the #ifndef (or #if !defined) directly followed by the
# #define of the same macro.
GUARD_RE = re.compile(
    r"^[ \t]*#[ \t]*(?:ifndef[ \t]+(\w+)|if[ \t]+![ \t]*defined[ \t]*\(?[ \t]*(\w+)[ \t]*\)?)[ \t]*\n"
    r"(?:[ \t]*\n)*[ \t]*#[ \t]*define[ \t]+(\w+)", re.M)
PREFIXES = [("cuda", "musa"), ("CUDA", "MUSA"), ("cu", "mu"), ("CU", "MU")]


def first_guard(path, whole_file=True):
    """The macro a header's first #ifndef tests, if that is its include guard.
    whole_file: the conditional must wrap the whole header, so the macro names
    this header (a CUDA header's guard); a target header's macro only needs to
    stay defined once it is included."""
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            text = f.read()
    except OSError:
        return None
    # The guard is the file's first directive (after its comments).
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    text = re.sub(r"//[^\n]*", "", text)
    first = re.search(r"^[ \t]*#", text, re.M)
    match = GUARD_RE.match(text, first.start()) if first else None
    if match and (match.group(1) or match.group(2)) == match.group(3) \
            and (not whole_file or closes_at_end(text, match.start())):
        return match.group(3)
    return None


DIRECTIVE_RE = re.compile(r"^[ \t]*#[ \t]*(\w+)", re.M)


def closes_at_end(text, start):
    """Whether the conditional opened at start ends with the file's last
    directive: a guard wraps the whole header (mma.h's first #if only sets a
    macro for a few lines)."""
    depth, last = 0, None
    for m in DIRECTIVE_RE.finditer(text, start):
        word = m.group(1)
        if word in ("if", "ifdef", "ifndef"):
            depth += 1
        elif word == "endif":
            depth -= 1
            if depth == 0:
                last = m
                break
    return last is not None and DIRECTIVE_RE.search(text, last.end()) is None


def musa_rename(name):
    """cuda/CUDA/cu/CU -> musa/MUSA/mu/MU at the start of each word of a name."""
    def word(w):
        for old, new in PREFIXES:
            if w.startswith(old):
                return new + w[len(old):]
        return w
    return "_".join(word(w) for w in name.split("_"))


def load_headers(rules, target):
    with open(os.path.join(rules, target, "headers.json"), encoding="utf-8") as f:
        return {e["cuda"]: e for e in json.load(f)["entries"]}


def hip_entries(cuda_include, hip_root, headers):
    entries = []
    for header, rule in sorted(headers.items()):
        guard = first_guard(os.path.join(cuda_include, header))
        if not guard:
            continue
        entry = {"cuda": guard, "kind": "macro"}
        target_guard = None
        if rule.get("target"):
            target_guard = first_guard(os.path.join(hip_root, rule["target"]),
                                       whole_file=False)
        if target_guard:
            entry.update(status="supported", target=target_guard,
                         note=f"include guard of {header}; {rule['target']} defines {target_guard}",
                         check="hip-headers")
        else:
            entry.update(status="unsupported",
                         note=f"include guard of {header}, which has no installed HIP counterpart",
                         check="none")
        entries.append(entry)
    return entries


def musa_entries(cuda_include, headers):
    guards = {h: first_guard(os.path.join(cuda_include, h)) for h in headers}
    # The guard each MUSA header carries: that of the CUDA header it is the
    # regular rename of (cuda_runtime.h -> musa_runtime.h).
    musa_guard = {}
    for header, rule in headers.items():
        target = rule.get("target")
        if target and guards.get(header) and musa_rename(header) == target:
            musa_guard[target] = musa_rename(guards[header])
    entries = []
    for header, rule in sorted(headers.items()):
        guard = guards.get(header)
        if not guard:
            continue
        entry = {"cuda": guard, "kind": "macro"}
        target = rule.get("target")
        if target and target in musa_guard:
            same = musa_guard[target] == guard
            entry.update(status="supported", target=musa_guard[target],
                         note=(f"include guard of {header}; the MUSA SDK's guards are not "
                               f"published: {musa_guard[target]} follows the naming of "
                               f"{target}, and runtime/include defines it"),
                         check="same-name" if same else "musa-prefix-rule")
        else:
            entry.update(status="unsupported",
                         note=f"include guard of {header}; no MUSA header with a known guard replaces it",
                         check="none")
        entries.append(entry)
    return entries


def write_table(rules, target, entries):
    # One entry per guard: headers sharing a guard name would be one macro.
    unique = {}
    for e in entries:
        unique.setdefault(e["cuda"], e)
    table = {
        "target": target,
        "family": "include-guards",
        "description": "Include guards of CUDA headers that user code tests, mapped to the "
                       "guard of the header that replaces each (generated by "
                       "scripts/gen_guard_rules.py)",
        "entries": [unique[k] for k in sorted(unique)],
    }
    path = os.path.join(rules, target, "include-guards.json")
    with open(path, "w", encoding="utf-8") as f:
        json.dump(table, f, indent=2)
        f.write("\n")
    return len(unique)


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cuda-path", default="/usr/local/cuda")
    parser.add_argument("--hip-include-root", default="/usr/include",
                        help="the folder that holds hip/, hiprand/, ... (default /usr/include)")
    parser.add_argument("--rules", default=os.path.join(here, "..", "rules"))
    args = parser.parse_args()
    cuda_include = os.path.join(args.cuda_path, "include")
    for target, entries in (
            ("hip", hip_entries(cuda_include, args.hip_include_root, load_headers(args.rules, "hip"))),
            ("musa", musa_entries(cuda_include, load_headers(args.rules, "musa")))):
        count = write_table(args.rules, target, entries)
        print(f"{target}: {count} include guards", file=sys.stderr)


if __name__ == "__main__":
    main()
