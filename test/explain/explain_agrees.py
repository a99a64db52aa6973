#!/usr/bin/env python3
"""explain = migration: every name the rule tables know (C and C++ names,
headers, Python API paths, the Makefile words a migration decides alone:
nvcc's flags that take no value, libraries as -lNAME, tools; and the CMake
words whose answer hangs on no value: targets, packages, commands,
variables read, properties),
explained and migrated for each target (HIP for two versions), must get the
same answer from both: what it is written as and whether it is migrated,
kept or unsupported.

The C and C++ names are migrated in a preprocessor branch no pass compiles
(`#if 0`), so each is decided alone, by spelling, as explain decides it: a
function as a call (`name()`; one whose call's arguments change as the call
explain says it decided), a header as an #include. The Python API paths are
migrated in a module that imports torch, and compared with explain's answer
for model code (python-api); a name that stays as it is has its line
unchanged. The Makefile words are migrated in a Makefile whose nvcc command
reads them (a flag, a library in a variable the command names; a tool as a
recipe's command), each compared with explain's answer for its kind; the
CMake words in a CMakeLists.txt, each on a line of its own (a target linked,
a package found, a command called, a variable read, a property set ON).

usage: explain_agrees.py MUSIFY RULES_DIR WORK_DIR
Prints one line per run and each disagreement; exit 1 on any."""

import json
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..",
                                "scripts"))
from musifypy import rule_tables  # noqa: E402

RUNS = [("musa", None), ("hip", "5.2"), ("hip", "6.3")]
ANSWER = re.compile(r"^  (\S+)(?: (\d+\.\d+))?: (.*) \[([a-z, ]+)\]$")
USE = re.compile(r"^      as in: (.*)$")


# The Makefile words of each kind of the toolchain table, as a Makefile
# writes them: (kind, how a line of the Makefile writes the word).
MAKE_WORDS = {"compiler-flag": "FLAGS += %s", "library": "LDLIBS += %s", "tool": "\t%s"}


def make_words(rules_dir):
    """{word: kind} of every target's toolchain table that a Makefile
    migration decides alone: flags that take no value (a value changes the
    answer), libraries as a link flag, tools; no prefix entry."""
    words = {}
    for target in rule_tables.targets(rules_dir):
        table = rule_tables.read(os.path.join(rules_dir, target, "buildfiles"),
                                 "toolchain.json")
        for e in table["entries"]:
            if e["kind"] not in MAKE_WORDS or e.get("prefix") or \
                    e.get("value", "none") != "none":
                continue
            words["-l" + e["cuda"] if e["kind"] == "library" else e["cuda"]] = e["kind"]
    return words


def make_text(words):
    """(a Makefile whose nvcc command reads every word, {word: its line})."""
    variables = ["NVCC = nvcc"]
    recipe = ["all:", "\t$(NVCC) $(FLAGS) -c a.cu $(LDLIBS)"]
    lines = {}
    for word, kind in sorted(words.items()):
        into = recipe if kind == "tool" else variables
        into.append(MAKE_WORDS[kind] % word)
        lines[word] = (into, len(into))
    text = variables + recipe
    return "\n".join(text) + "\n", {
        w: n if into is variables else len(variables) + n for w, (into, n) in lines.items()}


# The CMake words of each kind of the CMake table, as a CMakeLists.txt
# writes them, each alone on its line.
CMAKE_WORDS = {"cmake-target": "target_link_libraries(app PRIVATE %s)",
               "cmake-package": "find_package(%s)", "cmake-command": "%s(app2 a.cu)",
               "cmake-variable": 'message(STATUS "${%s}")',
               "cmake-property": "set_target_properties(app PROPERTIES %s ON)"}


