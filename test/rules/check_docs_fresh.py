#!/usr/bin/env python3
"""Fails when docs/api/ is stale: regenerates it from rules/ into a temporary
folder with the generator's docs step (scripts/rulegen/docs.py) and compares
file by file (missing, extra and differing files are listed).

Run from the repository root: python3 test/rules/check_docs_fresh.py
"""

import filecmp
import os
import sys
import tempfile

import rules_common as rc
from rulegen import config, docs as api_docs


def files_under(folder):
    out = set()
    for directory, _, entries in os.walk(folder):
        for entry in entries:
            out.add(os.path.relpath(os.path.join(directory, entry), folder))
    return out


def main():
    docs = os.path.join(rc.ROOT, "docs", "api")
    targets = config.load_targets()
    with tempfile.TemporaryDirectory(prefix="api_docs.") as fresh:
        api_docs.generate(rc.RULES, fresh, targets)
        expected, actual = files_under(fresh), files_under(docs) if os.path.isdir(docs) else set()
        problems = ["missing: docs/api/%s" % p for p in sorted(expected - actual)]
        problems += ["not generated (stale): docs/api/%s" % p for p in sorted(actual - expected)]
        for rel in sorted(expected & actual):
            if not filecmp.cmp(os.path.join(fresh, rel), os.path.join(docs, rel), shallow=False):
                problems.append("differs: docs/api/%s" % rel)
    with open(os.path.join(rc.ROOT, "README.md")) as f:
        readme = f.read()
    if api_docs.with_readme_coverage(readme, api_docs.load(rc.RULES), targets) != readme:
        problems.append("differs: the coverage table in README.md")
    if problems:
        problems.append("regenerate with: python3 scripts/gen_rules.py docs")
    return rc.fail_or_pass("docs freshness", problems)


if __name__ == "__main__":
    sys.exit(main())
