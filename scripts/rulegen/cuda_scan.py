"""The public names a family's CUDA headers declare, read by Clang (clang.cindex).

Each of a family's translation units is parsed in CUDA mode (host side, the same
set-up as gen_rules.py). A declaration counts when
  * its file matches one of the family's header patterns,
  * it sits at file scope or directly in one of the family's namespaces
    (inline namespaces such as CUB's versioned one, and namespaces pulled in
    by `using namespace` such as cooperative groups' `__v1`, are transparent;
    `detail`-like and underscore namespaces are never entered), and
  * its name is public (see is_public below).
Member functions and members of classes are never entries: user code writes
them after `.`, `->` or `Class::`, and the engine matches the class.

A name declared in a namespace is keyed by its qualified name
(`thrust::copy`, `cooperative_groups::thread_block`), as the engine looks it
up: transparent namespaces are left out of it, as the engine leaves out inline
and reserved (`__v1`) ones.
"""

import fnmatch
import os
import re
import sys
import tempfile

import gen_rules as core

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


def is_public(name, kind, fam, header):
    """The implementation-detail filter of gen_rules, widened for device-style
    families, whose intrinsics (`__shfl_down_sync`, `__hadd`, `__ldg`) and fp16
    types (`__half`, `__nv_bfloat16`) start with underscores."""
    if not core.is_identifier(name) or name in core.IMPLEMENTATION_MACROS:
        return False
    if not name.startswith("_"):
        return not (kind == "macro" and INCLUDE_GUARD.search(name))
    if kind == "macro":
        return name in core.USER_FACING_UNDERSCORE_MACROS
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

    def match(path):
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


def parse(cindex, cuda_path, resource_dir, includes, stub_dir):
    source = "\n".join(includes) + "\n"
    options = (cindex.TranslationUnit.PARSE_DETAILED_PROCESSING_RECORD
               | cindex.TranslationUnit.PARSE_SKIP_FUNCTION_BODIES)
    args = core.clang_arguments(cuda_path, stub_dir, resource_dir)
    tu = cindex.Index.create().parse("rulegen.cu", args=args,
                                     unsaved_files=[("rulegen.cu", source)], options=options)
    errors = [d for d in tu.diagnostics if d.severity >= cindex.Diagnostic.Error]
    if errors:
        for d in errors[:10]:
            core.warn("clang: %s" % d)
        sys.exit("gen_rules: %s did not parse" % " ".join(includes))
    return tu


def kind_of(cindex, cursor):
    k = cindex.CursorKind
    if cursor.kind == k.TYPE_ALIAS_TEMPLATE_DECL:
        return "type"
    if cursor.kind == k.USING_DECLARATION:
        target = cursor.referenced
        return kind_of(cindex, target) if target is not None else None
    return core.cursor_kind_name(cindex, cursor)


def collect(cindex, fam, cuda_path, resource_dir, top_level=frozenset()):
    """{(qualified name, kind): {"name", "header", "deprecated", "namespace"}} for
    one family. top_level: names taken at file scope too, for a family whose
    names live in namespaces (CUB's macros its HIPIFY table maps)."""
    include_dir = os.path.realpath(os.path.join(cuda_path, "include"))
    match = header_matcher(fam, include_dir, resource_dir)
    namespaces = set(fam.namespaces or ("",))
    symbols = {}
    k = cindex.CursorKind

    def add(cursor, name, kind, header, namespace):
        if not is_public(name, kind, fam, header):
            return
        qualified = namespace + "::" + name if namespace else name
        info = symbols.setdefault((qualified, kind), {"name": name, "header": header,
                                                      "deprecated": False,
                                                      "namespace": namespace})
        if cursor.kind != k.MACRO_DEFINITION and \
                cursor.availability == cindex.AvailabilityKind.DEPRECATED:
            info["deprecated"] = True

    def visit(parent, namespace):
        children = list(parent.get_children())
        # Namespaces the parent pulls in with `using namespace` (cooperative
        # groups' versioned __v1) are as transparent as inline ones.
        used = {ref.spelling for c in children if c.kind == k.USING_DIRECTIVE
                for ref in c.get_children() if ref.kind == k.NAMESPACE_REF}
        for cursor in children:
            if cursor.kind in (k.LINKAGE_SPEC, k.UNEXPOSED_DECL):
                visit(cursor, namespace)
                continue
            if cursor.kind == k.NAMESPACE:
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
            if cursor.kind == k.TYPEDEF_DECL:
                for child in cursor.get_children():
                    tag = re.match(r"^(?:struct|union|enum) (\w+)$", child.spelling)
                    if child.kind == k.TYPE_REF and tag:
                        add(child, tag.group(1), "type", header, namespace)
            if cursor.kind == k.ENUM_DECL:
                for constant in cursor.get_children():
                    if constant.kind == k.ENUM_CONSTANT_DECL:
                        add(constant, constant.spelling, "enumerator", header, namespace)

    with tempfile.TemporaryDirectory(prefix="gen_rules.") as stub_dir:
        open(os.path.join(stub_dir, "texture_fetch_functions.h"), "w").close()
        for includes in fam.sources:
            tu = parse(cindex, cuda_path, resource_dir, includes, stub_dir)
            visit(tu.cursor, "")
    return symbols


def is_inline_namespace(cursor):
    """True for `inline namespace X {`, also when a macro opens it (CUB's and
    libcu++'s versioned namespaces): libclang's clang_Cursor_isInlineNamespace,
    which the Python binding of Clang 19 does not wrap."""
    import ctypes
    from clang.cindex import conf
    function = conf.lib.clang_Cursor_isInlineNamespace
    function.argtypes = [type(cursor)]
    function.restype = ctypes.c_uint
    return bool(function(cursor))
