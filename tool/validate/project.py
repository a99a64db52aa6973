"""musify-validate project: does a migrated project build with its own build files?

    musify-validate project TREE --build-system cmake|make [--target musa,hip]
                            [--part DIR ... | --sampled-part DIR ...] [-I DIR ...]
                            [--make-arg KIND:VAR=VALUE ...] [--original-arch N]
                            [--standin-arch SM]
                            [--standin DIR] [--hip-toolchain FILE] [--work DIR] [-j N]
                            [--timeout S] [--csv FILE]
                            [--sample N] [--min-built TARGET=N ...]

Copies TREE (or its --part folders and the -I folders) into the work folder,
then builds it with its own build files, once with nvcc (the original) and once
per target after migrating the copy whole with musify (--out-root, --report):

  cmake  each executable target of the configured project (CMake's file API),
         built one by one with Ninja. A tree without a top CMakeLists.txt gets
         one that adds each --part (default: each topmost folder with a
         CMakeLists.txt), as cuda-samples' own top file adds its samples; it is
         migrated with the rest. The original: CMake's CUDA language with nvcc.
         --original-arch N builds the original's targets for that one CUDA
         architecture (their CUDA_ARCHITECTURES, set once the project is
         read), to save time where a project lists many.
         MUSA: MUSA_PATH=<the stand-in>, as Moore Threads' CMake recipe reads it.
         HIP: CMake's HIP language, configured with --hip-toolchain (default:
         share/musify/hip-cmake/toolchain.cmake beside --musify), which makes
         a HIP installed in a distribution's layout (Debian's) usable by it;
         --hip-toolchain '' for a ROCm installation, which needs none.
  make   each folder with a Makefile is one build target: `make -C FOLDER`
         with the --make-arg words of its target (cuda, musa or hip). MUSA: the
         stand-in's bin/ first on PATH; HIP: HIP_PLATFORM=amd, Debian's hipcc.
         Neither finds nvcc on PATH.

Every build target of each migration ends in one class:

  built        it built
  predicted    it failed, and musify's report said that one of its sources
               cannot build (`build.expected` false, or `build.risks`), or
               that its build file cannot (a blocker: `build.expected` false)
  environment  it failed on a header, library or CMake package this
               machine's toolchain lacks (Debian has no hipCUB, hipBLAS or
               libomp for hipcc), never a CUDA header left behind, musify's
               own, or the tree's; or at a link on a symbol twice defined
               that the toolchain's headers define and the tree does not
               (HIP 5.2's cooperative groups define device functions
               neither inline nor static, so two units of relocatable device
               code that include them collide)
  failed       any other failure: the first error is shown
  known-bug    failed, but listed with --known-bug TARGET:NAME as a musify
               bug already known (does not fail the run; still counted); one
               so listed that builds is failed, so the list stays true
  original     the original did not build here: not counted for the targets

Each migrated build file (CMakeLists.txt, *.cmake, Makefiles) is scanned too:
a CUDA word left in it (nvcc, nvidia-smi, -lcudart, sm_80, CUDA_..., /cuda)
outside comments, with no musify finding in the comment right above it, is a
failure (`unmarked`): the migration neither carried nor reported it, unless
--known-bug TARGET:FILE lists that file (its path in the tree).

--sampled-part DIR is --part for the default run; with MUSIFY_TEST_FULL=1
(scripts/test.sh --full) the whole tree is built and --min-built holds, else
--min-built-sampled.

Prints a table per target, totals, and writes a CSV. Exit status: 0 when no
build target failed unpredicted, no build file keeps a CUDA word unmarked and
every floor holds, 1 otherwise,
2 for bad input (no such folder, no build files, a configure step that fails
or times out).
"""
import concurrent.futures
import json
import os
import re
import shutil
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.realpath(__file__)))
import corpus  # noqa: E402  (the prediction reader, sampling and floors)

CLASSES = ("built", "predicted", "environment", "failed", "known-bug")
MISSING_LIBRARY = re.compile(r"cannot find -l(\S+)")
# find_package() of a package CMake found no configuration file for.
MISSING_PACKAGE = re.compile(r'(?:package configuration file provided by|no package) '
                             r'"([\w.+-]+)"')
