#!/usr/bin/env python3
"""Fails when a public symbol of a rule-table family has no entry in a target's tables.

For every family of scripts/rulegen/families.py (its translation units, header
patterns and namespaces are the specification of the family), the CUDA headers
are walked with Clang, independently of the generator's walk, and every public
(name, kind) must have an entry in rules/musa/ and in rules/hip/ (in any family
file: a pair lives in the first family that declares it). Names matching a glob
of rules/out-of-scope.txt (`glob<TAB>why`) are deliberately left out.

Run from the repository root: python3 test/rules/check_coverage.py
"""

import fnmatch
import functools
import os
import re
import sys

import rules_common as rc
from rulegen import cuda_scan
from rulegen.families import FAMILIES

VERSIONED_NAMESPACE = re.compile(r"^__v\d+$")
PRIVATE = re.compile(r"^(_.*|detail|details|impl|internal)$")


def out_of_scope():
    path = os.path.join(rc.RULES, "out-of-scope.txt")
    globs = []
    with open(path) as f:
        for number, line in enumerate(f, 1):
            line = line.rstrip("\n")
            if not line or line.startswith("#"):
                continue
            if "\t" not in line:
                sys.exit("%s:%d: expected `glob<TAB>why`" % (path, number))
            pattern, why = line.split("\t", 1)
            if not why.strip():
                sys.exit("%s:%d: the reason is empty" % (path, number))
            globs.append(pattern)
    return globs


def is_inline(cindex, cursor):
    import ctypes
    function = cindex.conf.lib.clang_Cursor_isInlineNamespace
    function.argtypes = [cindex.Cursor]
    function.restype = ctypes.c_uint
    return bool(function(cursor))


def family_symbols(cindex, fam):
    include_dir = os.path.realpath(os.path.join(rc.CUDA_PATH, "include"))
    clang_dir = os.path.realpath(os.path.join(rc.RESOURCE_DIR, "include"))
    wanted_ns = set(fam.namespaces or ("",))
    found = set()
    for includes in fam.sources:
        tu = rc.parse(cindex, includes)
        inline_cache = {}

        def visible_path(cursor):
            """The namespace path user code writes: inline and versioned
            namespaces dropped; None inside a private namespace."""
            names, parent = [], cursor.semantic_parent
            while parent is not None and parent.kind == cindex.CursorKind.NAMESPACE:
                key = parent.hash
                if key not in inline_cache:
                    inline_cache[key] = is_inline(cindex, parent) or \
                        bool(VERSIONED_NAMESPACE.match(parent.spelling))
                if not inline_cache[key]:
                    if PRIVATE.match(parent.spelling):
                        return None
                    names.append(parent.spelling)
                parent = parent.semantic_parent
            return "::".join(reversed(names))

        @functools.lru_cache(maxsize=None)
        def family_header(file_name):
            """The header's label when the family's patterns take it, else None
            (cached: asked once per declaration, of a few hundred files)."""
            real = os.path.realpath(file_name)
            if real.startswith(include_dir + os.sep):
                rel = os.path.relpath(real, include_dir)
            elif real.startswith(clang_dir + os.sep):
                rel = "clang:" + os.path.relpath(real, clang_dir)
            else:
                return None
            return rel if any(fnmatch.fnmatchcase(rel, p) for p in fam.headers) else None

        def visit(cursor, cursor_kind):
            kind = rc.KIND_OF.get(cursor_kind.name)
            if kind is None or cursor.location.file is None:
                return
            rel = family_header(cursor.location.file.name)
            if rel is None:
                return
            if kind != "macro":
                parent = cursor.semantic_parent
                if parent is not None and parent.kind not in (
                        cindex.CursorKind.NAMESPACE, cindex.CursorKind.TRANSLATION_UNIT,
                        cindex.CursorKind.LINKAGE_SPEC, cindex.CursorKind.ENUM_DECL):
                    return      # a member
                owner = parent if kind == "enumerator" else cursor
                path = visible_path(owner) if owner is not None else ""
                if path is None or path not in wanted_ns:
                    return
            elif "" not in wanted_ns:
                return
            name = cursor.spelling
            if cuda_scan.is_public(name, kind, fam, rel):
                # Tables key namespaced names by their qualified name.
                qualified = path + "::" + name if kind != "macro" and path else name
                found.add((qualified, kind, rel))
        rc.walk(cindex, tu, visit)
    return found


def main():
    cindex = rc.import_cindex()
    allowed = out_of_scope()
    tables = {t: {(e["cuda"], e["kind"]) for _, e in rc.load_tables(t)} for t in rc.TARGETS}
    problems = []
    for fam in FAMILIES:
        symbols = family_symbols(cindex, fam)
        missing = {t: 0 for t in rc.TARGETS}
        for name, kind, header in sorted(symbols):
            if any(fnmatch.fnmatchcase(name, g) for g in allowed):
                continue
            for target in rc.TARGETS:
                if (name, kind) not in tables[target]:
                    missing[target] += 1
                    problems.append("%s: %s %s (%s, family %s) has no entry"
                                    % (target, kind, name, header, fam.name))
        print("%-18s %5d public symbols; missing musa %d, hip %d"
              % (fam.name, len(symbols), missing["musa"], missing["hip"]))
    return rc.fail_or_pass("coverage", problems)


if __name__ == "__main__":
    sys.exit(main())
