#!/usr/bin/env python3
"""Proof that musify-validate catches broken migrations, and that the MUSA
portability layer (runtime/include) does what runtime/README.md says.

  test_validate.py VALIDATOR RULES_DIR RUNTIME_INCLUDE WORK

1. The scanner (unit level): CUDA names in code are found; in comments, strings,
   member accesses and other namespaces they are not; qualified names and
   header paths are found.
2. The layer's generated headers cover every supported, renamed entry of the
   MUSA rule tables.
3. Broken migrations of cases/tiny.cu fed to the validator through
   --migrated-musa/--musa-report: a CUDA name left behind that the report does
   not flag fails; the same name flagged by the report passes; a wrong
   enumerator (a MUSA spelling the layer does not declare) fails the build;
   the correct migration passes.
4. The layer under nvcc: cases/layer_test.mu builds, and __MUSA_ARCH__ follows
   the inverse threshold map for sm_75, sm_86 and sm_90.
5. The CPU runner (cpu_run.py, corpus_run.py): verdicts from exit status and
   output, skips for what a CPU cannot run, build failures told apart from
   musify bugs, programs found as their build finds them.

Exit 0 when all pass, 1 on a failure, 77 (skip) when nvcc is missing (after the
checks that need no nvcc).
"""
import argparse
import contextlib
import importlib.machinery
import io
import importlib.util
import json
import os
import re
import shutil
import subprocess
import tempfile
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "scripts"))
from musifypy import rule_tables  # noqa: E402
CASES = os.path.join(HERE, "cases")
failures = []


def check(cond, what):
    print("%s: %s" % ("ok" if cond else "FAIL", what), flush=True)
    if not cond:
        failures.append(what)


def load_validator(path):
    loader = importlib.machinery.SourceFileLoader("musify_validate", path)
    spec = importlib.util.spec_from_loader("musify_validate", loader)
    mod = importlib.util.module_from_spec(spec)
    loader.exec_module(mod)
    return mod


def scanner_tests(mod, rules_dir):
    library = sorted(mod.LIBRARY_CHECKS)[0]
    report = {"files": [{"references": [
        {"cuda": "a", "status": "unsupported"}, {"cuda": "b", "status": "unknown"},
        {"cuda": "c", "status": "migrated", "verified_by": library},
        {"cuda": "d", "status": "migrated"}]}]}
    check(mod.flagged_text(report) == "2 unsupported or unknown, 1 in a library not installed here",
          "validate: flagged names counted as the report counts them, libraries apart")
    check(mod.flagged_text({"files": []}) == "", "validate: nothing flagged says nothing")
    s = mod.Scanner(rules_dir, "musa")
    src = r'''#include <cuda_runtime.h>
#include <musa/std/atomic>
#include <cuda/std/tuple>
// cudaMalloc in a comment
/* cudaFree
   in a block comment */
const char *m = "cudaMemcpy in a string";
const char c = 'x'; int big = 1'000'000;
struct S { int cudaStream_t_member; } s;
int f(S *p) { return p->cudaStream_t_member + s.cudaStream_t_member; }
void g() {
  cudaStream_t st;                 // line 12: type
  mine::cudaMalloc(0);             // a user's namespace: not the SDK's
  ::cudaMalloc(0, 0);              // line 14: globally qualified: counts
  thrust::cuda::par;               // line 15: thrust::cuda
  cuda::std::tuple<int> t;         // line 16: cuda:: namespace
  int cuda = 0;                    // a variable named cuda: not the namespace
  const char *r = R"x(cudaEventCreate)x";
  musaMalloc(0, 0);
}
'''
    found = {(line, name) for line, name, _, _ in s.scan(src)}
    expect = {(1, "cuda_runtime.h"), (3, "cuda/std/tuple"), (12, "cudaStream_t"),
              (14, "cudaMalloc"), (15, "thrust::cuda"), (16, "cuda::std")}
    check(found == expect, "scanner finds exactly the CUDA names in code (got %s)" % sorted(found))


