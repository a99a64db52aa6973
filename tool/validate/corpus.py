"""musify-validate corpus: does the migration of a whole CUDA tree build?

    musify-validate corpus ROOT [--baseline CSV | -p BUILD_DIR] [--target musa,hip]
                           [-I DIR ...] [--csv FILE] [--work DIR] [-j N]
                           [--min-built TARGET=N ...]
                           [--sample N [--min-built-sampled TARGET=N ...]]

Migrates ROOT once per target (musify --out-root, with the report), then builds
every migrated translation unit whose original builds with nvcc:

  musa   nvcc ORIGINAL_FLAGS -I<runtime/include> -x cu -c FILE   (the portability
         layer; no forced include: a unit gets musa_runtime.h only if the migration
         wrote it)
  hip    HIP_PLATFORM=amd hipcc --offload-arch=gfx90a -std=c++17 -fgpu-rdc
         -I<runtime/hip/include> -c FILE (no shims, no extra defines; the folder
         holds musify's helper header, which a unit includes only if the
         migration wrote it there)

Which originals build comes from --baseline (a CSV of `file,nvcc_compiles`, paths
relative to ROOT), or from a compile_commands.json (-p), or else from compiling
every .cu file of ROOT with nvcc first. Every unit gets -I<its folder> and the -I
folders given (relative to ROOT, mirrored into the migrated tree); musify parses
each unit with the same flags (-p: the database given, or one written from them).

Each migrated unit ends in one class:

  built             it compiled (and the report did not say it cannot)
  predicted         it failed, and the report said beforehand that it cannot
                    build for the target (the file's `build.expected` is false),
                    or that it may not (`build.risks`: a name the tables do not
                    know, a compared macro the target lacks, inline PTX)
  environment       it failed on a header this machine's target toolchain lacks:
                    a target library (Debian has no hipFFT, hipBLAS, hipCUB,
                    rocThrust) or a third-party one (OpenMP for hipcc), never
                    a CUDA header left behind or a file of the tree
  unpredicted       any other failure: a musify bug until shown otherwise
  false-prediction  it compiled, though the report said it cannot
  known-bug         unpredicted, but listed with --known-bug (does not fail the run)
  fixed             listed with --known-bug, yet it built (counted as built too:
                    remove it from the list)

For MUSA the build goes through the portability layer, which maps MUSA names
back onto CUDA: a name MUSA lacks stays a CUDA name that nvcc accepts, so a
prediction that a unit cannot build on a MUSA SDK cannot be checked on NVIDIA.
Such units are `built` and the CSV keeps the report's blockers.

--sample N builds a deterministic part of the units: every Nth in sorted order,
and every unit --known-bug names (a past bug stays checked); the tree is still
migrated whole. The floors of such a run are --min-built-sampled. With
MUSIFY_TEST_FULL=1 in the environment (scripts/test.sh --full) every unit is
built and --min-built holds, whatever --sample says.

Prints a table and totals, writes a CSV (sorted, so runs are deterministic).
Exit status: 0 when no unit is unpredicted or a false prediction and every
--min-built floor holds, 1 otherwise, 2 for bad usage.
"""
import argparse
import concurrent.futures
import csv
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.realpath(__file__)), "..", "..",
                                "scripts"))
from musifypy import rule_tables  # noqa: E402

CLASSES = ("built", "predicted", "environment", "unpredicted", "false-prediction",
           "known-bug", "fixed")
FAILING = ("unpredicted", "false-prediction")
# The flags nvcc builds the originals with (the cuda-samples README's).
DEFAULT_NVCC_FLAGS = ["-std=c++17", "--extended-lambda", "-rdc=true", "-arch=sm_90"]
HIP_FLAGS = ["--offload-arch=gfx90a", "-std=c++17", "-fgpu-rdc"]
MISSING_HEADER = re.compile(r"fatal error: '?([^':\s]+)'?:? (?:file not found|No such file)")
FIRST_ERROR = re.compile(r"^.*\b(?:error|fatal error)\b.*$", re.M)