CUDA_PACKAGE = re.compile(r"(?i)cuda|nvidia|^cub$|^thrust$")
# A link's symbol defined twice: the name of the function, without its scope.
DUPLICATE_SYMBOL = re.compile(r"duplicate symbol: (?:[\w:~<>, ]*::)?(~?\w+)\(")
# Where each target's compiler finds its own headers.
TOOLCHAIN_HEADERS = {"hip": ("$ROCM_PATH/include/hip", "/opt/rocm/include/hip",
                             "/usr/include/hip")}
MAKEFILES = ("GNUmakefile", "makefile", "Makefile")
SOURCE_EXTS = (".cu", ".cuh", ".cpp", ".cc", ".cxx", ".c", ".h", ".hpp")
ERROR = re.compile(r"^.*\b(?:error|Error|fatal error|No rule to make target)\b.*$", re.M)


# CUDA words a migrated build file must not keep without a finding above them.
CUDA_WORD = re.compile(r"(?<![\w.-])(?:nvcc|nvidia-smi|-lcu\w+|-lnvidia-ml|sm_\d+|"
                       r"compute_\d+|CUDA\w*|cuda_std_\d+)\b|/cuda\b")
FINDING = re.compile(r"#.*\bmusify-\w+")


def toolchain_headers(kind):
    """The folder of the target's own headers on this machine, in a list (or
    an empty one)."""
    for folder in TOOLCHAIN_HEADERS.get(kind, ()):
        folder = os.path.expandvars(folder)
        if "$" not in folder and os.path.isdir(folder):
            return [folder]
    return []


def defines(folders, name):
    """Whether a C or C++ source or header under the folders defines a
    function `name` (its name, a parameter list and a body)."""
    definition = re.compile(r"\b%s\s*\([^;{}]*\)[^;{}]*\{" % re.escape(name))
    for folder in folders:
        for root, _, files in os.walk(folder):
            for f in files:
                if not f.endswith(SOURCE_EXTS + (".hip", ".inl")):
                    continue
                try:
                    with open(os.path.join(root, f), errors="replace") as source:
                        if definition.search(source.read()):
                            return True
                except OSError:
                    continue
    return False


class BadInput(Exception):
    """A tree, a build file or a configure step that this check cannot use."""


def run(cmd, log, env=None, cwd=None, timeout=600):
    """(exit status, output); the output is also appended to the log file."""
    t0 = time.time()
    try:
        p = subprocess.run(cmd, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                           stderr=subprocess.STDOUT, env=env, cwd=cwd, timeout=timeout,
                           text=True, errors="replace")
        rc, out = p.returncode, p.stdout
    except subprocess.TimeoutExpired:
        rc, out = 124, "timed out after %d s (--timeout)\n" % timeout
    except OSError as e:
        rc, out = 127, str(e) + "\n"
    with open(log, "a", encoding="utf-8") as f:
        f.write("$ %s\n%s[exit %d, %.0f s]\n\n" % (" ".join(cmd), out, rc, time.time() - t0))
    return rc, out


def first_error(out):
    m = ERROR.search(out)
    lines = [line for line in out.splitlines() if line.strip()]
    return (m.group(0).strip() if m else lines[-1] if lines else "")[:240]


def path_without_nvcc():
    """PATH less every folder that holds an nvcc: a migration must not find it."""
    dirs = os.environ.get("PATH", "").split(os.pathsep)
    return os.pathsep.join(d for d in dirs if d and not os.path.exists(os.path.join(d, "nvcc")))


def build_folders(tree, names):
    """Folders under tree (relative, sorted) that hold one of the named files."""
    found = []
    for d, subdirs, files in os.walk(tree):
        subdirs.sort()
        if any(n in files for n in names):
            found.append(os.path.relpath(d, tree))
    return sorted(found)


def topmost(folders):
    """Folders none of whose parents is in the list."""
    kept = []
    for f in sorted(folders):
        if not any(f == k or f.startswith(k + os.sep) or k == "." for k in kept):
            kept.append(f)
    return kept


def copy_tree(tree, dest, parts, includes):
    """The part of tree this check builds, copied to dest: the parts, the
    include folders and the files at the top."""
    shutil.rmtree(dest, ignore_errors=True)
    if not parts:
        shutil.copytree(tree, dest, symlinks=True)
        return
    os.makedirs(dest)
    for name in os.listdir(tree):
        if os.path.isfile(os.path.join(tree, name)):
            shutil.copy2(os.path.join(tree, name), dest)
    for p in parts + includes:
        shutil.copytree(os.path.join(tree, p), os.path.join(dest, p), symlinks=True,
                        dirs_exist_ok=True)