def layer_coverage(rules_dir, runtime_include):
    names = open(os.path.join(runtime_include, "musify_layer", "names.h")).read()
    macros = open(os.path.join(runtime_include, "musify_layer", "macros.h")).read()
    manifest = json.load(open(os.path.join(runtime_include, "musify_layer", "manifest.json")))
    defined = set(re.findall(r"#\s*define\s+([A-Za-z_]\w*)", names + macros))
    missing, headers_missing = [], []
    for _, table in rule_tables.tables(os.path.join(rules_dir, "musa")):
        if table["family"] == "environment":  # names in strings, not in code
            continue
        for e in table["entries"]:
            if e["status"] == "unsupported" or e.get("target", e["cuda"]) == e["cuda"]:
                continue
            if e["kind"] == "header":
                if not e["cuda"].endswith("/") and \
                        not os.path.exists(os.path.join(runtime_include, e["target"])):
                    headers_missing.append(e["target"])
            elif e["kind"] != "namespace" and "::" not in e["cuda"] and e["target"] not in defined:
                missing.append(e["target"])
    check(not missing, "every supported, renamed MUSA name is defined by the layer (%d missing: %s)"
          % (len(missing), missing[:5]))
    check(not headers_missing,
          "every MUSA header the tables emit is generated (%s)" % headers_missing[:5])
    check(os.path.exists(os.path.join(runtime_include, "musa", "std", "atomic")) or
          manifest["forwarding_headers"] == 0, "musa/std/atomic forwards to cuda/std/atomic")
    ns = {n["musa"]: n["how"] for n in manifest["namespaces"]}
    check(all(h != "not mapped" for h in ns.values()), "every namespace rule is mapped: %s" % ns)
    # One MUSA name for CUDA enumerators of different types (MUSA_R_32F) is a
    # converting constant; with the SDK read, every such name's types are known.
    unresolved = [m["musa"] for m in manifest["merged"]
                  if m["how"] != "converter" and len(m["types"]) != 1]
    check(not unresolved or manifest["forwarding_headers"] == 0,
          "the types of every MUSA name of several CUDA names are known (%s)" % unresolved)


def validator_cases(validator, work, nvcc):
    tiny = os.path.join(CASES, "tiny.cu")
    base = [sys.executable, validator, tiny, "--skip-original", "--skip-hip", "--no-run",
            "--nvcc", nvcc]
    cases = [  # (name, migrated file, report, expected exit, text the output must hold)
        ("correct migration", "good.mu", "report_clean.json", 0, "| clean "),
        ("CUDA name left behind, not flagged", "left_behind.mu", "report_clean.json", 1,
         "function 'cudaFree' left behind"),
        ("CUDA name left behind, flagged by the report", "left_flagged.mu",
         "report_flagged.json", 0, "| clean "),
        ("wrong enumerator (blind rename)", "wrong_enum.mu", "report_clean.json", 1,
         "musaErrorCudartUnloading"),
    ]
    for name, mig, rep, want_rc, want_text in cases:
        cmd = base + ["--migrated-musa", os.path.join(CASES, mig),
                      "--musa-report", os.path.join(CASES, rep),
                      "--work", os.path.join(work, os.path.splitext(mig)[0])]
        p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        ok = p.returncode == want_rc and want_text in p.stdout
        check(ok, "validator on %s: exit %d (want %d), output holds %r"
              % (name, p.returncode, want_rc, want_text))
        if not ok:
            print(p.stdout)


def layer_builds(runtime_include, work, nvcc):
    src = os.path.join(CASES, "layer_test.mu")
    for arch, expect in (("sm_75", 210), ("sm_86", 220), ("sm_90", 310)):
        # The device pass is where __MUSA_ARCH__ lives: preprocessing it is enough
        # for the arch checks; one full build (sm_90, linked) checks the rest.
        full = arch == "sm_90"
        cmd = [nvcc, "-std=c++17", "-arch=" + arch, "-DEXPECT_MUSA_ARCH=%d" % expect,
               "-I" + runtime_include, "-include", "musa_runtime.h", "-x", "cu", src]
        cmd += ["-o", os.path.join(work, "layer_test"), "-lcublas", "-lcufft"] if full else \
               ["-E", "-o", os.path.join(work, "layer_test_%s.ii" % arch)]
        p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        check(p.returncode == 0, "layer_test.mu %s with nvcc -arch=%s: __MUSA_ARCH__ == %d"
              % ("builds and links" if full else "preprocesses", arch, expect))
        if p.returncode != 0:
            print(p.stdout[-3000:])


def run_timeout_tests(mod):
    """A program that hangs costs a bounded time, said in --help."""
    ap = mod.parser()
    default = ap.get_default("run_timeout")
    check(default is not None and default <= 60,
          "validate: a run times out after at most 60 s by default (%s)" % default)
    check("default: %d s" % default in " ".join(ap.format_help().split()),
          "validate: --help says the run time-out's default")