def run(cmd, env=None, cwd=None, timeout=900):
    try:
        p = subprocess.run(cmd, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                           stderr=subprocess.STDOUT, env=env, cwd=cwd, timeout=timeout,
                           text=True, errors="replace")
        return p.returncode, p.stdout
    except subprocess.TimeoutExpired:
        return 124, "timed out after %ds" % timeout
    except OSError as e:
        return 127, str(e)


def first_error(log):
    m = FIRST_ERROR.search(log)
    lines = log.strip().splitlines()
    return (m.group(0).strip() if m else lines[-1] if lines else "")[:300]


def cuda_headers(rules_dir, target):
    """Every CUDA header the target's rule tables know: one of these left in
    the output is musify's to report, never the environment's; except those
    the target's library keeps (rocThrust's thrust/...), which are its own."""
    table = rule_tables.read(os.path.join(rules_dir, target), "headers.json")
    return {e["cuda"] for e in table["entries"]
            if e["status"] == "unsupported" or e.get("target") != e["cuda"]}


def parse_floors(ap, option, specs, targets):
    """{target: N} from TARGET=N specs of `option`; a bad one is a usage error."""
    floors = {}
    for spec in specs:
        t, _, n = spec.partition("=")
        if t not in targets or not n.isdigit():
            ap.error("%s takes TARGET=N for a checked target: %s" % (option, spec))
        floors[t] = int(n)
    return floors


def sample_every(args):
    """Every how many units or programs a run checks: 1 under scripts/test.sh
    --full (MUSIFY_TEST_FULL=1), else --sample."""
    return 1 if os.environ.get("MUSIFY_TEST_FULL") == "1" else args.sample


def sampled(names, every, kept=()):
    """Every `every`th of the sorted names, and each one of `kept`: the same
    part on every run, with nothing that changes between runs in the choice."""
    return [n for i, n in enumerate(sorted(names)) if i % every == 0 or n in kept]


def add_sample_options(ap, floor_option, what):
    ap.add_argument("--sample", type=int, default=1, metavar="N",
                    help="check every Nth %s in sorted order, and each one listed as "
                         "known; MUSIFY_TEST_FULL=1 checks all" % what)
    ap.add_argument(floor_option + "-sampled", action="append", default=[],
                    metavar="TARGET=N", help="the floors of a sampled run")


def floors_of(ap, args, full, part, targets):
    """{target: floor} of this run: a sampled run's floors (`part`), else the
    full run's (`full`); each an (option name, TARGET=N specs) pair."""
    if args.sample < 1:
        ap.error("--sample takes a whole number of at least 1")
    return parse_floors(ap, *(part if sample_every(args) > 1 else full), targets)


def sample_note(every, checked, total, what):
    """What a sampled run left out, said with its result."""
    if every == 1:
        return ""
    return ("sampled: %d of %d %s (one in every %d, and the known ones; scripts/test.sh --full "
            "checks all)" % (checked, total, what, every))


def read_baseline(path):
    units = {}
    with open(path, encoding="utf-8") as f:
        for row in csv.DictReader(f):
            units[row["file"]] = row.get("nvcc_compiles", "1").strip() in ("1", "true", "yes")
    return units


def units_of_database(build_dir, root):
    with open(os.path.join(build_dir, "compile_commands.json"), encoding="utf-8") as f:
        entries = json.load(f)
    units = {}
    for e in entries:
        path = os.path.normpath(os.path.join(e.get("directory", ""), e["file"]))
        rel = os.path.relpath(path, root)
        if not rel.startswith(".."):
            units[rel] = None  # unknown: compiled with nvcc below
    return units