def build_files(tree):
    """The build files under tree: CMakeLists.txt, *.cmake and Makefiles."""
    for d, subdirs, files in os.walk(tree):
        subdirs.sort()
        for f in sorted(files):
            if f == "CMakeLists.txt" or f.endswith(".cmake") or f in MAKEFILES:
                yield os.path.join(d, f)


# Commands that define a variable named by their first argument, and list()
# forms whose result variable is their last.
FIRST_ARGUMENT_DEFINES = re.compile(
    r"\b(?:set|option|find_path|find_file|find_library|find_program|"
    r"get_filename_component)\(\s*(\w+)", re.IGNORECASE)
LIST_RESULT = re.compile(r"\blist\(\s*(?:GET|LENGTH|FIND|JOIN|SUBLIST)\b[^()]*?(\w+)\s*\)",
                         re.IGNORECASE)


def own_variables(text):
    """The variables a build file defines itself (set(CUDA_FATBIN_FILE ...),
    what a find_path() or option() defines, list(GET ... CUDA_INCLUDE_DIR)):
    the project's names, whatever they hold."""
    return set(FIRST_ARGUMENT_DEFINES.findall(text)) | set(LIST_RESULT.findall(text))


def unmarked_cuda_words(path):
    """[(line, word)] of CUDA words outside comments with no musify finding in
    the comment lines right above the statement they are in (a CMake command
    until its parentheses close, a Makefile line with its continuations)."""
    found, comments, marked, depth, continued = [], [], False, 0, False
    with open(path, encoding="utf-8", errors="replace") as f:
        lines = f.readlines()
    own = own_variables("".join(lines))
    for n, line in enumerate(lines, 1):
        code = line.split("#", 1)[0]
        if not code.strip():
            comments.append(line)
            continue
        if depth <= 0 and not continued:
            marked = any(FINDING.search(c) for c in comments)
        comments = []
        depth += code.count("(") - code.count(")")
        continued = code.rstrip().endswith("\\")
        found += [(n, m.group(0)) for m in CUDA_WORD.finditer(code)
                  if not marked and m.group(0) not in own]
    return found


def scan_build_files(tree):
    """Rows for each migrated build file that keeps a CUDA word unmarked."""
    rows = []
    for path in build_files(tree):
        words = unmarked_cuda_words(path)
        if words:
            rows.append("%s:%d: '%s'%s" % (os.path.relpath(path, tree), words[0][0],
                                           words[0][1], " (and %d more)" % (len(words) - 1)
                                           if len(words) > 1 else ""))
    return rows


# Run after the top directory is read (CMAKE_PROJECT_INCLUDE, once): every
# target of every directory gets the one CUDA architecture, whatever the
# project's own set(CMAKE_CUDA_ARCHITECTURES) said.
ONE_ARCHITECTURE = """\
get_property(musify_deferred GLOBAL PROPERTY MUSIFY_ORIGINAL_ARCHITECTURE)
if(NOT musify_deferred)
  set_property(GLOBAL PROPERTY MUSIFY_ORIGINAL_ARCHITECTURE TRUE)
  function(musify_one_architecture dir)
    get_property(targets DIRECTORY "${dir}" PROPERTY BUILDSYSTEM_TARGETS)
    foreach(target IN LISTS targets)
      get_target_property(type ${target} TYPE)
      if(NOT type STREQUAL "INTERFACE_LIBRARY")
        set_property(TARGET ${target} PROPERTY CUDA_ARCHITECTURES %s)
      endif()
    endforeach()
    get_property(subdirs DIRECTORY "${dir}" PROPERTY SUBDIRECTORIES)
    foreach(subdir IN LISTS subdirs)
      musify_one_architecture("${subdir}")
    endforeach()
  endfunction()
  cmake_language(DEFER DIRECTORY "${CMAKE_SOURCE_DIR}"
                 CALL musify_one_architecture "${CMAKE_SOURCE_DIR}")
endif()
"""


def standalone_projects(folder):
    """The topmost folders below folder whose CMakeLists.txt calls project():
    each configures on its own."""
    found = []
    for f in topmost([d for d in build_folders(folder, ["CMakeLists.txt"]) if d != "."]):
        with open(os.path.join(folder, f, "CMakeLists.txt"), encoding="utf-8",
                  errors="replace") as text:
            if re.search(r"^\s*project\s*\(", text.read(), re.M | re.I):
                found.append(f)
    return found


