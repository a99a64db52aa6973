#!/usr/bin/env python3
"""The engine's stage folders (tool/lib/<stage>/) include each other one way
only, in pipeline order: a folder may include its own headers and those of
folders before it. After the stages come the session (tool/lib/Session.*,
Options.h: the run's options and the sequence of stage calls), then the driver
(tool/driver/, the command line): each may include what comes before it, and
nothing before them includes them. A backward include, or a folder missing from
the order, fails. So does a Session.cpp of more than SESSION_MAX_LINES lines:
it is the sequence of stage calls, and what grows goes to its stage. So does
a name private to an engine source (a `static` at file scope, a name defined
in an anonymous namespace) that another source of its folder has too: the
unity builds (MUSIFY_UNITY_BUILD, the sanitizer builds) compile a folder as
one unit, where the two clash, and only they would find it. The Python rule
generator (scripts/rulegen/) is held to the order its docstring lists its
modules in: a module imports only those listed before it, and every module is
listed.

Run from the repository root: python3 test/layering/check_layering.py
"""
import ast
import os
import re
import sys

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
LIB = os.path.join(ROOT, "tool", "lib")

# docs/design.md, "The pipeline": shared vocabulary first, the report last.
ORDER = ["core", "rules", "inputs", "edit", "model", "hazards", "frontend", "find",
         "rewrite", "decide", "rename", "buildfiles", "python", "output", "cache", "report",
         "session", "driver"]
INCLUDE = re.compile(r'^\s*#\s*include\s+"([A-Za-z_]+)/', re.M)
SESSION_MAX_LINES = 300
# The session's headers, included by name alone.
SESSION_INCLUDE = re.compile(r'^\s*#\s*include\s+"(Session|Options)\.h"', re.M)


# Names private to a source: a file-scope static, and in an anonymous namespace
# a type, function or variable defined at column 0.
PRIVATE_STATIC = re.compile(r"^static\s+(?:(?:inline|constexpr|const)\s+)*[\w:<>,*&\s]*?"
                            r"\b([A-Za-z_]\w*)\s*(?:\(|=|\[|;|\{)", re.M)
PRIVATE_DEFINITIONS = [
    re.compile(r"^(?:class|struct|enum(?:\s+class)?|using)\s+([A-Za-z_]\w*)"),
    re.compile(r"^(?:(?:inline|constexpr|const)\s+)*[\w:<>,*&]+(?:\s+[\w:<>,*&]+)*?"
               r"\s*[*&]?\b([A-Za-z_]\w*)\s*\("),
    re.compile(r"^(?:(?:constexpr|const)\s+)*[\w:<>,]+\s+([A-Za-z_]\w*)\s*(?:=|\[|\{)"),
]


def private_names(text):
    """The names a source keeps to itself (an approximation: definitions
    written as clang-format lays them out)."""
    names = set(PRIVATE_STATIC.findall(text))
    anonymous = False
    for line in text.split("\n"):
        if re.match(r"^namespace\s*\{", line) or re.match(r"^\}\s*//\s*namespace\s*$", line):
            anonymous = line.startswith("namespace")
        elif anonymous and line and line[0] not in " \t}#/":
            for definition in PRIVATE_DEFINITIONS:
                m = definition.match(line)
                if m:
                    names.add(m.group(1))
                    break
    return names - {"operator", "return"}


# What private_names must read: the shapes of clang-format's layout.
PRIVATE_SAMPLE = ("static bool isBlank(char C) { return C == ' '; }\n"
                  "static const char *const Names[] = {};\n"
                  "namespace {\nstruct Walker : Base {\n  void f();\n};\n"
                  "std::optional<int> readAt(llvm::StringRef Text,\n"
                  "                          unsigned At) {}\n"
                  "constexpr unsigned MaxDepth = 8;\n} // namespace\n"
                  "int exported(int) { return 0; }\n")
PRIVATE_SAMPLE_NAMES = {"isBlank", "Names", "Walker", "readAt", "MaxDepth"}


def unity_clashes():
    """A name private to two sources of one engine folder, per clash."""
    owners = {}
    for layer, path in sources():
        if layer != "driver" and path.endswith(".cpp"):
            with open(path, encoding="utf-8") as f:
                for name in private_names(f.read()):
                    owners.setdefault((os.path.dirname(path), name), []).append(path)
    return ["%s: private to both %s: the unity builds (MUSIFY_UNITY_BUILD) compile the "
            "folder as one unit, where they clash; rename one"
            % (name, " and ".join(os.path.relpath(p, ROOT) for p in paths))
            for (_, name), paths in sorted(owners.items()) if len(paths) > 1]