def cpu_run_tests(validator, rules_dir):
    """The CPU runner's judgement: verdicts, skips and build failures."""
    sys.path.insert(0, os.path.dirname(os.path.realpath(validator)))
    import cpu_run
    v = cpu_run.own_verdict
    check(v(0, "a\nTest passed\n")[0] == "PASS", "cpu: 'Test passed' is a pass")
    check(v(0, "checked: FAILED\n")[0] == "FAIL", "cpu: FAILED with exit 0 is a failure")
    check(v(1, "PASS\n")[0] == "FAIL", "cpu: a non-zero exit fails whatever it prints")
    check(v(0, "3 FAIL lines\nall PASS\n")[0] == "PASS", "cpu: the last verdict word counts")
    check(v(0, "done\n")[0] is None, "cpu: no verdict word: no check of its own")
    check(v(2, "no device\n")[0] == "WAIVED", "cpu: exit 2 without a verdict is waived")
    check(v(124, "")[0] == "FAIL", "cpu: a time-out is a failure")
    limits = cpu_run.load_limits()
    report = {"files": [{"path": "/t/a.cu", "hazards": [], "references": [
        {"cuda": "cuModuleLoad", "family": "driver", "line": 3,
         "status": "migrated-without-semantics"},
        {"cuda": "cudaMalloc", "family": "runtime", "line": 4, "status": "migrated"},
        {"cuda": "tex2D", "family": "runtime", "line": 9, "status": "migrated"}]}]}
    why = cpu_run.limit_of(report, limits) or ""
    check(why.startswith("textures and surfaces (a.cu:9: tex2D"),
          "cpu: a texture fetch is a named skip; a skipped branch's driver call is not (%s)" % why)
    check(cpu_run.limit_of(report, limits, files={"/other.cu"}) is None,
          "cpu: only the program's own files count")
    names = cpu_run.target_names(rules_dir, "hip")
    kind, why = cpu_run.build_failure("x.hip:3:5: error: 'hipGraphCreate' was not declared "
                                      "in this scope", names, set())
    check(kind == "skip" and "hipGraphCreate" in why, "cpu: an API the runtime lacks is a skip")
    kind, _ = cpu_run.build_failure("x.hip:3:5: error: 'cudaMalloc' was not declared in this "
                                    "scope", names, set())
    check(kind == "fail", "cpu: a CUDA name left behind is a failure")
    kind, _ = cpu_run.build_failure("x.hip:3:5: error: 'cudaMalloc' was not declared in this "
                                    "scope", names, {"cudaMalloc"})
    check(kind == "skip", "cpu: a name the report flags is a skip")
    kind, why = cpu_run.build_failure("a.o: undefined reference to `sdata'", names, set(),
                                      ["extern __shared__ float sdata[];"])
    check(kind == "skip" and "dynamic shared memory" in why, "cpu: extern __shared__ is named")
    import corpus_run
    with tempfile.TemporaryDirectory() as root:
        os.makedirs(os.path.join(root, "p", "data"))
        with open(os.path.join(root, "p", "main.cu"), "w") as f:
            f.write('char *a = sdkFindFilePath("in.dat", argv[0]);\n'
                    'FILE *o = fopen("out.txt", "w");\nstd::ifstream s("gone.txt");\n')
        open(os.path.join(root, "p", "data", "in.dat"), "w").close()
        present = {"main.cu", "in.dat"}
        why = corpus_run.missing_input(root, "p", present, {}) or ""
        check(why == "main.cu reads gone.txt, which is not in the tree",
              "cpu: a program reading a file missing from the tree is a named skip (%s)" % why)
        check(corpus_run.missing_input(root, "p", present | {"gone.txt"}, {}) is None,
              "cpu: files it writes, and files the tree has, are no reason to skip")
        why = corpus_run.missing_input(root, "p", present | {"gone.txt"},
                                       {"inputs": ["data/in.dat", "../d/graph.csv"]}) or ""
        check(why == "it reads ../d/graph.csv (its input data), which is not in the tree",
              "cpu: an input --sizes names that is not in the tree is a named skip (%s)" % why)
        os.symlink("/dev/zero", os.path.join(root, "p", "data", "zero"))
        os.mkfifo(os.path.join(root, "p", "data", "pipe"))
        run = os.path.join(root, "run")
        corpus_run.stage_data(os.path.join(root, "p"), run)
        check(sorted(os.path.relpath(os.path.join(d, f), run) for d, _, fs in os.walk(run)
                     for f in fs) == ["data/in.dat"],
              "cpu: a program runs beside a copy of its data files, not its sources, "
              "links (one to /dev/zero would never end) or pipes")
    with tempfile.TemporaryDirectory() as root:
        files = {"p/Makefile": "", "p/main.cu": '#include "kernels.cu"\n', "p/kernels.cu": "",
                 "p/util/timer.c": "", "p/util/io.h": '#include "../inc.cu"\n', "p/inc.cu": "",
                 "q/a.cu": "", "q/sub/b.cu": "", "r/Makefile": "", "r/lib/CMakeLists.txt": "",
                 "r/lib/k.cu": "", "r/main.cpp": ""}
        for path, text in files.items():
            os.makedirs(os.path.dirname(os.path.join(root, path)), exist_ok=True)
            with open(os.path.join(root, path), "w") as f:
                f.write(text)
        found = corpus_run.programs_of(root, set())
        check(found == {"p": ["p/main.cu", "p/util/timer.c"], "q": ["q/a.cu"],
                        "q/sub": ["q/sub/b.cu"], "r/lib": ["r/lib/k.cu"]},
              "cpu: programs as their build finds them: a build file's folder with the "
              "folders below it, included sources not on their own (%s)" % found)