def write_top_cmakelists(src, parts):
    """A top CMakeLists.txt for a tree of CMake projects that has none: it adds
    each part, as cuda-samples' own top file adds its samples."""
    with open(os.path.join(src, "CMakeLists.txt"), "w", encoding="utf-8") as f:
        f.write("cmake_minimum_required(VERSION 3.20)\n"
                "project(%s LANGUAGES C CXX CUDA)\n" % re.sub(r"\W", "_", os.path.basename(src)))
        for p in parts:
            f.write("add_subdirectory(%s)\n" % p)


class CMakeBuild:
    """A tree built by its CMakeLists.txt: each executable target, one by one."""

    name = "cmake"
    # One build folder: one Ninja at a time, with -j.
    parallel = False

    def __init__(self, args):
        self.args = args
        self.parts = []       # the projects a top file this check wrote adds
        self.build_dir = {}   # target name -> its build folder, where not the top's
        self.part_errors = {}  # part -> why it did not configure on its own

    def prepare(self, src, parts):
        if not os.path.exists(os.path.join(src, "CMakeLists.txt")):
            self.parts = parts or topmost(build_folders(src, ["CMakeLists.txt"]))
            write_top_cmakelists(src, self.parts)

    def configure(self, kind, src, build, log):
        """{target name: [source paths]} of the configured project; raises
        BadInput with the first error where it does not configure. Where the
        top file is this check's and one of the projects it adds does not
        configure (a package this machine lacks), each is configured on its
        own, so one does not take the others down."""
        self.build_dir, self.part_errors = {}, {}
        try:
            return self.configure_one(kind, src, build, log)
        except BadInput:
            if not self.parts:
                raise
        shutil.rmtree(build, ignore_errors=True)
        found = {}
        parts = list(self.parts)
        while parts:
            part = parts.pop(0)
            part_build = os.path.join(build, part)
            try:
                targets = self.configure_one(kind, os.path.join(src, part), part_build, log)
            except BadInput as e:
                # A folder that adds projects of their own (a category of
                # samples): each of them on its own, in turn.
                below = [os.path.join(part, f) for f in standalone_projects(
                    os.path.join(src, part))]
                if below:
                    parts += below
                else:
                    self.part_errors[part] = str(e)
                continue
            found.update(targets)
            self.build_dir.update(dict.fromkeys(targets, part_build))
        if not found:
            raise BadInput(next(iter(self.part_errors.values())))
        return found

    def configure_error(self, sources, src):
        """Why the project of a build target with these sources did not
        configure on its own, or None."""
        for part, why in self.part_errors.items():
            if any(os.path.relpath(s, src).startswith(part + os.sep) for s in sources):
                return why
        return None

    def configure_one(self, kind, src, build, log):
        shutil.rmtree(build, ignore_errors=True)
        query = os.path.join(build, ".cmake", "api", "v1", "query")
        os.makedirs(query)
        open(os.path.join(query, "codemodel-v2"), "w").close()
        cmd = ["cmake", "-S", src, "-B", build, "-G", "Ninja", "-DCMAKE_BUILD_TYPE=Release"]
        if kind == "cuda":
            cmd.append("-DCMAKE_CUDA_COMPILER=" + self.args.nvcc)
            if self.args.original_arch:
                include = os.path.join(os.path.dirname(build), "original-arch.cmake")
                with open(include, "w", encoding="utf-8") as f:
                    f.write(ONE_ARCHITECTURE % self.args.original_arch)
                cmd.append("-DCMAKE_PROJECT_INCLUDE=" + include)
        if kind == "hip" and self.args.hip_toolchain:
            cmd.append("-DCMAKE_TOOLCHAIN_FILE=" + self.args.hip_toolchain)
        rc, out = run(cmd, log, env=environment(self.args, kind), timeout=self.args.timeout)
        if rc != 0:
            package = MISSING_PACKAGE.search(out)
            raise BadInput("%s: the project did not configure: %s" % (
                kind, 'no package "%s" on this machine' % package.group(1) if package
                else first_error(out)))
        return executables(build, src)

    def build(self, kind, build, target, log):
        return run(["ninja", "-C", self.build_dir.get(target, build), "-j",
                    str(self.args.jobs), target], log,
                   env=environment(self.args, kind), timeout=self.args.timeout)


