#!/usr/bin/env python3
"""Generate musify's rule tables (targets MUSA and HIP).

What it writes (relative to --out, default: the repository's rules/ folder):

  musa/runtime.json  musa/headers.json  musa/language.json
  hip/runtime.json   hip/headers.json   hip/language.json
  <target>/<family>.json for the families of scripts/rulegen/families.py
  (device, driver, fp16, cooperative_groups, cublas, curand, cufft, cusparse,
  cusolver, cudnn, nccl, nvrtc, nvtx, cub, thrust, libcudacxx), built by the
  rulegen package with this module's helpers, musa/thresholds/arch.json, and
  <target>/buildfiles/*.json (rulegen/buildfiles.py).

This module covers the runtime, headers and language families:

Where the facts come from:

* CUDA names: the CUDA headers of this machine, read by Clang (clang.cindex)
  from a one-line translation unit `#include <cuda_runtime.h>` parsed in CUDA
  mode; a name counts when its declaration lives in one of RUNTIME_HEADERS.
* Names CUDA has removed or deprecated: the HIPIFY runtime table (columns D and
  R), data/hip-mapping/CUDA_Runtime_API_functions_supported_by_HIP.md.
* MUSA names: data/musa-mapping/general.json and include.json (torch_musa,
  BSD-3-Clause); each entry is checked against the CUDA name it claims to map.
  Names the table lacks follow the documented prefix convention.
* HIP names: the HIPIFY tables (MIT), and every HIP name is checked against the
  installed HIP headers (--hip-include); a HIP header target must exist on disk.
* Compiler-defined macros and device builtins (family "language") are curated
  in LANGUAGE_RULES below.

The output is deterministic: entries sorted by (cuda, kind), 2-space indented
JSON with a trailing newline, so a rerun gives byte-identical files.

What is skipped from the CUDA headers, and why:

* Names starting with `__cuda` or `__nv` (e.g. `__cudaCDP2Malloc`,
  `__cudaOccupancyB2DHelper`, `__nv_pure__`) and every other name starting with
  an underscore (e.g. `__CUDART_API_PTDS`, `__CUDA_DEPRECATED`, `__dv`,
  `__VECTOR_FUNCTIONS_DECL__`, `__device_builtin__`, `__cudart_builtin__`,
  `__annotate__`, `__location__`, `__specialization_static`,
  `__CUDA_ARCH_HAS_FEATURE__`, `__tile_global__`): implementation details that
  user code does not write. The exceptions are USER_FACING_UNDERSCORE_MACROS
  (`__host__`, `__device__`, `__global__`, ...), which user code writes.
* Include guards (e.g. `__DRIVER_TYPES_H__`, `__CUDA_RUNTIME_H__`): all start
  with an underscore, so the rule above removes them; IMPLEMENTATION_MACROS lists
  the few internal helpers without an underscore (e.g. `EXCLUDE_FROM_RTC`).
* Anonymous structs/enums/unions (their enumerators are kept), members of
  structs, declarations inside namespaces.
* Macros defined only in preprocessor branches Clang does not take on Linux
  (e.g. `__restrict__` is defined only for MSVC; `__noinline__` is no macro in
  CUDA 13): the header does not declare them on this platform. `__noinline__`
  is covered by the "language" family instead.
* HIPIFY runtime-table names that CUDA 13 still declares, but in headers outside
  RUNTIME_HEADERS (OpenGL/EGL/VDPAU interop, math_constants.h): they belong to
  other families; they are neither here nor marked removed. Names of the
  Direct3D sections are skipped too: the Linux CUDA SDK never shipped those
  headers, so their absence here says nothing about removal.

RUNTIME_HEADERS adds four headers to the ones the runtime brief names,
because the runtime API declares user-facing names there: driver_functions.h
(make_cudaExtent, make_cudaPitchedPtr, make_cudaPos), device_types.h
(cudaRoundMode), cuda_profiler_api.h (cudaProfilerStart/Stop), and
vector_functions.hpp (the definitions behind vector_functions.h).

HIP headers under nvidia_detail/ and nvcc_detail/ are not scanned: they are the
NVIDIA-platform shims (`#define hipFoo cudaFoo`) and would make a HIP name look
declared although the AMD path, which the migrated code is built for, lacks it.
"""

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

# The rulegen package (scripts/rulegen/) builds the other families with this
# module's helpers; register this script under its module name so that
# `import gen_rules` there finds it instead of loading a second copy.
sys.modules.setdefault("gen_rules", sys.modules[__name__])
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

# --------------------------------------------------------------------------
# Configuration (facts, not code paths)
# --------------------------------------------------------------------------

RUNTIME_HEADERS = (
    "cuda_runtime_api.h", "driver_types.h", "vector_types.h", "cuda_runtime.h",
    "surface_types.h", "texture_types.h", "channel_descriptor.h",
    "cuda_device_runtime_api.h", "library_types.h", "vector_functions.h",
    "vector_functions.hpp", "host_defines.h", "crt/host_defines.h",
    "driver_functions.h", "device_types.h", "cuda_profiler_api.h",
)

# Underscore macros of crt/host_defines.h that user code writes.
USER_FACING_UNDERSCORE_MACROS = frozenset((
    "__align__", "__builtin_align__", "__cluster_dims__", "__constant__",
    "__device__", "__forceinline__", "__global__", "__grid_constant__",
    "__host__", "__launch_bounds__", "__local_maxnreg__", "__managed__",
    "__maxnreg__", "__shared__", "__thread__",
))

# Internal helper macros without an underscore prefix.
IMPLEMENTATION_MACROS = frozenset(("EXCLUDE_FROM_RTC",))

# HIPIFY tables consulted for a HIP name, in order (the runtime table first;
# driver_types.h declares driver-style names such as CUstream_st, and
# library_types.h declares cudaDataType, which HIPIFY lists under cuBLAS).
HIP_LOOKUP_TABLES = (
    "CUDA_Runtime_API_functions_supported_by_HIP.md",
    "CUDA_Driver_API_functions_supported_by_HIP.md",
    "CUBLAS_API_supported_by_HIP.md",
)

# Sections of the runtime table whose headers the Linux SDK never shipped.
WINDOWS_ONLY_SECTION = re.compile(r"Direct3D", re.I)

# CUDA prefix -> MUSA prefix, longest first (rules/sources/MUSA_FACTS.md, "Prefixes").
MUSA_PREFIXES = (("cuda", "musa"), ("CUDA", "MUSA"), ("cu", "mu"), ("CU", "MU"))

# Whole CUDA words inside a name that MUSA renames: `Cudart` (runtime) and
# NVIDIA's `Nv` (NvSci, Nvlink -> MtSci, Mtlink; as __nv_ -> __mt_, nvcuda -> mtmusa).
NV_WORDS = (("Cuda", "Musa"), ("Nv", "Mt"), ("nv", "mt"), ("NV", "MT"))

# HIP directories not scanned (see the docstring).
HIP_SKIPPED_DIRS = frozenset(("nvidia_detail", "nvcc_detail"))

# CUDA header -> HIP header, after HIPIFY's conventions. A target that does not
# exist under /usr/include makes the entry unsupported.
HIP_HEADER_MAP = {
    "cuda_runtime.h": "hip/hip_runtime.h",
    "cuda_runtime_api.h": "hip/hip_runtime_api.h",
    "cuda.h": "hip/hip_runtime.h",
    "driver_types.h": "hip/hip_runtime.h",
    "vector_types.h": "hip/hip_runtime.h",
    "device_launch_parameters.h": "hip/hip_runtime.h",
    "channel_descriptor.h": "hip/hip_runtime.h",
    "surface_types.h": "hip/hip_runtime.h",
    "texture_types.h": "hip/hip_runtime.h",
    "library_types.h": "hip/library_types.h",
    "vector_functions.h": "hip/hip_runtime.h",
    "driver_functions.h": "hip/hip_runtime.h",
    "device_types.h": "hip/hip_runtime.h",
    "builtin_types.h": "hip/hip_runtime.h",
    "host_defines.h": "hip/hip_runtime.h",
    "device_functions.h": "hip/hip_runtime.h",
    "cuda_device_runtime_api.h": "hip/hip_runtime.h",
    "cuda_profiler_api.h": "hip/hip_runtime_api.h",
    "cuda_texture_types.h": "hip/hip_runtime.h",
    "cuda_surface_types.h": "hip/hip_runtime.h",
    "texture_fetch_functions.h": "hip/hip_runtime.h",
    "cudaProfiler.h": "hip/hip_runtime_api.h",
    "cuda_fp16.h": "hip/hip_fp16.h",
    "cuda_bf16.h": "hip/hip_bf16.h",
    "cuComplex.h": "hip/hip_complex.h",
    "cooperative_groups.h": "hip/hip_cooperative_groups.h",
    "cublas.h": "hipblas.h",
    "cublas_v2.h": "hipblas.h",
    "cublas_api.h": "hipblas.h",
    "cublasLt.h": "hipblaslt.h",
    "curand.h": "hiprand/hiprand.h",
    "curand_kernel.h": "hiprand/hiprand_kernel.h",
    "cufft.h": "hipfft.h",
    "cufftXt.h": "hipfftXt.h",
    "cusparse.h": "hipsparse/hipsparse.h",
    "cusparse_v2.h": "hipsparse/hipsparse.h",
    "cusolverDn.h": "hipsolver.h",
    "cusolver_common.h": "hipsolver.h",
    "nccl.h": "rccl/rccl.h",
    "cudnn.h": "miopen/miopen.h",
    "nvrtc.h": "hip/hiprtc.h",
}

