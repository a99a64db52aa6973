#!/usr/bin/env python3
"""Translation-speed benchmark: migrates a tree with -j1, with -jN, with -jN
--no-device-side, and again with --incremental over the unchanged tree, and
prints wall time, translation units per second and peak memory of each run,
and the cost of the device-side parses, checked against the goals in
bench/README.md. Beside them it times plain Clang parsing the files the -j1
run parsed (units and headers parsed alone) one by one, each once, in the
language musify tries first (clang -fsyntax-only --cuda-host-only, the same
SDK and flags): the yardstick of the -j1 goal; and, given an earlier musify
(--before), that one's -jN run over the same tree, the yardstick of the
cold-run goal.

The tree is generated (gen_corpus.py, or gen_templates.py with --templates
kernels|instances: template-heavy model code) unless --tree names one; flags
for Clang (-I...) follow --. With --per-file, each translation unit is also
migrated on its own (a dry run) against Clang parsing it, in turns, three
times: the yardstick of the per-file goal.

  bench.py MUSIFY [--units N] [--templates STYLE] [--jobs N] [--work DIR]
           [--target musa|hip] [--tree DIR] [--before MUSIFY] [--peak-mib N]
           [--per-file] [--clang CLANG] [--cuda-path DIR] [-- CLANG_FLAGS]
"""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))

# The goals (bench/README.md): a failed goal makes the exit status 1.
GOALS = {
    "units_per_second_per_job": 0.8,   # -j1 throughput, CUDA 13 headers included
    "incremental_fraction": 0.03,      # rerun over an unchanged tree vs the first run
    "peak_rss_mib": 1024,              # per run, whatever -j
    "device_side_per_parse": 1.0,      # extra time per device-side parse, vs a unit's
    "clang_ratio": 0.5,                # -j1 run / Clang parsing the files one by one
    "before_ratio": 1 / 3,             # -jN run / the earlier musify's (--before)
    "per_file_ratio": 1.0,             # a unit migrated alone / Clang parsing it
}

# How Clang parses a file of each kind, in the language musify's front end
# tries first (a header is C++ unless it is a .cuh).
LANGUAGES = {".cu": "cuda", ".cuh": "cuda", ".c": "c"}


def clang_baseline(clang, cuda, tree, files, flags, work):
    """Seconds Clang takes to parse files (relative to tree) one process per
    file, host side, as musify's front end asks it to."""
    # Clang 19's CUDA wrapper includes a header CUDA 13 no longer ships;
    # musify's front end stands in for it with an empty one, and so does this.
    stand_in = os.path.join(work, "clang-stand-in")
    os.makedirs(stand_in, exist_ok=True)
    open(os.path.join(stand_in, "texture_fetch_functions.h"), "w").close()
    start = time.monotonic()
    for f in files:
        language = LANGUAGES.get(os.path.splitext(f)[1], "c++")
        cmd = [clang, "-fsyntax-only", "-w", "-x", language]
        if language == "cuda":
            cmd += [f"--cuda-path={cuda}", "--cuda-host-only", "-nocudalib", "-fgpu-rdc",
                    "-isystem", stand_in]
        else:
            cmd += ["-isystem", os.path.join(cuda, "include")]
        if language != "c":
            cmd += ["-std=c++17", "-isystem", os.path.join(cuda, "include", "cccl")]
        # A real tree's file may not parse, as in musify.
        subprocess.run(cmd + flags + [os.path.join(tree, f)], capture_output=True)
    return time.monotonic() - start


def run(cmd):
    """Runs cmd; returns (seconds, this run's peak RSS in MiB, its stderr)."""
    with tempfile.TemporaryFile("w+") as err:
        start = time.monotonic()
        try:
            proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=err, text=True)
        except OSError as e:
            sys.exit(f"cannot run {cmd[0]}: {e.strerror}")
        _, status, usage = os.wait4(proc.pid, 0)
        seconds = time.monotonic() - start
        err.seek(0)
        stderr = err.read()
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit(f"{' '.join(cmd)} failed ({os.waitstatus_to_exitcode(status)}):\n{stderr}")
    return seconds, usage.ru_maxrss / 1024, stderr


