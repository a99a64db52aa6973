#!/usr/bin/env python3
"""Write a new hazard: its check, its lit test and its doc entries.

    scripts/new_hazard.py NAME --calls FUNCTION --title TEXT --advice TEXT
                          [--blocks] [--root DIR]

A hazard is one file of tool/lib/hazards/ (CONTRIBUTING.md, "Add a hazard").
This writes:

- tool/lib/hazards/<Name>.cpp: a check named NAME that finds every call of a
  function named FUNCTION (matched by the declaration it resolves to), says
  ADVICE, and blocks the build prediction of its file with --blocks (else it
  does not touch it). It registers itself (MUSIFY_HAZARD_CHECK); edit what it
  finds and says from there.
- test/lit/hazards/NAME.cu: such a call migrated to both targets, with the
  finding and the report entry expected.
- docs/report.md: a row of "Hazard kinds"; docs/report.schema.json: NAME in
  the enum of a hazard's kind.

Nothing is written unless all of it can be: an existing hazard of that name,
a file in the way, or a doc without its place is an error.
"""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

NAME = re.compile(r"^[a-z][a-z0-9]*(-[a-z0-9]+)*$")
IDENTIFIER = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")
KINDS_TABLE = "### Hazard kinds\n"
# The enum of a hazard's kind in the report schema: the array that holds the
# first hazard's name.
KIND_ENUM = re.compile(r'("enum": \[\n(\s*)"inline-asm"(?:,\n\s*"[a-z0-9-]+")*)\n')


class Refused(Exception):
    pass


def cxx_string(text):
    """A C++ string literal of text (JSON's escapes are C++'s)."""
    return json.dumps(text)


def class_name(name):
    return "".join(part.capitalize() for part in name.split("-"))


def check_source(name, function, title, advice, blocks):
    cls = class_name(name)
    impact = "BuildImpact::Blocks" if blocks else "BuildImpact::None"
    return f"""// {name}: {title}.
// Written by scripts/new_hazard.py: it finds every call of a function named
// {function}; make it find and say what the hazard is.
#include "hazards/Checks.h"

namespace musify {{
namespace {{

class {cls} : public HazardCheck {{
  const char *name() const override {{ return {cxx_string(name)}; }}
  const char *title() const override {{ return {cxx_string(title)}; }}
  const char *advice() const override {{ return {cxx_string(advice)}; }}
  const char *help() const override {{
    return {cxx_string(title[0].lower() + title[1:] + ": " + advice)};
  }}
  BuildImpact buildImpact(const HazardRecord &) const override {{ return {impact}; }}
  void callExpr(const clang::CallExpr &Call, HazardSite &Site) const override {{
    const clang::FunctionDecl *Callee = Call.getDirectCallee();
    if (Callee && Callee->getIdentifier() && Callee->getName() == {cxx_string(function)})
      Site.note(kind(), Call.getBeginLoc(), Call.getSourceRange());
  }}
  HazardDecision decide(const Hazard &H, llvm::StringRef,
                        const HazardTarget &) const override {{
    return reported(H, advice());
  }}
}};

}} // namespace

MUSIFY_HAZARD_CHECK({cls})

}} // namespace musify
"""


# What the lit test prints of the report: each hazard's kind and line, and
# whether the file is expected to build.
REPORT_SCRIPT = ("import json, sys; f = json.load(open(sys.argv[1]))['files'][0]; "
                 "print([(h['kind'], h['line']) for h in f['hazards']], "
                 "f['build']['expected'])")


def lit_test(name, function, advice, blocks):
    blocked = "False" if blocks else "True"
    return f"""// {name}: a call of {function}, found on both targets, reported with its
// advice and in the report{" (its file predicted not to build)" if blocks else ""}.
// Written by scripts/new_hazard.py: make it show what the check finds.
// RUN: split-file %s %t
// RUN: %musify %t/input.cu -o %t.mu --report %t.musa.json 2> %t.musa.err
// RUN: FileCheck %s --check-prefix=DIAG < %t.musa.err
// RUN: %musify --target=hip %t/input.cu -o %t.hip --report %t.hip.json 2> %t.hip.err
// RUN: FileCheck %s --check-prefix=DIAG < %t.hip.err
// RUN: %python -c "{REPORT_SCRIPT}" %t.hip.json | FileCheck %s --check-prefix=REPORT

// DIAG: input.cu:4:10: warning: '{function}(p[1])': {advice} [musify-{name}]
// REPORT: [('{name}', 4)] {blocked}

//--- input.cu
__device__ int {function}(int x) {{ return x + 1; }}

__global__ void kernel(int *p) {{
  p[0] = {function}(p[1]);
}}
"""


def kinds_row(name, function, title, blocks):
    return "| `%s` | %s: calls of `%s` | %s |\n" % (
        name, title.replace("|", "\\|"), function, "blocks" if blocks else "none")