def build_prediction(report):
    """rel path of each file -> (expected to build, blockers as text)."""
    out = {}
    for f in report.get("files", []):
        build = f.get("build")
        if build is None:
            continue

        def text(key):
            return "; ".join("%s %s" % (b.get("kind", ""), b.get("name", ""))
                             for b in build.get(key, []))
        out[f["path"]] = (build.get("expected", True), text("blockers"), text("risks"))
    return out


def classify(target, rc, log, predicted_ok, at_risk, cuda_headers, header_exists, tree):
    if rc == 0:
        return "false-prediction" if not predicted_ok and target != "musa" else "built"
    if (not predicted_ok or at_risk) and target != "musa":
        return "predicted"
    # A header the target's compiler cannot find, that is neither a CUDA header
    # left behind nor a file of the tree: a target library (hipFFT) or a
    # third-party one (OpenMP) this machine's toolchain lacks.
    m = MISSING_HEADER.search(log)
    if m:
        name = m.group(1)
        cuda = any(name == h or (h.endswith("/") and name.startswith(h)) for h in cuda_headers)
        if (not cuda and not header_exists(name) and
                not os.path.exists(os.path.join(tree, name))):
            return "environment"
    return "unpredicted"


def doc_parser(prog, doc):
    """A command's parser whose help is its module docstring: the first
    paragraph as the description, the rest as the epilog, as written."""
    return argparse.ArgumentParser(prog=prog, description=doc.split("\n\n")[0],
                                   formatter_class=argparse.RawDescriptionHelpFormatter,
                                   epilog=doc.split("\n\n", 1)[1])


def parser():
    ap = doc_parser("musify-validate corpus", __doc__)
    ap.add_argument("root", help="the CUDA tree")
    ap.add_argument("--baseline", help="CSV file,nvcc_compiles (paths relative to ROOT)")
    ap.add_argument("-p", dest="build_dir", help="a folder with compile_commands.json")
    ap.add_argument("-I", dest="includes", action="append", default=[],
                    help="an include folder, relative to ROOT (repeatable)")
    ap.add_argument("--nvcc-flags", default=" ".join(DEFAULT_NVCC_FLAGS),
                    help="how nvcc builds the originals (default: %(default)s)")
    ap.add_argument("--target", default="musa,hip", help="musa, hip or both (default)")
    ap.add_argument("--musify", required=True)
    ap.add_argument("--rules-dir", required=True,
                    help="the rule tables (rules/), for musify and for reading")
    ap.add_argument("--runtime-include", help="the MUSA portability layer")
    ap.add_argument("--hip-helpers", default=os.path.join(
        os.path.dirname(os.path.abspath(__file__)), "..", "..", "runtime", "hip", "include"),
                    help="musify's HIP helper headers (default: the repository's "
                         "runtime/hip/include)")
    ap.add_argument("--nvcc", default=shutil.which("nvcc") or "/usr/local/cuda/bin/nvcc")
    ap.add_argument("--hipcc", default=shutil.which("hipcc"))
    ap.add_argument("--work", help="work folder (default: a temporary one, removed)")
    ap.add_argument("--csv", help="write one row per unit and target here")
    ap.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--min-built", action="append", default=[], metavar="TARGET=N",
                    help="fail when fewer than N units build for TARGET")
    ap.add_argument("--known-bug", action="append", default=[], metavar="TARGET:FILE",
                    help="an unpredicted failure already known as a musify bug: shown as "
                         "known-bug, not failing; if it builds, shown as fixed (remove it)")
    add_sample_options(ap, "--min-built", "unit")
    return ap


def units_of(args, root):
    """{unit: whether the original builds, None where nothing says}."""
    if args.baseline:
        return read_baseline(args.baseline)
    if args.build_dir:
        return units_of_database(args.build_dir, root)
    return {os.path.relpath(os.path.join(d, f), root): None
            for d, _, fs in os.walk(root) for f in fs if f.endswith(".cu")}


