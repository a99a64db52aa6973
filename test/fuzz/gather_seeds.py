#!/usr/bin/env python3
"""Copies the seed inputs of one fuzz target into a folder: its checked-in
corpus (test/fuzz/corpus/TARGET, which holds the regression inputs too) and
inputs the tests already have (lit inputs, examples, shipped rule tables,
the text snippets of the unit tests).

  gather_seeds.py ROOT TARGET OUT_DIR [EXTRA_FILE...]
"""
import hashlib
import pathlib
import re
import sys

MAX_SIZE = 64 * 1024  # the fuzzers' -max_len: larger seeds would be cut anyway
BUILD_FILES = ["CMakeLists.txt", "*.cmake", "Makefile", "*.mk", "setup.py"]


def files(root, folders, patterns):
    for folder in folders:
        for pattern in patterns:
            yield from sorted((root / folder).rglob(pattern))


def snippets(path):
    """The raw string literals of a unit test: the texts it feeds the engine."""
    text = path.read_text()
    for m in re.finditer(r'R"(\w*)\((.*?)\)\1"', text, re.S):
        yield m.group(2).encode()


def seeds(root, target):
    src = ["test", "examples"]
    if target == "token_rewriter":
        return files(root, src, ["*.cu", "*.cuh", "*.h"]), []
    if target in ("cmake_lexer", "make_lexer", "build_file_editor"):
        paths = list(files(root, src + ["cmake", "tool"], BUILD_FILES))
        if target == "build_file_editor":  # it migrates Python model code too
            paths += files(root, src, ["*.py"])
        paths += [root / "CMakeLists.txt"]
        return paths, list(snippets(root / "test/unit/BuildFilesTest.cpp"))
    if target in ("rule_table", "user_rules"):
        paths = list(files(root, ["rules", "test/lit/Inputs/user-rules"], ["*.json"]))
        return paths, list(snippets(root / "test/unit/RuleTableTest.cpp"))
    return [], []


def main():
    root, target, out = pathlib.Path(sys.argv[1]), sys.argv[2], pathlib.Path(sys.argv[3])
    out.mkdir(parents=True, exist_ok=True)
    paths, texts = seeds(root, target)
    paths = list(paths) + [pathlib.Path(p) for p in sys.argv[4:]]
    checked_in = root / "test/fuzz/corpus" / target
    if checked_in.is_dir():
        paths += sorted(p for p in checked_in.iterdir() if p.is_file())
    count = 0
    for p in paths:
        if p.is_file() and p.stat().st_size <= MAX_SIZE:
            texts.append(p.read_bytes())
    for data in texts:
        name = hashlib.sha1(data).hexdigest()
        (out / name).write_bytes(data)
        count += 1
    print(f"{target}: {count} seeds")


if __name__ == "__main__":
    main()
