#!/usr/bin/env python3
"""A migration split into N shards (--shard=K/N --export DIR) and merged
(musify merge) writes the same tree and report as one run, for several N; a
missing, damaged or mismatched shard is an error that writes nothing.

  shard_merge.py MUSIFY GEN_CORPUS WORK_DIR
"""
import filecmp
import os
import shutil
import sys

from tree import files_under, run


def same_tree(a, b, what):
    names = files_under(a)
    if names != files_under(b):
        sys.exit(f"FAIL: {what}: the merge wrote other files than one run")
    _, mismatch, errors = filecmp.cmpfiles(a, b, names, shallow=False)
    if mismatch or errors:
        sys.exit(f"FAIL: {what}: files differ from one run: {mismatch + errors}")
    return len(names)


class Case:
    def __init__(self, musify, work, options):
        self.musify, self.work, self.options = musify, work, options
        self.out = os.path.join(work, "out")  # one path for every run: the report names it
        self.report = os.path.join(work, "report.json")

    def single(self):
        shutil.rmtree(self.out, ignore_errors=True)
        run([self.musify] + self.options + ["--out-root", self.out, "--report", self.report,
                                            "corpus"], cwd=self.work)
        return self.keep("single")

    def keep(self, name):
        kept = os.path.join(self.work, name)
        shutil.rmtree(kept, ignore_errors=True)
        shutil.move(self.out, kept)
        with open(self.report, "rb") as f:
            return kept, f.read()

    def shards(self, count, folders):
        """Runs the count shards, shard K exporting to folders[(K-1) % len]."""
        for k in range(1, count + 1):
            folder = folders[(k - 1) % len(folders)]
            run([self.musify, f"--shard={k}/{count}", "--export", folder, "-j1"] +
                self.options + ["corpus"], cwd=self.work)

    def merge(self, folders, expect=0):
        shutil.rmtree(self.out, ignore_errors=True)
        html = os.path.join(self.work, "report.html")
        if os.path.exists(html):
            os.remove(html)
        r = run([self.musify, "merge"] + folders + ["--out-root", self.out, "--report",
                                                   self.report, "--html", html],
                expect, cwd=self.work)
        if expect == 0 and not os.path.getsize(html):
            sys.exit("FAIL: the merge wrote no HTML report")
        return r


def check_merges(case, label, splits):
    single_tree, single_report = case.single()
    for count, folder_count in splits:
        folders = [os.path.join(case.work, f"{label}-{count}-{i}") for i in range(folder_count)]
        for f in folders:
            shutil.rmtree(f, ignore_errors=True)
        case.shards(count, folders)
        case.merge(folders)
        tree, report = case.keep(f"{label}-merged-{count}")
        files = same_tree(single_tree, tree, f"{label}, {count} shards")
        if report != single_report:
            sys.exit(f"FAIL: {label}, {count} shards: the report differs from one run's")
        print(f"{label}: {count} shard(s) in {folder_count} folder(s) merged: "
              f"{files} files and the report identical to one run")
    return folders


def expect_error(case, folders, needle, what):
    r = case.merge(folders, expect=2)
    if needle not in r.stderr:
        sys.exit(f"FAIL: {what}: the message does not say '{needle}':\n{r.stderr}")
    if os.path.exists(case.out):
        sys.exit(f"FAIL: {what}: the merge wrote {case.out}")
    print(f"{what}: exit 2, nothing written: {r.stderr.strip().splitlines()[-1]}")


def check_errors(case, folder):
    """Faults in a copy of a good export folder of three shards."""
    bad = folder + "-bad"

    def fresh():
        shutil.rmtree(bad, ignore_errors=True)
        shutil.copytree(folder, bad)

    fresh()
    os.remove(os.path.join(bad, "shard-2-of-3.json"))
    expect_error(case, [bad], "shard 2 of 3 is missing", "a missing shard")
    fresh()
    entries = sorted(p for p in files_under(bad) if not p.startswith("shard-"))
    with open(os.path.join(bad, entries[0]), "r+b") as f:
        f.truncate(f.seek(0, 2) // 2)
    expect_error(case, [bad], "is missing or damaged", "a truncated entry")
    fresh()
    with open(os.path.join(bad, "shard-1-of-3.json"), "w") as f:
        f.write("{\"shard\": 1, ")
    expect_error(case, [bad], "shard-1-of-3.json is damaged", "a damaged manifest")
    fresh()
    shutil.copy(os.path.join(case.work, "musa-2-0", "shard-1-of-2.json"), bad)
    expect_error(case, [bad], "not of the same migration", "shards of two splits")
    fresh()
    expect_error(case, [bad, bad], "is there twice", "one folder named twice")
    unit = os.path.join(case.work, "corpus", sorted(
        p for p in files_under(os.path.join(case.work, "corpus")) if p.endswith(".cu"))[0])
    with open(unit, "rb") as f:
        original = f.read()
    with open(unit, "ab") as f:
        f.write(b"\n// edited after the shards ran\n")
    try:
        expect_error(case, [bad], "changed since the shards ran", "an input edited since")
    finally:
        with open(unit, "wb") as f:
            f.write(original)
    r = run([case.musify, "merge", bad, "--target=hip", "--out-root", case.out], 2)
    print("a migration option given to merge: exit 2: " + r.stderr.strip())
    r = run([case.musify, "--shard=1/2", "--export", bad, "--out-root", case.out, "x.cu"], 2)
    print("a shard asked to write: exit 2: " + r.stderr.strip())
    r = run([case.musify, "--shard=3/2", "--export", bad, "x.cu"], 2)
    print("--shard=3/2: exit 2: " + r.stderr.strip())
    shutil.rmtree(bad)


def main():
    musify, gen_corpus, work = sys.argv[1:4]
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    run([sys.executable, gen_corpus, os.path.join(work, "corpus"), "--units", "6",
         "--headers-per-unit", "2", "--orphan-headers", "2", "--other-files", "6"])
    musa = Case(musify, work, ["--target=musa", "--rename-extensions"])
    folders = check_merges(musa, "musa", [(1, 1), (2, 2), (3, 1)])
    check_merges(Case(musify, work, ["--target=hip"]), "hip", [(2, 1)])
    check_errors(musa, folders[0])
    print("PASS")


if __name__ == "__main__":
    main()
