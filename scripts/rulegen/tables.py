"""Every rule table of every target, built from the gathered facts.

The runtime and language tables come first: their (name, kind) pairs are
claimed before the library and device families, which must not repeat them.
Then the HIP entries of every table get their calls and helpers (calls.py,
helpers.py), which can rewrite an entry of any family.
"""

import sys

from rulegen import (buildfiles, calls, headers, helpers, language, libraries, members,
                     runtime, thresholds)

DESCRIPTIONS = {
    "runtime": "CUDA runtime API names (%s)",
    "headers": "CUDA header names and their replacements (%s)",
    "language": "compiler-defined macros and device builtins (%s)",
    "environment": "environment variables named in string literals (%s)",
    "members": "members of CUDA structs the target's struct lacks, or CUDA 13 removed (%s)",
}


def warn(message):
    print("gen_rules: " + message, file=sys.stderr)


def build(facts, ledger):
    """{(target, family): entries}."""
    tables = {}
    tables.update(runtime.build(facts, ledger))
    tables.update(headers.build(facts, ledger))
    tables.update(language.build(facts, ledger))
    tables.update(language.build_environment(facts.targets))
    musa = facts.targets.musa.name
    ledger.claimed.update((e["cuda"], e["kind"])
                          for family in ("runtime", "language") for e in tables[(musa, family)])
    tables.update(members.build(facts, ledger))
    tables.update(libraries.build(facts, ledger))
    hip = facts.targets.hip
    calls.apply(tables, hip, facts.hip.runtime | facts.hip.libraries, facts.hip_version)
    helpers.apply(tables, hip)
    return tables


def descriptions(facts):
    """{(target, family): description} for build()'s tables."""
    formats = dict(DESCRIPTIONS, **libraries.descriptions())
    sources = facts.source_descriptions()
    return {(t.name, family): text % sources[t.name]
            for t in facts.targets for family, text in formats.items()}


def documents(data, targets):
    """{relative path: document} of the tables that need no SDK: the build-file
    and threshold tables."""
    return {**buildfiles.documents(data, targets), **thresholds.documents(targets)}


def report(ledger, verbose):
    for name, target in sorted(set(ledger.rejected)):
        warn("rejected MUSA table entry %s -> %s (not a whole-name counterpart)" % (name, target))
    warn("skipped %d names (HIPIFY-table names of other families, without a removal "
         "version, or Windows-only; include.json headers this SDK lacks); --verbose lists them"
         % len(ledger.skipped))
    if verbose:
        for name, why in sorted(ledger.skipped):
            warn("skipped %s: %s" % (name, why))
