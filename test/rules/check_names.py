#!/usr/bin/env python3
"""Fails when a rule entry names something that does not exist.

* Every CUDA name (status other than removed) must be declared by the CUDA
  headers: any declaration or macro definition in a translation unit of all the
  families (plus the runtime's), or Clang's own CUDA headers; a header entry's
  file must exist in the SDK. Compiler-predefined macros count when Clang
  predefines them in CUDA mode; NVCC_ONLY_MACROS lists those only nvcc defines.
* Every target must be confirmed by its `check`: same-name (target == cuda),
  musa-table (general.json says so), musa-ports (rules/sources/MUSA_FACTS.md names it),
  hipify-table (a HIPIFY table maps cuda to it), hip-headers (the installed HIP
  headers or hipcc's predefined macros spell it: re-scanned here with a plain
  identifier scan, independently of the generator's declaration scanner).
  An entry CUDA removed (status removed, or cuda_removed set on an entry whose
  target is unsupported) is exempt from the first check.

Run from the repository root: python3 test/rules/check_names.py
"""

import glob
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import types

import rules_common as rc
from musifypy import c_text, rule_tables
from rulegen import config
from rulegen.entries import version_key
from rulegen.families import FAMILIES
from rulegen.hip_scan import hip_version

DATA = os.environ.get("MUSIFY_DATA", os.path.join(rc.ROOT, "rules", "sources"))
# Compiler-side names (family language) no header declares: macros only nvcc
# predefines, Clang builtins and attribute keywords.
COMPILER_NAMES = frozenset(("__NVCC__", "__CUDACC_VER_MAJOR__", "__CUDACC_VER_MINOR__",
                            "__CUDACC_VER_BUILD__", "__CUDACC_RDC__", "__syncthreads",
                            "__noinline__",
                            # family environment: variables the CUDA toolkit
                            # reads, which no header declares
                            "CUDA_VISIBLE_DEVICES", "CUDA_HOME", "CUDA_PATH"))
# What the HIP-side preprocessor expands (names made by token pasting, such as
# make_float4, exist only after expansion).
HIP_PREPROCESSED = ("hip/hip_runtime.h", "hip/hip_fp16.h", "hip/hip_cooperative_groups.h",
                    "hip/hiprtc.h", "hipsparse/hipsparse.h", "hiprand/hiprand.h",
                    "hiprand/hiprand_kernel.h")
HIP_ROOTS = ("/usr/include/hip", "/usr/include/hipsparse", "/usr/include/hiprand",
             "/usr/include/rocrand", "/usr/include/rocprim")
IDENT = re.compile(r"[A-Za-z_]\w*")


def cuda_names(cindex):
    names = set()
    sources = [["#include <cuda_runtime.h>", "#include <cuda_profiler_api.h>"]]
    for fam in FAMILIES:
        sources.extend(fam.sources)
    # The units share headers (every one includes the runtime's): a top-level
    # cursor already walked at the same place in an earlier unit is skipped.
    # A skip can only leave names out, so it never hides a missing one.
    walked = set()
    # Kinds compared by number: libclang's kind lookup was most of the walk.
    declaration_kinds = {k.value for k in cindex.CursorKind.get_all_kinds()
                         if k.is_declaration() or k == cindex.CursorKind.MACRO_DEFINITION}
    type_ref = cindex.CursorKind.TYPE_REF.value
    for includes in sources:
        tu = rc.parse(cindex, includes)
        for top in tu.cursor.get_children():
            where = top.location
            key = (where.file.name if where.file else None, where.offset, top.kind)
            if key in walked:
                continue
            walked.add(key)
            stack = [top]
            while stack:
                cursor = stack.pop()
                kind = cursor._kind_id
                if kind in declaration_kinds:
                    names.add(cursor.spelling)
                elif kind == type_ref:
                    names.add(cursor.spelling.split(" ")[-1])
                stack.extend(cursor.get_children())
    # Macros of SDK headers no family parses (include guards of interop and
    # profiling headers): a #define in any SDK header counts.
    for directory, _, entries in os.walk(os.path.join(rc.CUDA_PATH, "include")):
        for entry in sorted(entries):
            with open(os.path.join(directory, entry), errors="replace") as f:
                names.update(re.findall(r"^\s*#\s*define\s+(\w+)", f.read(), re.M))
    return names


