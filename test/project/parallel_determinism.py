#!/usr/bin/env python3
"""No lever of speed changes musify's output: -j, the shared headers
(--no-shared-headers) and the SDK headers units include
(--no-shared-sdk-headers), skipping the bodies of SDK and system functions
(--parse-all-bodies) and the --incremental cache give byte-identical trees and
reports.

  parallel_determinism.py MUSIFY GEN_CORPUS WORK_DIR [--threads-only]
      a generated tree of a few hundred files, a third of its units
      including <cooperative_groups.h>, both targets: -j1, -j4, -j4
      --no-shared-headers, -j4 --no-shared-sdk-headers; --threads-only
      leaves out -j1 (the TSan run: one thread has no races, and the normal
      build compares -j1 with the others)
  parallel_determinism.py MUSIFY --tree DIR [--sample N] WORK_DIR [-- CLANG_ARGS]
      a real tree (the cuda-samples corpus), HIP: -j2 against -j1 with
      --no-shared-sdk-headers, --no-shared-headers, and a cold and a warm
      --incremental run with --parse-all-bodies. Levers share a run where a
      difference would still show (each run parses the whole tree, minutes
      on two cores): a lever that changed the output fails the run it is in.
      --sample N migrates a copy of the tree that keeps every Nth program
      folder (a folder with a .cu file, in sorted order) and every other
      file; MUSIFY_TEST_FULL=1 (scripts/test.sh --full) migrates it whole.
"""
import filecmp
import os
import shutil
import sys

from tree import files_under, run


def generated_tree(gen_corpus, work):
    corpus = os.path.join(work, "corpus")
    run([sys.executable, gen_corpus, corpus, "--units", "30", "--headers-per-unit", "5",
         "--orphan-headers", "4", "--other-files", "60", "--groups-every", "3"])
    inputs = files_under(corpus)
    print(f"corpus: {len(inputs)} files")
    assert len(inputs) >= 200, "the corpus should hold a few hundred files"
    return corpus


def sampled_tree(tree, every, work, clang_args):
    """(a copy of tree with every `every`th program folder, the clang
    arguments with their -I folders inside tree moved into the copy)."""
    programs = sorted({os.path.relpath(folder, tree) for folder, _, names in os.walk(tree)
                       if any(n.endswith(".cu") for n in names)})
    left_out = {p for i, p in enumerate(programs) if i % every}
    copy = os.path.join(work, "tree")
    shutil.copytree(tree, copy, ignore=lambda folder, names: [
        n for n in names if os.path.relpath(os.path.join(folder, n), tree) in left_out])
    print(f"sampled: {len(programs) - len(left_out)} of {len(programs)} program folders "
          f"(one in every {every}; scripts/test.sh --full migrates all)")

    def moved(arg):
        inside = os.path.relpath(os.path.realpath(arg[2:]), os.path.realpath(tree))
        if not arg.startswith("-I") or inside.startswith(".."):
            return arg
        return "-I" + os.path.join(copy, inside)
    return copy, [moved(a) for a in clang_args]


def same_output(musify, tree, work, target, runs, clang_args):
    """Migrates tree once per run (label: flags); fails unless every run
    writes the first one's files and report, byte for byte."""
    results = {}
    out = os.path.join(work, "out")  # the same path for every run: the report names it
    for label, flags in runs.items():
        shutil.rmtree(out, ignore_errors=True)
        report = os.path.join(work, "report.json")
        run([musify, f"--target={target}", "--quiet"] + flags +
            ["--out-root", out, "--report", report, tree] +
            (["--"] + clang_args if clang_args else []))
        kept = os.path.join(work, f"{target}{label.replace(' ', '')}")
        shutil.rmtree(kept, ignore_errors=True)
        shutil.move(out, kept)
        with open(report, "rb") as f:
            results[label] = (kept, f.read())
    first = next(iter(runs))
    tree1, report1 = results[first]
    names1 = files_under(tree1)
    for label, (kept, report) in results.items():
        if files_under(kept) != names1:
            sys.exit(f"FAIL: {target}: {first} and {label} wrote different files")
        match, mismatch, errors = filecmp.cmpfiles(tree1, kept, names1, shallow=False)
        if mismatch or errors:
            sys.exit(f"FAIL: {target}: files differ between {first} and {label}: "
                     f"{mismatch + errors}")
        if report != report1:
            sys.exit(f"FAIL: {target}: the reports of {first} and {label} differ")
    print(f"{target}: {len(names1)} files and the report identical for {', '.join(runs)}")


def main():
    args = sys.argv[1:]
    clang_args = args[args.index("--") + 1:] if "--" in args else []
    args = args[:args.index("--")] if "--" in args else args
    musify = args[0]
    threads_only = "--threads-only" in args
    args = [a for a in args if a != "--threads-only"]
    every = 1
    if len(args) > 4 and args[3] == "--sample":
        every = 1 if os.environ.get("MUSIFY_TEST_FULL") == "1" else int(args[4])
        del args[3:5]
    if args[1] == "--tree":
        tree, work = args[2], args[3]
        targets = ["hip"]
        cache = os.path.join(work, "cache")
        incremental = ["-j2", "--parse-all-bodies", "--incremental", "--cache-dir", cache]
        runs = {"-j2": ["-j2"],
                "-j1 --no-shared-sdk-headers": ["-j1", "--no-shared-sdk-headers"],
                "--no-shared-headers": ["-j2", "--no-shared-headers"],
                "--parse-all-bodies --incremental (cold)": incremental,
                "--parse-all-bodies --incremental (warm)": incremental}
    else:
        tree, work = None, args[2]
        targets = ["musa", "hip"]
        runs = {"-j1": ["-j1"], "-j4": ["-j4"],
                "-j4 --no-shared-headers": ["-j4", "--no-shared-headers"],
                "-j4 --no-shared-sdk-headers": ["-j4", "--no-shared-sdk-headers"]}
        if threads_only:
            del runs["-j1"]
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    if tree and every > 1:
        tree, clang_args = sampled_tree(tree, every, work, clang_args)
    tree = tree or generated_tree(args[1], work)
    for target in targets:
        same_output(musify, tree, work, target, runs, clang_args)
    print("PASS")


if __name__ == "__main__":
    main()
