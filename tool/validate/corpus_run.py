"""musify-validate corpus --run: does the migration of a tree of programs run?

    musify-validate corpus --run ROOT [-I DIR ...] [--baseline CSV]
                           [--sizes JSON] [--target hip,musa] [--csv FILE]
                           [--work DIR] [-j N] [--min-pass TARGET=N ...]
                           [--known-fail TARGET:PROGRAM ...] [--gpu]
                           [--sample N [--min-pass-sampled TARGET=N ...]]

Migrates ROOT once per target with launches written as calls (cpu_run.py), then
for every program of the tree (outside the -I folders: a folder with a build
file, with the folders below it that have none; elsewhere a folder holding a
.cu file) builds its migrated sources (those no file of it includes) with the
host compiler against the HIP CPU
runtime (MUSA through the CPU flavour of the layer), runs it with the arguments
--sizes gives it (a small problem, where it takes one) in a folder that holds a
copy of its data files (what its folder holds besides sources and build
files), and judges it by its exit status and its own check. Each program ends
in one class:

  PASS     it ran and its own check passed: the last verdict word it printed
           (PASS, passed, ...) or, where it prints none, exit status 0 from a
           program whose sources exit with EXIT_FAILURE
  FAIL     it did not build, did not finish in time, or its check failed:
           a musify bug until shown otherwise
  skip     with a named reason: nvcc does not build the original (--baseline),
           it reads a file that is not in the tree (its input data: one
           named in its sources, or in --sizes "inputs" where it builds the
           name from its arguments),
           its fixed problem is too large for the CPU (--sizes "cpu_skip"),
           it uses what a CPU cannot run (cpu_limits.json), a name the report
           flags as unsupported on the target, a library with no CPU build, an
           API the CPU runtime lacks, or it checks no result of its own

With --gpu (test/gpu/run.sh), on an NVIDIA GPU instead: each original is built
with nvcc and its MUSA migration with nvcc through the portability layer
(runtime/include), both run, and their verdicts compared.

--sample N runs a deterministic part of the programs: every Nth in sorted
order, and every program --known-fail names; the tree is still migrated whole.
The floors of such a run are --min-pass-sampled. With MUSIFY_TEST_FULL=1 in
the environment (scripts/test.sh --full) every program runs and --min-pass
holds, whatever --sample says.

Where both targets pass, their outputs are compared (the verdicts: the
programs print timings). Prints a table and totals, writes a CSV. Exit status:
0 when nothing failed and every --min-pass floor holds, 1 otherwise, 2 for bad
usage.
"""
import concurrent.futures
import csv
import json
import os
import re
import shutil
import sys

import corpus
import cpu_run

SOURCE_EXTS = (".cu", ".cpp", ".cc", ".cxx", ".c")
HEADER_EXTS = (".cuh", ".h", ".hpp", ".inl")
# A file a program opens for reading by a literal name: the samples' own
# finder, fopen for reading, an input file stream.
INPUT_FILE = re.compile(r'\bsdkFindFilePath\s*\(\s*"([^"]+)"'
                        r'|\bfopen\s*\(\s*"([^"]+)"\s*,\s*"r'
                        r'|\bifstream\s+\w+\s*[({]\s*"([^"]+)"')


BUILD_FILES = ("Makefile", "makefile", "GNUmakefile", "CMakeLists.txt")
QUOTED_INCLUDE = re.compile(r'^\s*#\s*include\s*"([^"]+)"', re.M)


