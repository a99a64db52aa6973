#!/usr/bin/env python3
"""An --in-place run killed part way through leaves every file either the
untouched original or the complete migrated version, and every backup
(FILE.orig) either absent or the complete original.

The run is killed (SIGKILL: no chance to clean up) once it has started
writing: right away, then a little later in each trial, so the kills land at
different points of the writing. A trial where the run finished before the
kill landed proves nothing; at least one must land part way.

  kill_in_place.py MUSIFY GEN_CORPUS WORK_DIR
"""
import os
import shutil
import signal
import subprocess
import sys
import time

from tree import files_under

# Seconds between the first file written and the kill, one per trial.
DELAYS = [0, 0.001, 0.002, 0.004, 0.008, 0.016, 0.032, 0]


def read(path):
    with open(path, "rb") as f:
        return f.read()


def main():
    musify, gen_corpus, work = sys.argv[1:4]
    shutil.rmtree(work, ignore_errors=True)
    pristine = os.path.join(work, "pristine")
    subprocess.run([sys.executable, gen_corpus, pristine, "--units", "4",
                    "--headers-per-unit", "60", "--orphan-headers", "0",
                    "--other-files", "0"], check=True)
    expected_root = os.path.join(work, "expected")
    subprocess.run([musify, "--quiet", "--out-root", expected_root, pristine], check=True)
    names = files_under(pristine)
    original = {n: read(os.path.join(pristine, n)) for n in names}
    expected = {n: read(os.path.join(expected_root, n)) for n in names}
    changing = [n for n in names if original[n] != expected[n]]
    print(f"{len(names)} files, {len(changing)} of them change")
    # Files are written in path order, each backup first: the first backup
    # appearing means the run is writing.
    first_backup = changing[0] + ".orig"

    landed = 0
    for trial, delay in enumerate(DELAYS):
        tree = os.path.join(work, f"trial{trial}")
        shutil.copytree(pristine, tree)
        proc = subprocess.Popen([musify, "--quiet", "--in-place", "--backup", "-j2", tree],
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        watched = os.path.join(tree, first_backup)
        while proc.poll() is None and not os.path.exists(watched):
            time.sleep(0.0005)
        time.sleep(delay)
        if proc.poll() is None:
            os.kill(proc.pid, signal.SIGKILL)
        proc.wait()

        migrated = untouched = 0
        for n in names:
            now = read(os.path.join(tree, n))
            if now == expected[n] and now != original[n]:
                migrated += 1
            elif now == original[n]:
                untouched += 1
            else:
                sys.exit(f"FAIL: trial {trial}: {n} is neither the original nor the "
                         f"migrated version")
            backup = os.path.join(tree, n + ".orig")
            if os.path.exists(backup) and read(backup) != original[n]:
                sys.exit(f"FAIL: trial {trial}: {n}.orig is not the complete original")
        part_way = proc.returncode == -signal.SIGKILL and 0 < migrated < len(changing)
        print(f"trial {trial}: {'killed part way' if part_way else 'not part way'}: "
              f"{migrated} migrated, {untouched} untouched")
        landed += part_way
        shutil.rmtree(tree)
    if landed == 0:
        sys.exit(f"FAIL: in {len(DELAYS)} trials no kill landed while files were written")
    print(f"PASS: {landed} run(s) killed part way; every file whole")


if __name__ == "__main__":
    main()
