#!/usr/bin/env python3
"""Two musify builds' -j1 runs against Clang, in turns.

Each turn runs the earlier build, the later one and Clang parsing the files
the later run parsed (bench.py's clang_baseline), so that the machine's
speed, which moves by a third within minutes on a shared machine, moves all
three alike. Prints each turn's wall seconds and the sums.

    python3 bench/turns.py BEFORE AFTER --tree TREE [--turns N] [--target T] [-- CLANG FLAGS]
"""
import argparse
import os
import shutil
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bench  # noqa: E402


def migrate(musify, tree, target, flags, out):
    """Wall seconds of a -j1 run, and the files it parsed."""
    shutil.rmtree(out, ignore_errors=True)
    seconds, _, stderr = bench.run([musify, "--verbose", f"--target={target}", "-j1",
                                    "--allow-fallback", "--out-root", out, tree]
                                   + (["--"] + flags if flags else []))
    return seconds, bench.parsed_files(stderr)


def main():
    argv, flags = bench.split_flags(sys.argv[1:])
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("before")
    p.add_argument("after")
    p.add_argument("--tree", required=True)
    p.add_argument("--turns", type=int, default=2)
    p.add_argument("--target", default="hip")
    p.add_argument("--clang", default="/usr/lib/llvm-19/bin/clang")
    p.add_argument("--cuda-path", default="/usr/local/cuda")
    a = p.parse_args(argv)
    totals = [0.0, 0.0, 0.0]
    with tempfile.TemporaryDirectory() as work:
        out = os.path.join(work, "out")
        for turn in range(1, a.turns + 1):
            before, _ = migrate(a.before, a.tree, a.target, flags, out)
            after, files = migrate(a.after, a.tree, a.target, flags, out)
            if not files:
                sys.exit(f"{a.after} parsed no file in {a.tree}")
            clang = bench.clang_baseline(a.clang, a.cuda_path, a.tree, files, flags, work)
            for i, s in enumerate((before, after, clang)):
                totals[i] += s
            print(f"turn {turn}: before {before:.1f} s ({before / clang:.2f}), "
                  f"after {after:.1f} s ({after / clang:.2f}), Clang {clang:.1f} s",
                  flush=True)
    b, f, c = totals
    print(f"all: before {b:.1f} s ({b / c:.2f}), after {f:.1f} s ({f / c:.2f}), "
          f"Clang {c:.1f} s")


if __name__ == "__main__":
    main()