def hip_identifiers():
    """Identifiers spelt in the HIP headers' code (the AMD path: NVIDIA shims skipped),
    Clang-for-HIP's device headers and hipcc's predefined macros."""
    names = set()
    files = []
    for root in HIP_ROOTS:
        for directory, subdirs, entries in os.walk(root):
            subdirs[:] = sorted(d for d in subdirs if d not in ("nvidia_detail", "nvcc_detail"))
            files.extend(os.path.join(directory, e) for e in sorted(entries))
    files.extend(sorted(glob.glob("/usr/lib/llvm-15/lib/clang/15*/include/__clang_*.h")))
    for path in files:
        with open(path, errors="replace") as f:
            names.update(IDENT.findall(c_text.without_comments(f.read())))
    hipcc = shutil.which("hipcc")
    if hipcc:
        env = dict(os.environ, HIP_PLATFORM="amd")
        with tempfile.TemporaryDirectory(prefix="rules_check.") as tmp:
            source = os.path.join(tmp, "probe.hip")
            with open(source, "w") as f:
                f.write("".join("#include <%s>\n" % h for h in HIP_PREPROCESSED))
            for side in ("--cuda-device-only", "--cuda-host-only"):
                base = [hipcc, "--offload-arch=gfx90a", "-fgpu-rdc", side, "-E", source]
                out = subprocess.run(base, capture_output=True, text=True, env=env).stdout
                names.update(IDENT.findall(out))
                out = subprocess.run(base[:-1] + ["-dM", source], capture_output=True,
                                     text=True, env=env).stdout
                names.update(re.findall(r"#define\s+(\w+)", out))
    return names


def hipify_pairs():
    pairs = set()
    for path in glob.glob(os.path.join(DATA, "hip-mapping", "*_by_HIP.md")) + \
            glob.glob(os.path.join(DATA, "hip-mapping", "*_by_MIOPEN.md")):
        with open(path) as f:
            for line in f:
                cells = [c.strip().strip("`") for c in line.strip().strip("|").split("|")]
                if line.startswith("|`") and len(cells) > 5 and cells[5]:
                    pairs.add((cells[0], cells[5]))
    return pairs


HELPERS = {"hip": os.path.join("runtime", "hip", "include")}


def helper_declares(header, name):
    """musify's helper header (runtime/<target>/include) defines name (musify::umin)."""
    namespace, _, function = (name or "").rpartition("::")
    path = os.path.join(HELPERS["hip"], header or "")
    if namespace != "musify" or not os.path.isfile(path):
        return False
    with open(path) as f:
        text = f.read()
    return re.search(r"\binline\b[^;{]*\b%s\(" % re.escape(function), text) is not None


HIP_SAME_NAME_FAMILIES = ("cub", "thrust", "nccl", "nvtx", "headers")


def installed_hip_version():
    """(major, minor) of the HIP whose headers hip_identifiers() reads, or None."""
    if not os.path.isfile("/usr/include/hip/hip_version.h"):
        return None
    return version_key(hip_version("/usr/include/hip", HIP.version))


# Families whose HIP library is part of the installed HIP (their names can be
# checked against its headers); the others' libraries are not installed.
# The target data is the repository's (rules/sources/targets/), also where
# MUSIFY_DATA points to the published tables elsewhere.
HIP = config.load_target("hip")
INSTALLED_HIP_FAMILIES = {f.name for f in FAMILIES
                          if HIP.families[f.name].check == "hip-headers"} | {
    "runtime", "headers", "language", "environment", "members"}


def check_hip_dates(where, family, e, hip_names, installed, disagreements, problems):
    """A HIP name the tables date at or before the installed HIP must be in its
    headers, or the entry records the disagreement (hip_headers_lack), listed."""
    t = e.get("target")
    if not t or e["status"] == "unsupported" or not installed or \
            family not in INSTALLED_HIP_FAMILIES:
        return
    added = version_key(e.get("hip_added"))
    lack = e.get("hip_headers_lack")
    declared = base(t) in hip_names
    if lack:
        if declared:
            problems.append("%s: hip_headers_lack %s, but the installed headers declare %s"
                            % (where, lack, t))
        else:
            disagreements.append("%s: HIPIFY dates %s to HIP %s; the HIP %s headers lack it"
                                 % (where, t, e.get("hip_added"), lack))
    elif added and added <= installed and not declared:
        problems.append("%s: HIPIFY dates %s to HIP %s, but the installed HIP %d.%d headers "
                        "do not declare it (and the entry does not say so)"
                        % (where, t, e["hip_added"], installed[0], installed[1]))


