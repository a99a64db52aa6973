#!/usr/bin/env python3
"""Translation-speed benchmark: migrates a generated tree (gen_corpus.py) with
-j1, with -jN, with -jN --no-device-side, and again with --incremental over
the unchanged tree, and prints wall time, translation units per second and
peak memory of each run, and the cost of the device-side parses, checked
against the goals in bench/README.md. Beside them it times plain Clang
parsing the same files one by one (clang -fsyntax-only --cuda-host-only, the
same SDK and flags), the yardstick of the -j1 goal.

  bench.py MUSIFY [--units N] [--jobs N] [--work DIR] [--target musa|hip]
           [--clang CLANG] [--cuda-path DIR]
"""
import argparse
import json
import os
import resource
import shutil
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))

# The goals (bench/README.md): a failed goal makes the exit status 1.
GOALS = {
    "units_per_second_per_job": 0.8,   # -j1 throughput, CUDA 13 headers included
    "incremental_fraction": 0.03,      # rerun over an unchanged tree vs the first run
    "peak_rss_mib": 1024,              # per run, whatever -j
    "device_side_per_parse": 1.0,      # extra time per device-side parse, vs a unit's
    "clang_ratio": 0.5,                # -j1 run / Clang parsing the files one by one
}


def clang_baseline(clang, cuda, corpus):
    """Seconds Clang takes to parse every unit and header musify parses on its
    own, one process per file, host side, as musify's front end asks it to."""
    files = []
    for folder, _, names in os.walk(corpus):
        files += [os.path.join(folder, n) for n in names if n.endswith(".cu")]
    files += [os.path.join(corpus, "orphans", n) for n in
              sorted(os.listdir(os.path.join(corpus, "orphans")))] \
        if os.path.isdir(os.path.join(corpus, "orphans")) else []
    # Clang 19's CUDA wrapper includes a header CUDA 13 no longer ships;
    # musify's front end stands in for it with an empty one, and so does this.
    stand_in = os.path.join(os.path.dirname(corpus), "clang-stand-in")
    os.makedirs(stand_in, exist_ok=True)
    open(os.path.join(stand_in, "texture_fetch_functions.h"), "w").close()
    start = time.monotonic()
    for f in sorted(files):
        subprocess.run([clang, "-fsyntax-only", "-w", "-x", "cuda", f"--cuda-path={cuda}",
                        "--cuda-host-only", "-nocudalib", "-fgpu-rdc", "-std=c++17",
                        "-isystem", os.path.join(cuda, "include", "cccl"),
                        "-isystem", stand_in, f],
                       check=True, capture_output=True)
    return time.monotonic() - start, len(files)


def run(cmd):
    """Runs cmd; returns (seconds, peak RSS of this child in MiB)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    start = time.monotonic()
    r = subprocess.run(cmd, capture_output=True, text=True)
    seconds = time.monotonic() - start
    if r.returncode != 0:
        sys.exit(f"{' '.join(cmd)} failed ({r.returncode}):\n{r.stderr}")
    # ru_maxrss of children is the largest so far: runs go from small to large
    # -j, so a later, larger run shows its own peak.
    after = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    return seconds, max(before, after) / 1024


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("musify")
    p.add_argument("--units", type=int, default=40)
    p.add_argument("--jobs", type=int, default=os.cpu_count())
    p.add_argument("--work", default="/tmp/musify-bench")
    p.add_argument("--target", default="musa")
    p.add_argument("--clang", default="/usr/lib/llvm-19/bin/clang")
    p.add_argument("--cuda-path", default="/usr/local/cuda")
    a = p.parse_args()

    shutil.rmtree(a.work, ignore_errors=True)
    corpus = os.path.join(a.work, "corpus")
    subprocess.run([sys.executable, os.path.join(HERE, "gen_corpus.py"), corpus,
                    "--units", str(a.units)], check=True)
    files = sum(len(names) for _, _, names in os.walk(corpus))
    units = a.units + 4  # gen_corpus's orphan headers are parsed on their own
    base = [a.musify, "--quiet", f"--target={a.target}", corpus]
    cache = os.path.join(a.work, "cache")

    rows = []
    for label, extra in [("-j1", ["-j1"]), (f"-j{a.jobs}", [f"-j{a.jobs}"]),
                         (f"-j{a.jobs} --no-device-side",
                          [f"-j{a.jobs}", "--no-device-side"]),
                         (f"-j{a.jobs} --incremental (cold)",
                          [f"-j{a.jobs}", "--incremental", "--cache-dir", cache]),
                         (f"-j{a.jobs} --incremental (warm)",
                          [f"-j{a.jobs}", "--incremental", "--cache-dir", cache])]:
        out = os.path.join(a.work, "out")
        shutil.rmtree(out, ignore_errors=True)
        report = os.path.join(a.work, "report.json")
        seconds, rss = run(base + extra + ["--out-root", out, "--report", report])
        rows.append((label, seconds, units / seconds, rss))
        if label == f"-j{a.jobs}":
            with open(report) as f:
                parses = [len(f.get("device_parses", ())) for f in json.load(f)["files"]]
            device_units = sum(1 for n in parses if n)
            device_parses = sum(parses)

    print(f"corpus: {files} files, {units} translation units, target {a.target}, "
          f"{os.cpu_count()} cores")
    print(f"{'run':32} {'seconds':>8} {'units/s':>8} {'peak MiB':>9}")
    for label, seconds, rate, rss in rows:
        print(f"{label:32} {seconds:8.2f} {rate:8.1f} {rss:9.0f}")

    # The device side costs about a parse per device-side parse, and nothing in
    # units that need none.
    clang_seconds, parsed = clang_baseline(a.clang, a.cuda_path, corpus)
    ratio = rows[0][1] / clang_seconds
    print(f"clang -fsyntax-only, {parsed} files one by one: {clang_seconds:.2f} s; "
          f"musify -j1 / clang = {ratio:.2f}")

    extra = rows[1][1] / rows[2][1] - 1
    print(f"device side: {device_units} of {units} units needed it, {device_parses} "
          f"device-side parses; {extra:.0%} more time than --no-device-side")

    failed = []
    if extra > GOALS["device_side_per_parse"] * device_parses / units + 0.05:
        failed.append(f"the device side costs {extra:.0%}, more than "
                      f"{GOALS['device_side_per_parse']:.0%} of a unit's time per "
                      f"device-side parse ({device_parses} for {units} units)")
    if rows[0][2] < GOALS["units_per_second_per_job"]:
        failed.append(f"-j1 throughput {rows[0][2]:.2f} units/s < "
                      f"{GOALS['units_per_second_per_job']}")
    if rows[4][1] > GOALS["incremental_fraction"] * rows[3][1]:
        failed.append(f"warm incremental run took {rows[4][1]:.2f} s, more than "
                      f"{GOALS['incremental_fraction']:.0%} of the cold run")
    if ratio > GOALS["clang_ratio"]:
        failed.append(f"-j1 took {ratio:.2f} of Clang's time parsing the files one by "
                      f"one, more than {GOALS['clang_ratio']}")
    peak = max(r[3] for r in rows)
    if peak > GOALS["peak_rss_mib"]:
        failed.append(f"peak memory {peak:.0f} MiB > {GOALS['peak_rss_mib']} MiB")
    for f in failed:
        print(f"goal missed: {f}")
    print("all goals met" if not failed else "")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
