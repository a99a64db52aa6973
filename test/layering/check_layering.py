#!/usr/bin/env python3
"""The engine's stage folders (tool/lib/<stage>/) include each other one way
only, in pipeline order: a folder may include its own headers, those of folders
before it, and the top-level Options.h (the run's options, which include no
stage). A backward include, or a folder missing from the order, fails.

Run from the repository root: python3 test/layering/check_layering.py
"""
import os
import re
import sys

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
LIB = os.path.join(ROOT, "tool", "lib")

# docs/design.md, "The pipeline": shared vocabulary first, the report last.
ORDER = ["core", "rules", "inputs", "frontend", "find", "rewrite", "edit", "decide",
         "rename", "buildfiles", "python", "output", "cache", "report"]
INCLUDE = re.compile(r'^\s*#\s*include\s+"([A-Za-z_]+)/', re.M)


def main():
    rank = {name: i for i, name in enumerate(ORDER)}
    problems = []
    folders = sorted(d for d in os.listdir(LIB) if os.path.isdir(os.path.join(LIB, d)))
    for folder in folders:
        if folder not in rank:
            problems.append("tool/lib/%s/ is not in the pipeline order of %s"
                            % (folder, os.path.relpath(__file__, ROOT)))
            continue
        for dirpath, _, names in os.walk(os.path.join(LIB, folder)):
            for name in sorted(names):
                if not name.endswith((".h", ".cpp")):
                    continue
                path = os.path.join(dirpath, name)
                with open(path, encoding="utf-8") as f:
                    for used in INCLUDE.findall(f.read()):
                        if used in ("llvm", "clang", "nlohmann", "gtest"):
                            continue
                        if used not in rank or rank[used] > rank[folder]:
                            problems.append("%s includes %s/, which comes after %s/"
                                            % (os.path.relpath(path, ROOT), used, folder))
    for p in problems:
        print("  " + p)
    print("layering: %s" % ("OK" if not problems else "%d problem(s)" % len(problems)))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