def cmake_words(rules_dir, taken):
    """{word: kind} of every target's CMake table whose answer does not hang
    on a value (architectures, a value's own table) or a prefix, and that no
    other table spells the same (taken); a word of two kinds, as its first."""
    words = {}
    for target in rule_tables.targets(rules_dir):
        table = rule_tables.read(os.path.join(rules_dir, target, "buildfiles"), "cmake.json")
        for e in table["entries"]:
            if e["kind"] not in CMAKE_WORDS or e.get("prefix") or "values" in e or \
                    "arch_value" in e or e["cuda"] in taken:
                continue
            words.setdefault(e["cuda"], e["kind"])
    return words


def cmake_text(words):
    """(a CMakeLists.txt that reads every word, {word: its line})."""
    text = ["cmake_minimum_required(VERSION 3.18)", "project(app LANGUAGES CXX CUDA)",
            "add_executable(app a.cu)"]
    lines = {}
    for word, kind in sorted(words.items()):
        text.append(CMAKE_WORDS[kind] % word)
        lines[word] = len(text)
    return "\n".join(text) + "\n", lines


def known_names(rules_dir):
    """(C and C++ names, Python API paths) of every target's tables."""
    names, python = set(), set()
    for target in rule_tables.targets(rules_dir):
        folder = os.path.join(rules_dir, target)
        for _, table in rule_tables.tables(folder):
            for entry in table.get("entries", []) if isinstance(table, dict) else []:
                if entry["kind"] != "namespace":
                    names.add(entry["cuda"])
        model = rule_tables.read(os.path.join(folder, "buildfiles"), "python-model.json")
        for entry in model["entries"]:
            if entry["kind"] == "python-api" and not entry.get("prefix"):
                python.add(entry["cuda"])
    return sorted(names), sorted(python)


def written_use(name, kind):
    """How a name of kind is written where explain names no call for it: as
    a migration by spelling tells a function (called) and a header."""
    if kind == "function":
        return name + "()"
    return "#include <%s>" % name if kind == "header" else name


def explained(musify, rules_dir, target, version, names, kinds):
    """{name: (written, status, use)} as explain answers for one target; for
    a name of kinds ({name: kind}: the Python paths, python-api; the
    Makefile words), as it answers for that kind of word."""
    cmd = [musify, "explain", "--rules-dir=" + rules_dir, "--target=" + target]
    if version:
        cmd.append("--hip-version=" + version)
    out = subprocess.run(cmd + ["--"] + names, capture_output=True, text=True).stdout
    answers, name = {n: ["", "none", None] for n in kinds}, None
    for line in out.splitlines():
        if line.endswith(": no rule table knows this name") or \
                ": no rule table knows this name; did you mean " in line:
            answers[line.split(": no rule table knows", 1)[0]] = ["", "none", None]
        elif not line.startswith(" "):
            # A Python path is model code's (python-api) where a setup.py
            # word is spelt the same; `nvcc` a tool, not setup.py's string.
            name, _, kind = line[:-1].partition(" (")
            kind = kind.split(",")[0]
            if name in kinds and kind != kinds[name]:
                name = None
        elif line.endswith(": not in its tables") and name is not None:
            answers[name] = ["", "none", None]
        elif ANSWER.match(line) and name is not None:
            m = ANSWER.match(line)
            written = "" if m.group(3) == "(removed)" else m.group(3)
            answers[name] = [written, m.group(4).split(",")[0], written_use(name, kind)]
        elif USE.match(line) and name in answers:
            answers[name][2] = USE.match(line).group(1)
    return answers