def checked_targets(ap, args, root):
    """The targets asked for; a bad root, target or missing compiler is a usage error."""
    targets = [t for t in args.target.split(",") if t]
    if not os.path.isdir(root) or any(t not in ("musa", "hip") for t in targets):
        ap.error("ROOT must be a folder and --target musa, hip or both")
    if "hip" in targets and not args.hipcc:
        ap.error("hipcc not found (--hipcc)")
    if "musa" in targets and not (args.runtime_include and os.path.exists(
            os.path.join(args.runtime_include, "musa_runtime.h"))):
        ap.error("the MUSA portability layer was not found (--runtime-include)")
    return targets


class CorpusRun:
    """One run over a tree: its units, work folder, and the rows of each target."""

    def __init__(self, args, root, units, work):
        self.args, self.root, self.units, self.work = args, root, units, work
        self.nvcc_flags = shlex.split(args.nvcc_flags)
        self.rows, self.totals = [], {}
        self.buildable = []
        self.all_buildable = 0

    def compile_all(self, jobs):
        results = [None] * len(jobs)
        with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, self.args.jobs)) as pool:
            futs = {pool.submit(run, *job): i for i, job in enumerate(jobs)}
            for fut in concurrent.futures.as_completed(futs):
                results[futs[fut]] = fut.result()
        return results

    def include_flags(self, base, rel):
        return ["-I" + os.path.join(base, os.path.dirname(rel))] + \
               ["-I" + os.path.join(base, d) for d in self.args.includes]

    def original_command(self, rel):
        return [self.args.nvcc] + self.nvcc_flags + self.include_flags(self.root, rel) + \
            ["-c", os.path.join(self.root, rel)]

    def find_buildable(self):
        """Which originals build (when no baseline says so)."""
        unknown = sorted(u for u, ok in self.units.items() if ok is None)
        if unknown:
            outs = self.compile_all([(self.original_command(u) + ["-o", os.devnull],)
                                     for u in unknown])
            for u, (rc, _) in zip(unknown, outs):
                self.units[u] = rc == 0
        known = {k.split(":", 1)[-1] for k in self.args.known_bug}
        buildable = [u for u, ok in self.units.items() if ok]
        self.all_buildable = len(buildable)
        self.buildable = sampled(buildable, sample_every(self.args), known)

    def database(self):
        """musify parses each unit with the flags nvcc builds it with: the given
        compilation database, or one written here from the flags."""
        if self.args.build_dir:
            return self.args.build_dir
        database = os.path.join(self.work, "database")
        os.makedirs(database, exist_ok=True)
        with open(os.path.join(database, "compile_commands.json"), "w", encoding="utf-8") as f:
            json.dump([{"directory": self.root, "file": os.path.join(self.root, u),
                        "arguments": self.original_command(u)}
                       for u in sorted(self.units)], f, indent=1)
        return database

    def migrate(self, target, out, database):
        """The target's report, or None when musify failed (said on stderr)."""
        args, root = self.args, self.root
        shutil.rmtree(out, ignore_errors=True)
        report_path = os.path.join(self.work, target + ".report.json")
        cmd = [args.musify, "--target=" + target, "--quiet", "--out-root", out,
               "--report", report_path, "-j", str(args.jobs), "-p", database,
               "--rules-dir", args.rules_dir]
        cmd += [root, "--"] + ["-I" + os.path.join(root, d) for d in args.includes]
        rc, log = run(cmd, timeout=3600)
        if rc not in (0, 1) or not os.path.exists(report_path):
            print("musify-validate corpus: musify failed (exit %d):\n%s" % (rc, log[-3000:]),
                  file=sys.stderr)
            return None
        with open(report_path, encoding="utf-8") as f:
            return json.load(f)

    def compiler(self, target):
        """(command, environment) of the target's compiler."""
        args = self.args
        if target == "hip":
            return ([args.hipcc] + HIP_FLAGS + ["-I" + os.path.normpath(args.hip_helpers)],
                    dict(os.environ, HIP_PLATFORM="amd"))
        return [args.nvcc] + self.nvcc_flags + ["-I" + args.runtime_include, "-x", "cu"], None

    def check_target(self, target, database):
        """Migrate the tree to target and build and classify every buildable
        unit; False when musify failed."""
        out = os.path.join(self.work, target)
        report = self.migrate(target, out, database)
        if report is None:
            return False
        predictions = build_prediction(report)
        outputs = {f["path"]: f.get("output") for f in report.get("files", [])}
        sdk_headers = cuda_headers(self.args.rules_dir, target)
        compiler, env = self.compiler(target)
        known = {}

        def header_exists(name):
            """Whether the target compiler finds this header at all."""
            if name not in known:
                probe = os.path.join(self.work, "probe-%s.%s"
                                     % (target, "hip" if target == "hip" else "cu"))
                with open(probe, "w", encoding="utf-8") as f:
                    f.write("#include <%s>\n" % name)
                known[name] = run(compiler + ["-E", probe, "-o", os.devnull], env=env)[0] == 0
            return known[name]

        jobs = []
        for u in self.buildable:
            src = os.path.join(self.root, u)
            migrated = outputs.get(src) or os.path.join(out, u)
            jobs.append((compiler + self.include_flags(out, u) +
                         ["-c", migrated, "-o", os.devnull], env, out))
        for u, (rc, log) in zip(self.buildable, self.compile_all(jobs)):
            ok, blockers, risks = predictions.get(os.path.join(self.root, u), (True, "", ""))
            cls = classify(target, rc, log, ok, bool(risks), sdk_headers, header_exists, out)
            if "%s:%s" % (target, u) in self.args.known_bug:
                cls = {"unpredicted": "known-bug", "built": "fixed"}.get(cls, cls)
            self.totals.setdefault(target, dict.fromkeys(CLASSES, 0))[cls] += 1
            self.rows.append({"file": u, "target": target, "class": cls,
                              "report_expects_build": "yes" if ok else "no",
                              "blockers": blockers, "risks": risks,
                              "first_error": "" if rc == 0 else first_error(log)})
        return True

    def failed(self, targets, floors):
        """Whether a target has a failing class, or builds fewer units than its floor."""
        failed = False
        for t in targets:
            n = self.totals.get(t, {})
            if any(n.get(c, 0) for c in FAILING):
                failed = True
            built = n.get("built", 0) + n.get("fixed", 0)
            if t in floors and built < floors[t]:
                print("musify-validate corpus: %s: %d built, below the floor of %d"
                      % (t, built, floors[t]))
                failed = True
        return failed