def refused(check_options, **given):
    """The message check_run_options refuses the options with, or None."""
    args = argparse.Namespace(jobs=1, timeout=60, csv=None, work=None)
    vars(args).update(given)
    err = io.StringIO()
    try:
        with contextlib.redirect_stderr(err):
            check_options(argparse.ArgumentParser(prog="v"), args, [given["tree"]])
    except SystemExit:
        return err.getvalue()
    return None


def run_option_tests(validator, work):
    """Options refused before anything runs: a --work folder the run would
    empty the user's files in, -j and time limits below 1, a --csv with no
    folder; and no program a run starts reads the caller's standard input."""
    sys.path.insert(0, os.path.dirname(os.path.realpath(validator)))
    import corpus
    import cpu_run
    tree, mine = os.path.join(work, "tree"), os.path.join(work, "mine")
    for folder in (os.path.join(tree, "src"), os.path.join(mine, "src")):
        os.makedirs(folder)
        open(os.path.join(folder, "keep.cu"), "w").close()
    c = corpus.check_run_options
    why = refused(c, tree=tree, work=tree) or ""
    check("overlaps the tree" in why, "validate: --work the tree itself is refused (%s)" % why)
    check(refused(c, tree=tree, work=os.path.join(tree, "src")),
          "validate: --work inside the tree is refused")
    why = refused(c, tree=tree, work=mine) or ""
    check("holds files that no run of musify-validate made" in why and
          os.path.exists(os.path.join(mine, "src", "keep.cu")),
          "validate: --work a folder of the user's is refused, its files kept (%s)" % why)
    made, _ = corpus.work_folder(argparse.Namespace(work=os.path.join(work, "w")), "x")
    check(refused(c, tree=tree, work=made) is None,
          "validate: --work a folder an earlier run made is taken")
    for opt, bad in (("jobs", 0), ("timeout", 0), ("run_timeout", -5)):
        check(refused(c, tree=tree, **{opt: bad}), "validate: %s=%d is refused" % (opt, bad))
    check(refused(c, tree=tree, csv="/nonexistent/x.csv"),
          "validate: a --csv in a folder that does not exist is refused up front")
    import project
    for bad in (os.path.join(tree, "src"), os.path.join("src", "..", "..", "mine")):
        err = io.StringIO()
        try:
            with contextlib.redirect_stderr(err):
                project.main([tree, "--build-system", "make", "--rules-dir", work, "-I", bad])
        except SystemExit:
            pass
        check("take a folder of %s by its path inside it" % tree in err.getvalue(),
              "validate project: -I %s, outside or absolute, is refused (once copied onto "
              "itself: a traceback)" % bad)
    log = os.path.join(work, "stdin.log")
    r, w = os.pipe()
    os.write(w, b"the caller's input\n")
    os.close(w)
    saved = os.dup(0)
    os.dup2(r, 0)
    try:
        _, out, _ = cpu_run.run(["sh", "-c", "read line; echo \"read:$line\""], log)
    finally:
        os.dup2(saved, 0)
        os.close(saved)
        os.close(r)
    check(out.strip() == "read:", "validate: a program run reads no standard input (%r)" % out)
    # A program that times out with a child of its own: neither outlives the run.
    probe = "import time; time.sleep(60)  # musify-validate-orphan-probe"
    rc, _, _ = cpu_run.run(["sh", "-c", '%s -c "%s" & %s -c "%s"'
                            % (sys.executable, probe, sys.executable, probe)], log, timeout=1)
    left = subprocess.run(["pgrep", "-f", "musify-validate-orphan-probe"],
                          stdout=subprocess.PIPE, text=True).stdout.split()
    for pid in left:
        os.kill(int(pid), 9)
    check(rc == 124 and not left,
          "validate: a program that times out leaves no process behind (%s)" % left)