def base(name):
    """The last component of a qualified name (thrust::cuda -> cuda)."""
    return name.rsplit("::", 1)[-1]


CMAKE_ROOT = (sorted(glob.glob("/usr/share/cmake-3.*")) or [""])[-1]
DEBIAN_CMAKE = "/usr/lib/x86_64-linux-gnu/cmake"


def read_all(paths):
    text = []
    for path in paths:
        with open(path, errors="replace") as f:
            text.append(f.read())
    return "\n".join(text)


def command_help(argv, env=None):
    if not shutil.which(argv[0]):
        return ""
    run = subprocess.run(argv, capture_output=True, text=True,
                         env=dict(os.environ, **(env or {})))
    return run.stdout + run.stderr


def has_option(help_text, option):
    """The option (-x, --std, -Wl,, -fgpu-default-stream=) is listed in a help text."""
    option = option.rstrip("=")
    return re.search(r"(^|[\s(])%s([\s)=,<]|$)" % re.escape(option), help_text, re.M) is not None


class BuildWords:
    """What this machine's CMake, CUDA SDK and hipcc say of build-file words."""

    def __init__(self):
        self.help_dir = os.path.join(CMAKE_ROOT, "Help")
        self.modules = modules = os.path.join(CMAKE_ROOT, "Modules")
        self.find_toolkit = read_all([os.path.join(modules, "FindCUDAToolkit.cmake")])
        self.find_cuda = read_all(glob.glob(os.path.join(modules, "FindCUDA.cmake"))
                                  + glob.glob(os.path.join(modules, "FindCUDA", "*.cmake")))
        self.sdk_cmake = read_all(glob.glob(os.path.join(rc.CUDA_PATH, "lib*", "cmake", "*",
                                                         "*.cmake")))
        self.debian = read_all(p for p in glob.glob(os.path.join(DEBIAN_CMAKE, "*", "*"))
                               if os.path.isfile(p))
        self.nvcc_help = command_help([os.path.join(rc.CUDA_PATH, "bin", "nvcc"), "--help"])
        self.hipcc_help = command_help(["hipcc", "--help"], {"HIP_PLATFORM": "amd"})
        # The driver API's header names the driver's tools (nvidia-smi).
        self.driver_header = read_all([os.path.join(rc.CUDA_PATH, "include", "cuda.h")])
        self.cuda_libraries = {os.path.basename(p) for p in
                               glob.glob(os.path.join(rc.CUDA_PATH, "lib*", "lib*"))
                               + glob.glob(os.path.join(rc.CUDA_PATH, "lib*", "stubs", "lib*"))}

    @staticmethod
    def word(name, text):
        return re.search(r"(?<![\w:])%s(?![\w])" % re.escape(name), text)

    def documented(self, folder, name):
        return os.path.isfile(os.path.join(self.help_dir, folder, name + ".rst"))

    def lang_documented(self, folder, name, lang):
        """CMAKE_<LANG>_X or <LANG>_X in CMake's documentation."""
        if self.documented(folder, name):
            return True
        generic = name.replace(lang, "LANG", 1)
        for suffix in ("_DEBUG", "_RELEASE", "_RELWITHDEBINFO", "_MINSIZEREL"):
            if generic.endswith(suffix):
                generic = generic[:-len(suffix)] + "_CONFIG"
        return self.documented(folder, generic)

    def cuda_known(self, e):
        cuda, kind = e["cuda"], e["kind"]
        if e.get("prefix"):
            return True
        if kind == "cmake-language":
            return os.path.isfile(os.path.join(self.modules,
                                               "CMakeDetermine%sCompiler.cmake" % cuda))
        if kind == "cmake-package":
            return (os.path.isfile(os.path.join(self.modules, "Find%s.cmake" % cuda))
                    or self.word("%s-config" % cuda.lower(), self.sdk_cmake.lower()) is not None
                    or bool(glob.glob(os.path.join(rc.CUDA_PATH, "lib*", "cmake",
                                                   cuda.lower(), "*-config.cmake"))))
        if kind == "cmake-target":
            return self.word(cuda, self.find_toolkit + self.sdk_cmake) is not None
        if kind == "cmake-variable":
            if cuda.startswith("CMAKE_CUDA_"):
                return self.lang_documented("variable", cuda, "CUDA")
            return self.word(cuda, self.find_toolkit + self.find_cuda) is not None or \
                self.word(cuda.replace("CUDA_", "CUDA_${", 1).split("${")[0],
                          self.find_cuda) is not None
        if kind == "cmake-property":
            return self.documented("prop_tgt", cuda)
        if kind == "cmake-command":
            return re.search(r"(macro|function)\(\s*%s\b" % re.escape(cuda), self.find_cuda,
                             re.I) is not None
        if kind == "tool":
            return os.path.isfile(os.path.join(rc.CUDA_PATH, "bin", cuda)) or \
                re.search(r"<i>%s</i> tool" % re.escape(cuda), self.driver_header) is not None
        if kind == "compiler-flag":
            return e.get("action") == "pass" or has_option(self.nvcc_help, cuda)
        if kind == "library":
            # Or a library FindCUDAToolkit knows that this SDK no longer ships
            # (nvToolsExt: NVTX 3 is header-only).
            # Or the other name FindCUDAToolkit gives a library (nvidia-ml
            # for CUDA::nvml), which the driver installs.
            return any(f.startswith("lib%s." % cuda) for f in self.cuda_libraries) or \
                self.word("CUDA::" + cuda, self.find_toolkit) is not None or \
                re.search(r"_find_and_add_import_lib\(\w+ ALT %s\b" % re.escape(cuda),
                          self.find_toolkit) is not None
        if kind == "path":
            return os.path.isdir(cuda)
        return kind == "path-variable"  # a convention of projects, no SDK name

    def target_confirmed(self, target, e, packages, facts):
        t, check, kind = e.get("target"), e["check"], e["kind"]
        if e.get("action") in ("drop", "unwrap", "pass") and not t and not e.get("values"):
            return check in ("same-name", "none", "musa-ports", "hip-install")
        texts = [v for v in e.get("values", {}).values() if v] or [t] if t else []
        if check == "same-name":
            return t in (None, e["cuda"])
        if check == "none":
            return target == "musa"
        if check == "rocm-docs":
            return target == "hip"
        if check == "musa-prefix-rule":
            return target == "musa" and t != e["cuda"]
        if check == "musa-ports":
            return target == "musa" and (facts is None  # sources absent: skipped above
                                         or all(x.split("{")[0] in facts for x in texts))
        if check == "cmake-docs":
            return self.cmake_documented(t, kind, packages)
        if check == "cmake-config":
            return self.cmake_configured(t, kind)
        if check == "hip-install":
            return self.hip_installed(t, kind, texts)
        return False

    def cmake_documented(self, t, kind, packages):
        if kind == "cmake-language":
            return os.path.isfile(os.path.join(self.modules, "CMakeDetermine%sCompiler.cmake" % t))
        if kind == "cmake-property":
            return self.documented("prop_tgt", t)
        for suffix in ("_FOUND", "_ROOT"):
            if t.endswith(suffix) and t[:-len(suffix)] in packages:
                return self.documented("command", "find_package")
        return self.lang_documented("variable", t, "HIP")

    def cmake_configured(self, t, kind):
        if kind == "cmake-package":
            return os.path.isdir(os.path.join(DEBIAN_CMAKE, t.lower())) or \
                bool(glob.glob(os.path.join(DEBIAN_CMAKE, "*", "Find%s.cmake" % t)))
        for suffix in ("_DEBUG", "_RELEASE", "_RELWITHDEBINFO", "_MINSIZEREL"):
            # Per-configuration variables: NAME_${config_upper}.
            if t.endswith(suffix) and t[:-len(suffix)] + "_${config" in self.debian:
                return True
        return re.search(r"(?<![\w:])%s(?![\w])" % re.escape(t), self.debian, re.I if
                         kind == "cmake-command" else 0) is not None

    def hip_installed(self, t, kind, texts):
        if kind == "tool":
            return shutil.which(t) is not None
        if kind == "library":
            return os.path.exists("/usr/lib/x86_64-linux-gnu/lib%s.so" % t)
        options = [o for x in texts for o in x.split() if o.startswith("-")]
        hipcc_help = self.hipcc_help
        return all(has_option(hipcc_help,
                              o.split("{")[0].split("=")[0] + ("=" if "=" in o else ""))
                   or has_option(hipcc_help, o.split("{")[0])
                   or (o.startswith("-fno-") and has_option(hipcc_help, "-f" + o[5:]))
                   for o in options)


