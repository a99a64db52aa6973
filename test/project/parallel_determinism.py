#!/usr/bin/env python3
"""Neither -j N nor the shared headers change musify's output: a generated
tree of a few hundred files, migrated with -j 1, -j 4 and -j 4
--no-shared-headers (to both targets), gives byte-identical trees and reports.

  parallel_determinism.py MUSIFY GEN_CORPUS WORK_DIR
"""
import filecmp
import os
import shutil
import sys

from tree import files_under, run


def main():
    musify, gen_corpus, work = sys.argv[1:4]
    shutil.rmtree(work, ignore_errors=True)
    corpus = os.path.join(work, "corpus")
    run([sys.executable, gen_corpus, corpus, "--units", "30", "--headers-per-unit", "5",
         "--orphan-headers", "4", "--other-files", "60"])
    inputs = files_under(corpus)
    print(f"corpus: {len(inputs)} files")
    assert len(inputs) >= 200, "the corpus should hold a few hundred files"

    # Every lever of speed gives the same output: -j, and the headers units
    # share (--no-shared-headers parses them again for each unit).
    runs = {"-j1": ["-j1"], "-j4": ["-j4"], "-j4 --no-shared-headers":
            ["-j4", "--no-shared-headers"]}
    for target in ("musa", "hip"):
        results = {}
        out = os.path.join(work, "out")  # the same path for every run: the report names it
        for label, flags in runs.items():
            shutil.rmtree(out, ignore_errors=True)
            report = os.path.join(work, "report.json")
            run([musify, f"--target={target}"] + flags + ["--out-root", out,
                                                         "--report", report, corpus])
            kept = os.path.join(work, f"{target}{label.replace(' ', '')}")
            shutil.move(out, kept)
            with open(report, "rb") as f:
                results[label] = (kept, f.read())
        tree1, report1 = results["-j1"]
        names1 = files_under(tree1)
        for label, (tree, report) in results.items():
            if files_under(tree) != names1:
                sys.exit(f"FAIL: {target}: -j1 and {label} wrote different files")
            match, mismatch, errors = filecmp.cmpfiles(tree1, tree, names1, shallow=False)
            if mismatch or errors:
                sys.exit(f"FAIL: {target}: files differ between -j1 and {label}: "
                         f"{mismatch + errors}")
            if report != report1:
                sys.exit(f"FAIL: {target}: the reports of -j1 and {label} differ")
        print(f"{target}: {len(names1)} files and the report identical for "
              f"{', '.join(runs)}")
    print("PASS")


if __name__ == "__main__":
    main()