def executables(build, src):
    """{name: [absolute source paths]} of the executable targets, read from
    CMake's file API reply."""
    reply = os.path.join(build, ".cmake", "api", "v1", "reply")
    index = max(f for f in os.listdir(reply) if f.startswith("index-"))
    with open(os.path.join(reply, index), encoding="utf-8") as f:
        model = json.load(f)["reply"]["codemodel-v2"]["jsonFile"]
    with open(os.path.join(reply, model), encoding="utf-8") as f:
        config = json.load(f)["configurations"][0]
    found = {}
    for t in config["targets"]:
        with open(os.path.join(reply, t["jsonFile"]), encoding="utf-8") as f:
            target = json.load(f)
        if target["type"] == "EXECUTABLE":
            # Its sources and the CMakeLists.txt that defines it.
            found[target["name"]] = [os.path.normpath(os.path.join(src, s["path"]))
                                     for s in target.get("sources", [])] + [
                os.path.normpath(os.path.join(src, target["paths"]["source"],
                                              "CMakeLists.txt"))]
    return found


class MakeBuild:
    """A tree of Makefiles: each folder with one is a build target."""

    name = "make"
    # Each folder builds alone: the folders build side by side, make -j1 each.
    parallel = True

    def __init__(self, args):
        self.args = args

    def prepare(self, src, parts):
        pass

    def configure_error(self, sources, src):
        return None

    def configure(self, kind, src, build, log):
        shutil.rmtree(build, ignore_errors=True)
        shutil.copytree(src, build, symlinks=True)
        found = {}
        for folder in build_folders(build, MAKEFILES):
            found[folder] = [os.path.join(src, folder, f)
                             for f in sorted(os.listdir(os.path.join(build, folder)))
                             if f.endswith(SOURCE_EXTS) or f in MAKEFILES]
        return found

    def build(self, kind, build, target, log):
        words = [a.split(":", 1)[1] for a in self.args.make_arg if a.startswith(kind + ":")]
        return run(["make", "-C", os.path.join(build, target)] + words, log,
                   env=environment(self.args, kind), timeout=self.args.timeout)


def environment(args, kind):
    """The original finds nvcc as the system has it; a migration finds only
    its own toolchain: the stand-in's bin/ (MUSA) or Debian's hipcc (HIP)."""
    env = dict(os.environ)
    if kind == "cuda":
        return env
    env["PATH"] = path_without_nvcc()
    if kind == "musa":
        env["MUSA_PATH"] = args.standin
        if args.standin_arch:
            env["MUSIFY_STANDIN_CUDA_ARCH"] = args.standin_arch
        env["PATH"] = os.path.join(args.standin, "bin") + os.pathsep + env["PATH"]
    else:
        env["HIP_PLATFORM"] = "amd"
    return env