def check_build_tables(facts, problems):
    """rules/<target>/buildfiles/*.json: every CUDA word exists in this machine's CMake
    modules or CUDA SDK, every target is confirmed by its check (rules/README.md)."""
    words = BuildWords()
    for target in rc.TARGETS:
        entries = [(name, e) for name, table in
                   rule_tables.tables(os.path.join(rc.RULES, target, "buildfiles"))
                   for e in table["entries"]]
        packages = {e["target"] for _, e in entries if e["kind"] == "cmake-package" and
                    e.get("target")}
        for table, e in entries:
            where = "%s/buildfiles/%s: %s %s" % (target, table, e["kind"], e["cuda"])
            if e["kind"].startswith("python-"):
                # setup.py words: generated from rules/sources/pytorch, whose
                # python facts cite torch.utils.cpp_extension and torch_musa.
                if e["check"] != "pytorch-" + target:
                    problems.append(where + ": not from the pytorch facts")
                continue
            if not words.cuda_known(e):
                problems.append(where + ": not a CUDA name this machine's CMake or SDK knows")
            if e["status"] == "supported" and \
                    not words.target_confirmed(target, e, packages, facts):
                problems.append("%s: target %s is not confirmed by check %s"
                                % (where, e.get("target") or e.get("values"), e["check"]))