def unmarked_word_tests(work):
    """The scan of migrated build files: a CUDA word with no finding above it
    is unmarked; a variable the file defines itself is the project's name."""
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.realpath(__file__)), "..", "..",
                                    "tool", "validate"))
    import project
    path = os.path.join(work, "CMakeLists.txt")
    with open(path, "w", encoding="utf-8") as f:
        f.write("# musify-unsupported: 'CUDAToolkit_INCLUDE_DIRS' has no MUSA equivalent\n"
                "list(GET CUDAToolkit_INCLUDE_DIRS 0 CUDA_INCLUDE_DIR)\n"
                "set(CUDA_FATBIN x)\n"
                "add_custom_command(OUTPUT ${CUDA_FATBIN} DEPENDS ${CUDA_INCLUDE_DIR}/a.h)\n"
                "set_property(TARGET t PROPERTY CUDA_ARCHITECTURES 80)\n")
    found = project.unmarked_cuda_words(path)
    check(found == [(5, "CUDA_ARCHITECTURES")],
          "validate project: the scan flags a CUDA word, not the file's own variables (%s)"
          % found)


def relative_path_tests(mod):
    """Folders given relative to the caller's folder name the same folders in
    the commands, which run in the work folder: --cpu-layer too (a relative
    one made every MUSA build on the CPU a skip)."""
    args = argparse.Namespace(
        migrated_musa=None, migrated_hip=None, musa_report=None, hip_report=None,
        musify="bin/musify", rules_dir="rules", nvcc="nvcc", cuda_path="/cuda", hipcc=None,
        skip_hip=True, runtime_include="include", rules_dir_for_musify=None,
        cpu_layer=os.path.join("build", "runtime", "cpu", "include"))
    mod.resolve_tools(args)
    for opt in ("musify", "rules_dir", "runtime_include", "cpu_layer"):
        check(os.path.isabs(getattr(args, opt)),
              "validate: a relative --%s is made absolute (%s)"
              % (opt.replace("_", "-"), getattr(args, opt)))


def known_bug_tests(validator):
    """A build target listed with --known-bug that builds fails the run and
    is named, to be taken off the list (once it stayed listed without a word)."""
    sys.path.insert(0, os.path.dirname(os.path.realpath(validator)))
    import project
    known = {"musa": {"a"}}
    cls, why = project.built_class(known, "musa", "a")
    check(cls == "failed" and "--known-bug musa:a: the bug is gone" in why and
          project.built_class(known, "musa", "b") == ("built", "") and
          project.built_class(known, "hip", "a") == ("built", ""),
          "validate project: a known bug that builds now fails the run and is named")


def configure_fallback_tests(validator):
    """A project of the tree that does not configure (a package this machine
    lacks) is charged to its own build targets, as the environment, not to
    every target of the tree (once one missing hipblas failed them all)."""
    sys.path.insert(0, os.path.dirname(os.path.realpath(validator)))
    import project
    log = ('CMake Error at a/CMakeLists.txt:9 (find_package):\n  Could not find a package '
           'configuration file provided by "hipblas" with any\n')
    m = project.MISSING_PACKAGE.search(log)
    check(m and m.group(1) == "hipblas" and not project.CUDA_PACKAGE.search("hipblas") and
          project.CUDA_PACKAGE.search("CUDAToolkit"),
          "validate project: a missing package is named; CUDA's own is told apart")
    build = project.CMakeBuild(argparse.Namespace())
    build.part_errors = {os.path.join("S", "a"): "no hipblas"}
    check(build.configure_error(["/src/S/a/main.cu"], "/src") == "no hipblas" and
          build.configure_error(["/src/S/ab/main.cu"], "/src") is None,
          "validate project: a part's configure error goes to its targets only")