def parsed_files(stderr):
    """The files a --verbose run parsed: it says a line per unit (and header
    parsed alone)."""
    return re.findall(r"^musify: \[\d+/\d+\] (.+): (?:parsed|did not parse) in ",
                      stderr, re.M)


def split_flags(argv):
    """The arguments before `--`, and the flags for Clang after it."""
    if "--" not in argv:
        return argv, []
    return argv[:argv.index("--")], argv[argv.index("--") + 1:]


def options():
    argv, flags = split_flags(sys.argv[1:])
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("musify")
    p.add_argument("--units", type=int, default=40, help="of a generated tree")
    p.add_argument("--templates", choices=("kernels", "instances"),
                   help="generate a template-heavy tree (gen_templates.py) of this style")
    p.add_argument("--per-file", action="store_true",
                   help="also time each unit migrated alone against Clang, in turns")
    p.add_argument("--jobs", type=int, default=os.cpu_count())
    p.add_argument("--work", default="/tmp/musify-bench")
    p.add_argument("--target", default="musa")
    p.add_argument("--tree", help="migrate this tree instead of a generated one")
    p.add_argument("--before", help="an earlier musify, timed over the same tree")
    p.add_argument("--peak-mib", type=float, default=GOALS["peak_rss_mib"])
    p.add_argument("--clang", default="/usr/lib/llvm-19/bin/clang")
    p.add_argument("--cuda-path", default="/usr/local/cuda")
    a = p.parse_args(argv)
    a.flags = flags
    return a


def per_file(a, tree, files):
    """Each translation unit of files migrated alone (a dry run) and parsed
    by Clang, in turns, three times: [(file, musify seconds, Clang seconds)]."""
    rows = []
    for f in files:
        if os.path.splitext(f)[1] not in (".cu", ".cpp", ".cc", ".c"):
            continue
        mine = theirs = 0.0
        for _ in range(3):
            theirs += clang_baseline(a.clang, a.cuda_path, tree, [f], a.flags, a.work)
            mine += run([a.musify, "--quiet", "--dry-run", f"--target={a.target}",
                         os.path.join(tree, f)] + (["--"] + a.flags if a.flags else []))[0]
        rows.append((f, mine, theirs))
    return rows


def generate(a):
    """The generated tree's folder."""
    tree = os.path.join(a.work, "corpus")
    if a.templates:
        cmd = [os.path.join(HERE, "gen_templates.py"), tree, "--style", a.templates]
    else:
        cmd = [os.path.join(HERE, "gen_corpus.py"), tree]
    subprocess.run([sys.executable] + cmd + ["--units", str(a.units)], check=True)
    return tree


def migrate_runs(a, tree):
    """The runs of musify over tree: (label, seconds, units, peak MiB); the
    device-side parses of the -jN run (units that had any, parses); and the
    files the -j1 run parsed (units and headers parsed alone)."""
    base = [a.musify, "--verbose", f"--target={a.target}"]
    cache = os.path.join(a.work, "cache")
    rows, device, files = [], (0, 0), []
    for label, extra in [("-j1", ["-j1"]), (f"-j{a.jobs}", [f"-j{a.jobs}"]),
                         (f"-j{a.jobs} --no-device-side",
                          [f"-j{a.jobs}", "--no-device-side"]),
                         (f"-j{a.jobs} --incremental (cold)",
                          [f"-j{a.jobs}", "--incremental", "--cache-dir", cache]),
                         (f"-j{a.jobs} --incremental (warm)",
                          [f"-j{a.jobs}", "--incremental", "--cache-dir", cache])]:
        out = os.path.join(a.work, "out")
        # The warm run reruns over what the cold one left, its outputs too,
        # as a rerun in a build does.
        if "(warm)" not in label:
            shutil.rmtree(out, ignore_errors=True)
        report = os.path.join(a.work, "report.json")
        seconds, rss, stderr = run(base + extra + ["--out-root", out, "--report", report,
                                                   tree] + (["--"] + a.flags if a.flags else []))
        parsed = parsed_files(stderr)
        rows.append((label, seconds, len(parsed), rss))
        if label == "-j1":
            files = parsed
        if label == f"-j{a.jobs}":
            with open(report) as f:
                parses = [len(f.get("device_parses", ())) for f in json.load(f)["files"]]
            device = (sum(1 for n in parses if n), sum(parses))
    return rows, device, files