def sources():
    """(layer, path) of every engine and driver file."""
    for name in sorted(os.listdir(LIB)):
        path = os.path.join(LIB, name)
        if os.path.isdir(path):
            for dirpath, _, names in os.walk(path):
                for file in sorted(names):
                    yield name, os.path.join(dirpath, file)
        else:
            yield "session", path
    driver = os.path.join(ROOT, "tool", "driver")
    for file in sorted(os.listdir(driver)):
        yield "driver", os.path.join(driver, file)


def main():
    rank = {name: i for i, name in enumerate(ORDER)}
    problems = []
    for layer, path in sources():
        if not path.endswith((".h", ".cpp")):
            continue
        if layer not in rank:
            problems.append("tool/lib/%s/ is not in the pipeline order of %s"
                            % (layer, os.path.relpath(__file__, ROOT)))
            continue
        with open(path, encoding="utf-8") as f:
            text = f.read()
        used = [u for u in INCLUDE.findall(text)
                if u not in ("llvm", "clang", "nlohmann", "gtest")]
        used += ["session"] * len(SESSION_INCLUDE.findall(text))
        for u in used:
            if u not in rank or rank[u] > rank[layer]:
                problems.append("%s includes %s/, which comes after %s/"
                                % (os.path.relpath(path, ROOT), u, layer))
    with open(os.path.join(LIB, "Session.cpp"), encoding="utf-8") as f:
        lines = sum(1 for _ in f)
    if lines > SESSION_MAX_LINES:
        problems.append("tool/lib/Session.cpp has %d lines, more than %d: move what grew "
                        "into its stage (tool/lib/session/ or a stage folder)"
                        % (lines, SESSION_MAX_LINES))
    if private_names(PRIVATE_SAMPLE) != PRIVATE_SAMPLE_NAMES:
        problems.append("private_names() reads %s from its sample, not %s"
                        % (sorted(private_names(PRIVATE_SAMPLE)), sorted(PRIVATE_SAMPLE_NAMES)))
    problems += unity_clashes()
    problems += rulegen_order()
    for p in problems:
        print("  " + p)
    print("layering: %s" % ("OK" if not problems else "%d problem(s)" % len(problems)))
    return 1 if problems else 0


RULEGEN = os.path.join(ROOT, "scripts", "rulegen")
RULEGEN_ORDER_HEAD = "Modules import each other one way only, down this list:"


def rulegen_order():
    """Problems of scripts/rulegen's imports against the module list of its
    docstring: each module's place is where the list first names it."""
    with open(os.path.join(RULEGEN, "__init__.py"), encoding="utf-8") as f:
        doc = ast.get_docstring(ast.parse(f.read())) or ""
    if RULEGEN_ORDER_HEAD not in doc:
        return ["scripts/rulegen/__init__.py: its docstring lost the module list (%r)"
                % RULEGEN_ORDER_HEAD]
    place = {}
    for line in doc.split(RULEGEN_ORDER_HEAD, 1)[1].splitlines():
        # The module column: a group's name, then modules, then a description
        # after a wide gap.
        column = re.split(r"\s{3,}", line.strip())
        for part in column[:2]:
            for name in re.findall(r"(\w+)\.py", part):
                place.setdefault(name, len(place))
    problems = []
    for f in sorted(os.listdir(RULEGEN)):
        name = f[:-3]
        if not f.endswith(".py") or name == "__init__":
            continue
        if name not in place:
            problems.append("scripts/rulegen/%s is not in the module list of its __init__.py"
                            % f)
            continue
        with open(os.path.join(RULEGEN, f), encoding="utf-8") as src:
            tree = ast.parse(src.read())
        for used in rulegen_imports(tree):
            if used in place and place[used] >= place[name] and used != name:
                problems.append("scripts/rulegen/%s imports %s, which its __init__.py lists "
                                "after it" % (f, used))
    return problems


def rulegen_imports(tree):
    """The rulegen modules a module imports (`from . import x`, `from .x
    import y`, `from rulegen.x import y`, `import rulegen.x`)."""
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            module = node.module or ""
            if node.level == 1:
                yield from [module] if module else [a.name for a in node.names]
            elif module == "rulegen":
                yield from (a.name for a in node.names)
            elif module.startswith("rulegen."):
                yield module.split(".")[1]
        elif isinstance(node, ast.Import):
            yield from (a.name.split(".")[1] for a in node.names
                        if a.name.startswith("rulegen."))


if __name__ == "__main__":
    sys.exit(main())
