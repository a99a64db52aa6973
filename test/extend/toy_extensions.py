#!/usr/bin/env python3
"""musify is extended one file at a time, and this holds it: in a copy of the
sources,

- scripts/new_hazard.py adds a toy hazard, and with no other file edited the
  copy's musify finds it, caches it, reports it (JSON against the schema the
  scaffold extended, SARIF), predicts its file not to build, names it in
  `musify explain`, and passes the lit test the scaffold wrote;
- one entry added to reportViews() (report/ReportViews.cpp) is a new report
  format: its option is there, it is written, a depfile names it, and the
  run's checks of the files it writes cover it.

    toy_extensions.py --work DIR --lit LIT.PY [--source DIR]

The copy is built with the compiler launcher of the build beside it (ccache,
with the copy as its base folder, so that the unchanged sources are cache
hits): only what the toys change, and the link, are compiled anew.
"""
import argparse
import json
import os
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
NAME, FUNCTION = "toy-sleep", "toyNap"

failures = []


def check(ok, what):
    print("%s: %s" % ("ok" if ok else "FAIL", what))
    if not ok:
        failures.append(what)


def run(command, cwd=None, env=None):
    r = subprocess.run(command, cwd=cwd, env=env, stdout=subprocess.PIPE,
                       stderr=subprocess.STDOUT, text=True, stdin=subprocess.DEVNULL)
    return r.returncode, r.stdout


def copy_sources(source, copy):
    """The files of the checkout git does not ignore (all of the tree where it
    is not a checkout)."""
    rc, out = run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
                  cwd=source)
    if rc == 0 and out:
        for rel in out.split("\0"):
            if rel and os.path.isfile(os.path.join(source, rel)):
                os.makedirs(os.path.dirname(os.path.join(copy, rel)), exist_ok=True)
                shutil.copy2(os.path.join(source, rel), os.path.join(copy, rel))
        return
    shutil.copytree(source, copy, ignore=shutil.ignore_patterns("build*", ".git"))


def build(copy):
    env = dict(os.environ, CCACHE_BASEDIR=copy)
    launcher = shutil.which("ccache") or ""
    rc, out = run(["cmake", "-S", copy, "-B", os.path.join(copy, "build"), "-G", "Ninja",
                   "-DCMAKE_BUILD_TYPE=Release", "-DCMAKE_C_COMPILER_LAUNCHER=" + launcher,
                   "-DCMAKE_CXX_COMPILER_LAUNCHER=" + launcher], env=env)
    if rc == 0:
        rc, out = run(["cmake", "--build", os.path.join(copy, "build"), "--target", "musify"],
                      env=env)
    check(rc == 0, "the copy with the toy hazard and report format builds"
          + ("" if rc == 0 else ":\n" + out[-3000:]))
    return rc == 0


def migrate_twice(copy, musify, work):
    """The toy's lit input migrated to HIP twice through one cache: the
    second run takes it from the cache and reports the same."""
    source = os.path.join(work, "input.cu")
    with open(os.path.join(copy, "test", "lit", "hazards", NAME + ".cu"), encoding="utf-8") as f:
        with open(source, "w", encoding="utf-8") as out:
            out.write(f.read().split("//--- input.cu\n", 1)[1])
    reports = []
    for n in (1, 2):
        report = os.path.join(work, "r%d.json" % n)
        rc, out = run([musify, "--target=hip", "--incremental", "--cache-dir",
                       os.path.join(work, "cache"), source, "-o",
                       os.path.join(work, "out%d.hip" % n), "--report", report, "--sarif",
                       os.path.join(work, "r%d.sarif" % n)])
        check(rc == 0, "run %d migrates the toy's input (%s)" % (n, out.strip()[-300:]))
        with open(report, encoding="utf-8") as f:
            reports.append(json.load(f))
        check(("%d of 1 translation unit(s) from the cache" % (n - 1)) in out,
              "run %d takes %d unit(s) from the cache" % (n, n - 1))
    return reports


def scaffold(copy):
    """The scaffold refuses bad names, touching nothing; then writes the toy."""
    command = [sys.executable, os.path.join(copy, "scripts", "new_hazard.py")]
    schema = os.path.join(copy, "docs", "report.schema.json")
    with open(schema, encoding="utf-8") as f:
        before = f.read()
    for bad, why in ((["Bad_Name", "--calls", "f", "--title", "t"], "is not a hazard name"),
                     (["bad-call", "--calls", "1f", "--title", "t"], "is not a C++ identifier"),
                     (["bad-title", "--calls", "f", "--title", " "], "one line of text")):
        rc, out = run(command + bad + ["--advice", "a"])
        check(rc == 1 and why in out, "the scaffold refuses %s (%s)" % (bad[0], out.strip()))
    with open(schema, encoding="utf-8") as f:
        check(f.read() == before, "a refused scaffold leaves the docs as they were")
    rc, out = run(command + [NAME, "--calls", FUNCTION, "--title", "A toy call that sleeps",
                             "--advice", "the target has no such sleep: wait another way",
                             "--blocks"])
    check(rc == 0, "the scaffold writes the hazard (%s)" % out.strip())
    rc, out = run(command + [NAME, "--calls", FUNCTION, "--title", "t", "--advice", "a"])
    check(rc == 1 and "already there" in out,
          "the scaffold refuses a hazard it has (%s)" % out.strip())