# Marks a work folder as one a run of musify-validate made: a run removes and
# remakes folders of its own there, so it takes no folder it did not make.
WORK_MARK = ".musify-validate-work"


def check_run_options(ap, args, trees):
    """Refuses, before anything runs, what would fail late or cost the user's
    files: -j or a time limit below 1, a --csv whose folder is missing, and
    a --work folder that overlaps a tree or holds files no run of
    musify-validate made (the run empties folders of its own there)."""
    if args.jobs < 1:
        ap.error("-j takes a whole number of at least 1, not %d" % args.jobs)
    for opt in ("timeout", "run_timeout"):
        if getattr(args, opt, 1) < 1:
            ap.error("--%s takes a whole number of seconds of at least 1, not %d"
                     % (opt.replace("_", "-"), getattr(args, opt)))
    reals = [os.path.realpath(t) for t in trees]
    if args.csv:
        path = os.path.realpath(args.csv)
        if os.path.exists(path) and not os.path.isfile(path):
            ap.error("--csv %s is not a regular file" % args.csv)
        if not os.path.isdir(os.path.dirname(path)):
            ap.error("--csv %s: its folder does not exist" % args.csv)
    if not args.work:
        return
    work = os.path.realpath(args.work)
    for tree in reals:
        if work == tree or work.startswith(tree + os.sep) or tree.startswith(work + os.sep):
            ap.error("--work %s overlaps the tree %s: the run empties folders of its own "
                     "there; name a folder outside it" % (args.work, tree))
    if os.path.exists(work) and not os.path.isdir(work):
        ap.error("--work %s is not a folder" % args.work)
    if os.path.isdir(work) and os.listdir(work) and \
            not os.path.exists(os.path.join(work, WORK_MARK)):
        ap.error("--work %s holds files that no run of musify-validate made (no %s): the "
                 "run empties folders of its own there; name a new or empty folder"
                 % (args.work, WORK_MARK))


