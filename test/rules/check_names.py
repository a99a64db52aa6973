#!/usr/bin/env python3
"""Fails when a rule entry names something that does not exist.

* Every CUDA name (status other than removed) must be declared by the CUDA
  headers: any declaration or macro definition in a translation unit of all the
  families (plus the runtime's), or Clang's own CUDA headers; a header entry's
  file must exist in the SDK. Compiler-predefined macros count when Clang
  predefines them in CUDA mode; NVCC_ONLY_MACROS lists those only nvcc defines.
* Every target must be confirmed by its `check`: same-name (target == cuda),
  musa-table (general.json says so), musa-ports (MUSA_FACTS.md names it),
  hipify-table (a HIPIFY table maps cuda to it), hip-headers (the installed HIP
  headers or hipcc's predefined macros spell it: re-scanned here with a plain
  identifier scan, independently of the generator's declaration scanner).
  An entry CUDA removed (status removed, or cuda_removed set on an entry whose
  target is unsupported) is exempt from the first check.

Run from the repository root: python3 test/rules/check_names.py
"""

import glob
import os
import re
import shutil
import subprocess
import sys
import tempfile

import rules_common as rc
from rulegen.families import FAMILIES

DATA = os.environ.get("MUSIFY_DATA", os.path.join(rc.ROOT, "..", "shared", "data"))
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
COMMENT = re.compile(r"//[^\n]*|/\*.*?\*/", re.S)


def cuda_names(cindex):
    names = set()
    sources = [["#include <cuda_runtime.h>", "#include <cuda_profiler_api.h>"]]
    for fam in FAMILIES:
        sources.extend(fam.sources)
    for includes in sources:
        tu = rc.parse(cindex, includes)
        for cursor in tu.cursor.walk_preorder():
            if cursor.kind.is_declaration() or \
                    cursor.kind == cindex.CursorKind.MACRO_DEFINITION:
                names.add(cursor.spelling)
            elif cursor.kind == cindex.CursorKind.TYPE_REF:
                names.add(cursor.spelling.split(" ")[-1])
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
            names.update(IDENT.findall(COMMENT.sub(" ", f.read())))
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
    for path in glob.glob(os.path.join(DATA, "hip-mapping", "*_by_HIP.md")):
        with open(path) as f:
            for line in f:
                cells = [c.strip().strip("`") for c in line.strip().strip("|").split("|")]
                if line.startswith("|`") and len(cells) > 5 and cells[5]:
                    pairs.add((cells[0], cells[5]))
    return pairs


def base(name):
    """The last component of a qualified name (thrust::cuda -> cuda)."""
    return name.rsplit("::", 1)[-1]


def main():
    import json
    cindex = rc.import_cindex()
    declared = cuda_names(cindex)
    include = os.path.join(rc.CUDA_PATH, "include")
    general = json.load(open(os.path.join(DATA, "musa-mapping", "general.json")))
    include_map = json.load(open(os.path.join(DATA, "musa-mapping", "include.json")))
    facts = open(os.path.join(rc.ROOT, "..", "shared", "MUSA_FACTS.md")).read() \
        if os.path.exists(os.path.join(rc.ROOT, "..", "shared", "MUSA_FACTS.md")) else ""
    hip_names = hip_identifiers()
    hipify = hipify_pairs()
    problems = []
    for target in rc.TARGETS:
        for family, e in rc.load_tables(target):
            cuda, kind, status = e["cuda"], e["kind"], e["status"]
            where = "%s/%s: %s %s" % (target, family, kind, cuda)
            if status != "removed" and not e.get("cuda_removed"):
                if kind == "header":
                    exists = os.path.isdir if cuda.endswith("/") else os.path.isfile
                    if not (exists(os.path.join(include, cuda))
                            or exists(os.path.join(include, "cccl", cuda))):
                        problems.append(where + ": no such CUDA header")
                elif base(cuda) not in declared and cuda not in COMPILER_NAMES:
                    problems.append(where + ": the CUDA headers do not declare it")
            if status == "unsupported":
                continue
            check, t = e["check"], e.get("target")
            ok = {
                "same-name": t == cuda,
                "musa-table": (include_map if kind == "header" else general).get(cuda) == t,
                "musa-ports": bool(t) and re.search(r"\b%s\b" % re.escape(t), facts) is not None,
                "musa-prefix-rule": t != cuda,
                "hipify-table": (cuda, t) in hipify or (base(cuda), base(t)) in hipify
                or kind == "header" and any(h.lower().startswith(
                    t.split("/")[0].split(".")[0].lower()) for _, h in hipify),
                "hip-headers": kind == "header" and os.path.isfile(os.path.join("/usr/include", t))
                or kind != "header" and base(t) in hip_names,
                "none": target == "musa",   # MUSA names nothing can verify (no SDK)
            }.get(check, False)
            if target == "hip" and check in ("same-name", "none", "musa-table"):
                ok = ok and check == "same-name" and base(t) in hip_names
            if not ok:
                problems.append("%s: target %s is not confirmed by check %s" % (where, t, check))
    return rc.fail_or_pass("names", problems)


if __name__ == "__main__":
    sys.exit(main())