class ProjectRun:
    """One check of a tree: the original's build targets, then each target's."""

    def __init__(self, args, system, work):
        self.args, self.system, self.work = args, system, work
        self.src = os.path.join(work, "src")
        self.rows, self.totals = [], {}
        self.original = {}
        self.unmarked = {}

    def build_original(self):
        """Which build targets the original builds: {name: sources}."""
        log = os.path.join(self.work, "cuda.log")
        targets = self.system.configure("cuda", self.src, os.path.join(self.work, "cuda"), log)
        if not targets:
            raise BadInput("the project has no build target (%s)" % self.system.name)
        known = corpus.sampled(targets, corpus.sample_every(self.args))
        results = self.build_all("cuda", os.path.join(self.work, "cuda"), known, log)
        for name, (rc, out) in zip(known, results):
            if rc == 0:
                self.original[name] = targets[name]
            else:
                self.rows.append(row(name, "cuda", "original", first_error(out)))
        if not self.original:
            raise BadInput("the original builds none of its %d build target(s) with nvcc: %s"
                           % (len(known), self.rows[0]["reason"]))
        self.totals["cuda"] = {"built": len(self.original), "of": len(known),
                               "all": len(targets)}

    def build_all(self, kind, build, names, log):
        """[(exit status, output)] of building each named build target."""
        if not self.system.parallel:
            return [self.system.build(kind, build, n, log) for n in names]
        with concurrent.futures.ThreadPoolExecutor(max(1, self.args.jobs)) as pool:
            return list(pool.map(lambda n: self.system.build(kind, build, n, log), names))

    def environment(self, kind, tree, log):
        """'environment' where a build failed on a header or library this
        machine's toolchain lacks (hipCUB, libomp): neither a CUDA header
        left behind, nor musify's own, nor a file of the tree; else 'failed'."""
        m = corpus.MISSING_HEADER.search(log)
        if m:
            name = m.group(1)
            cuda = corpus.cuda_headers(self.args.rules_dir, kind)
            ours = name.startswith("musify/") or any(
                name == h or (h.endswith("/") and name.startswith(h)) for h in cuda)
            inside = any(os.path.exists(os.path.join(d, name))
                         for d, _, _ in os.walk(tree))
            return "failed" if ours or inside else "environment"
        package = MISSING_PACKAGE.search(log)
        if package:  # a target library this machine lacks; CUDA's left behind is ours
            return "failed" if CUDA_PACKAGE.search(package.group(1)) else "environment"
        twice = DUPLICATE_SYMBOL.search(log)
        if twice and defines(toolchain_headers(kind), twice.group(1)) \
                and not defines([tree], twice.group(1)):
            return "environment"
        return "environment" if MISSING_LIBRARY.search(log) else "failed"

    def migrate(self, kind):
        """The migrated copy's build predictions: {source or build file: (ok, why)}.
        A source's risks count as blockers (it compiles whole); a build file's
        do not (a risk there is a word of some branch or goal)."""
        out = os.path.join(self.work, kind + "-src")
        report = os.path.join(self.work, kind + ".json")
        shutil.rmtree(out, ignore_errors=True)
        cmd = [self.args.musify, "--target=" + kind, "--quiet", "--out-root", out,
               "--report", report, "-j", str(self.args.jobs), "--rules-dir", self.args.rules_dir,
               self.src, "--"] + ["-I" + os.path.join(self.src, d) for d in self.args.includes]
        rc, log = run(cmd, os.path.join(self.work, kind + ".log"), timeout=3 * self.args.timeout)
        if rc not in (0, 1) or not os.path.exists(report):
            raise BadInput("%s: musify failed (exit %d): %s" % (kind, rc, first_error(log)))
        with open(report, encoding="utf-8") as f:
            data = json.load(f)
        predictions = corpus.build_prediction(data)
        build_files = {f["path"] for f in data.get("files", [])
                       if f.get("analysis") == "build-file"}
        # Report paths are the inputs'; a migrated source has the same relative path.
        return out, {p: (ok, blockers) if p in build_files
                     else (ok and not risks, blockers or risks)
                     for p, (ok, blockers, risks) in predictions.items()}

    def check(self, kind):
        """Migrate, configure and build each build target the original built."""
        out, predictions = self.migrate(kind)
        unmarked = scan_build_files(out)
        known = self.args.known_bugs.get(kind, set())
        listed = [f.split(":", 1)[0] in known for f in unmarked]
        self.rows += [row(f, kind, "known-bug" if k else "unmarked",
                          "a CUDA word with no migration or finding")
                      for f, k in zip(unmarked, listed)]
        self.unmarked[kind] = listed.count(False)
        log = os.path.join(self.work, kind + ".build.log")
        build = os.path.join(self.work, kind)
        try:
            targets = self.system.configure(kind, out, build, log)
        except BadInput as e:
            targets, configure_error = {}, str(e)
        counts = dict.fromkeys(CLASSES, 0)
        names = sorted(self.original)
        present = [n for n in names if n in targets]
        results = dict(zip(present, self.build_all(kind, build, present, log)))
        for name in names:
            sources = self.original[name]
            why_not = configure_error if not targets else (
                self.system.configure_error(sources, self.src) or "no such build target")
            rc, out_text = results.get(name, (1, why_not))
            cls, why = built_class(self.args.known_bugs, kind, name)
            if rc != 0:
                blocked = [(s, predictions[s][1]) for s in sources
                           if s in predictions and not predictions[s][0]]
                cls = "predicted" if blocked else self.environment(kind, out, out_text)
                if cls == "failed" and name in self.args.known_bugs.get(kind, set()):
                    cls = "known-bug"
                why = ("%s: %s" % (os.path.relpath(blocked[0][0], self.src), blocked[0][1])
                       if blocked else first_error(out_text))
            counts[cls] += 1
            self.rows.append(row(name, kind, cls, why))
        self.totals[kind] = counts


