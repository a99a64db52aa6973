"""The public names the CUDA headers declare, read by Clang (clang.cindex).

The runtime: a one-line translation unit `#include <cuda_runtime.h>` (and the
profiler header) parsed in CUDA mode; a name counts when its declaration lives
in one of families.RUNTIME_HEADERS.

Each library or device family: its translation units (families.py), parsed the
same way. A declaration counts when
  * its file matches one of the family's header patterns,
  * it sits at file scope or directly in one of the family's namespaces
    (inline namespaces such as CUB's versioned one, and namespaces pulled in
    by `using namespace` such as cooperative groups' `__v1`, are transparent;
    `detail`-like and underscore namespaces are never entered), and
  * its name is public (is_public_name, is_public below).
Member functions and members of classes are never entries: user code writes
them after `.`, `->` or `Class::`, and the engine matches the class.

A name declared in a namespace is keyed by its qualified name
(`thrust::copy`, `cooperative_groups::thread_block`), as the engine looks it
up: transparent namespaces are left out of it, as the engine leaves out inline
and reserved (`__v1`) ones.

What is skipped, and why:

* Names starting with `__cuda` or `__nv` (e.g. `__cudaCDP2Malloc`,
  `__cudaOccupancyB2DHelper`, `__nv_pure__`) and every other name starting with
  an underscore (e.g. `__CUDART_API_PTDS`, `__CUDA_DEPRECATED`, `__dv`,
  `__VECTOR_FUNCTIONS_DECL__`, `__device_builtin__`, `__cudart_builtin__`,
  `__annotate__`, `__location__`, `__specialization_static`,
  `__CUDA_ARCH_HAS_FEATURE__`, `__tile_global__`): implementation details that
  user code does not write. The exceptions are USER_FACING_UNDERSCORE_MACROS
  (`__host__`, `__device__`, `__global__`, ...), which user code writes, and
  the underscore names of device-style families (is_public).
* Include guards (e.g. `__DRIVER_TYPES_H__`, `__CUDA_RUNTIME_H__`): all start
  with an underscore, so the rule above removes them; IMPLEMENTATION_MACROS lists
  the few internal helpers without an underscore (e.g. `EXCLUDE_FROM_RTC`).
* Anonymous structs/enums/unions (their enumerators are kept), members of
  structs.
* Macros defined only in preprocessor branches Clang does not take on Linux
  (e.g. `__restrict__` is defined only for MSVC; `__noinline__` is no macro in
  CUDA 13): the header does not declare them on this platform. `__noinline__`
  is covered by the "language" family instead.
"""

import ctypes
import fnmatch
import functools
import os
import re
import sys
import tempfile

from rulegen.ctext import DeclarationScanner, is_identifier
from rulegen.entries import Symbol
from rulegen.families import RUNTIME_HEADERS, RUNTIME_SOURCES

# Underscore macros of crt/host_defines.h that user code writes.
USER_FACING_UNDERSCORE_MACROS = frozenset((
    "__align__", "__builtin_align__", "__cluster_dims__", "__constant__",
    "__device__", "__forceinline__", "__global__", "__grid_constant__",
    "__host__", "__launch_bounds__", "__local_maxnreg__", "__managed__",
    "__maxnreg__", "__shared__", "__thread__",
    # CUB's logging macro and its alignment specialiser, which HIPIFY's CUB
    # table maps (_HipcubLog, __HIPCUB_ALIGN_BYTES).
    "_CubLog", "__CUB_ALIGN_BYTES",
))

# Internal helper macros without an underscore prefix.
IMPLEMENTATION_MACROS = frozenset(("EXCLUDE_FROM_RTC",))

# Namespaces whose names are implementation details wherever they appear.
PRIVATE_NAMESPACE = re.compile(r"^(_.*|detail|details|impl|internal|__.*)$")

# Prefixes of implementation names that underscore-style families still skip
# (libdevice `__nv_*` outside the fp16 family, Clang/glibc builtins, internals).
PRIVATE_UNDERSCORE = ("___", "__cuda", "__internal", "__builtin", "__clang", "__cxx",
                      "__gnu", "__glibc", "__libc", "__attribute", "__nvvm", "__nv_tex",
                      "__nv_surf", "__device_builtin", "__cudart", "__isGlobal",
                      "__isShared", "__isConstant", "__isLocal", "__isGridConstant",
                      "__cvta", "__fAtomic", "__dAtomic", "__iAtomic", "__uAtomic",
                      "__ullAtomic", "__illAtomic", "__llAtomic", "__usAtomic")

# fp8/bf16 names that start like libdevice's private __nv_* functions.
PUBLIC_NV_PREFIX = "__nv_"

# Include guards without a leading underscore (CURAND_H_, CURAND_MTGP32_H).
INCLUDE_GUARD = re.compile(r"_H(PP)?_*$")


def warn(message):
    print("gen_rules: " + message, file=sys.stderr)


# --------------------------------------------------------------------------
# Clang
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