def programs_of(root, excluded):
    """{relative folder: [relative sources]}, programs found as their build
    finds them: a folder with a build file is one program with every folder
    below it (`util/`, `kernels/`) that has none of its own; elsewhere each
    folder with a .cu file is one. A source that another file of the program
    includes (`#include "kernels.cu"`) is compiled there, not on its own."""
    found, owner = {}, {}
    for d, dirs, files in os.walk(root):
        rel = os.path.normpath(os.path.relpath(d, root))
        dirs[:] = sorted(x for x in dirs
                         if os.path.normpath(os.path.join(rel, x)) not in excluded)
        has_build = any(f in files for f in BUILD_FILES)
        owner[rel] = rel if has_build else \
            owner.get(os.path.dirname(rel)) if rel != "." else None
        program = owner[rel] or (rel if any(f.endswith(".cu") for f in files) else None)
        if program:
            found.setdefault(program, []).extend(
                os.path.normpath(os.path.join(rel, f)) for f in files)
    programs = {}
    for name, files in found.items():
        sources = program_sources(root, files)
        if any(f.endswith(".cu") for f in sources):
            programs[name] = sources
    return programs


def program_sources(root, files):
    """The sources of a program's files that no file of it includes."""
    included = set()
    for f in files:
        if f.endswith(SOURCE_EXTS + HEADER_EXTS):
            for name in QUOTED_INCLUDE.findall(cpu_run.read_text(os.path.join(root, f))):
                included.add(os.path.normpath(os.path.join(os.path.dirname(f), name)))
    return sorted(f for f in files if f.endswith(SOURCE_EXTS) and f not in included)


def missing_input(root, name, present, size):
    """The first file the program in folder `name` reads that is not in the
    tree, or None: one --sizes names in its "inputs" (relative to the
    folder, as the program opens it from there), else one its sources read
    by a literal name that is nowhere in the tree (`present`: the tree's
    file names). Such a program cannot run here, migrated or not."""
    for f in size.get("inputs", []):
        if not os.path.isfile(os.path.join(root, name, f)):
            return "it reads %s (its input data), which is not in the tree" % f
    for d, _, fs in os.walk(os.path.join(root, name)):
        for f in sorted(fs):
            if f.endswith(SOURCE_EXTS + HEADER_EXTS):
                for m in INPUT_FILE.finditer(cpu_run.read_text(os.path.join(d, f))):
                    wanted = os.path.basename(next(g for g in m.groups() if g))
                    if wanted not in present:
                        return "%s reads %s, which is not in the tree" % (f, wanted)
    return None


def read_inputs(args):
    """(sizes, baseline) from --sizes and --baseline; a ValueError says what
    is wrong with them."""
    sizes, baseline = {}, {}
    if args.sizes:
        try:
            with open(args.sizes, encoding="utf-8") as f:
                sizes = json.load(f)["programs"]
        except (OSError, ValueError, KeyError, TypeError) as e:
            raise ValueError("cannot read --sizes %s: %s" % (args.sizes, e)) from e
        if not isinstance(sizes, dict) or not all(
                isinstance(v, dict) and isinstance(v.get("args", []), list) and
                all(isinstance(a, str) for a in v.get("args", [])) and
                isinstance(v.get("timeout", 1), int) and
                isinstance(v.get("cpu_skip", ""), str) and
                isinstance(v.get("inputs", []), list) and
                all(isinstance(f, str) and not os.path.isabs(f)
                    for f in v.get("inputs", []))
                for v in sizes.values()):
            raise ValueError("--sizes %s: \"programs\" must map names to "
                             "{\"args\": [strings], \"timeout\": seconds, "
                             "\"cpu_skip\": why, \"inputs\": [paths relative to "
                             "the program's folder]}" % args.sizes)
    if args.baseline:
        try:
            baseline = corpus.read_baseline(args.baseline)
        except (OSError, ValueError, KeyError) as e:
            raise ValueError("cannot read --baseline %s (file,nvcc_compiles): %s"
                             % (args.baseline, e)) from e
    return sizes, baseline


