"""rules/<target>/buildfiles/{cmake,toolchain}.json: what CMake and Makefile
words become, from the curated facts rules/sources/buildfiles/<target>.json.

The facts are kept by hand, one file per target; rules/sources/README.md says
what each `check` means and how the CUDA side of every entry is checked. Here
each entry's keys and kind are checked, a (cuda, kind) pair stated twice is an
error, and the tables are written sorted, keys in schema order. The format is
rules/build.schema.json; rules/README.md says where each kind is matched.
"""

import json
import os

DESCRIPTIONS = {
    "cmake": "CMake words of the CUDA language, FindCUDAToolkit and FindCUDA: languages, "
             "packages, imported targets, variables, properties, commands",
    "toolchain": "nvcc and its flags, CUDA libraries linked by name, the SDK's root "
                 "variables and install folder (Makefiles and CMake files)",
}

KINDS = {
    "cmake": {"cmake-language", "cmake-package", "cmake-target", "cmake-variable",
              "cmake-property", "cmake-command"},
    "toolchain": {"tool", "compiler-flag", "library", "path-variable", "path"},
}

KEY_ORDER = ("cuda", "kind", "status", "target", "action", "value", "values", "package",
             "flags", "prefix", "source_extensions", "target_extensions", "source_command",
             "link", "setup", "arch_value", "arch_default", "review", "note", "source", "check")


def _entries(facts, table, where):
    """The entries of one table of a facts file, checked and sorted."""
    seen = set()
    out = []
    for e in facts.get(table, []):
        name = "%s: %s entry %r" % (where, table, e.get("cuda"))
        unknown = set(e) - set(KEY_ORDER)
        if unknown:
            raise ValueError("%s: unknown keys %s" % (name, ", ".join(sorted(unknown))))
        if e.get("kind") not in KINDS[table]:
            raise ValueError("%s: kind %r is not one of the %s kinds"
                             % (name, e.get("kind"), table))
        if (e["cuda"], e["kind"]) in seen:
            raise ValueError("%s: stated twice" % name)
        seen.add((e["cuda"], e["kind"]))
        out.append({k: e[k] for k in KEY_ORDER if k in e})
    return sorted(out, key=lambda e: (e["cuda"], e["kind"]))


def documents(data, targets):
    """{relative path: document}: rules/<target>/buildfiles/<table>.json."""
    out = {}
    for target in targets:
        path = os.path.join(data, "buildfiles", target.name + ".json")
        try:
            with open(path, encoding="utf-8") as f:
                facts = json.load(f)
        except (OSError, ValueError) as e:
            raise ValueError("%s: %s" % (path, e)) from e
        unknown = set(facts) - {"target", "architectures"} - set(DESCRIPTIONS)
        if facts.get("target") != target.name or unknown:
            raise ValueError("%s: expected the target %r and the keys target, "
                             "architectures, %s" % (path, target.name, ", ".join(DESCRIPTIONS)))
        for table, description in DESCRIPTIONS.items():
            doc = {"$schema": "../../build.schema.json", "target": target.name,
                   "description": description}
            # The toolchain's architecture flags map through the thresholds.
            if table == "toolchain" and "architectures" in facts:
                doc["architectures"] = facts["architectures"]
            doc["entries"] = _entries(facts, table, path)
            out["%s/buildfiles/%s.json" % (target.name, table)] = doc
    return out