def main():
    a = options()
    shutil.rmtree(a.work, ignore_errors=True)
    os.makedirs(a.work)
    tree = a.tree or generate(a)
    files = sum(len(names) for _, _, names in os.walk(tree))
    rows, (device_units, device_parses), parsed_files = migrate_runs(a, tree)
    units = rows[1][2]

    print(f"tree: {tree}, {files} files, {units} translation units, target {a.target}, "
          f"{os.cpu_count()} cores")
    print(f"{'run':32} {'seconds':>8} {'units/s':>8} {'peak MiB':>9}")
    for label, seconds, _, rss in rows:
        print(f"{label:32} {seconds:8.2f} {units / seconds:8.1f} {rss:9.0f}")

    failed = []
    if a.before:
        out = os.path.join(a.work, "out-before")
        before, before_rss, _ = run([a.before, "--quiet", f"--target={a.target}",
                                     f"-j{a.jobs}", "--out-root", out, tree] +
                                    (["--"] + a.flags if a.flags else []))
        ratio = rows[1][1] / before
        print(f"{'before: -j' + str(a.jobs):32} {before:8.2f} {units / before:8.1f} "
              f"{before_rss:9.0f}; -j{a.jobs} / before = {ratio:.2f}")
        if ratio > GOALS["before_ratio"]:
            failed.append(f"-j{a.jobs} took {ratio:.2f} of the earlier musify's time, "
                          f"more than {GOALS['before_ratio']:.2f}")

    clang_seconds = clang_baseline(a.clang, a.cuda_path, tree, parsed_files, a.flags,
                                   a.work)
    ratio = rows[0][1] / clang_seconds
    print(f"clang -fsyntax-only, {len(parsed_files)} files one by one: "
          f"{clang_seconds:.2f} s; "
          f"musify -j1 / clang = {ratio:.2f}")
    # The device side costs about a parse per device-side parse, and nothing in
    # units that need none.
    extra = rows[1][1] / rows[2][1] - 1
    print(f"device side: {device_units} of {units} units needed it, {device_parses} "
          f"device-side parses; {extra:.0%} more time than --no-device-side")

    if extra > GOALS["device_side_per_parse"] * device_parses / units + 0.05:
        failed.append(f"the device side costs {extra:.0%}, more than "
                      f"{GOALS['device_side_per_parse']:.0%} of a unit's time per "
                      f"device-side parse ({device_parses} for {units} units)")
    if units / rows[0][1] < GOALS["units_per_second_per_job"]:
        failed.append(f"-j1 throughput {units / rows[0][1]:.2f} units/s < "
                      f"{GOALS['units_per_second_per_job']}")
    if rows[4][1] > GOALS["incremental_fraction"] * rows[3][1]:
        failed.append(f"warm incremental run took {rows[4][1]:.2f} s, more than "
                      f"{GOALS['incremental_fraction']:.0%} of the cold run")
    if ratio > GOALS["clang_ratio"]:
        failed.append(f"-j1 took {ratio:.2f} of Clang's time parsing the files one by "
                      f"one, more than {GOALS['clang_ratio']}")
    if a.per_file:
        for f, mine, theirs in per_file(a, tree, parsed_files):
            print(f"alone: {f}: musify {mine / 3:.2f} s, clang {theirs / 3:.2f} s, "
                  f"{mine / theirs:.2f}")
            if mine / theirs > GOALS["per_file_ratio"]:
                failed.append(f"{f} alone took {mine / theirs:.2f} of Clang's time")
    peak = max(r[3] for r in rows)
    if peak > a.peak_mib:
        failed.append(f"peak memory {peak:.0f} MiB > {a.peak_mib:.0f} MiB")
    for f in failed:
        print(f"goal missed: {f}")
    print("all goals met" if not failed else "")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
