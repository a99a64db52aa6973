#!/usr/bin/env python3
"""Peak memory against tree size: musify's peak resident memory should depend
on the largest units and -j, not on how many files the tree holds.

Migrates generated trees of varied units (gen_varied.py) of 100 and 1,000
units, or each --tree given, and prints each run's wall time, peak memory and
units lost (token fallback or a Clang crash). Exits 1 if the largest tree's
peak is above --ratio (1.2) times the smallest's, or a unit was lost.

  peak_memory.py MUSIFY [--units 100 1000] [--jobs 2] [--target hip]
                 [--light] [--unit-kb K] [--header-kb K] [--calls N] [--ratio 1.2]
                 [--tree DIR ...]
                 [-- MUSIFY_FLAGS]
"""
import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile

from bench import run, split_flags

HERE = os.path.dirname(os.path.abspath(__file__))


def options():
    # argparse cannot take `--` and flags after positional arguments.
    argv, flags = split_flags(sys.argv[1:])
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("musify")
    p.add_argument("--units", type=int, nargs="+", default=[100, 1000])
    p.add_argument("--jobs", type=int, default=2)
    p.add_argument("--target", default="hip")
    p.add_argument("--light", action="store_true",
                   help="light system headers only (gen_varied.py --light)")
    p.add_argument("--unit-kb", type=int, default=0,
                   help="units padded with host code to K KiB (gen_varied.py --unit-kb)")
    p.add_argument("--header-kb", type=int, default=0,
                   help="program headers padded so (gen_varied.py --header-kb)")
    p.add_argument("--calls", type=int, default=0,
                   help="N more runtime calls in each unit (gen_varied.py --calls)")
    p.add_argument("--ratio", type=float, default=1.2)
    p.add_argument("--tree", action="append", default=[],
                   help="a tree of one's own instead of the generated ones")
    a = p.parse_args(argv)
    a.flags = flags  # after --: more musify flags
    return a


def generated(work, units, light, kb, header_kb, calls):
    tree = os.path.join(work, f"tree{units}")
    subprocess.run([sys.executable, os.path.join(HERE, "gen_varied.py"), tree, "--units",
                    str(units), "--programs", str(max(1, units // 8))] +
                   (["--light"] if light else []) +
                   ["--unit-kb", str(kb), "--header-kb", str(header_kb), "--calls", str(calls)],
                   check=True)
    return tree


def lost(report):
    """Units that lost semantics or crashed Clang."""
    with open(report, encoding="utf-8") as f:
        files = json.load(f)["files"]
    return sum(1 for f in files if f.get("clang_crashes") or
               (f["path"].endswith(".cu") and f.get("analysis") != "semantic"))


def measure(a, tree, work):
    out, report = os.path.join(work, "out"), os.path.join(work, "report.json")
    shutil.rmtree(out, ignore_errors=True)
    seconds, peak, _ = run([a.musify, f"--target={a.target}", f"-j{a.jobs}", "--quiet",
                            "--allow-fallback", "--out-root", out, "--report", report,
                            tree] + a.flags)
    return seconds, peak, lost(report)


def main():
    a = options()
    with tempfile.TemporaryDirectory(prefix="musify-peak-") as work:
        trees = a.tree or [generated(work, n, a.light, a.unit_kb, a.header_kb, a.calls)
                           for n in a.units]
        rows = []
        print(f"{'tree':40} {'seconds':>8} {'peak MiB':>9} {'lost':>5}")
        for tree in trees:
            seconds, peak, units_lost = measure(a, tree, work)
            rows.append((peak, units_lost))
            name = os.path.basename(tree.rstrip("/"))
            print(f"{name:40} {seconds:8.1f} {peak:9.0f} {units_lost:5}", flush=True)
    failed = []
    if len(rows) > 1 and rows[-1][0] > a.ratio * rows[0][0]:
        failed.append(f"peak {rows[-1][0]:.0f} MiB > {a.ratio} x {rows[0][0]:.0f} MiB")
    if any(r[1] for r in rows):
        failed.append("units lost")
    for f in failed:
        print(f"goal missed: {f}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