# Headers the headers family covers beyond include.json: the runtime's own
# headers, and those rules/sources/MUSA_FACTS.md names.
EXTRA_HEADERS = (
    "driver_types.h", "vector_types.h", "device_launch_parameters.h",
    "channel_descriptor.h", "surface_types.h", "texture_types.h",
    "library_types.h", "vector_functions.h", "driver_functions.h",
    "device_types.h", "builtin_types.h", "host_defines.h",
    "device_functions.h", "cuda_fp8.h", "nccl.h", "cooperative_groups.h", "mma.h",
)

# Why a header has no counterpart, where more can be said than "none known".
NO_COUNTERPART_NOTES = {
    ("mma.h", "musa"): "no MUSA header for warp matrix functions is published (their "
                       "names move from nvcuda to mtmusa): include what your MUSA SDK provides",
    ("mma.h", "hip"): "AMD's rocWMMA (rocwmma/rocwmma.hpp) offers "
                      "warp matrix functions with another API",
}

# MUSA header facts stated in rules/sources/MUSA_FACTS.md but missing from include.json.
MUSA_FACTS_HEADERS = {"cuda_fp8.h": "musa_fp8.h", "nccl.h": "mccl.h"}

# CUDA runtime headers with no MUSA header of their own in include.json: the
# runtime header includes what they declare (as cuda_runtime.h does in CUDA).
MUSA_RUNTIME_UMBRELLA = "musa_runtime.h"
RUNTIME_INTERNAL_HEADERS = frozenset((
    "driver_types.h", "vector_types.h", "device_launch_parameters.h",
    "channel_descriptor.h", "surface_types.h", "texture_types.h", "library_types.h",
    "vector_functions.h", "driver_functions.h", "device_types.h", "builtin_types.h",
    "host_defines.h", "device_functions.h", "texture_fetch_functions.h",
))

LANGUAGE_NOTE_ARCH_HIP = (
    "__HIP_DEVICE_COMPILE__ stands for it only in defined()/#ifdef tests; its value "
    "(__CUDA_ARCH__ >= 800) has no HIP translation")
LANGUAGE_NOTE_ARCH_MUSA = (
    "architecture numbers differ: comparisons are rewritten by the threshold map "
    "(rules/musa/thresholds/arch.json: __CUDA_ARCH__ >= 800 -> __MUSA_ARCH__ >= 220)")

# Family "language": (cuda, kind, musa rule, hip rule). A rule is a dict with
# status/target/note/check; "hip-compiler" is resolved by probing hipcc,
# "hip-declared" by the HIP header scan.
LANGUAGE_RULES = (
    ("__CUDACC__", "macro",
     {"target": "__MUSACC__", "check": "musa-table"},
     {"target": "__HIPCC__", "verify": "hip-compiler",
      "note": "predefined by hipcc's clang"}),
    ("__CUDA_ARCH__", "macro",
     {"target": "__MUSA_ARCH__", "check": "musa-table", "note": LANGUAGE_NOTE_ARCH_MUSA},
     {"target": "__HIP_DEVICE_COMPILE__", "verify": "hip-compiler",
      "note": LANGUAGE_NOTE_ARCH_HIP, "defined_tests_only": True}),
    ("__CUDACC_RDC__", "macro",
     {"target": "__MUSACC_RDC__", "check": "musa-table"},
     {"target": "__CLANG_RDC__", "verify": "hip-compiler",
      "note": "predefined by hipcc's clang under -fgpu-rdc (HIP defines no __HIP_RDC__)"}),
    ("__NVCC__", "macro",
     {"status": "unsupported", "note": "mcc does not define __NVCC__; "
      "code testing it takes the non-nvcc branch"},
     {"status": "unsupported", "note": "hipcc does not define __NVCC__ for AMD targets; "
      "code testing it takes the non-nvcc branch"}),
    ("__CUDACC_VER_MAJOR__", "macro",
     {"status": "unsupported", "note": "nvcc version macro; mcc versions use another scale "
      "and no counterpart is published"},
     {"status": "unsupported", "note": "nvcc version macro; HIP_VERSION_MAJOR counts HIP "
      "releases, not a comparable compiler version"}),
    ("__CUDACC_VER_MINOR__", "macro",
     {"status": "unsupported", "note": "nvcc version macro; no MUSA counterpart is published"},
     {"status": "unsupported", "note": "nvcc version macro; HIP_VERSION_MINOR is not comparable"}),
    ("__CUDACC_VER_BUILD__", "macro",
     {"status": "unsupported", "note": "nvcc version macro; no MUSA counterpart is published"},
     {"status": "unsupported", "note": "nvcc version macro; HIP_VERSION_PATCH is not comparable"}),
    ("__noinline__", "macro",
     {"check": "same-name", "note": "a keyword-like attribute of nvcc and Clang, kept as is"},
     {"verify": "hip-declared"}),
)
DEVICE_BUILTIN_VARIABLES = ("threadIdx", "blockIdx", "blockDim", "gridDim", "warpSize")
DEVICE_BUILTIN_FUNCTIONS = (
    "__syncthreads", "__syncthreads_count", "__syncthreads_and", "__syncthreads_or",
    "__threadfence", "__threadfence_block", "__threadfence_system",
)

ENTRY_KEYS = ("cuda", "kind", "status", "target", "include_first", "nvcc_implicit",
              "target_overloads", "note", "disputed",
              "defined_tests_only", "call", "cuda_deprecated", "cuda_removed",
              "hip_added", "hip_deprecated", "hip_removed", "hip_headers_lack", "check")
IDENTIFIER = re.compile(r"^[A-Za-z_]\w*$")


def warn(message):
    print("gen_rules: " + message, file=sys.stderr)


# --------------------------------------------------------------------------
# Reading C/C++ text without Clang (HIP headers, CUDA header name scan)
# --------------------------------------------------------------------------

COMMENT_OR_LITERAL = re.compile(
    r"//[^\n]*|/\*.*?\*/|\"(?:\\.|[^\"\\\n])*\"|'(?:\\.|[^'\\\n])*'", re.S)
TOKEN = re.compile(
    r"\s+|(?P<str>\"(?:\\.|[^\"\\\n])*\"|'(?:\\.|[^'\\\n])*')|(?P<id>[A-Za-z_]\w*)"
    r"|(?P<num>\.?\d(?:[eEpP][+-]|[\w.])*)|(?P<op>::|->|##|\.\.\.|.)", re.S)


def strip_comments(text):
    """Replace comments by blanks (keeping newlines) and join continued lines."""
    def blank(match):
        s = match.group(0)
        if s.startswith("/"):
            return " " if s.startswith("//") else " " + "\n" * s.count("\n")
        return s
    return COMMENT_OR_LITERAL.sub(blank, text.replace("\\\n", " "))


def tokenize(text):
    """C tokens of comment-free text, whitespace dropped."""
    return [m.group(0) for m in TOKEN.finditer(text) if not m.group(0).isspace()]


def is_identifier(token):
    return bool(IDENTIFIER.match(token))


# --------------------------------------------------------------------------
# CUDA side: the symbols of the runtime headers, via clang.cindex
# --------------------------------------------------------------------------

