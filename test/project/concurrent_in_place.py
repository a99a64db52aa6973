#!/usr/bin/env python3
"""Two --in-place --backup runs started on one tree, with one --incremental
cache, at nearly the same time never leave a file half-written or a backup
holding migrated text: one of them refuses with the lock message (exit 2,
nothing written), or they ran one after the other. The same holds for a run
over a folder inside the tree beside one over the whole tree.

Each trial starts the second run a little later than the one before, so the
second meets the first while it parses, while it writes, and after it. At
least one trial must find the two runs overlapping and refused.

  concurrent_in_place.py MUSIFY GEN_CORPUS WORK_DIR
"""
import os
import shutil
import subprocess
import sys
import time

from tree import files_under

# Seconds between the first run's start and the second's, one per trial (None:
# once the first has finished); the second run is over the whole tree, or
# over its first folder ("sub").
TRIALS = [(0, "tree"), (0.05, "tree"), (0.2, "tree"), (1, "tree"),
          (0, "sub"), (0.5, "sub"), (None, "tree")]
LOCKED = "another musify run is writing in place in "


def read(path):
    with open(path, "rb") as f:
        return f.read()


def check_tree(trial, tree, names, original, migrations):
    """Every file whole (the original or one of its migrations); every backup
    the complete original, and only one; returns how many were migrated."""
    for n in files_under(tree):
        if n in names or (n.endswith(".orig") and n[:-5] in names):
            continue
        sys.exit(f"FAIL: trial {trial}: left behind: {n}")
    migrated = 0
    for n in names:
        now = read(os.path.join(tree, n))
        if now != original[n] and any(now == m.get(n) for m in migrations):
            migrated += 1
        elif now != original[n]:
            sys.exit(f"FAIL: trial {trial}: {n} is neither the original nor the "
                     f"migrated version")
        backup = os.path.join(tree, n + ".orig")
        if os.path.exists(backup) and read(backup) != original[n]:
            sys.exit(f"FAIL: trial {trial}: {n}.orig is not the complete original")
        if os.path.exists(backup) and now == original[n]:
            sys.exit(f"FAIL: trial {trial}: {n} has a backup but was not migrated")
    return migrated


def main():
    musify, gen_corpus, work = sys.argv[1:4]
    shutil.rmtree(work, ignore_errors=True)
    pristine = os.path.join(work, "pristine")
    subprocess.run([sys.executable, gen_corpus, pristine, "--units", "4",
                    "--headers-per-unit", "40", "--orphan-headers", "0",
                    "--other-files", "0"], check=True, stdout=subprocess.DEVNULL)
    expected_root = os.path.join(work, "expected")
    subprocess.run([musify, "--quiet", "--out-root", expected_root, pristine], check=True)
    names = files_under(pristine)
    original = {n: read(os.path.join(pristine, n)) for n in names}
    expected = {n: read(os.path.join(expected_root, n)) for n in names}
    sub = sorted(d for d in os.listdir(pristine)
                 if os.path.isdir(os.path.join(pristine, d)))[-1]
    # A folder migrated on its own: its headers are parsed without the units
    # that include them, so they may come out otherwise.
    sub_root = os.path.join(work, "expected-sub")
    subprocess.run([musify, "--quiet", "--out-root", sub_root,
                    os.path.join(pristine, sub)], check=True)
    expected_sub = {os.path.join(sub, n): read(os.path.join(sub_root, n))
                    for n in files_under(sub_root)}
    cache = os.path.join(work, "cache")

    refused = 0
    for trial, (delay, second) in enumerate(TRIALS):
        tree = os.path.join(work, f"trial{trial}")
        shutil.copytree(pristine, tree)
        cmd = [musify, "--quiet", "--in-place", "--backup", "--incremental",
               "--cache-dir", cache, "-j2"]
        first = subprocess.Popen(cmd + [tree], stderr=subprocess.PIPE, text=True)
        if delay is None:
            first.wait()
        else:
            time.sleep(delay)
        target = tree if second == "tree" else os.path.join(tree, sub)
        other = subprocess.Popen(cmd + [target], stderr=subprocess.PIPE, text=True)
        results = [(p.wait(), p.stderr.read()) for p in (first, other)]
        for code, err in results:
            if code not in (0, 2) or (code == 2 and LOCKED not in err):
                sys.exit(f"FAIL: trial {trial}: a run exited {code}:\n{err}")
        if all(code == 2 for code, _ in results):
            sys.exit(f"FAIL: trial {trial}: both runs refused")
        # Started at once, either may be the one refused.
        refused += any(code == 2 for code, _ in results)
        if delay is None and results[1][0] == 2:
            sys.exit(f"FAIL: trial {trial}: refused after the first run ended")
        migrated = check_tree(trial, tree, names, original, [expected, expected_sub])
        changing = sum(original[n] != expected[n] for n in names)
        whole_ran = results[0][0] == 0 or (second == "tree" and results[1][0] == 0)
        if whole_ran and migrated != changing:
            sys.exit(f"FAIL: trial {trial}: {migrated} of {changing} files migrated")
        when = "once the first ended" if delay is None else f"after {delay} s"
        outcome = "one refused" if any(c == 2 for c, _ in results) else "both ran"
        print(f"trial {trial}: second run over {second} {when}: {outcome}; "
              f"every file whole")
        shutil.rmtree(tree)
    if refused == 0:
        sys.exit(f"FAIL: in {len(TRIALS)} trials the runs never overlapped")
    print(f"PASS: {refused} overlapping run(s) refused; every file and backup whole")


if __name__ == "__main__":
    main()