# The pytorch family is checked against its facts (rules/sources/pytorch/)
# and the PyTorch headers they cite: Debian's libtorch-dev installs them here.
PYTORCH_INCLUDE = "/usr/include"


def pytorch_facts(target):
    """{(cuda, kind): fact} of rules/sources/pytorch/<target>.json."""
    path = os.path.join(DATA, "pytorch", target + ".json")
    if not os.path.isfile(path):
        return {}
    return {(f["cuda"], f["kind"]): f for f in json.load(open(path))["entries"]}


def check_pytorch(where, e, facts, problems):
    """An entry of the pytorch family: its fact says the same, and the PyTorch
    header it cites declares the CUDA name. 1 if the header is not here."""
    fact = facts.get((e["cuda"], e["kind"]))
    if fact is None:
        problems.append(where + ": no fact in rules/sources/pytorch")
        return 0
    if (fact["target"] or None) != (e.get("target") if e["status"] != "unsupported" else None):
        problems.append("%s: target %s, but the facts say %s"
                        % (where, e.get("target"), fact["target"]))
    header = fact.get("declared_in")
    if not header:
        return 0
    path = os.path.join(PYTORCH_INCLUDE, header)
    if not os.path.isfile(path):
        return 1
    name = e["cuda"] if e["kind"] == "header" else base(e["cuda"])
    if e["kind"] != "header" and not re.search(r"\b%s\b" % re.escape(name), open(path).read()):
        problems.append("%s: %s does not declare %s" % (where, header, name))
    return 0


def musa_sources():
    """The published name tables and MUSA_FACTS.md (rules/sources, or
    MUSIFY_DATA); where they are not, what only they confirm is skipped, loudly."""
    facts_path = os.path.join(DATA, "MUSA_FACTS.md")
    have = os.path.isfile(os.path.join(DATA, "musa-mapping", "general.json")) \
        and os.path.isfile(facts_path)
    if have:
        general = json.load(open(os.path.join(DATA, "musa-mapping", "general.json")))
        include_map = json.load(open(os.path.join(DATA, "musa-mapping", "include.json")))
        facts = open(facts_path).read()
    else:
        print("SKIPPED: the musa-table, musa-ports and hipify-table checks: the published "
              "name tables (%s) and MUSA_FACTS.md are not on this machine (set MUSIFY_DATA)"
              % os.path.normpath(DATA))
        general, include_map, facts = {}, {}, ""
    unverifiable = () if have else ("musa-table", "musa-ports", "hipify-table")
    return types.SimpleNamespace(have=have, general=general, include_map=include_map,
                                 facts=facts, unverifiable=unverifiable,
                                 hip_names=hip_identifiers(), hipify=hipify_pairs())


