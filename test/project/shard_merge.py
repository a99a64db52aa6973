#!/usr/bin/env python3
"""A migration split into N shards (--shard=K/N --export DIR) and merged
(musify merge --exports DIR... with the migration's own command line) writes
the same tree and report as one run, for several N; a missing, damaged,
forged or mismatched shard is an error that writes nothing. Shards that
differ only in -j, --quiet or how an input is spelled are one migration.

  shard_merge.py MUSIFY GEN_CORPUS WORK_DIR
"""
import filecmp
import json
import os
import shutil
import signal
import subprocess
import sys
import time

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
        """Runs the count shards, shard K exporting to folders[(K-1) % len].
        Each has its own -j, --quiet or not, and spells the input its own way,
        as the nodes of a batch system would."""
        for k in range(1, count + 1):
            folder = folders[(k - 1) % len(folders)]
            own = [f"-j{k}"] + (["--quiet"] if k % 2 else [])
            spelled = "corpus" if k % 2 else "./corpus/"
            run([self.musify, f"--shard={k}/{count}", "--export", folder] + own +
                self.options + [spelled], cwd=self.work)

    def merge(self, folders, expect=0, options=None):
        shutil.rmtree(self.out, ignore_errors=True)
        html = os.path.join(self.work, "report.html")
        if os.path.exists(html):
            os.remove(html)
        exports = [a for f in folders for a in ("--exports", f)]
        r = run([self.musify, "merge"] + exports +
                (self.options if options is None else options) +
                ["corpus", "--out-root", self.out, "--report", self.report, "--html", html],
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


def forge_manifest(case, bad):
    """A manifest is data, not a command: one that names another folder and
    other arguments (an --in-place run of a folder nobody named) changes
    neither what the merge reads nor where it writes."""
    victim = os.path.join(case.work, "victim")
    shutil.rmtree(victim, ignore_errors=True)
    shutil.copytree(os.path.join(case.work, "corpus"), victim)
    for name in os.listdir(bad):
        if name.startswith("shard-"):
            path = os.path.join(bad, name)
            with open(path) as f:
                manifest = json.load(f)
            manifest["directory"] = victim
            manifest["arguments"] = ["--in-place", victim]
            with open(path, "w") as f:
                json.dump(manifest, f)
    case.merge([bad])
    same_tree(os.path.join(case.work, "corpus"), victim, "a forged manifest's folder")
    print("a forged manifest (another folder, --in-place): it wrote only --out-root")


def expect_error(case, folders, needle, what, options=None):
    r = case.merge(folders, expect=2, options=options)
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
    fresh()
    manifest = os.path.join(bad, "shard-1-of-3.json")
    os.remove(manifest)
    os.symlink("/dev/zero", manifest)
    expect_error(case, [bad], "the shard manifest is not a regular file",
                 "a manifest that is a device")
    fresh()
    os.remove(manifest)
    os.mkfifo(manifest)
    expect_error(case, [bad], "the shard manifest is not a regular file",
                 "a manifest that is a FIFO")
    fresh()
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
    fresh()
    forge_manifest(case, bad)
    fresh()
    expect_error(case, [bad], "--rename-extensions differs: none in this merge, 'on' in",
                 "a merge naming other options than its shards", options=["--target=musa"])
    r = run([case.musify, "merge", bad, "--out-root", case.out, "corpus"], 2, cwd=case.work)
    if "holds shard manifests: name it with --exports" not in r.stderr:
        sys.exit("FAIL: an export folder given as an input: " + r.stderr)
    print("an export folder given as an input: exit 2: " + r.stderr.strip())
    r = run([case.musify, "--shard=1/2", "--export", bad, "--out-root", case.out, "x.cu"], 2)
    print("a shard asked to write: exit 2: " + r.stderr.strip())
    r = run([case.musify, "--shard=3/2", "--export", bad, "x.cu"], 2)
    print("--shard=3/2: exit 2: " + r.stderr.strip())
    shutil.rmtree(bad)


def snapshot(root):
    out = {}
    for name in files_under(root):
        with open(os.path.join(root, name), "rb") as f:
            out[name] = f.read()
    return out


def check_resume(musify, work):
    """An interrupted `merge --in-place` (killed while it writes) is
    completed by running it again: the tree is then what one --in-place run
    writes, with the renamed extensions, every file whole."""
    options = ["--target=musa", "--rename-extensions"]
    pristine, tree = os.path.join(work, "corpus"), os.path.join(work, "resume-tree")
    export = os.path.join(work, "resume-export")

    def restore():
        shutil.rmtree(tree, ignore_errors=True)
        shutil.copytree(pristine, tree)

    restore()
    run([musify, "--quiet", "--in-place"] + options + [tree])
    expected = snapshot(tree)
    restore()
    shutil.rmtree(export, ignore_errors=True)
    for k in (1, 2):
        run([musify, f"--shard={k}/2", "--export", export] + options + [tree])
    merge = [musify, "merge", "--exports", export, "--quiet", "--in-place"] + options + [tree]
    journal = os.path.join(export, "merge-in-place", "journal.json")
    landed = 0
    for trial, delay in enumerate([0, 0.0005, 0.001, 0.002, 0.004, 0.008, 0.016, 0]):
        restore()
        proc = subprocess.Popen(merge, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        while proc.poll() is None and not os.path.exists(journal):
            time.sleep(0.0002)
        time.sleep(delay)
        if proc.poll() is None:
            os.kill(proc.pid, signal.SIGKILL)
        proc.wait()
        part_way = proc.returncode == -signal.SIGKILL and snapshot(tree) != snapshot(pristine)
        landed += part_way
        # A merge that finished its job before the kill (it removes its
        # journal last) has nothing to resume: its inputs are renamed now.
        if os.path.exists(journal) or snapshot(tree) != expected:
            run(merge)
        if snapshot(tree) != expected:
            sys.exit(f"FAIL: trial {trial}: the merge run again after "
                     f"{'a kill part way' if part_way else 'a kill'} did not complete the job")
        if os.path.exists(journal):
            sys.exit(f"FAIL: trial {trial}: a finished merge left its journal")
    if landed == 0:
        sys.exit("FAIL: no kill of merge --in-place landed while it wrote")
    print(f"merge --in-place killed part way {landed} time(s): run again, it completed "
          "the job; every file the one run's")
    restore()
    check_forged_journal(merge, work, tree, journal)


def check_forged_journal(merge, work, tree, journal):
    """A journal is data: an entry for a file outside the merge's inputs is
    passed over, and an original that is not the shards' is put back
    nowhere. A merge stopped by a read-only file leaves a real journal and
    its originals; the forgery swaps two files' originals and adds a file
    outside the tree."""
    units = sorted(n for n in files_under(tree) if n.endswith(".cu"))
    stopper = os.path.join(tree, units[-1])
    os.chmod(stopper, 0o444)
    run(merge, 1)
    os.chmod(stopper, 0o644)
    with open(journal) as f:
        entries = json.load(f)["files"]
    kept = [e for e in entries if os.path.exists(e["path"]) and e["path"] != stopper]
    if not kept or len(entries) < 2:
        sys.exit("FAIL: the stopped merge's journal names too few files")
    first = kept[0]
    second = next(e for e in entries if e["before"] != first["before"])
    victim = os.path.join(work, "victim.cu")
    shutil.copy(first["path"], victim)  # its digest is the journal's "after"
    forged = [{"path": victim, "before": first["before"], "after": first["after"]},
              {"path": first["path"], "before": second["before"], "after": first["after"]}]
    with open(journal, "w") as f:
        json.dump({"files": forged}, f)
    with open(victim, "rb") as f:
        victim_text = f.read()
    with open(first["path"], "rb") as f:
        written = f.read()
    r = run(merge, 2)
    if "is damaged or not the shards'" not in r.stderr:
        sys.exit("FAIL: a forged journal: " + r.stderr)
    with open(first["path"], "rb") as f:
        if f.read() != written:
            sys.exit("FAIL: a forged journal's original was put back")
    with open(victim, "rb") as f:
        if f.read() != victim_text:
            sys.exit("FAIL: a forged journal wrote outside the merge's inputs")
    print("a forged merge journal: exit 2: " + r.stderr.strip())
    shutil.rmtree(os.path.dirname(journal))
    shutil.rmtree(tree)


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
    check_resume(musify, work)
    print("PASS")


if __name__ == "__main__":
    main()