def migrate_tree(args, target, root, work):
    out = os.path.join(work, target)
    shutil.rmtree(out, ignore_errors=True)
    report_path = os.path.join(work, target + ".report.json")
    cmd = [args.musify, "--target=" + target, "--quiet", "--out-root", out, "--report",
           report_path, "-j", str(args.jobs)]
    if not args.gpu:  # <<<>>> is not C++: the CPU build needs launch calls
        cmd.append(cpu_run.LAUNCH_AS_CALL[target])
    cmd += ["--rules-dir", args.rules_dir, root, "--"]
    cmd += ["-I" + os.path.join(root, d) for d in args.includes]
    rc, log, _ = cpu_run.run(cmd, os.path.join(work, target + ".migrate.log"), timeout=3600)
    if rc not in (0, 1) or not os.path.exists(report_path):
        raise RuntimeError("musify failed (exit %d):\n%s" % (rc, log[-3000:]))
    with open(report_path, encoding="utf-8") as f:
        return out, json.load(f)


def run_program(args, ctx, target, name, sources):
    """(class, detail, output) of one program on one target."""
    size = ctx["sizes"].get(os.path.basename(name), {})
    if size.get("cpu_skip"):
        return "skip", "too large for the CPU: " + size["cpu_skip"], None
    out_root, report = ctx["trees"][target]
    originals = {os.path.realpath(os.path.join(ctx["root"], s)) for s in sources}
    why = cpu_run.limit_of(report, ctx["limits"], originals)
    if why:
        return "skip", why, None
    work = os.path.join(ctx["work"], "runs", target, name)
    os.makedirs(work, exist_ok=True)
    log = os.path.join(work, "log.txt")
    open(log, "w").close()
    exe = os.path.join(work, "program")
    includes = [os.path.join(out_root, name)] + \
        [os.path.join(out_root, d) for d in args.includes]
    cmd = ctx["toolchain"].command(target, [os.path.join(out_root, s) for s in sources],
                                   exe, includes)
    rc, out, _ = cpu_run.run(cmd, log, cwd=work)
    if rc != 0:
        flagged = cpu_run.flagged_names(report, originals)
        texts = [cpu_run.read_text(os.path.join(d, f))
                 for d, _, fs in os.walk(os.path.join(out_root, name)) for f in fs
                 if f.endswith(SOURCE_EXTS + HEADER_EXTS)]
        kind, why = cpu_run.build_failure(out, ctx["names"][target], flagged, texts)
        return kind, why, None
    return run_built(args, ctx, name, exe, work, log)


def run_built(args, ctx, name, exe, work, log):
    """(class, detail, output) of running a built program with its --sizes
    arguments beside its data files, judged by its own check."""
    size = ctx["sizes"].get(os.path.basename(name), {})
    stage_data(os.path.join(ctx["root"], name), work)
    rc, out, secs = cpu_run.run([exe] + size.get("args", []), log, cwd=work,
                                timeout=size.get("timeout", args.run_timeout))
    return judge(rc, out, secs, log, reports_by_exit(ctx["root"], name))


def stage_data(folder, work):
    """The program's data files (the regular files its folder holds besides
    sources and build files; no link, which could name a device), copied
    where it runs, so that it opens them by the paths its authors give
    (`data/image.raw`)."""
    for d, _, fs in os.walk(folder):
        for f in fs:
            path = os.path.join(d, f)
            if (f.endswith(SOURCE_EXTS + HEADER_EXTS) or f in BUILD_FILES or
                    os.path.islink(path) or not os.path.isfile(path)):
                continue
            dest = os.path.join(work, os.path.relpath(d, folder), f)
            if not os.path.exists(dest):
                os.makedirs(os.path.dirname(dest), exist_ok=True)
                shutil.copy2(path, dest)


def reports_by_exit(root, name):
    """Whether a program reports a failed check through its exit status
    (its sources exit with EXIT_FAILURE), when it prints no verdict."""
    folder = os.path.join(root, name)
    return any("EXIT_FAILURE" in cpu_run.read_text(os.path.join(d, f))
               for d, _, fs in os.walk(folder) for f in fs
               if f.endswith(SOURCE_EXTS + HEADER_EXTS))