def duplicate_symbol_tests(validator, work):
    """A link that fails on a symbol defined twice is the environment's where
    the toolchain's headers define that function and the tree does not (HIP
    5.2's cooperative groups under -fgpu-rdc); else the tree's or musify's."""
    sys.path.insert(0, os.path.dirname(os.path.realpath(validator)))
    import project
    log = ("lld: error: duplicate symbol: cooperative_groups::internal::coalesced_group::"
           "masked_bit_count(unsigned long long, unsigned int)\n>>> defined in a.o\n")
    toolchain, tree = os.path.join(work, "toolchain"), os.path.join(work, "dup-tree")
    os.makedirs(toolchain)
    os.makedirs(tree)
    with open(os.path.join(toolchain, "helper.h"), "w") as f:
        f.write("__device__ unsigned int masked_bit_count(lane_mask x,\n"
                "                                     unsigned int add = 0) {\n  return 0;\n}\n")
    with open(os.path.join(tree, "main.cu"), "w") as f:
        f.write("unsigned int masked_bit_count(unsigned long long, unsigned int);\n")
    m = project.DUPLICATE_SYMBOL.search(log)
    check(m and m.group(1) == "masked_bit_count" and
          project.defines([toolchain], "masked_bit_count") and
          not project.defines([tree], "masked_bit_count"),
          "validate project: a symbol twice defined is named; the toolchain's headers "
          "define it, a declaration in the tree does not")
    with open(os.path.join(tree, "own.cu"), "w") as f:
        f.write("unsigned int masked_bit_count(unsigned long long x, unsigned int) "
                "{ return x; }\n")
    check(project.defines([tree], "masked_bit_count"),
          "validate project: a symbol the tree defines itself is not the environment's")


def original_arch_tests(validator, work):
    """--original-arch: every target of every folder gets the one CUDA
    architecture, whatever the project's own set() said, and once only
    though each project() of the tree includes the file again."""
    sys.path.insert(0, os.path.dirname(os.path.realpath(validator)))
    import project
    tree = os.path.join(work, "arch")
    os.makedirs(os.path.join(tree, "sub"))
    with open(os.path.join(tree, "CMakeLists.txt"), "w") as f:
        f.write("cmake_minimum_required(VERSION 3.20)\nproject(top LANGUAGES NONE)\n"
                "add_subdirectory(sub)\nfunction(show)\n"
                "  get_target_property(a t CUDA_ARCHITECTURES)\n"
                "  message(STATUS \"arch: ${a}\")\nendfunction()\n"
                "cmake_language(DEFER CALL show)\n")
    with open(os.path.join(tree, "sub", "CMakeLists.txt"), "w") as f:
        f.write("project(sub LANGUAGES NONE)\nset(CMAKE_CUDA_ARCHITECTURES 75 80 90)\n"
                "add_custom_target(t)\n"
                "set_property(TARGET t PROPERTY CUDA_ARCHITECTURES ${CMAKE_CUDA_ARCHITECTURES})\n")
    include = os.path.join(work, "arch.cmake")
    with open(include, "w") as f:
        f.write(project.ONE_ARCHITECTURE % "90")
    out = subprocess.run(["cmake", "-S", tree, "-B", os.path.join(work, "arch-build"),
                          "-DCMAKE_PROJECT_INCLUDE=" + include], stdout=subprocess.PIPE,
                         stderr=subprocess.STDOUT, text=True).stdout
    check("arch: 90\n" in out, "validate project: --original-arch sets every target's "
          "CUDA_ARCHITECTURES once the project is read (%s)" % out[-300:])


def main():
    if len(sys.argv) != 5:
        print(__doc__)
        return 2
    validator, rules_dir, runtime_include, work = sys.argv[1:]
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    scanner_tests(load_validator(validator), rules_dir)
    run_timeout_tests(load_validator(validator))
    relative_path_tests(load_validator(validator))
    unmarked_word_tests(work)
    cpu_run_tests(validator, rules_dir)
    run_option_tests(validator, work)
    known_bug_tests(validator)
    original_arch_tests(validator, work)
    configure_fallback_tests(validator)
    duplicate_symbol_tests(validator, work)
    layer_coverage(rules_dir, runtime_include)
    nvcc = shutil.which("nvcc") or "/usr/local/cuda/bin/nvcc"
    if not os.path.exists(nvcc):
        print("SKIPPED: nvcc not found: the validator's build checks and the layer build need it")
        return 1 if failures else 77
    validator_cases(validator, work, nvcc)
    layer_builds(runtime_include, work, nvcc)
    print("\n%d failure(s)" % len(failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
