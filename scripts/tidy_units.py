#!/usr/bin/env python3
"""The units clang-tidy checks the engine in: one per folder of tool/lib, as
the unity builds compile it (MUSIFY_UNITY_BUILD), so that LLVM's and Clang's
headers are parsed once a folder instead of once a source.

    tidy_units.py BUILD_DIR OUT_DIR SOURCE...

Writes OUT_DIR/<folder>.cpp (including each of the folder's SOURCEs by its
absolute path) and OUT_DIR/compile_commands.json (each unit compiled as
BUILD_DIR's compile_commands.json compiles the folder's first source), and
prints one unit a line. A SOURCE outside tool/lib/<folder>/ is its own unit,
printed as it is. Names private to a source are unique in its folder (the
layering check holds that), so a folder compiles as one unit.
"""
import json
import os
import sys


def main(argv):
    if len(argv) < 3:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    build, out, sources = argv[0], argv[1], argv[2:]
    try:
        with open(os.path.join(build, "compile_commands.json"), encoding="utf-8") as f:
            commands = {os.path.realpath(os.path.join(e["directory"], e["file"])): e
                        for e in json.load(f)}
    except (OSError, ValueError, KeyError) as e:
        print("tidy_units: cannot read %s/compile_commands.json: %s" % (build, e),
              file=sys.stderr)
        return 2
    groups, alone = {}, []
    for s in sources:
        parts = os.path.normpath(s).split(os.sep)
        if len(parts) == 4 and parts[:2] == ["tool", "lib"]:
            groups.setdefault(parts[2], []).append(os.path.realpath(s))
        else:
            alone.append(s)
    os.makedirs(out, exist_ok=True)
    entries = []
    for folder, files in sorted(groups.items()):
        first = commands.get(files[0])
        if first is None:
            print("tidy_units: %s is not in %s/compile_commands.json" % (files[0], build),
                  file=sys.stderr)
            return 2
        unit = os.path.join(os.path.realpath(out), folder + ".cpp")
        with open(unit, "w", encoding="utf-8") as f:
            f.writelines('#include "%s"\n' % p for p in sorted(files))
        command = first["command"].replace(first["file"], unit)
        entries.append({"directory": first["directory"], "command": command, "file": unit})
        print(unit)
    with open(os.path.join(out, "compile_commands.json"), "w", encoding="utf-8") as f:
        json.dump(entries + [commands[os.path.realpath(s)] for s in alone
                             if os.path.realpath(s) in commands], f, indent=1)
    for s in alone:
        print(s)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