def judge(rc, out, secs, log, by_exit):
    """(class, detail, output) from a run's exit status and output."""
    verdict, why = cpu_run.own_verdict(rc, out)
    if verdict is None and by_exit:
        verdict, why = "PASS", "exit 0 (it exits with EXIT_FAILURE when its check fails)"
    if verdict is None:
        return "skip", "checks no result of its own (%s)" % why, None
    if verdict == "WAIVED":
        return "skip", "the program waived itself: " + cpu_run.last_words(out), None
    if verdict == "FAIL":
        return "FAIL", "%s; log: %s" % (why, log), None
    return "PASS", "%s in %.1fs" % (why, secs), out


def run_program_gpu(args, ctx, target, name, sources):
    """(class, detail, output) on an NVIDIA GPU: target `original` is the CUDA
    program built with nvcc, `musa` its MUSA migration built with nvcc through
    the portability layer (runtime/include)."""
    if target == "original":
        tree, layer = ctx["root"], []
    else:
        tree = ctx["trees"]["musa"][0]
        layer = ["-I" + args.runtime_include, "-include", "musa_runtime.h"]
    work = os.path.join(ctx["work"], "runs", target, name)
    os.makedirs(work, exist_ok=True)
    log = os.path.join(work, "log.txt")
    open(log, "w").close()
    exe = os.path.join(work, "program")
    cmd = [args.nvcc, "-std=c++17", "--extended-lambda", "-arch=" + args.arch] + layer
    cmd += ["-I" + os.path.join(tree, name)] + ["-I" + os.path.join(tree, d) for d in args.includes]
    cmd += ["-x", "cu"] + [os.path.join(tree, s) for s in sources] + ["-o", exe]
    cmd += ["-l" + lib for lib in args.libs.split(",") if lib]
    rc, out, _ = cpu_run.run(cmd, log, cwd=work)
    if rc != 0:
        first = cpu_run.FIRST_ERROR.search(out)
        return ("skip" if target == "original" else "fail",
                ("the original does not build here: " if target == "original" else "") +
                (first.group(0).strip() if first else out.strip()[-200:]), None)
    return run_built(args, ctx, name, exe, work, log)


