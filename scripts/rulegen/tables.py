"""Every rule table of every target, built from the gathered facts.

The runtime and language tables come first: their (name, kind) pairs are
claimed before the library and device families, which must not repeat them.
Then each target's builder finishes its tables (TargetBuilder.finish: HIP's
calls and helpers, calls.py and helpers.py, which can rewrite an entry of any
family).
"""

import sys

from rulegen import (buildfiles, headers, language, libraries, members, ptx, runtime,
                     thresholds)

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
    for builder in facts.builders:
        builder.start(facts, ledger)
    tables = {}
    tables.update(runtime.build(facts, ledger))
    tables.update(headers.build(facts, ledger))
    tables.update(language.build(facts, ledger))
    tables.update(language.build_environment(b.target for b in facts.builders))
    ledger.claimed.update((e["cuda"], e["kind"]) for (_, family), entries in tables.items()
                          if family in ("runtime", "language") for e in entries)
    tables.update(members.build(facts, ledger))
    tables.update(libraries.build(facts, ledger))
    for builder in facts.builders:
        builder.finish({family: entries for (target, family), entries in tables.items()
                        if target == builder.name})
    return tables


def descriptions(facts):
    """{(target, family): description} for build()'s tables."""
    formats = dict(DESCRIPTIONS, **libraries.descriptions())
    sources = {b.name: b.sources() for b in facts.builders}
    return {(target, family): text % source
            for target, source in sources.items() for family, text in formats.items()}


def documents(data, targets):
    """{relative path: document} of the tables that need no SDK: the build-file
    and threshold tables."""
    return {**buildfiles.documents(data, targets), **thresholds.documents(targets),
            **ptx.documents(data, targets)}


def report(ledger, verbose):
    for name, target in sorted(set(ledger.rejected)):
        warn("rejected published table entry %s -> %s (not a whole-name counterpart)"
             % (name, target))
    warn("skipped %d names (HIPIFY-table names of other families, without a removal "
         "version, or Windows-only; include.json headers this SDK lacks); --verbose lists them"
         % len(ledger.skipped))
    if verbose:
        for name, why in sorted(ledger.skipped):
            warn("skipped %s: %s" % (name, why))