# The toy report format: the number of files the report has, one line.
TOY_VIEW = {"option": "toy-count", "entry": (
    '    {"toy-count", "file.txt", "Write how many files the report has", '
    'AfterWriting::KeepNothing, true,\n'
    '     [](const ReportViewContext &In) -> llvm::Expected<ViewWrite> {\n'
    '       return [&In](llvm::raw_ostream &OS) { OS << In.Run.Files.size() << "\\n"; };\n'
    '     }},\n')}


def add_toy_view(copy):
    """One entry at the end of reportViews()."""
    path = os.path.join(copy, "tool", "lib", "report", "ReportViews.cpp")
    with open(path, encoding="utf-8") as f:
        text = f.read()
    end = text.find("\n};\n", text.find("constexpr ReportView Views[] = {"))
    check(end > 0, "report/ReportViews.cpp has the list of views")
    with open(path, "w", encoding="utf-8") as f:
        f.write(text[:end + 1] + TOY_VIEW["entry"] + text[end + 1:])


def toy_view(musify, work):
    """The toy format is written, named by a depfile, and checked as an output."""
    source = os.path.join(work, "input.cu")
    count, dep = os.path.join(work, "count.txt"), os.path.join(work, "run.d")
    rc, out = run([musify, "--target=hip", source, "-o", os.path.join(work, "v.hip"),
                   "--toy-count", count, "--depfile", dep])
    check(rc == 0, "--toy-count is an option of the copy's musify (%s)" % out.strip()[-300:])
    if rc == 0:
        with open(count, encoding="utf-8") as f:
            check(f.read() == "1\n", "the toy format is written")
        with open(dep, encoding="utf-8") as f:
            check(count in f.read().split(":")[0], "the depfile names the toy format's file")
    rc, out = run([musify, "--target=hip", source, "-o", count, "--toy-count", count])
    check(rc != 0 and "--toy-count" in out, "a --toy-count file that is -o's is refused (%s)"
          % out.strip()[-300:])
    rc, out = run([musify, "--shard", "1/2", "--export", os.path.join(work, "ex"), source,
                   "--toy-count", count])
    check(rc != 0 and "--html and --toy-count to musify merge" in out,
          "a shard refuses it and says so (%s)" % out.strip()[-300:])


def product(copy, work, lit):
    """What the copy's musify does with the toy hazard."""
    musify = os.path.join(copy, "build", "tool", "musify")
    first, second = migrate_twice(copy, musify, work)
    hazards = first["files"][0]["hazards"]
    check([(h["kind"], h["line"]) for h in hazards] == [(NAME, 4)],
          "the report has the toy hazard (%s)" % hazards)
    same = [{k: v for k, v in r["files"][0].items() if k != "output"} for r in (first, second)]
    check(same[0] == same[1], "the cached run reports the same file, hazard included")
    build_state = first["files"][0]["build"]
    check(not build_state["expected"] and [b["kind"] for b in build_state["blockers"]] == [NAME],
          "its file is predicted not to build, for the toy hazard (%s)" % build_state)
    rc, out = run([sys.executable, os.path.join(copy, "test", "lit", "Inputs",
                                                "validate_report.py"),
                   os.path.join(copy, "docs", "report.schema.json"),
                   os.path.join(work, "r1.json")])
    check(rc == 0, "the report validates against the extended schema (%s)" % out.strip())
    with open(os.path.join(work, "r1.sarif"), encoding="utf-8") as f:
        rules = [r["id"] for r in json.load(f)["runs"][0]["tool"]["driver"]["rules"]]
    check("musify-" + NAME in rules, "SARIF has its rule (%s)" % rules)
    rc, out = run([musify, "explain", NAME])
    check(rc == 0 and "(hazard)" in out and "sleep" in out,
          "musify explain names it (%s)" % out.strip())
    rc, out = run([sys.executable, lit, "-q", os.path.join(copy, "build", "test", "lit"),
                   "--filter", "hazards/" + NAME])
    check(rc == 0, "its lit test passes (%s)" % out.strip()[-1500:])


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--work", required=True)
    ap.add_argument("--lit", required=True, help="lit.py, to run the lit test it wrote")
    ap.add_argument("--source", default=os.path.join(HERE, "..", ".."))
    args = ap.parse_args()
    source, work = os.path.abspath(args.source), os.path.abspath(args.work)
    shutil.rmtree(work, ignore_errors=True)
    copy = os.path.join(work, "src")
    os.makedirs(work)
    copy_sources(source, copy)
    scaffold(copy)
    add_toy_view(copy)
    if not failures and build(copy):
        product(copy, work, args.lit)
        toy_view(os.path.join(copy, "build", "tool", "musify"), work)
    print("\n%d failure(s)" % len(failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