def parse_args(argv):
    ap = corpus.doc_parser("musify-validate corpus --run", __doc__)
    ap.add_argument("root")
    ap.add_argument("-I", dest="includes", action="append", default=[],
                    help="an include folder relative to ROOT (not a program)")
    ap.add_argument("--baseline", help="CSV of file,nvcc_compiles (paths relative to ROOT)")
    ap.add_argument("--sizes", help="JSON: {\"programs\": {NAME: {\"args\": [...], "
                                    "\"timeout\": S, \"cpu_skip\": WHY, \"inputs\": "
                                    "[FILE...]}}}, a small problem for each, or why its "
                                    "fixed one is too large, and the data files it reads")
    ap.add_argument("--target", default="hip,musa")
    ap.add_argument("--musify", required=True)
    ap.add_argument("--rules-dir", required=True, help="the rule tables (rules/)")
    ap.add_argument("--cpu-layer", help="<build>/runtime/cpu/include (the CPU run)")
    ap.add_argument("--gpu", action="store_true",
                    help="run on an NVIDIA GPU instead: each original built with nvcc and "
                         "its MUSA migration built with nvcc through --runtime-include, both "
                         "run and their verdicts compared (exit 77 where there is no GPU)")
    ap.add_argument("--runtime-include", help="with --gpu: <build>/runtime/include")
    ap.add_argument("--nvcc", default="nvcc")
    ap.add_argument("--arch", default="sm_90", help="with --gpu: nvcc -arch")
    ap.add_argument("--libs", default="cuda,cublas,curand,cufft,nvrtc",
                    help="with --gpu: libraries every program is linked with")
    ap.add_argument("--repo", default=os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                                   "..", ".."))
    ap.add_argument("--cxx", default="g++")
    ap.add_argument("--run-timeout", type=int, default=120)
    ap.add_argument("--csv")
    ap.add_argument("--work")
    ap.add_argument("-j", "--jobs", type=int, default=2)
    ap.add_argument("--min-pass", action="append", default=[], metavar="TARGET=N")
    ap.add_argument("--known-fail", action="append", default=[], metavar="TARGET:PROGRAM",
                    help="a failure not yet fixed: shown as known-fail, not failing the run; "
                         "if it passes it is shown as fixed (remove it from the list)")
    corpus.add_sample_options(ap, "--min-pass", "program")
    args = ap.parse_args(argv)
    targets = ["original", "musa"] if args.gpu else [t for t in args.target.split(",") if t]
    if not os.path.isdir(args.root) or any(t not in cpu_run.TARGETS + ("original",)
                                           for t in targets):
        ap.error("ROOT must be a folder and --target hip, musa or both")
    corpus.check_run_options(ap, args, [args.root])
    if args.csv:
        csv_path = os.path.realpath(args.csv)
        if csv_path.startswith(os.path.realpath(args.root) + os.sep):
            ap.error("--csv %s lies inside ROOT: the run writes nothing into the tree" % args.csv)
    if args.gpu and not (args.runtime_include and os.path.isfile(
            os.path.join(args.runtime_include, "musa_runtime.h"))):
        ap.error("--gpu needs the MUSA portability layer (--runtime-include)")
    floors = corpus.floors_of(ap, args, ("--min-pass", args.min_pass),
                              ("--min-pass-sampled", args.min_pass_sampled), targets)
    toolchain = None
    if not args.gpu:
        toolchain = cpu_run.Toolchain(os.path.abspath(args.repo),
                                      os.path.abspath(args.cpu_layer or ""), args.cxx)
        if toolchain.problems():
            ap.error("; ".join(toolchain.problems()))
    return args, targets, floors, toolchain


def main(argv):
    args, targets, floors, toolchain = parse_args(argv)
    gpu, why = cpu_run.gpu_present() if args.gpu else (False, "")
    if args.gpu and not gpu:
        print("musify-validate corpus --run --gpu: SKIPPED: no GPU (%s); nothing was run" % why,
              file=sys.stderr)
        return 77
    root = os.path.realpath(args.root)
    try:
        sizes, baseline = read_inputs(args)
    except ValueError as e:
        print("musify-validate corpus --run: error: %s" % e, file=sys.stderr)
        return 2
    work, tmp = corpus.work_folder(args, "musify-corpus-run-")
    programs = programs_of(root, {os.path.normpath(i) for i in args.includes})
    every, known = corpus.sample_every(args), {k.split(":", 1)[-1] for k in args.known_fail}
    kept = corpus.sampled(programs, every, {n for n in programs if os.path.basename(n) in known})
    note = corpus.sample_note(every, len(kept), len(programs), "programs")
    programs = {n: programs[n] for n in kept}
    ctx = {"root": root, "work": work, "limits": cpu_run.load_limits(), "sizes": sizes,
           "toolchain": toolchain, "trees": {},
           "names": {t: cpu_run.target_names(args.rules_dir, t)
                     for t in targets if t != "original"}}
    for t in targets:
        if t == "original":
            continue
        try:
            ctx["trees"][t] = migrate_tree(args, t, root, work)
        except RuntimeError as e:
            print("musify-validate corpus --run: %s" % e, file=sys.stderr)
            return 1
    if toolchain and not args.gpu:
        toolchain.precompile([t for t in targets if t != "original"],
                             os.path.join(work, ".pch"), os.path.join(work, ".pch.log"))
    jobs = []
    results = {}
    present = {f for _, _, fs in os.walk(root) for f in fs}
    for name, sources in sorted(programs.items()):
        broken = [s for s in sources if s.endswith(".cu") and baseline.get(s) is False]
        why = ("nvcc does not build the original (%s)" % os.path.basename(broken[0])
               if broken else missing_input(root, name, present,
                                            sizes.get(os.path.basename(name), {})))
        for t in targets:
            if why:
                results[(name, t)] = ("skip", why, None)
            else:
                jobs.append((name, t, sources))
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        runner = run_program_gpu if args.gpu else run_program
        futs = {pool.submit(runner, args, ctx, t, n, s): (n, t) for n, t, s in jobs}
        for fut in concurrent.futures.as_completed(futs):
            results[futs[fut]] = fut.result()
    failed = report_results(args, programs, targets, results, floors, work, tmp)
    if note:
        print(note)
    return failed


