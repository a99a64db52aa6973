#!/usr/bin/env python3
"""No unit is lost on a long run: over a generated tree of 800 small CUDA
units that include runs of system and SDK headers in shared orders (so that
the run builds and loads long chains of precompiled headers), with every
sharing lever on at -j2, every unit parses with semantics: none crashes
Clang, none falls back to the token rewriter, and what the long run writes
for a part of the tree is byte for byte what a run of that part alone with
the levers off writes.

  no_unit_lost.py MUSIFY GEN_VARIED WORK_DIR
"""
import filecmp
import json
import os
import shutil
import sys

from tree import files_under, run

UNITS = 800
PROGRAMS = 100
PART = ["prog000", "prog001", "prog002"]  # 24 units


def migrate(musify, tree, out, report, flags):
    shutil.rmtree(out, ignore_errors=True)
    r = run([musify, "--target=hip", "--quiet", "--allow-fallback"] + flags +
            ["--out-root", out, "--report", report, tree])
    with open(report, encoding="utf-8") as f:
        return json.load(f), r.stderr


def lost_units(report, stderr):
    """Files that lost semantics or crashed Clang, with why."""
    lost = []
    for f in report["files"]:
        if f.get("clang_crashes"):
            lost.append(f"{f['path']}: Clang crashed: {f['clang_crashes'][0]}")
        elif f["path"].endswith(".cu") and f.get("analysis") != "semantic":
            lost.append(f"{f['path']}: {f.get('fallback_reason')}: "
                        f"{f.get('parse_errors')}")
    if "Clang crashed" in stderr:
        lost.append("stderr: " + stderr[stderr.index("Clang crashed"):][:300])
    return lost


def same_part(long_out, part_out):
    """The part's files as the long run wrote them, against the part alone."""
    for prog in PART:
        names = files_under(os.path.join(part_out, prog))
        if files_under(os.path.join(long_out, prog)) != names:
            sys.exit(f"FAIL: {prog}: the long run and the part alone wrote different files")
        _, mismatch, errors = filecmp.cmpfiles(os.path.join(long_out, prog),
                                               os.path.join(part_out, prog), names,
                                               shallow=False)
        if mismatch or errors:
            sys.exit(f"FAIL: {prog}: files differ: {mismatch + errors}")


def main():
    musify, gen_varied, work = sys.argv[1:4]
    shutil.rmtree(work, ignore_errors=True)
    tree = os.path.join(work, "tree")
    run([sys.executable, gen_varied, tree, "--units", str(UNITS), "--programs",
         str(PROGRAMS), "--sdk-every", "0", "--extras", "0", "--light"])
    report, stderr = migrate(musify, tree, os.path.join(work, "out"),
                             os.path.join(work, "report.json"), ["-j2"])
    units = [f for f in report["files"] if f["path"].endswith(".cu")]
    assert len(units) == UNITS, f"{len(units)} units in the report, not {UNITS}"
    lost = lost_units(report, stderr)
    if lost:
        sys.exit(f"FAIL: {len(lost)} unit(s) lost on the long run:\n" + "\n".join(lost[:10]))
    part = os.path.join(work, "part")
    for prog in PART:
        shutil.copytree(os.path.join(tree, prog), os.path.join(part, prog))
    migrate(musify, part, os.path.join(work, "part-out"),
            os.path.join(work, "part-report.json"),
            ["-j1", "--no-shared-headers", "--no-shared-sdk-headers"])
    same_part(os.path.join(work, "out"), os.path.join(work, "part-out"))
    print(f"ok: {UNITS} units, none lost; {len(PART)} programs the same with the levers off")


if __name__ == "__main__":
    main()