def stub_headers(stub_dir):
    """Headers the scanned CUDA headers include that need not be on this machine.

    CUDA 13 removed texture_fetch_functions.h; Clang 19's wrapper still includes
    it. cuda_gl_interop.h and cudaGL.h include GL/gl.h for two types: a stub
    keeps the tables independent of whether (and which) GL headers are installed.
    """
    open(os.path.join(stub_dir, "texture_fetch_functions.h"), "w").close()
    os.makedirs(os.path.join(stub_dir, "GL"), exist_ok=True)
    with open(os.path.join(stub_dir, "GL", "gl.h"), "w") as gl:
        gl.write("typedef unsigned int GLuint;\ntypedef unsigned int GLenum;\n")


def parse(cindex, cuda_path, resource_dir, includes, stub_dir, name="rulegen.cu",
          max_errors=None):
    """A CUDA-mode translation unit of the given #include lines; exits if it does not parse."""
    source = "\n".join(includes) + "\n"
    options = (cindex.TranslationUnit.PARSE_DETAILED_PROCESSING_RECORD
               | cindex.TranslationUnit.PARSE_SKIP_FUNCTION_BODIES)
    tu = cindex.Index.create().parse(name, args=clang_arguments(cuda_path, stub_dir, resource_dir),
                                     unsaved_files=[(name, source)], options=options)
    errors = [d for d in tu.diagnostics if d.severity >= cindex.Diagnostic.Error]
    if errors:
        for d in errors[:max_errors]:
            warn("clang: %s" % d)
        sys.exit("gen_rules: %s did not parse" % " ".join(includes))
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


def is_deprecated(cindex, cursor):
    return cursor.kind != cindex.CursorKind.MACRO_DEFINITION and \
        cursor.availability == cindex.AvailabilityKind.DEPRECATED


TYPEDEF_TAG = re.compile(r"^(?:struct|union|enum) (\w+)$")


# --------------------------------------------------------------------------
# The runtime
# --------------------------------------------------------------------------

def is_public_name(name, kind):
    """False for the implementation details listed in the module docstring."""
    if not is_identifier(name):
        return False
    if name in IMPLEMENTATION_MACROS:
        return False
    if name.startswith("_"):
        return kind == "macro" and name in USER_FACING_UNDERSCORE_MACROS
    return True


# A walk resolves the file of every declaration: hundreds of thousands of calls
# for a few hundred files.
cached_realpath = functools.lru_cache(maxsize=None)(os.path.realpath)


def header_of(cursor, include_dir):
    location_file = cursor.location.file
    if location_file is None:
        return None
    path = cached_realpath(location_file.name)
    if not path.startswith(include_dir + os.sep):
        return None
    return os.path.relpath(path, include_dir)


def runtime_symbols(cindex, cuda_path, resource_dir):
    """{(name, kind): Symbol} for the runtime headers."""
    include_dir = os.path.realpath(os.path.join(cuda_path, "include"))
    with tempfile.TemporaryDirectory(prefix="gen_rules.") as stub_dir:
        stub_headers(stub_dir)
        tu = parse(cindex, cuda_path, resource_dir, RUNTIME_SOURCES, stub_dir,
                   name="gen_rules_runtime.cu")
    symbols = {}

    def add(cursor, name, kind, header):
        if not is_public_name(name, kind):
            return
        info = symbols.setdefault((name, kind), Symbol(name, header))
        if is_deprecated(cindex, cursor):
            info.deprecated = True

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
                    tag = TYPEDEF_TAG.match(child.spelling)
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


def declarations_by_header(cuda_path):
    """{identifier: first header declaring it} over the SDK's top-level and crt/ headers.

    Read with DeclarationScanner (a declaration-context token reader), so a
    header that merely mentions a name (a parameter struct of a removed API in
    generated_cudart_removed_meta.h) does not count as declaring it.
    """
    include_dir = os.path.join(cuda_path, "include")
    scanner = DeclarationScanner()
    for folder in ("", "crt"):
        directory = os.path.join(include_dir, folder)
        for file_name in sorted(os.listdir(directory)):
            path = os.path.join(directory, file_name)
            if os.path.isfile(path) and re.search(r"\.(h|hpp)$", file_name):
                scanner.scan_file(path, os.path.join(folder, file_name))
    return scanner.origin


# --------------------------------------------------------------------------
# Library and device families
# --------------------------------------------------------------------------

def is_public(name, kind, fam, header):
    """is_public_name, widened for device-style families, whose intrinsics
    (`__shfl_down_sync`, `__hadd`, `__ldg`) and fp16 types (`__half`,
    `__nv_bfloat16`) start with underscores."""
    if not is_identifier(name) or name in IMPLEMENTATION_MACROS:
        return False
    if not name.startswith("_"):
        return not (kind == "macro" and INCLUDE_GUARD.search(name))
    if kind == "macro":
        return name in USER_FACING_UNDERSCORE_MACROS
    if not fam.underscore_names or not name.startswith("__") or name.endswith("__"):
        return False
    if name.startswith(PUBLIC_NV_PREFIX):
        # fp8/bf16 types and conversions are public; libdevice's __nv_* are not.
        return fam.name == "fp16"
    return not name.startswith(PRIVATE_UNDERSCORE)