def check_declared(where, e, declared, problems):
    """A CUDA name that is not removed exists in the CUDA headers."""
    cuda, kind = e["cuda"], e["kind"]
    if e["status"] == "removed" or e.get("cuda_removed"):
        return
    include = os.path.join(rc.CUDA_PATH, "include")
    if kind == "header":
        exists = os.path.isdir if cuda.endswith("/") else os.path.isfile
        if not (exists(os.path.join(include, cuda))
                or exists(os.path.join(include, "cccl", cuda))):
            problems.append(where + ": no such CUDA header")
    elif base(cuda) not in declared and cuda not in COMPILER_NAMES:
        problems.append(where + ": the CUDA headers do not declare it")


def confirmed(target, family, e, sources):
    """The entry's target is what its check says."""
    cuda, kind, check, t = e["cuda"], e["kind"], e["check"], e.get("target")
    hipify, hip_names = sources.hipify, sources.hip_names
    ok = {
        # A member keeps its own name (cudaDeviceProp::clockRate -> clockRate).
        "same-name": t == cuda or kind == "variable" and t == base(cuda),
        "musa-table": (sources.include_map if kind == "header"
                       else sources.general).get(cuda) == t,
        "musa-ports": bool(t) and re.search(r"\b%s\b" % re.escape(t),
                                            sources.facts) is not None,
        "musa-prefix-rule": t != cuda,
        "hipify-table": (cuda, t) in hipify or (base(cuda), base(t)) in hipify
        or kind == "header" and any(h.lower().startswith(
            t.split("/")[0].split(".")[0].lower()) for _, h in hipify),
        "hip-headers": kind == "header" and os.path.isfile(os.path.join("/usr/include", t))
        or kind != "header" and base(t) in hip_names,
        "none": target == "musa",   # MUSA names nothing can verify (no SDK)
        "musify-helpers": helper_declares(e.get("helper"), t),
        # A ROCm library that keeps the CUDA library's names (rocThrust,
        # hipCUB's namespace, RCCL): nothing here can confirm it.
        "hip-library": target == "hip" and family in HIP_SAME_NAME_FAMILIES,
    }.get(check, False) or check in sources.unverifiable
    if target == "hip" and check in ("same-name", "none", "musa-table"):
        ok = ok and check == "same-name" and base(t) in hip_names
    return ok


def main():
    cindex = rc.import_cindex()
    declared = cuda_names(cindex)
    sources = musa_sources()
    installed = installed_hip_version()
    disagreements = []
    problems = []
    torch_skipped = 0
    for target in rc.TARGETS:
        pytorch = pytorch_facts(target)
        for family, e in rc.load_tables(target):
            where = "%s/%s: %s %s" % (target, family, e["kind"], e["cuda"])
            if family == "pytorch":
                torch_skipped += check_pytorch(where, e, pytorch, problems)
                continue
            check_declared(where, e, declared, problems)
            if e["status"] == "unsupported":
                continue
            if e.get("erase"):
                if e.get("target"):
                    problems.append(where + ": an erased name has no target")
                continue
            ok = confirmed(target, family, e, sources)
            if e.get("helper_target") and not helper_declares(e["helper"], e["helper_target"]):
                problems.append("%s: helper_target %s is not declared by %s"
                                % (where, e["helper_target"], e["helper"]))
            if not ok:
                problems.append("%s: target %s is not confirmed by check %s"
                                % (where, e.get("target"), e["check"]))
            if target == "hip":
                check_hip_dates(where, family, e, sources.hip_names, installed, disagreements,
                                problems)
    if torch_skipped:
        print("SKIPPED: %d pytorch names not checked against PyTorch's headers: %s lacks them "
              "(install libtorch-dev)" % (torch_skipped, PYTORCH_INCLUDE))
    for line in disagreements:
        print("listed: " + line)
    check_build_tables(sources.facts if sources.have else None, problems)
    return rc.fail_or_pass("names", problems)


if __name__ == "__main__":
    sys.exit(main())