def import_cindex():
    """Import clang.cindex (Debian's python3-clang-19), also from a non-system python."""
    try:
        import clang.cindex as cindex  # noqa: F401
    except ImportError:
        sys.path.append("/usr/lib/python3/dist-packages")
        import clang.cindex as cindex
    for candidate in ("/usr/lib/llvm-19/lib/libclang-19.so.1", "/usr/lib/llvm-19/lib/libclang.so"):
        if os.path.exists(candidate):
            if not cindex.Config.loaded:
                cindex.Config.set_library_file(candidate)
            break
    return cindex


def clang_arguments(cuda_path, stub_dir, resource_dir):
    return [
        "-x", "cuda", "--cuda-host-only", "--cuda-path=" + cuda_path, "-nocudalib",
        "-std=c++17", "-isystem", os.path.join(cuda_path, "include", "cccl"),
        "-isystem", stub_dir, "-resource-dir", resource_dir,
        "-Wno-unknown-cuda-version",
    ]


def parse_runtime_tu(cindex, cuda_path, resource_dir):
    """Parse `#include <cuda_runtime.h>` (+ the profiler header) in CUDA mode."""
    source = "#include <cuda_runtime.h>\n#include <cuda_profiler_api.h>\n"
    with tempfile.TemporaryDirectory(prefix="gen_rules.") as stub_dir:
        # CUDA 13 removed texture_fetch_functions.h; Clang 19's wrapper still includes it.
        open(os.path.join(stub_dir, "texture_fetch_functions.h"), "w").close()
        options = (cindex.TranslationUnit.PARSE_DETAILED_PROCESSING_RECORD
                   | cindex.TranslationUnit.PARSE_SKIP_FUNCTION_BODIES)
        tu = cindex.Index.create().parse(
            "gen_rules_runtime.cu", args=clang_arguments(cuda_path, stub_dir, resource_dir),
            unsaved_files=[("gen_rules_runtime.cu", source)], options=options)
    errors = [d for d in tu.diagnostics if d.severity >= cindex.Diagnostic.Error]
    if errors:
        for d in errors:
            warn("clang: %s" % d)
        sys.exit("gen_rules: the CUDA headers did not parse; fix the flags above")
    return tu


def cursor_kind_name(cindex, cursor):
    """Map a cursor to a rule-table kind, or None for what the tables do not hold."""
    k = cindex.CursorKind
    if cursor.kind in (k.FUNCTION_DECL, k.FUNCTION_TEMPLATE):
        return "function"
    if cursor.kind in (k.STRUCT_DECL, k.UNION_DECL, k.CLASS_DECL, k.ENUM_DECL,
                       k.TYPEDEF_DECL, k.TYPE_ALIAS_DECL, k.CLASS_TEMPLATE):
        return "type"
    if cursor.kind == k.ENUM_CONSTANT_DECL:
        return "enumerator"
    if cursor.kind == k.VAR_DECL:
        return "variable"
    if cursor.kind == k.MACRO_DEFINITION:
        return "macro"
    return None


def is_public_name(name, kind):
    """False for the implementation details listed in the module docstring."""
    if not is_identifier(name):
        return False
    if name in IMPLEMENTATION_MACROS:
        return False
    if name.startswith("_"):
        return kind == "macro" and name in USER_FACING_UNDERSCORE_MACROS
    return True


def header_of(cursor, include_dir):
    location_file = cursor.location.file
    if location_file is None:
        return None
    path = os.path.realpath(location_file.name)
    if not path.startswith(include_dir + os.sep):
        return None
    return os.path.relpath(path, include_dir)


def collect_cuda_symbols(cindex, cuda_path, resource_dir):
    """{(name, kind): {"header": h, "deprecated": bool}} for the runtime headers."""
    include_dir = os.path.realpath(os.path.join(cuda_path, "include"))
    tu = parse_runtime_tu(cindex, cuda_path, resource_dir)
    symbols = {}

    def add(cursor, name, kind, header):
        if not is_public_name(name, kind):
            return
        info = symbols.setdefault((name, kind), {"header": header, "deprecated": False})
        if cursor.kind != cindex.CursorKind.MACRO_DEFINITION and \
                cursor.availability == cindex.AvailabilityKind.DEPRECATED:
            info["deprecated"] = True

    def visit(parent):
        for cursor in parent.get_children():
            if cursor.kind in (cindex.CursorKind.LINKAGE_SPEC, cindex.CursorKind.UNEXPOSED_DECL):
                visit(cursor)
                continue
            kind = cursor_kind_name(cindex, cursor)
            header = header_of(cursor, include_dir)
            if kind is None or header not in RUNTIME_HEADERS:
                continue
            add(cursor, cursor.spelling, kind, header)
            if cursor.kind == cindex.CursorKind.TYPEDEF_DECL:
                # `typedef struct CUstream_st *cudaStream_t;` declares the tag too.
                for child in cursor.get_children():
                    tag = re.match(r"^(?:struct|union|enum) (\w+)$", child.spelling)
                    if child.kind == cindex.CursorKind.TYPE_REF and tag:
                        add(child, tag.group(1), "type", header)
            if cursor.kind == cindex.CursorKind.ENUM_DECL:
                for constant in cursor.get_children():
                    if constant.kind == cindex.CursorKind.ENUM_CONSTANT_DECL:
                        add(constant, constant.spelling, "enumerator", header)

    visit(tu.cursor)
    return symbols


