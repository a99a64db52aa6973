#!/usr/bin/env python3
"""Runs the command blocks of README.md and docs/*.md, so that a command the
docs show and musify no longer takes fails the test run.

A command block is a fenced block of sh, bash or console. One that cannot run
here (it needs a GPU, another vendor's toolchain, a batch system, a corpus,
or builds something for minutes that another test builds) says so on the
line before its fence:

    <!-- docs-test: not run: WHY -->

and is listed, not run. Every other block is run here, each command line on
its own (a block of examples is no script), in a fresh folder that holds the
files its examples name (FIXTURE: vector_add.cu, src/, a compile database in
build/, ...), with musify first on PATH; a line that reads what an earlier
example of the same block writes (`musify merge` the shards' exports) gets
them made first (BEFORE). A command that exits non-zero fails the test.

usage: run_doc_commands.py SOURCE_DIR MUSIFY WORK_DIR"""

import glob
import json
import os
import re
import shutil
import subprocess
import sys
import time

FENCE = re.compile(r"^```(sh|bash|console)\s*$")
NOT_RUN = re.compile(r"^<!-- docs-test: not run: (.+) -->$")

# Files the examples name, as a user's project would have them.
FIXTURE = {
    "vector_add.cu": "examples/vector_add/vector_add.cu",
    "extra.cu": "examples/vector_add/vector_add.cu",
    "file.cu": "examples/vector_add/vector_add.cu",
    "src/vector_add.cu": "examples/vector_add/vector_add.cu",
    "csrc/vector_add.cu": "examples/vector_add/vector_add.cu",
    "third_party/lib.cu": "examples/vector_add/vector_add.cu",
}
FOLDERS = ["include"]
# What a line needs made before it: the exports `musify merge` reads.
BEFORE = [(re.compile(r"^musify merge --exports x/"),
           ["musify --shard=%d/8 --export x/ -p build/" % k for k in range(1, 9)])]


def blocks(source_dir):
    """[(file, line of the fence, why not run or None, [command lines])]."""
    found = []
    paths = [os.path.join(source_dir, "README.md")]
    paths += sorted(glob.glob(os.path.join(source_dir, "docs", "*.md")))
    for path in paths:
        with open(path, encoding="utf-8") as f:
            lines = f.read().split("\n")
        i = 0
        while i < len(lines):
            if not FENCE.match(lines[i]):
                i += 1
                continue
            mark = NOT_RUN.match(lines[i - 1]) if i else None
            end = lines.index("```", i + 1)
            found.append((os.path.relpath(path, source_dir), i + 1,
                          mark.group(1) if mark else None, commands(lines[i + 1:end])))
            i = end + 1
    return found


def commands(lines):
    """The command lines of a block: continued lines joined, comments and
    blank lines left out."""
    out, current = [], ""
    for line in lines:
        current += line
        if current.endswith("\\"):
            current = current[:-1] + " "
            continue
        if current.strip() and not current.lstrip().startswith("#"):
            out.append(current.strip())
        current = ""
    return out


def fixture(source_dir, folder):
    """A fresh folder with the files the examples name and a compile database."""
    shutil.rmtree(folder, ignore_errors=True)
    for name, original in FIXTURE.items():
        os.makedirs(os.path.dirname(os.path.join(folder, name)), exist_ok=True)
        shutil.copy(os.path.join(source_dir, original), os.path.join(folder, name))
    for name in FOLDERS:
        os.makedirs(os.path.join(folder, name), exist_ok=True)
    os.makedirs(os.path.join(folder, "build"))
    # As CMake writes an entry for nvcc.
    database = [{"directory": folder, "file": "src/vector_add.cu",
                 "arguments": ["nvcc", "-arch=sm_80", "-c", "src/vector_add.cu",
                               "-o", "vector_add.o"]}]
    with open(os.path.join(folder, "build", "compile_commands.json"), "w") as f:
        json.dump(database, f)


def run_line(line, folder, env):
    """Runs one command line (and what it needs first) in folder; the
    failure's text, or None."""
    needed = [first for pattern, firsts in BEFORE if pattern.match(line) for first in firsts]
    for command in needed + [line]:
        done = subprocess.run(["bash", "-c", "set -o pipefail; " + command], cwd=folder,
                              env=env, capture_output=True, text=True, timeout=120)
        if done.returncode:
            return "'%s' exited %d:\n%s" % (command, done.returncode, done.stderr[-2000:])
    return None


def main(source_dir, musify, work):
    env = dict(os.environ, PATH=os.path.dirname(os.path.abspath(musify)) + os.pathsep +
               os.environ.get("PATH", ""), XDG_CACHE_HOME=os.path.join(work, "cache"))
    failed, ran, started = [], 0, time.time()
    for path, line, why, lines in blocks(source_dir):
        if why:
            print("not run: %s:%d: %s" % (path, line, why))
            continue
        for command in lines:
            folder = os.path.join(work, "run")
            fixture(source_dir, folder)
            problem = run_line(command, folder, env)
            ran += 1
            if problem:
                failed.append("%s:%d: %s" % (path, line, problem))
    print("%d command(s) of the docs run in %.0fs, %d failed"
          % (ran, time.time() - started, len(failed)))
    for problem in failed:
        print("FAILED " + problem)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:]))