def migrated(musify, rules_dir, target, version, work, file_name, text):
    """{(line, cuda name): (written, status)} of a migration of text."""
    source = os.path.join(work, file_name)
    with open(source, "w", encoding="utf-8") as f:
        f.write(text)
    report = os.path.join(work, "report.json")
    cmd = [musify, "--rules-dir=" + rules_dir, "--target=" + target, "--quiet",
           "--allow-fallback", source, "-o", source + ".out", "--report", report]
    if version:
        cmd.append("--hip-version=" + version)
    subprocess.run(cmd, capture_output=True, text=True)
    with open(report, encoding="utf-8") as f:
        files = json.load(f)["files"]
    # A word may have two events on its line (a CMake target for HIP: the
    # find_package the migration adds, and the target).
    events = {}
    for f in files:
        for e in f["references"]:
            events.setdefault((e["line"], e["cuda"]), []).append((e["target"], e["status"]))
    # A name a migration keeps with no event is one whose line it leaves as
    # it is (lines it adds, comments above a finding, move it): that line is
    # its answer.
    with open(source + ".out", encoding="utf-8") as f:
        written = set(f.read().split("\n"))
    for number, line in enumerate(text.split("\n"), start=1):
        if line in written:
            events.setdefault((number, "(unchanged)"), [("", "kept")])
    return events


def status_word(status):
    return "migrated" if status.startswith("migrated") else status


def compare(answers, events, lines):
    """Disagreements of explain (answers) and the migration (events), whose
    line of each name lines gives."""
    wrong = []
    for name, line in lines.items():
        written, status, _ = answers[name]
        event = events.get((line, name))
        if event is None and status == "kept":
            event = events.get((line, "(unchanged)"))
            written = ""
        if event is None and status == "none":
            continue
        if event is None:
            wrong.append("%s: explain says %s [%s]; the migration found nothing"
                         % (name, written, status))
            continue
        left = status in ("unsupported", "unknown")
        if not any(status == status_word(e[1]) and (left or written == e[0]) for e in event):
            wrong.append("%s: explain says %s [%s]; the migration %s" % (
                name, written, status, ", ".join("%s [%s]" % e for e in event)))
    return wrong


def check_run(musify, rules_dir, work, target, version, names, python, words, cmake):
    kinds = dict(words, **cmake, **{n: "python-api" for n in python})
    answers = explained(musify, rules_dir, target, version,
                        names + python + sorted(words) + sorted(cmake), kinds)
    wrong = [n + ": explain gives no answer" for n in names + python if n not in answers]
    uses = [(n, answers[n][2] or n) for n in names if n in answers]
    lines, text = {}, "#if 0\n"
    for number, (name, use) in enumerate(uses, start=2):
        lines[name] = number
        text += use + "\n"
    events = migrated(musify, rules_dir, target, version, work, "names.cu", text + "#endif\n")
    wrong += compare(answers, events, lines)
    py_lines, py_text = {}, "import torch\n"
    for number, name in enumerate([n for n in python if n in answers], start=2):
        py_lines[name] = number
        py_text += "x = %s\n" % name
    events = migrated(musify, rules_dir, target, version, work, "names.py", py_text)
    wrong += compare(answers, events, py_lines)
    make, make_lines = make_text(words)
    events = migrated(musify, rules_dir, target, version, work, "Makefile", make)
    wrong += compare(answers, events, make_lines)
    text, cmake_lines = cmake_text(cmake)
    events = migrated(musify, rules_dir, target, version, work, "CMakeLists.txt", text)
    wrong += compare(answers, events, cmake_lines)
    print("%s%s: %d names, %d Python paths, %d Makefile words, %d CMake words: "
          "%d disagreement(s)" % (target, " " + version if version else "", len(lines),
                                  len(py_lines), len(make_lines), len(cmake_lines), len(wrong)))
    return wrong


def main(musify, rules_dir, work):
    os.makedirs(work, exist_ok=True)
    names, python = known_names(rules_dir)
    words = make_words(rules_dir)
    cmake = cmake_words(rules_dir, set(names) | set(python) | set(words))
    wrong = []
    for target, version in RUNS:
        wrong += check_run(musify, rules_dir, work, target, version, names, python, words,
                           cmake)
    for line in wrong[:int(os.environ.get("EXPLAIN_AGREES_SHOW", "50"))]:
        print("  " + line)
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:]))
