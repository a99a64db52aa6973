"""Shared set-up of the rule-table checks (test/rules/*.py): paths, table loading,
and a Clang walk of the CUDA headers written independently of the generator."""

import os
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
RULES = os.path.join(ROOT, "rules")
sys.path.insert(0, os.path.join(ROOT, "scripts"))
from musifypy import rule_tables  # noqa: E402

CUDA_PATH = os.environ.get("CUDA_PATH", "/usr/local/cuda")
RESOURCE_DIR = "/usr/lib/llvm-19/lib/clang/19"
TARGETS = ("musa", "hip")


def load_tables(target):
    """[(family, entry)] over rules/<target>/*.json."""
    return [(table["family"], e) for _, table in rule_tables.tables(os.path.join(RULES, target))
            for e in table["entries"]]


def import_cindex():
    try:
        import clang.cindex as cindex
    except ImportError:
        sys.path.append("/usr/lib/python3/dist-packages")
        import clang.cindex as cindex
    for candidate in ("/usr/lib/llvm-19/lib/libclang-19.so.1", "/usr/lib/llvm-19/lib/libclang.so"):
        if os.path.exists(candidate) and not cindex.Config.loaded:
            cindex.Config.set_library_file(candidate)
            break
    return cindex


def parse(cindex, includes):
    """A CUDA-mode translation unit of the given #include lines (gen_rules' flags)."""
    with tempfile.TemporaryDirectory(prefix="rules_check.") as stub:
        open(os.path.join(stub, "texture_fetch_functions.h"), "w").close()
        args = ["-x", "cuda", "--cuda-host-only", "--cuda-path=" + CUDA_PATH, "-nocudalib",
                "-std=c++17", "-isystem", os.path.join(CUDA_PATH, "include", "cccl"),
                "-isystem", stub, "-resource-dir", RESOURCE_DIR, "-Wno-unknown-cuda-version"]
        options = (cindex.TranslationUnit.PARSE_DETAILED_PROCESSING_RECORD
                   | cindex.TranslationUnit.PARSE_SKIP_FUNCTION_BODIES)
        tu = cindex.Index.create().parse("check.cu", args=args, options=options,
                                         unsaved_files=[("check.cu", "\n".join(includes) + "\n")])
    errors = [str(d) for d in tu.diagnostics if d.severity >= cindex.Diagnostic.Error]
    if errors:
        sys.exit("the CUDA headers did not parse:\n  " + "\n  ".join(errors[:10]))
    return tu


def walk(cindex, tu, visit):
    """Calls visit(cursor, kind) for every declaration outside function bodies
    and classes: into every namespace (the caller filters), never into records
    or functions. A cursor's kind is read once (libclang's kind lookup was
    most of the walk's time)."""
    k = cindex.CursorKind
    into = (k.NAMESPACE, k.LINKAGE_SPEC, k.UNEXPOSED_DECL)

    def go(parent):
        for cursor in parent.get_children():
            kind = cursor.kind
            if kind in into:
                go(cursor)
                continue
            visit(cursor, kind)
            if kind == k.ENUM_DECL:
                for constant in cursor.get_children():
                    visit(constant, constant.kind)
            elif kind == k.TYPEDEF_DECL:
                for child in cursor.get_children():
                    visit(child, child.kind)
    go(tu.cursor)


KIND_OF = {
    "FUNCTION_DECL": "function", "FUNCTION_TEMPLATE": "function",
    "STRUCT_DECL": "type", "UNION_DECL": "type", "CLASS_DECL": "type", "ENUM_DECL": "type",
    "TYPEDEF_DECL": "type", "TYPE_ALIAS_DECL": "type", "CLASS_TEMPLATE": "type",
    "TYPE_ALIAS_TEMPLATE_DECL": "type", "ENUM_CONSTANT_DECL": "enumerator",
    "VAR_DECL": "variable", "MACRO_DEFINITION": "macro",
}


def fail_or_pass(title, problems, limit=400):
    if not problems:
        print("%s: OK" % title)
        return 0
    print("%s: %d problem(s)" % (title, len(problems)))
    for line in problems[:limit]:
        print("  " + line)
    if len(problems) > limit:
        print("  ... and %d more" % (len(problems) - limit))
    return 1