def compare_cell(results, name, targets):
    outs = [results[(name, t)][2] for t in targets]
    if len(targets) < 2 or any(o is None for o in outs):
        return "-"
    verdicts = [cpu_run.own_verdict(0, o)[0] for o in outs]
    return "same verdict" if len(set(verdicts)) == 1 else "DIFFER"


def report_results(args, programs, targets, results, floors, work, tmp):
    rows = []
    for name in sorted(programs):
        cells = [results[(name, t)] for t in targets]
        rows.append([name] + ["%s: %s" % (c[0], c[1]) if c[0] == "skip" else c[0]
                              for c in cells] + [compare_cell(results, name, targets)])
    where = "on the GPU" if args.gpu else "on the CPU"
    header = ["program"] + ["%s %s" % (t.upper(), where) for t in targets] + ["compare"]
    widths = [min(70, max(len(str(x)) for x in col)) for col in zip(header, *rows)]
    fmt = " | ".join("%%-%d.%ds" % (w, w) for w in widths)
    print(fmt % tuple(header))
    for row in rows:
        print(fmt % tuple(row))
    failed = False
    known = set(args.known_fail)
    for (n, t), r in list(results.items()):
        if "%s:%s" % (t, os.path.basename(n)) in known:
            results[(n, t)] = (("known-fail" if r[0] in ("FAIL", "fail") else
                                "fixed" if r[0] == "PASS" else r[0]),) + r[1:]
    for t in targets:
        counts = {k: sum(1 for n in programs if results[(n, t)][0] == k)
                  for k in ("PASS", "FAIL", "fail", "skip", "known-fail", "fixed")}
        counts["FAIL"] += counts.pop("fail")
        counts["PASS"] += counts["fixed"]
        print("%s: %d programs: %d PASS, %d FAIL, %d known-fail, %d skipped"
              % (t.upper(), len(programs), counts["PASS"], counts["FAIL"],
                 counts["known-fail"], counts["skip"]))
        for n in sorted(programs):
            if results[(n, t)][0] in ("FAIL", "fail", "known-fail", "fixed"):
                print("  %s %s (%s): %s" % (results[(n, t)][0], n, t, results[(n, t)][1]))
        if counts["FAIL"] or counts["PASS"] < floors.get(t, 0):
            failed = True
        if counts["PASS"] < floors.get(t, 0):
            print("  below the floor: %d PASS < %d" % (counts["PASS"], floors[t]))
    differ = [r[0] for r in rows if r[-1] == "DIFFER"]
    if differ:
        failed = True
        print("HIP and MUSA verdicts differ: %s" % ", ".join(differ))
    if args.csv:  # whole or not at all: written beside, then renamed
        target = os.path.realpath(args.csv)  # a link's target, not the link
        with open(target + ".tmp", "w", encoding="utf-8", newline="") as f:
            w = csv.writer(f)
            w.writerow(["program"] + ["%s_class" % t for t in targets] +
                       ["%s_detail" % t for t in targets])
            for n in sorted(programs):
                w.writerow([n] + [results[(n, t)][0] for t in targets] +
                           [results[(n, t)][1] for t in targets])
        os.replace(target + ".tmp", target)
    if tmp and not failed:
        shutil.rmtree(tmp, ignore_errors=True)
    return 1 if failed else 0