def built_class(known_bugs, kind, name):
    """The class of a build target that built, and why: failed where
    --known-bug lists it, so the list stays true."""
    if name in known_bugs.get(kind, ()):
        return "failed", ("built, though listed with --known-bug %s:%s: the bug is gone, "
                          "remove it from the list" % (kind, name))
    return "built", ""


def row(name, kind, cls, why):
    return {"build_target": name, "target": kind, "class": cls, "reason": why}


def print_table(run_, kinds):
    print("musify-validate project: %s, %s" % (run_.args.tree, run_.system.name))
    for r in run_.rows:
        if r["class"] != "built":
            print("  %-5s %-9s %s\n        %s"
                  % (r["target"], r["class"], r["build_target"], r["reason"]))
    c = run_.totals["cuda"]
    print("\n  original (nvcc): %d of %d build target(s) built%s"
          % (c["built"], c["of"], "" if c["of"] == c["all"] else
             " (sampled: %d of %d)" % (c["of"], c["all"])))
    print("  %-6s %s" % ("target", " ".join("%10s" % k for k in CLASSES)))
    for k in kinds:
        print("  %-6s %s" % (k, " ".join("%10d" % run_.totals[k][c] for c in CLASSES)))
    for k in kinds:
        print("  %s: %d migrated build file(s) keep a CUDA word with no migration or finding"
              % (k, run_.unmarked.get(k, 0)))


def parser():
    ap = corpus.doc_parser("musify-validate project", __doc__)
    ap.add_argument("tree", help="the CUDA project")
    ap.add_argument("--build-system", required=True, choices=("cmake", "make"))
    ap.add_argument("--target", default="musa,hip", help="musa, hip or both (default)")
    ap.add_argument("--part", action="append", default=[], metavar="DIR",
                    help="build only this folder of the tree (repeatable; relative to TREE)")
    ap.add_argument("--sampled-part", action="append", default=[], metavar="DIR",
                    help="like --part, but MUSIFY_TEST_FULL=1 builds the whole tree")
    ap.add_argument("-I", dest="includes", action="append", default=[], metavar="DIR",
                    help="an include folder, relative to TREE: copied, and given to musify")
    ap.add_argument("--make-arg", action="append", default=[], metavar="KIND:WORD",
                    help="a word for make when it builds the original (cuda:ARCH=sm_90) "
                         "or a migration (musa:..., hip:...)")
    ap.add_argument("--musify", default=shutil.which("musify"))
    ap.add_argument("--rules-dir", required=True, help="the rule tables (rules/)")
    ap.add_argument("--standin", help="the MUSA toolkit stand-in (<musify build>/musa-standin)")
    ap.add_argument("--original-arch", metavar="N",
                    help="cmake: the one CUDA architecture (a number: 90) the original's "
                         "targets are built for, to save time")
    ap.add_argument("--standin-arch", metavar="SM",
                    help="the one CUDA architecture the stand-in compiles each MUSA one "
                         "for (MUSIFY_STANDIN_CUDA_ARCH), to save time")
    ap.add_argument("--hip-toolchain", metavar="FILE",
                    help="the toolchain file CMake's HIP language is configured with "
                         "(default: share/musify/hip-cmake/toolchain.cmake beside --musify; "
                         "'' for none)")
    ap.add_argument("--nvcc", default=shutil.which("nvcc") or "/usr/local/cuda/bin/nvcc")
    ap.add_argument("--work", help="work folder (default: a temporary one, removed)")
    ap.add_argument("--csv", help="write one row per build target and target here")
    ap.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--timeout", type=int, default=600, metavar="S",
                    help="seconds one configure or build step may take (default %(default)s)")
    ap.add_argument("--known-bug", action="append", default=[], metavar="TARGET:NAME",
                    help="a build target (or a migrated build file, by its path in the "
                         "tree) that fails for a musify bug already known: shown as "
                         "known-bug, not failing the run")
    ap.add_argument("--min-built", action="append", default=[], metavar="TARGET=N",
                    help="fail when fewer than N build targets build for TARGET")
    corpus.add_sample_options(ap, "--min-built", "build target")
    return ap