def cuda_runtime_version(cuda_path):
    """'13.0' from CUDART_VERSION in cuda_runtime_api.h."""
    with open(os.path.join(cuda_path, "include", "cuda_runtime_api.h")) as f:
        match = re.search(r"#define\s+CUDART_VERSION\s+(\d+)", f.read())
    value = int(match.group(1))
    return "%d.%d" % (value // 1000, (value % 1000) // 10)


def cuda_declarations_by_header(cuda_path):
    """{identifier: first header declaring it} over the SDK's top-level and crt/ headers.

    Read with HipDeclarationScanner (a declaration-context token reader), so a
    header that merely mentions a name (a parameter struct of a removed API in
    generated_cudart_removed_meta.h) does not count as declaring it.
    """
    include_dir = os.path.join(cuda_path, "include")
    scanner = HipDeclarationScanner()
    for folder in ("", "crt"):
        directory = os.path.join(include_dir, folder)
        for file_name in sorted(os.listdir(directory)):
            path = os.path.join(directory, file_name)
            if os.path.isfile(path) and re.search(r"\.(h|hpp)$", file_name):
                scanner.scan_file(path, os.path.join(folder, file_name))
    return scanner.origin


# --------------------------------------------------------------------------
# HIPIFY markdown tables
# --------------------------------------------------------------------------

def parse_hipify_table(path):
    """{cuda name: row} from a HIPIFY markdown table.

    A row holds cuda_added/deprecated/changed/removed, hip (name or ''),
    hip_added/deprecated/changed/removed, experimental and section.
    """
    rows = {}
    section = ""
    with open(path) as f:
        for line in f:
            line = line.rstrip("\n")
            if line.startswith("## "):
                section = line.strip("# *")
                continue
            if not line.startswith("|`"):
                continue
            cells = [c.strip() for c in line.strip().strip("|").split("|")]
            cells += [""] * (11 - len(cells))
            name = cells[0].strip("`")
            if name in rows:
                continue
            rows[name] = {
                "cuda_added": cells[1], "cuda_deprecated": cells[2],
                "cuda_changed": cells[3], "cuda_removed": cells[4],
                "hip": cells[5].strip("`"), "hip_added": cells[6],
                "hip_deprecated": cells[7], "hip_changed": cells[8],
                "hip_removed": cells[9], "experimental": cells[10],
                "section": section,
            }
    return rows


def load_hipify_tables(hip_data_dir):
    """(runtime rows, lookup function name -> row from the first table that has it)."""
    tables = [parse_hipify_table(os.path.join(hip_data_dir, name)) for name in HIP_LOOKUP_TABLES]

    def lookup(name):
        for table in tables:
            if name in table:
                return table[name]
        return None
    return tables[0], lookup


# --------------------------------------------------------------------------
# HIP side: which identifiers the installed HIP headers declare
# --------------------------------------------------------------------------

NOT_DECLARATORS = frozenset((
    "return", "if", "while", "for", "switch", "sizeof", "alignof", "decltype",
    "alignas", "__attribute__", "__declspec", "noexcept", "throw", "static_assert",
    "defined", "case", "new", "delete", "operator", "else", "do", "typeid",
    "__launch_bounds__", "static_cast", "reinterpret_cast", "const_cast",
    "dynamic_cast", "typename", "template", "using", "typedef", "goto",
))
TYPE_TAGS = frozenset(("struct", "union", "class", "enum"))


class HipDeclarationScanner:
    """Collects identifiers that the HIP headers declare, with the kind seen.

    A token-level reader, not a compiler: `#define NAME`; `struct|union|class|enum
    NAME` when it is defined, forward-declared or named by a typedef; `} NAME;`
    after a typedef'd body; typedef and `using NAME =` names;
    enumerators inside enum bodies; and at namespace scope the declarator of a
    function (`type NAME(`) or variable (`type NAME =|;|{|[`). Preprocessor
    branches are all read, each from the brace state at its `#if`. Names made by
    token pasting in a declaring macro (`make_##type`) are expanded at every use
    of that macro.
    """

    def __init__(self):
        self.declared = {}
        self.origin = {}        # name -> label of the first file declaring it
        self.paste_macros = {}  # macro -> [(parameter index, prefix, suffix)]
        self.label = None

    def note(self, name, kind):
        if is_identifier(name):
            self.declared.setdefault(name, set()).add(kind)
            self.origin.setdefault(name, self.label)

    def scan_file(self, path, label):
        self.label = label
        with open(path, errors="replace") as f:
            self.scan_text(strip_comments(f.read()))

    # ---- files and directives
    def scan_tree(self, root):
        seen = set()
        for directory, subdirs, files in os.walk(root, followlinks=False):
            subdirs[:] = sorted(d for d in subdirs if d not in HIP_SKIPPED_DIRS)
            for file_name in sorted(files):
                path = os.path.realpath(os.path.join(directory, file_name))
                if path in seen or not re.search(r"\.(h|hpp|inl)$", file_name):
                    continue
                seen.add(path)
                self.scan_file(path, os.path.relpath(path, os.path.realpath(root)))
        return self.declared

    def scan_text(self, text):
        code = []
        for line in text.split("\n"):
            stripped = line.strip()
            if stripped.startswith("#"):
                code.append(("#", stripped))
            else:
                code.extend(("t", token) for token in tokenize(line))
        self.scan_tokens(code)

    def read_define(self, directive):
        match = re.match(r"#\s*define\s+([A-Za-z_]\w*)(\(([^)]*)\))?(.*)$", directive)
        if not match:
            return
        self.note(match.group(1), "macro")
        if match.group(2) is None:
            return
        params = [p.strip() for p in match.group(3).split(",")]
        body = match.group(4)
        templates = []
        for left, right in re.findall(r"(\w+)\s*##\s*(\w+)", body):
            if right in params and left not in params:
                templates.append((params.index(right), left, ""))
            elif left in params and right not in params:
                templates.append((params.index(left), "", right))
        if templates:
            self.paste_macros[match.group(1)] = templates

    # ---- code
    def scan_tokens(self, items):
        scopes = []          # 'ns' | 'enum' | 'class' | 'block'
        saved = []           # brace state at each #if
        statement = []       # tokens of the current namespace-scope statement
        enum_expect = False  # next identifier in an enum body is an enumerator
        tokens = [value for tag, value in items if tag == "t"]
        t_index = 0          # position in tokens (for look-ahead)
        for tag, value in items:
            if tag == "#":
                directive = re.sub(r"^#\s*", "#", value)
                if directive.startswith("#define"):
                    self.read_define(directive)
                elif re.match(r"#if", directive):
                    saved.append(list(scopes))
                elif re.match(r"#el", directive) and saved:
                    scopes = list(saved[-1])
                elif directive.startswith("#endif") and saved:
                    saved.pop()
                continue
            token = value
            following = tokens[t_index + 1] if t_index + 1 < len(tokens) else ""
            t_index += 1
            at_ns = all(s == "ns" for s in scopes)
            top = scopes[-1] if scopes else "ns"

            if token in self.paste_macros and following == "(":
                self.expand_paste(tokens, t_index)
            if token in TYPE_TAGS and top != "block":
                tag, after = self.tag_name(tokens, t_index)
                # A definition, a forward declaration, or a tag a typedef introduces;
                # not a mere mention such as a member `struct X *p;`.
                if tag and (after in ("{", ";", ":", "final")
                            or (at_ns and "typedef" in statement)):
                    self.note(tag, "type")

            if token == "{":
                kind = self.brace_kind(statement if at_ns else None, tokens, t_index - 1)
                if at_ns and kind == "function":
                    self.analyze_statement(statement)
                    statement = []
                    kind = "block"
                elif at_ns and kind == "ns":
                    statement = []
                elif at_ns:
                    statement.append("{}")
                scopes.append(kind)
                enum_expect = kind == "enum"
                continue
            if token == "}":
                if scopes:
                    closed = scopes.pop()
                    if closed in ("class", "enum") and is_identifier(following):
                        after = tokens[t_index + 1] if t_index + 1 < len(tokens) else ""
                        if after in (";", ",") and self.typedef_pending(statement):
                            self.note(following, "type")
                    if closed == "ns":
                        statement = []
                enum_expect = False
                continue
            if top == "enum":
                if enum_expect and is_identifier(token):
                    self.note(token, "enumerator")
                    enum_expect = False
                elif token == ",":
                    enum_expect = True
                continue
            if not at_ns:
                continue
            if token == ";":
                self.analyze_statement(statement)
                statement = []
            else:
                statement.append(token)

    @staticmethod
    def tag_name(tokens, start):
        """(tag, token after it) for `struct [attributes] NAME`; tokens[start] follows
        the keyword. The last identifier of the run is the name: attribute macros
        (`struct __HIP_TEXTURE_ATTRIB texture`) come before it."""
        index, name = start, None
        if index < len(tokens) and tokens[index] in ("class", "struct"):   # enum class
            index += 1
        while index < len(tokens):
            token = tokens[index]
            if token in ("__attribute__", "alignas", "__declspec") and \
                    index + 1 < len(tokens) and tokens[index + 1] == "(":
                depth = 0
                for index in range(index + 1, len(tokens)):
                    depth += tokens[index] == "("
                    depth -= tokens[index] == ")"
                    if depth == 0:
                        break
                index += 1
                continue
            if not is_identifier(token) or token in TYPE_TAGS or token == "final":
                break
            name = token
            index += 1
        return name, tokens[index] if index < len(tokens) else ""

    @staticmethod
    def typedef_pending(statement):
        return "typedef" in statement

    def brace_kind(self, statement, tokens, brace_index):
        """What a '{' opens, judged from the statement head before it."""
        head = self.strip_template_header(statement if statement is not None else [])
        previous = tokens[brace_index - 1] if brace_index > 0 else ""
        if statement is not None:
            if "namespace" in head or (head[-2:-1] == ["extern"] and head[-1:] and
                                       head[-1].startswith('"')):
                return "ns"
        if previous == "=" or previous == "return":
            return "block"
        first_tag = next((t for t in head if t in TYPE_TAGS), None)
        if first_tag == "enum" and "(" not in head:
            return "enum"
        if first_tag is not None and "(" not in head:
            return "class"
        if statement is not None and previous in (")", "const", "override", "noexcept",
                                                  "final") and "(" in head:
            return "function"
        if statement is not None and "(" in head and previous not in ("=",) and \
                is_identifier(previous) and ")" in head:
            return "function"   # `) __attribute__(..) {` and macro-decorated bodies
        return "block"

    def expand_paste(self, tokens, start):
        """Names pasted by a declaring macro at a use `MACRO(args)`."""
        depth, args, current = 0, [], []
        for token in tokens[start:]:
            if token == "(":
                depth += 1
                if depth == 1:
                    continue
            elif token == ")":
                depth -= 1
                if depth == 0:
                    args.append(current)
                    break
            elif token == "," and depth == 1:
                args.append(current)
                current = []
                continue
            current.append(token)
        for index, prefix, suffix in self.paste_macros[tokens[start - 1]]:
            if index < len(args) and len(args[index]) == 1 and is_identifier(args[index][0]):
                self.note(prefix + args[index][0] + suffix, "function" if prefix else "type")

    def analyze_statement(self, statement):
        """Declared names of one namespace-scope declaration."""
        tokens = self.strip_template_header(statement)
        if not tokens:
            return
        if tokens[0] == "using" and len(tokens) > 2 and tokens[2] == "=":
            self.note(tokens[1], "type")
            return
        if "typedef" in tokens:
            self.note_typedef_names(tokens)
            return
        depth = 0
        for index, token in enumerate(tokens):
            if token in ("(", "["):
                depth += 1
            elif token in (")", "]"):
                depth -= 1
            if depth != 0 or not is_identifier(token) or token in NOT_DECLARATORS:
                continue
            previous = tokens[index - 1] if index else ""
            following = tokens[index + 1] if index + 1 < len(tokens) else ";"
            typed = (is_identifier(previous) and previous not in NOT_DECLARATORS
                     and previous not in TYPE_TAGS) or previous in ("*", "&", ">", "&&")
            if not typed:
                continue
            if following == "(":
                self.note(token, "function")
                return
            if following in ("=", ";", "{}", "[", ","):
                self.note(token, "variable")
                return

    @staticmethod
    def strip_template_header(tokens):
        while tokens and tokens[0] == "template" and len(tokens) > 1 and tokens[1] == "<":
            depth = 0
            for index, token in enumerate(tokens[1:], 1):
                depth += token == "<"
                depth -= token == ">"
                if depth == 0:
                    tokens = tokens[index + 1:]
                    break
            else:
                return []
        return tokens

    def note_typedef_names(self, tokens):
        for index, token in enumerate(tokens):
            if not is_identifier(token) or token in NOT_DECLARATORS:
                continue
            previous = tokens[index - 1] if index else ""
            following = tokens[index + 1] if index + 1 < len(tokens) else ";"
            if previous == "*" and index >= 2 and tokens[index - 2] == "(" and following == ")":
                self.note(token, "type")          # typedef R (*NAME)(...)
            elif following in (";", ",", "[") and previous not in ("(", ","):
                self.note(token, "type")


def hip_version(hip_include):
    with open(os.path.join(hip_include, "hip_version.h")) as f:
        text = f.read()
    major = re.search(r"HIP_VERSION_MAJOR\s+(\d+)", text).group(1)
    minor = re.search(r"HIP_VERSION_MINOR\s+(\d+)", text).group(1)
    return "%s.%s" % (major, minor)


def merge_hip_names(declared, hipcc_macros):
    """The header scan plus the macros hipcc defines (its clang's HIP wrapper
    defines e.g. __managed__, which no file under /usr/include/hip does)."""
    merged = {name: set(kinds) for name, kinds in declared.items()}
    for name in hipcc_macros:
        merged.setdefault(name, set()).add("macro")
    return merged


def hipcc_predefined_macros(hipcc):
    """Macros defined in an AMD device compile of an empty file by hipcc -fgpu-rdc
    (hipcc includes hip_runtime.h and clang's HIP wrapper by itself)."""
    path = shutil.which(hipcc)
    if path is None:
        warn("%s not found: compiler-defined HIP macros cannot be verified" % hipcc)
        return set()
    with tempfile.TemporaryDirectory(prefix="gen_rules.") as tmp:
        source = os.path.join(tmp, "empty.hip")
        open(source, "w").close()
        env = dict(os.environ, HIP_PLATFORM="amd")
        result = subprocess.run(
            [path, "--offload-arch=gfx90a", "-fgpu-rdc", "--cuda-device-only", "-dM", "-E",
             source], capture_output=True, text=True, env=env, timeout=120)
    if result.returncode != 0:
        warn("%s -dM -E failed: %s" % (hipcc, result.stderr.strip()[:300]))
        return set()
    return set(re.findall(r"#define\s+(\w+)", result.stdout))


# --------------------------------------------------------------------------
# MUSA names
# --------------------------------------------------------------------------

def musa_prefix_derivation(name):
    """The MUSA name by the prefix convention, or None when no CUDA prefix leads."""
    for cuda_prefix, musa_prefix in MUSA_PREFIXES:
        if name.startswith(cuda_prefix):
            return musa_prefix + name[len(cuda_prefix):]
    return None


def name_words(name):
    """[(word, whether it starts an _-separated piece)]: make_cuComplex has the
    words make, cu (a piece's first: a prefix) and Complex."""
    words = []
    for piece in name.split("_"):
        found = re.findall(r"[A-Z]+(?=[A-Z][a-z])|[A-Z]?[a-z]+|[A-Z]+|\d+", piece) or [""]
        words.extend((w, i == 0) for i, w in enumerate(found))
    return words


def musa_word(cuda_word, first):
    """The MUSA spelling of one CUDA word, or None when the word is no CUDA word."""
    for cuda_prefix, musa_prefix in MUSA_PREFIXES + NV_WORDS:
        if not cuda_word.startswith(cuda_prefix):
            continue
        if cuda_prefix in ("cu", "CU", "Cu") and not first:
            return None        # `Cu` inside a name: substring-replacement artefact
        return musa_prefix + cuda_word[len(cuda_prefix):]
    return None


def is_whole_name_counterpart(cuda, musa):
    """True when a table entry renames CUDA words, never letters inside a word."""
    if musa_prefix_derivation(cuda) == musa:
        return True
    cuda_words, musa_words = name_words(cuda), name_words(musa)
    if len(cuda_words) != len(musa_words):
        return False
    for (c, starts_piece), (m, _) in zip(cuda_words, musa_words):
        if c != m and musa_word(c, starts_piece) != m:
            return False
    expected_prefix = musa_prefix_derivation(cuda)
    return expected_prefix is None or musa.startswith(expected_prefix[:2])


def musa_rule(name, general, rejected):
    """(target, check, note) for one CUDA name."""
    table_target = general.get(name)
    if table_target is not None:
        if is_whole_name_counterpart(name, table_target):
            return table_target, "musa-table", None
        rejected.append((name, table_target))
    derived = musa_prefix_derivation(name)
    if derived is not None:
        note = "derived from the MUSA prefix convention; not in the published table"
        if table_target is not None:
            note += " (its entry %s looks like a substring-replacement artefact)" % table_target
        return derived, "musa-prefix-rule", note
    return name, "same-name", None


# --------------------------------------------------------------------------
# Entries
# --------------------------------------------------------------------------

def make_entry(cuda, kind, status, target, check, notes=(), deprecated=None, removed=None):
    entry = {"cuda": cuda, "kind": kind, "status": status}
    if status != "unsupported":
        entry["target"] = target
    notes = [n for n in notes if n]
    if notes:
        entry["note"] = "; ".join(notes)
    if deprecated:
        entry["cuda_deprecated"] = deprecated
    if removed:
        entry["cuda_removed"] = removed
    entry["check"] = check
    return {key: entry[key] for key in ENTRY_KEYS if key in entry}


def lifecycle(symbol, row, cuda_version):
    """(status, notes, cuda_deprecated, cuda_removed) of a CUDA name in CUDA itself."""
    if symbol is None:
        removed = (row or {}).get("cuda_removed") or cuda_version
        if row and row.get("cuda_removed"):
            note = "removed in CUDA %s; old code still migrates" % removed
        else:
            note = ("not declared by the CUDA %s headers (removed in or before %s; no removal "
                    "version is recorded); old code still migrates" % (cuda_version, cuda_version))
        deprecated = (row or {}).get("cuda_deprecated") or None
        return "removed", [note], deprecated, removed
    deprecated = (row or {}).get("cuda_deprecated")
    if deprecated:
        return "deprecated", ["deprecated since CUDA %s" % deprecated], deprecated, None
    if symbol["deprecated"]:
        return "deprecated", ["marked deprecated in the CUDA %s headers (first version not "
                              "recorded in the HIPIFY tables)" % cuda_version], None, None
    return "supported", [], None, None


def infer_removed_kind(name, row, hip_declared):
    """Kind of a name CUDA no longer declares (it cannot be read from the headers)."""
    hip_kinds = hip_declared.get(row.get("hip", ""), set())
    for kind in ("function", "macro", "type", "enumerator", "variable"):
        if kind in hip_kinds:
            return kind
    if "Data types" not in row["section"]:
        return "function"
    if re.match(r"^[A-Z0-9_]+$", name):
        return "macro"
    if name == "texture" or re.search(r"(_t|Params|Mode|Reference)$", name):
        return "type"
    return "enumerator"


def removed_runtime_names(runtime_rows, symbols, cuda_identifiers, skipped):
    """Runtime-table names the CUDA headers no longer declare anywhere."""
    declared_names = {name for name, _ in symbols}
    removed = []
    for name, row in sorted(runtime_rows.items()):
        if name in declared_names:
            continue
        if WINDOWS_ONLY_SECTION.search(row["section"]) or "D3D" in name:
            skipped.append((name, "Windows-only Direct3D interop"))
            continue
        if name in cuda_identifiers:
            skipped.append((name, "declared in %s, outside the runtime family"
                            % cuda_identifiers[name]))
            continue
        removed.append(name)
    return removed


def musa_runtime_entry(name, kind, symbol, row, general, cuda_version, rejected):
    status, notes, deprecated, removed = lifecycle(symbol, row, cuda_version)
    target, check, note = musa_rule(name, general, rejected)
    return make_entry(name, kind, status, target, check, notes + [note], deprecated, removed)


def hip_version_key(version):
    """"5.2.0" -> (5, 2): HIP versions compare by major and minor."""
    parts = [int(p) for p in re.findall(r"\d+", version or "")[:2]]
    return tuple(parts + [0] * (2 - len(parts))) if parts else None


def short_version(version):
    """"5.2.0" -> "5.2"."""
    key = hip_version_key(version)
    return "%d.%d" % key if key else None


def hip_mapped_entry(name, kind, status, row, hip_declared, hip_ver, notes, deprecated,
                     removed, library_note=None):
    """The entry of a name a HIPIFY table maps to a HIP name: supported from the HIP
    version that added it (hip_added; also hip_deprecated, hip_removed), whatever
    the installed HIP. check: hip-headers where the installed headers declare the
    HIP name, else check_missing. Where HIPIFY dates the name at or before the
    installed version but its headers lack it, hip_headers_lack records that
    version, so that HIP version is not given the name; where they declare a name
    HIPIFY dates later, hip_added is the installed version. library_note: the name
    is of a HIP library the installed HIP lacks (nothing to check it against)."""
    hip_name = row["hip"]
    notes = list(notes)
    if row.get("experimental"):
        notes.append("%s is experimental in HIP" % hip_name)
    declared = library_note is None and hip_name in hip_declared
    entry = make_entry(name, kind, status, hip_name,
                       "hip-headers" if declared else "hipify-table",
                       [library_note] + notes, deprecated, removed)
    for key in ("hip_added", "hip_deprecated", "hip_removed"):
        if short_version(row.get(key)):
            entry[key] = short_version(row[key])
    added = hip_version_key(row.get("hip_added"))
    if declared and added and added > hip_version_key(hip_ver):
        # The installed headers are evidence it exists by then.
        entry["hip_added"] = hip_ver
        entry["note"] = "; ".join(n for n in [entry.get("note"), (
            "HIPIFY dates %s to HIP %s, but the HIP %s headers checked declare it"
            % (hip_name, short_version(row["hip_added"]), hip_ver))] if n)
    if library_note is None and not declared and added and added <= hip_version_key(hip_ver):
        entry["hip_headers_lack"] = hip_ver
        entry["note"] = "; ".join(n for n in [entry.get("note"), (
            "HIPIFY dates %s to HIP %s, but the HIP %s headers checked do not declare it"
            % (hip_name, short_version(row["hip_added"]), hip_ver))] if n)
    return {key: entry[key] for key in ENTRY_KEYS if key in entry}


def hip_runtime_entry(name, kind, symbol, row, hip_declared, hip_ver, cuda_version):
    status, notes, deprecated, removed = lifecycle(symbol, row, cuda_version)
    hip_name = (row or {}).get("hip", "")
    if row is None and musa_prefix_derivation(name) is None and not name.startswith("make_cuda"):
        # No CUDA prefix (dim3, float4, make_float4, __host__): HIP keeps the name.
        if name in hip_declared:
            return make_entry(name, kind, status, name, "hip-headers", notes, deprecated, removed)
        return make_entry(name, kind, "unsupported", None, "none",
                          ["the installed HIP %s headers do not declare %s" % (hip_ver, name)]
                          + notes, deprecated, removed)
    if not hip_name:
        why = "no HIP equivalent" if row is not None else \
            "not in the HIPIFY tables (no known HIP equivalent)"
        return make_entry(name, kind, "unsupported", None, "none", [why] + notes,
                          deprecated, removed)
    if hip_name not in hip_declared and not row.get("hip_added"):
        return make_entry(name, kind, "unsupported", None, "none",
                          ["%s is not in the installed HIP %s headers, and HIPIFY dates it "
                           "to no HIP version" % (hip_name, hip_ver)] + notes,
                          deprecated, removed)
    return hip_mapped_entry(name, kind, status, row, hip_declared, hip_ver, notes,
                            deprecated, removed)


def build_runtime_tables(symbols, runtime_rows, hip_lookup, removed_names, hip_declared,
                         general, hip_ver, cuda_version, rejected):
    musa, hip = [], []
    for (name, kind), symbol in symbols.items():
        row = hip_lookup(name)
        musa.append(musa_runtime_entry(name, kind, symbol, row, general, cuda_version, rejected))
        hip.append(hip_runtime_entry(name, kind, symbol, row, hip_declared, hip_ver, cuda_version))
    for name in removed_names:
        row = runtime_rows[name]
        kind = infer_removed_kind(name, row, hip_declared)
        musa.append(musa_runtime_entry(name, kind, None, row, general, cuda_version, rejected))
        hip.append(hip_runtime_entry(name, kind, None, row, hip_declared, hip_ver, cuda_version))
    return musa, hip


def header_list(include_map, dnn_headers, cuda_include, skipped):
    """CUDA headers the headers family covers: {name: 'present' | 'removed'}."""
    headers = {}
    for name in sorted(set(include_map) | set(dnn_headers) | set(EXTRA_HEADERS)):
        if os.path.isfile(os.path.join(cuda_include, name)):
            headers[name] = "present"
        elif re.match(r"^cuda_(texture|surface)_types\.h$", name):
            headers[name] = "removed"
        else:
            skipped.append((name, "not a header of this CUDA SDK"))
    headers["texture_fetch_functions.h"] = "removed"  # CUDA 13 removed it; Clang 19 includes it
    return headers


def musa_header_entry(name, state, include_map, dnn_headers, cuda_version):
    notes, removed = [], None
    status = "supported"
    if state == "removed":
        status, removed = "removed", cuda_version
        notes.append("not in the CUDA %s SDK (removed in or before %s); old code still migrates"
                     % (cuda_version, cuda_version))
    if name in include_map:
        return make_entry(name, "header", status, include_map[name], "musa-table", notes,
                          removed=removed)
    if name in dnn_headers:
        return make_entry(name, "header", "unsupported", None, "none",
                          ["cuDNN is not migratable by renaming: muDNN (%s) is a C++ class API"
                           % dnn_headers[name]] + notes, removed=removed)
    if name in MUSA_FACTS_HEADERS:
        return make_entry(name, "header", status, MUSA_FACTS_HEADERS[name], "musa-prefix-rule",
                          ["not in include.json; the name MUSA SDKs use"] + notes, removed=removed)
    if name in RUNTIME_INTERNAL_HEADERS:
        return make_entry(name, "header", status, MUSA_RUNTIME_UMBRELLA, "none",
                          ["not in include.json; %s includes what it declares, as "
                           "cuda_runtime.h does in CUDA" % MUSA_RUNTIME_UMBRELLA] + notes,
                          removed=removed)
    if name == "cooperative_groups.h":
        return make_entry(name, "header", status, name, "same-name",
                          ["not in include.json; kept as is (public MUSA ports include "
                           "<cooperative_groups.h>)"] + notes, removed=removed)
    derived = musa_prefix_derivation(name)
    if derived:
        return make_entry(name, "header", status, derived, "musa-prefix-rule",
                          ["derived from the MUSA prefix convention; not in include.json"] + notes,
                          removed=removed)
    return make_entry(name, "header", "unsupported", None, "none",
                      [NO_COUNTERPART_NOTES.get((name, "musa"), "no MUSA header known")]
                      + notes, removed=removed)


def hip_header_entry(name, state, system_include, cuda_version):
    notes, removed, status = [], None, "supported"
    if state == "removed":
        status, removed = "removed", cuda_version
        notes.append("not in the CUDA %s SDK (removed in or before %s); old code still migrates"
                     % (cuda_version, cuda_version))
    target = HIP_HEADER_MAP.get(name)
    if target is None:
        return make_entry(name, "header", "unsupported", None, "none",
                          [NO_COUNTERPART_NOTES.get((name, "hip"), "no HIP equivalent")]
                          + notes, removed=removed)
    stem = target.split("/")[0].split(".")[0]
    if not os.path.isfile(os.path.join(system_include, target)) and stem in HIP_SAME_NAME_LIBRARIES:
        return make_entry(name, "header", status, target, "hip-library",
                          ["%s keeps %s's names; it is not shipped by Debian, so this is not "
                           "compiled here" % HIP_SAME_NAME_LIBRARIES[stem]] + notes,
                          removed=removed)
    if not os.path.isfile(os.path.join(system_include, target)):
        library = HIP_UNSHIPPED_LIBRARIES.get(stem)
        if library is None:
            return make_entry(name, "header", "unsupported", None, "none",
                              ["%s is not installed under %s" % (target, system_include)]
                              + notes, removed=removed)
        # A library Debian does not ship: its names come from the HIPIFY
        # tables (check hipify-table), so its header does too.
        return make_entry(name, "header", status, target, "hipify-table",
                          ["%s is not shipped by Debian: HIPIFY's name, not compiled here"
                           % library] + notes, removed=removed)
    entry = make_entry(name, "header", status, target, "hip-headers", notes, removed=removed)
    if target in HIP_HEADER_NEEDS:
        entry["include_first"] = HIP_HEADER_NEEDS[target]
        entry = {key: entry[key] for key in ENTRY_KEYS if key in entry}
    return entry


# HIP headers that compile only after others: HIP 5.2's cooperative groups use
# hipBlockDim_x and friends, which hip_runtime.h defines, without including it
# (CUDA's cooperative_groups.h needs nothing before it: nvcc includes the runtime).
HIP_HEADER_NEEDS = {"hip/hip_cooperative_groups.h": ["hip/hip_runtime.h"]}


# HIP libraries Debian does not ship whose names the HIPIFY tables give (the
# families emit them with check hipify-table): header stem -> library.
# ROCm libraries that keep the CUDA library's names, which no HIPIFY table lists
# (check hip-library): header stem -> (library, CUDA library).
HIP_SAME_NAME_LIBRARIES = {"rccl": ("RCCL", "NCCL"), "hipcub": ("hipCUB", "CUB"),
                           "thrust": ("rocThrust", "Thrust")}
HIP_UNSHIPPED_LIBRARIES = {"hipblas": "hipBLAS", "hipblaslt": "hipBLASLt", "hipfft": "hipFFT",
                           "hipfftXt": "hipFFT", "hipsolver": "hipSOLVER", "miopen": "MIOpen"}


# Header folders (CCCL and cooperative groups ship hundreds of headers): an
# entry ending in "/" covers every header under it. (folder, MUSA folder, HIP
# folder, one HIP header for all of them, or None, HIP check, note). MUSA: "CUB and Thrust headers keep their
# paths", <cuda/std/...> -> <musa/std/...> (rules/sources/MUSA_FACTS.md).
HEADER_FOLDERS = (
    ("thrust/", "thrust/", "thrust/", "hip-library",
     "rocThrust keeps Thrust's header paths; it is not shipped by Debian, so this is not "
     "compiled here"),
    ("thrust/system/cuda/", "thrust/system/cuda/", "thrust/system/hip/", "hip-library",
     "rocThrust's HIP system; rocThrust is not shipped by Debian"),
    ("cub/", "cub/", "hipcub/hipcub.hpp", "hip-library",
     "hipCUB's headers are not laid out as CUB's: every CUB header becomes hipCUB's "
     "umbrella header, which declares all of hipCUB; hipCUB is not shipped by Debian, so "
     "this is not compiled here"),
    ("cuda/", "musa/", None, "none", "libcu++ (<cuda/atomic>, <cuda/std/...>) has no HIP "
     "counterpart"),
    ("cooperative_groups/", "cooperative_groups/", None, "none",
     "HIP declares cooperative groups in hip/hip_cooperative_groups.h, without these "
     "sub-headers"),
)


# Single headers beyond the folders (a header of CCCL's tree, not of include/):
# (header, MUSA header, HIP header, HIP check, note).
HEADER_FILES = (
    ("cub/cub.cuh", "cub/cub.cuh", "hipcub/hipcub.hpp", "hip-library",
     "hipCUB's umbrella header; hipCUB keeps CUB's names in namespace hipcub and is not "
     "shipped by Debian, so this is not compiled here"),
    ("nvtx3/nvToolsExt.h", None, "roctracer/roctx.h", "hip-library",
     "roctx (ROCm's roctracer) declares roctxRangePushA and the other counterparts of "
     "NVTX's ASCII calls; it is not shipped by Debian, so this is not compiled here"),
)


def header_folder_entries():
    musa, hip = [], []
    for header, musa_header, hip_header, hip_check, note in HEADER_FILES:
        if musa_header is None:
            musa.append(make_entry(header, "header", "unsupported", None, "none",
                                   ["no MUSA counterpart is known"]))
        else:
            musa.append(make_entry(header, "header", "supported", musa_header, "same-name"))
        hip.append(make_entry(header, "header", "supported", hip_header, hip_check, [note]))
    for folder, musa_folder, hip_folder, hip_check, note in HEADER_FOLDERS:
        musa.append(make_entry(folder, "header", "supported", musa_folder,
                               "same-name" if musa_folder == folder else "musa-prefix-rule"))
        if hip_folder is None:
            hip.append(make_entry(folder, "header", "unsupported", None, "none", [note]))
        else:
            hip.append(make_entry(folder, "header", "supported", hip_folder, hip_check, [note]))
    return musa, hip


# nvcc includes this header in every CUDA unit, so code may use the runtime
# without including it; musify then includes the target's counterpart.
NVCC_IMPLICIT_HEADER = "cuda_runtime.h"


def mark_nvcc_implicit(entries):
    for i, e in enumerate(entries):
        if e["cuda"] == NVCC_IMPLICIT_HEADER and e["status"] != "unsupported":
            e["nvcc_implicit"] = True
            entries[i] = {key: e[key] for key in ENTRY_KEYS if key in e}
    return entries


def build_header_tables(headers, include_map, dnn_headers, system_include, cuda_version):
    musa = [musa_header_entry(n, s, include_map, dnn_headers, cuda_version)
            for n, s in headers.items()]
    hip = [hip_header_entry(n, s, system_include, cuda_version) for n, s in headers.items()]
    folder_musa, folder_hip = header_folder_entries()
    return mark_nvcc_implicit(musa + folder_musa), mark_nvcc_implicit(hip + folder_hip)


def language_entry(cuda, kind, rule, hip_declared, hip_macros, hip_ver, general, is_hip):
    if rule.get("status") == "unsupported":
        return make_entry(cuda, kind, "unsupported", None, "none", [rule.get("note")])
    target = rule.get("target", cuda)
    note = rule.get("note")
    if not is_hip:
        check = rule.get("check", "same-name")
        if check == "musa-table" and general.get(cuda) != target:
            warn("language rule %s -> %s is not in general.json (it says %s)"
                 % (cuda, target, general.get(cuda)))
            check = "none"
        return make_entry(cuda, kind, "supported", target, check, [note])
    verify = rule.get("verify", "hip-declared")
    defined_only = rule.get("defined_tests_only")
    known = target in hip_macros if verify == "hip-compiler" else target in hip_declared
    if not known:
        where = "hipcc's predefined macros" if verify == "hip-compiler" else \
            "the installed HIP %s headers" % hip_ver
        return make_entry(cuda, kind, "unsupported", None, "none",
                          ["%s is not among %s" % (target, where)])
    entry = make_entry(cuda, kind, "supported", target, "hip-headers", [note])
    if defined_only:
        entry = dict(entry, defined_tests_only=True)
        entry = {key: entry[key] for key in ENTRY_KEYS if key in entry}
    return entry


# Family "environment": environment variables CUDA programs name in string
# literals (migrated with --rewrite-strings). MUSA names from rules/sources/MUSA_FACTS.md;
# the data this project uses gives no HIP names.
ENVIRONMENT_RULES = (
    ("CUDA_VISIBLE_DEVICES", "MUSA_VISIBLE_DEVICES"),
    ("CUDA_HOME", "MUSA_HOME"),
    ("CUDA_PATH", "MUSA_PATH"),
)
ENVIRONMENT_NOTE = "environment variable, migrated inside string literals with --rewrite-strings"


def build_environment_tables():
    musa = [make_entry(cuda, "variable", "supported", target, "musa-ports", [ENVIRONMENT_NOTE])
            for cuda, target in ENVIRONMENT_RULES]
    hip = [make_entry(cuda, "variable", "unsupported", None, "none",
                      [ENVIRONMENT_NOTE + "; no HIP name is verified (ROCm documents its own "
                       "HIP_VISIBLE_DEVICES)"]) for cuda, _ in ENVIRONMENT_RULES]
    return musa, hip


def build_language_tables(hip_declared, hip_macros, hip_ver, general):
    rules = list(LANGUAGE_RULES)
    same = {"check": "same-name", "note": "device builtin; kept as is"}
    for name in DEVICE_BUILTIN_VARIABLES:
        musa = same if name != "warpSize" else dict(same, note=(
            "device builtin; kept as is; it is 128 on mp_21/mp_22 and 32 on mp_31, so code "
            "that hard-codes 32 is suspect"))
        rules.append((name, "variable", musa, {"note": "device builtin; kept as is"}))
    for name in DEVICE_BUILTIN_FUNCTIONS:
        rules.append((name, "function", same, {"note": "device builtin; kept as is"}))
    musa = [language_entry(c, k, m, hip_declared, hip_macros, hip_ver, general, False)
            for c, k, m, _ in rules]
    hip = [language_entry(c, k, h, hip_declared, hip_macros, hip_ver, general, True)
           for c, k, _, h in rules]
    return musa, hip


# --------------------------------------------------------------------------
# Output
# --------------------------------------------------------------------------

def write_table(out_dir, target, family, description, entries):
    entries = sorted(entries, key=lambda e: (e["cuda"], e["kind"]))
    keys = [(e["cuda"], e["kind"]) for e in entries]
    duplicates = sorted({a for a, b in zip(keys, keys[1:]) if a == b})
    if duplicates:
        sys.exit("gen_rules: duplicate entries in %s/%s: %s" % (target, family, duplicates[:5]))
    table = {"target": target, "family": family, "description": description, "entries": entries}
    path = os.path.join(out_dir, target, family + ".json")
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        f.write(json.dumps(table, indent=2, ensure_ascii=False) + "\n")
    return path


def summarize(tables):
    print("%-6s %-18s %8s %10s %12s %11s %8s" % (
        "target", "family", "entries", "supported", "unsupported", "deprecated", "removed"))
    for (target, family), entries in sorted(tables.items()):
        count = {s: sum(1 for e in entries if e["status"] == s)
                 for s in ("supported", "unsupported", "deprecated", "removed")}
        print("%-6s %-18s %8d %10d %12d %11d %8d" % (
            target, family, len(entries), count["supported"], count["unsupported"],
            count["deprecated"], count["removed"]))


def load_json(path):
    with open(path) as f:
        return json.load(f)


def parse_args():
    here = os.path.dirname(os.path.abspath(__file__))
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--cuda-path", default="/usr/local/cuda")
    parser.add_argument("--data", default=os.path.join(here, "..", "rules", "sources"),
                        help="folder holding musa-mapping/ and hip-mapping/")
    parser.add_argument("--hip-include", default="/usr/include/hip")
    parser.add_argument("--hipcc", default="hipcc")
    parser.add_argument("--resource-dir", default="/usr/lib/llvm-19/lib/clang/19")
    parser.add_argument("--out", default=os.path.join(here, "..", "rules"))
    parser.add_argument("--verbose", action="store_true", help="list skipped names")
    return parser.parse_args()


def main():
    args = parse_args()
    cindex = import_cindex()
    cuda_version = cuda_runtime_version(args.cuda_path)
    hip_ver = hip_version(args.hip_include)
    system_include = os.path.dirname(os.path.realpath(args.hip_include))

    symbols = collect_cuda_symbols(cindex, args.cuda_path, args.resource_dir)
    general = load_json(os.path.join(args.data, "musa-mapping", "general.json"))
    include_map = load_json(os.path.join(args.data, "musa-mapping", "include.json"))
    dnn_headers = load_json(os.path.join(args.data, "musa-mapping", "dnn-header.json"))
    runtime_rows, hip_lookup = load_hipify_tables(os.path.join(args.data, "hip-mapping"))
    hip_macros = hipcc_predefined_macros(args.hipcc)
    hip_declared = merge_hip_names(HipDeclarationScanner().scan_tree(args.hip_include), hip_macros)

    skipped, rejected = [], []
    cuda_identifiers = cuda_declarations_by_header(args.cuda_path)
    removed = removed_runtime_names(runtime_rows, symbols, cuda_identifiers, skipped)
    musa_rt, hip_rt = build_runtime_tables(symbols, runtime_rows, hip_lookup, removed, hip_declared,
                                           general, hip_ver, cuda_version, rejected)
    headers = header_list(include_map, dnn_headers, os.path.join(args.cuda_path, "include"), skipped)
    musa_hd, hip_hd = build_header_tables(headers, include_map, dnn_headers, system_include,
                                          cuda_version)
    musa_lang, hip_lang = build_language_tables(hip_declared, hip_macros, hip_ver, general)
    musa_env, hip_env = build_environment_tables()

    # The library and device families (scripts/rulegen/), after the runtime and
    # language tables, whose (name, kind) pairs they must not repeat.
    from rulegen import build as family_build, buildfiles, calls, helpers, hip_scan, members
    from rulegen import thresholds
    family_hip_declared, _ = hip_scan.declared_names(args.hip_include, args.hipcc, hip_macros)
    context = {
        "cindex": cindex, "cuda_path": args.cuda_path, "resource_dir": args.resource_dir,
        "hip_data": os.path.join(args.data, "hip-mapping"), "general": general,
        "cuda_version": cuda_version, "hip_ver": hip_ver, "hip_declared": family_hip_declared,
        "cuda_identifiers": cuda_identifiers,
    }
    claimed = {(e["cuda"], e["kind"]) for e in musa_rt + musa_lang}
    family_tables = family_build.build_all(context, claimed, skipped, rejected)
    thresholds.write(args.out)
    buildfiles.write(args.out)

    for name, target in sorted(set(rejected)):
        warn("rejected MUSA table entry %s -> %s (not a whole-name counterpart)" % (name, target))
    warn("skipped %d names (HIPIFY-table names of other families, without a removal "
         "version, or Windows-only; include.json headers this SDK lacks); --verbose lists them"
         % len(skipped))
    if args.verbose:
        for name, why in sorted(skipped):
            warn("skipped %s: %s" % (name, why))

    sources = {
        "musa": "CUDA %s headers, torch_musa mapping tables" % cuda_version,
        "hip": "CUDA %s headers, HIPIFY tables, checked against HIP %s headers"
               % (cuda_version, hip_ver),
    }
    descriptions = {
        "runtime": "CUDA runtime API names (%s)",
        "headers": "CUDA header names and their replacements (%s)",
        "language": "compiler-defined macros and device builtins (%s)",
        "environment": "environment variables named in string literals (%s)",
        "members": "members of CUDA structs the target's struct lacks, or CUDA 13 removed (%s)",
    }
    tables = {
        ("musa", "runtime"): musa_rt, ("hip", "runtime"): hip_rt,
        ("musa", "headers"): musa_hd, ("hip", "headers"): hip_hd,
        ("musa", "language"): musa_lang, ("hip", "language"): hip_lang,
        ("musa", "environment"): musa_env, ("hip", "environment"): hip_env,
    }
    tables[("hip", "members")] = members.member_entries(
        os.path.join(args.cuda_path, "include"), system_include, hip_ver, make_entry)
    tables[("musa", "members")] = members.musa_member_entries(
        os.path.join(args.cuda_path, "include"), make_entry)
    tables.update(family_tables)
    calls.apply_hip_calls(tables, hip_declared | family_hip_declared, hip_ver, make_entry)
    helpers.apply_hip_helpers(tables, make_entry)
    descriptions.update(family_build.descriptions(sources))
    for (target, family), entries in sorted(tables.items()):
        write_table(args.out, target, family, descriptions[family] % sources[target], entries)
    summarize(tables)


if __name__ == "__main__":
    main()