def header_matcher(fam, include_dir, resource_dir):
    """(function path -> header label or None) for the family's header patterns."""
    clang_dir = os.path.realpath(os.path.join(resource_dir, "include"))
    cuda_patterns = [p for p in fam.headers if not p.startswith("clang:")]
    clang_patterns = [p[len("clang:"):] for p in fam.headers if p.startswith("clang:")]

    @functools.lru_cache(maxsize=None)
    def match(path):
        """Cached: a walk asks once per declaration, of a few hundred files."""
        real = os.path.realpath(path)
        if real.startswith(include_dir + os.sep):
            rel = os.path.relpath(real, include_dir)
            if any(fnmatch.fnmatchcase(rel, p) for p in cuda_patterns):
                return rel
            return None
        if real.startswith(clang_dir + os.sep):
            rel = os.path.relpath(real, clang_dir)
            if any(fnmatch.fnmatchcase(rel, p) for p in clang_patterns):
                return "clang:" + rel
        return None
    return match


def kind_of(cindex, cursor):
    k = cindex.CursorKind
    if cursor.kind == k.TYPE_ALIAS_TEMPLATE_DECL:
        return "type"
    if cursor.kind == k.USING_DECLARATION:
        target = cursor.referenced
        return kind_of(cindex, target) if target is not None else None
    return cursor_kind_name(cindex, cursor)


def family_symbols(cindex, fam, cuda_path, resource_dir, top_level=frozenset()):
    """{(qualified name, kind): Symbol} for one family. top_level: names taken
    at file scope too, for a family whose names live in namespaces (CUB's macros
    its HIPIFY table maps)."""
    include_dir = os.path.realpath(os.path.join(cuda_path, "include"))
    match = header_matcher(fam, include_dir, resource_dir)
    namespaces = set(fam.namespaces or ("",))
    symbols = {}
    k = cindex.CursorKind

    def add(cursor, name, kind, header, namespace):
        if not is_public(name, kind, fam, header):
            return
        qualified = namespace + "::" + name if namespace else name
        info = symbols.setdefault((qualified, kind), Symbol(name, header, namespace=namespace))
        if is_deprecated(cindex, cursor):
            info.deprecated = True

    def visit(parent, namespace):
        children = list(parent.get_children())
        # Namespaces the parent pulls in with `using namespace` (cooperative
        # groups' versioned __v1) are as transparent as inline ones.
        # Each cursor's kind read once: every read is a call into libclang.
        kinds = [c.kind for c in children]
        used = {ref.spelling for c, ck in zip(children, kinds) if ck == k.USING_DIRECTIVE
                for ref in c.get_children() if ref.kind == k.NAMESPACE_REF}
        for cursor, ck in zip(children, kinds):
            if ck in (k.LINKAGE_SPEC, k.UNEXPOSED_DECL):
                visit(cursor, namespace)
                continue
            if ck == k.NAMESPACE:
                if is_inline_namespace(cursor) or cursor.spelling in used:
                    visit(cursor, namespace)
                elif not PRIVATE_NAMESPACE.match(cursor.spelling):
                    visit(cursor, (namespace + "::" if namespace else "") + cursor.spelling)
                continue
            if namespace not in namespaces and not (
                    namespace == "" and cursor.spelling in top_level):
                continue
            location = cursor.location.file
            header = match(location.name) if location is not None else None
            if header is None:
                continue
            kind = kind_of(cindex, cursor)
            if kind is None:
                continue
            add(cursor, cursor.spelling, kind, header, namespace)
            if ck == k.TYPEDEF_DECL:
                for child in cursor.get_children():
                    tag = TYPEDEF_TAG.match(child.spelling)
                    if child.kind == k.TYPE_REF and tag:
                        add(child, tag.group(1), "type", header, namespace)
            if ck == k.ENUM_DECL:
                for constant in cursor.get_children():
                    if constant.kind == k.ENUM_CONSTANT_DECL:
                        add(constant, constant.spelling, "enumerator", header, namespace)

    with tempfile.TemporaryDirectory(prefix="gen_rules.") as stub_dir:
        stub_headers(stub_dir)
        for includes in fam.sources:
            tu = parse(cindex, cuda_path, resource_dir, includes, stub_dir, max_errors=10)
            visit(tu.cursor, "")
    return symbols


def is_inline_namespace(cursor):
    """True for `inline namespace X {`, also when a macro opens it (CUB's and
    libcu++'s versioned namespaces): libclang's clang_Cursor_isInlineNamespace,
    which the Python binding of Clang 19 does not wrap."""
    from clang.cindex import conf
    function = conf.lib.clang_Cursor_isInlineNamespace
    function.argtypes = [type(cursor)]
    function.restype = ctypes.c_uint
    return bool(function(cursor))