def work_folder(args, prefix):
    """(the work folder, made and marked; the temporary folder to remove at
    the end, or None where --work names it)."""
    tmp = None if args.work else tempfile.mkdtemp(prefix=prefix)
    work = os.path.abspath(args.work or tmp)
    os.makedirs(work, exist_ok=True)
    open(os.path.join(work, WORK_MARK), "a").close()
    return work, tmp


def write_csv(path, rows):
    with open(path, "w", newline="", encoding="utf-8") as f:
        w = csv.DictWriter(f, fieldnames=list(rows[0]) if rows else ["file"])
        w.writeheader()
        w.writerows(rows)


def main(argv):
    ap = parser()
    args = ap.parse_args(argv)
    for opt in ("musify", "rules_dir", "runtime_include", "hip_helpers", "nvcc", "hipcc",
                "baseline", "build_dir"):  # compilers run in the migrated tree
        if getattr(args, opt):
            setattr(args, opt, os.path.abspath(getattr(args, opt)))
    root = os.path.realpath(args.root)
    targets = checked_targets(ap, args, root)
    floors = floors_of(ap, args, ("--min-built", args.min_built),
                       ("--min-built-sampled", args.min_built_sampled), targets)

    check_run_options(ap, args, [root])
    units = units_of(args, root)
    work, tmp = work_folder(args, "musify-corpus-")
    corpus = CorpusRun(args, root, units, work)
    # Clang's offload steps (hipcc) leave empty folders in $TMPDIR: the
    # compilers get a folder of the work folder's own, removed at the end.
    scratch = tempfile.mkdtemp(prefix="scratch-", dir=corpus.work)
    os.environ["TMPDIR"] = scratch
    corpus.find_buildable()
    database = corpus.database()
    for target in targets:
        if not corpus.check_target(target, database):
            return 1

    if args.csv:
        write_csv(args.csv, corpus.rows)
    print_table(corpus.rows, targets, corpus.totals, len(corpus.units), corpus.all_buildable)
    note = sample_note(sample_every(args), len(corpus.buildable), corpus.all_buildable,
                       "buildable units")
    if note:
        print(note)
    failed = corpus.failed(targets, floors)
    shutil.rmtree(scratch, ignore_errors=True)
    if tmp:
        shutil.rmtree(tmp, ignore_errors=True)
    return 1 if failed else 0


def print_table(rows, targets, totals, n_units, n_buildable):
    print("musify-validate corpus: %d unit(s), %d of which the original builds with nvcc"
          % (n_units, n_buildable))
    for r in rows:
        if r["class"] != "built":
            print("  %-5s %-17s %s\n        %s"
                  % (r["target"], r["class"], r["file"],
                     r["blockers"] or r["risks"] or r["first_error"]))
    print("\n  %-6s %s" % ("target", " ".join("%12s" % c[:12] for c in CLASSES)))
    for t in targets:
        n = totals.get(t, {})
        print("  %-6s %s" % (t, " ".join("%12d" % n.get(c, 0) for c in CLASSES)))
    passed = sum(totals[t].get(c, 0) for t in totals for c in CLASSES if c not in FAILING)
    failed = sum(totals[t].get(c, 0) for t in totals for c in FAILING)
    print("%d passed, %d failed" % (passed, failed))