def checked(ap, args):
    """The targets asked for; bad input is a usage error (exit 2)."""
    kinds = [t for t in args.target.split(",") if t]
    if any(t not in ("musa", "hip") for t in kinds):
        ap.error("--target takes musa, hip or both")
    if not os.path.isdir(args.tree):
        ap.error("%s is not a folder" % args.tree)
    for p in args.part + args.includes:
        # Each is copied to the same path under the work folder's copy.
        if os.path.isabs(p) or os.path.normpath(p).split(os.sep)[0] == "..":
            ap.error("--part and -I take a folder of %s by its path inside it, not %s"
                     % (args.tree, p))
        if not os.path.isdir(os.path.join(args.tree, p)):
            ap.error("%s is not a folder of %s" % (p, args.tree))
    if args.original_arch is not None and (args.build_system != "cmake" or
                                           not re.fullmatch(r"\d+[af]?", args.original_arch)):
        ap.error("--original-arch takes a CUDA architecture number (90) with "
                 "--build-system cmake; for make, give --make-arg cuda:ARCH=sm_90")
    names = ["CMakeLists.txt"] if args.build_system == "cmake" else MAKEFILES
    if not any(build_folders(os.path.join(args.tree, p), names) for p in args.part or ["."]):
        ap.error("%s has no build files for %s (%s)"
                 % (args.tree, args.build_system, ", ".join(names)))
    if not args.musify or not os.path.exists(args.musify):
        ap.error("musify not found (--musify)")
    if "musa" in kinds and not (args.standin and os.path.exists(
            os.path.join(args.standin, "bin", "mcc"))):
        ap.error("the MUSA stand-in was not found (--standin <musify build>/musa-standin)")
    if "hip" in kinds and args.build_system == "make" and not shutil.which("hipcc"):
        ap.error("hipcc not found")
    if "hip" in kinds and args.build_system == "cmake":
        if args.hip_toolchain is None:
            args.hip_toolchain = os.path.join(os.path.dirname(args.musify), os.pardir, "share",
                                              "musify", "hip-cmake", "toolchain.cmake")
        if args.hip_toolchain and not os.path.isfile(args.hip_toolchain):
            ap.error("no HIP toolchain file at %s (--hip-toolchain)" % args.hip_toolchain)
        args.hip_toolchain = args.hip_toolchain and os.path.abspath(args.hip_toolchain)
    return kinds


def main(argv):
    ap = parser()
    args = ap.parse_args(argv)
    for opt in ("musify", "rules_dir", "standin", "nvcc", "tree"):
        if getattr(args, opt):
            setattr(args, opt, os.path.abspath(getattr(args, opt)))
    full = os.environ.get("MUSIFY_TEST_FULL") == "1"
    if not full:
        args.part += args.sampled_part
    kinds = checked(ap, args)
    corpus.check_run_options(ap, args, [args.tree])
    if args.sample < 1:
        ap.error("--sample takes a whole number of at least 1")
    sampled = corpus.sample_every(args) > 1 or (args.sampled_part and not full)
    args.known_bugs = {}
    for spec in args.known_bug:
        kind, _, name = spec.partition(":")
        if kind not in kinds or not name:
            ap.error("--known-bug takes TARGET:NAME with TARGET one of %s: %r"
                     % (", ".join(kinds), spec))
        args.known_bugs.setdefault(kind, set()).add(name)
    floors = corpus.parse_floors(ap, *(("--min-built-sampled", args.min_built_sampled)
                                       if sampled else ("--min-built", args.min_built)), kinds)
    work, tmp = corpus.work_folder(args, "musify-project-")
    system = (CMakeBuild if args.build_system == "cmake" else MakeBuild)(args)
    run_ = ProjectRun(args, system, work)
    try:
        copy_tree(args.tree, run_.src, args.part, args.includes)
        system.prepare(run_.src, args.part)
        run_.build_original()
        for kind in kinds:
            run_.check(kind)
    except BadInput as e:
        print("musify-validate project: %s (logs in %s)" % (e, work), file=sys.stderr)
        return 2
    print_table(run_, kinds)
    if args.csv:
        corpus.write_csv(args.csv, run_.rows)
    failed = any(n and n["failed"] for k, n in run_.totals.items() if k != "cuda")
    failed |= any(run_.unmarked.values())
    for k, floor in floors.items():
        n = run_.totals.get(k)
        if n is not None and n["built"] < floor:
            print("musify-validate project: %s: %d built, below the floor of %d"
                  % (k, n["built"], floor))
            failed = True
    if tmp:
        shutil.rmtree(tmp, ignore_errors=True)
    return 1 if failed else 0