def add_kind_row(text, row):
    """docs/report.md with row at the end of the table of "Hazard kinds"."""
    start = text.find(KINDS_TABLE)
    if start < 0:
        raise Refused("docs/report.md has no '%s' section" % KINDS_TABLE.strip())
    table = text.find("\n|", start)
    end = text.find("\n\n", table + 1)
    if table < 0 or end < 0:
        raise Refused("docs/report.md: the '%s' section has no table" % KINDS_TABLE.strip())
    return text[:end + 1] + row + text[end + 1:]


def add_kind_enum(text, name):
    """docs/report.schema.json with name added to the enum of a hazard's kind."""
    match = KIND_ENUM.search(text)
    if not match:
        raise Refused("docs/report.schema.json has no enum of hazard kinds "
                      "(an array that begins with \"inline-asm\")")
    if re.search(r'"%s"' % re.escape(name), match.group(1)):
        raise Refused("docs/report.schema.json already has the hazard kind '%s'" % name)
    new = '%s,\n%s"%s"\n' % (match.group(1), match.group(2), name)
    return text[:match.start()] + new + text[match.end():]


def write_all(files):
    """Writes {path: text}: each to a temporary file beside it first, then
    every one renamed over its path, so that a failure writes none."""
    temporary = []
    try:
        for path, text in files.items():
            fd, tmp = tempfile.mkstemp(dir=os.path.dirname(path), prefix=".new_hazard-")
            temporary.append((tmp, path))
            with os.fdopen(fd, "w", encoding="utf-8") as f:
                f.write(text)
            if os.path.exists(path):
                os.chmod(tmp, os.stat(path).st_mode & 0o777)
            else:
                os.chmod(tmp, 0o644)
        for tmp, path in temporary:
            os.replace(tmp, path)
    finally:
        for tmp, _ in temporary:
            if os.path.exists(tmp):
                os.remove(tmp)


def plan(args):
    """{path: new text} of every file the hazard adds or changes."""
    if not NAME.match(args.name):
        raise Refused("'%s' is not a hazard name: lower-case words joined by '-' "
                      "(sleep-call)" % args.name)
    if not IDENTIFIER.match(args.calls):
        raise Refused("--calls '%s' is not a C++ identifier" % args.calls)
    for option, text in (("--title", args.title), ("--advice", args.advice)):
        if not text.strip() or "\n" in text:
            raise Refused("%s must be one line of text" % option)
    root = os.path.abspath(args.root)
    check = os.path.join(root, "tool", "lib", "hazards", class_name(args.name) + ".cpp")
    test = os.path.join(root, "test", "lit", "hazards", args.name + ".cu")
    report_md = os.path.join(root, "docs", "report.md")
    schema = os.path.join(root, "docs", "report.schema.json")
    for path in (check, test):
        if os.path.exists(path):
            raise Refused("%s exists: the hazard '%s' is already there, or another file "
                          "has its name" % (path, args.name))
    for path in (os.path.dirname(check), os.path.dirname(test), report_md, schema):
        if not os.path.exists(path):
            raise Refused("%s is missing: --root must be musify's source folder" % path)
    with open(report_md, encoding="utf-8") as f:
        report_text = f.read()
    with open(schema, encoding="utf-8") as f:
        schema_text = f.read()
    return {
        check: check_source(args.name, args.calls, args.title, args.advice, args.blocks),
        test: lit_test(args.name, args.calls, args.advice, args.blocks),
        report_md: add_kind_row(report_text,
                                kinds_row(args.name, args.calls, args.title, args.blocks)),
        schema: add_kind_enum(schema_text, args.name),
    }


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("name", help="the hazard's name (the report's kind): sleep-call")
    ap.add_argument("--calls", required=True, help="the function whose calls it finds")
    ap.add_argument("--title", required=True, help="what it is, in a few words")
    ap.add_argument("--advice", required=True, help="what it means and what to do")
    ap.add_argument("--blocks", action="store_true",
                    help="the target does not build it: its file is predicted not to build")
    ap.add_argument("--root", default=os.path.join(os.path.dirname(__file__), ".."),
                    help="musify's source folder (default: this script's)")
    args = ap.parse_args(argv)
    try:
        files = plan(args)
        write_all(files)
    except (Refused, OSError) as e:
        print("new_hazard: error: %s" % e, file=sys.stderr)
        return 1
    formatter = shutil.which("clang-format-19") or shutil.which("clang-format")
    if formatter:  # the project's style (.clang-format) for the check it wrote
        subprocess.run([formatter, "-i", next(iter(files))], check=False)
    for path in files:
        print("new_hazard: wrote %s" % os.path.relpath(path, os.path.abspath(args.root)))
    print("new_hazard: build musify (the build finds the new check) and run its lit test")
    return 0


if __name__ == "__main__":
    sys.exit(main())
