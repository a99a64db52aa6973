"""Generate musify's rule tables and their docs.

    python3 scripts/gen_rules.py SUBCOMMAND [options]
    (or, with scripts/ on the path, python3 -m rulegen SUBCOMMAND)

  tables   rules/<target>/*.json, buildfiles/ and thresholds/, from the CUDA
           and HIP headers of this machine and the facts in rules/sources/
  guards   rules/<target>/include-guards.json, from the headers tables
  docs     docs/api/ and the README's coverage table, from the rule tables
  all      the three, in that order
"""

import argparse
import sys

from rulegen import builders, config, docs, guards, output, pytorch, tables
from rulegen.facts import Ledger, gather


def run_tables(options, targets):
    facts = gather(options, builders.for_targets(targets, options))
    ledger = Ledger()
    built = tables.build(facts, ledger)
    built.update(pytorch.build(options.data, targets, built))
    output.write_documents(options.rules, tables.documents(options.data, targets))
    output.write_documents(options.rules, pytorch.python_documents(options.data, targets))
    output.write_documents(options.rules, pytorch.python_model_documents(options.data, targets))
    tables.report(ledger, options.verbose)
    described = tables.descriptions(facts)
    library = pytorch.library(options.data)
    for (target, family), entries in sorted(built.items()):
        if family == pytorch.FAMILY:
            output.write_table(options.rules, target, family,
                               pytorch.DESCRIPTION % target, entries, library)
        else:
            output.write_table(options.rules, target, family, described[(target, family)],
                               entries)
    output.summarize(built)


def run_guards(options, targets):
    documents = guards.documents(options, builders.for_targets(targets, options))
    for rel, document in sorted(documents.items()):
        output.write_json("%s/%s" % (options.rules, rel), document)
        print("%s: %d include guards" % (document["target"], len(document["entries"])),
              file=sys.stderr)


def run_docs(options, targets):
    written = docs.generate(options.rules, options.docs, targets)
    print("gen_rules: wrote %d files under %s" % (len(written), options.docs))
    if options.readme:
        docs.update_readme(options.readme, options.rules, targets)


COMMANDS = {
    "tables": (run_tables, "the rule tables (needs the CUDA SDK, HIP and Clang)"),
    "guards": (run_guards, "the include-guard tables (after tables)"),
    "docs": (run_docs, "docs/api and the README's coverage (after tables and guards)"),
    "all": (None, "tables, guards and docs"),
}


def parser():
    defaults = config.Options()
    top = argparse.ArgumentParser(prog="gen_rules.py", description=__doc__.split("\n")[0])
    commands = top.add_subparsers(dest="command", required=True, metavar="SUBCOMMAND")
    for name, (_, help_text) in COMMANDS.items():
        sub = commands.add_parser(name, help=help_text, description=help_text)
        sub.add_argument("--rules", default=defaults.rules,
                         help="the rules folder written and read (default: the repository's)")
        sub.add_argument("--data", default=defaults.data,
                         help="the facts: musa-mapping/, hip-mapping/, targets/, buildfiles/, "
                              "pytorch/")
        if name in ("tables", "guards", "all"):
            sub.add_argument("--cuda-path", default=defaults.cuda_path)
            sub.add_argument("--hip-include", default=defaults.hip_include,
                             help="the HIP headers; the HIP libraries' folders are beside it")
        if name in ("tables", "all"):
            sub.add_argument("--hipcc", default=defaults.hipcc)
            sub.add_argument("--resource-dir", default=defaults.resource_dir,
                             help="the resource dir of the Clang that clang.cindex loads")
            sub.add_argument("--verbose", action="store_true", help="list skipped names")
        if name in ("docs", "all"):
            sub.add_argument("--docs", default=defaults.docs, help="where docs/api is written")
            sub.add_argument("--readme", default=defaults.readme,
                             help="the README whose coverage table is rewritten")
            sub.add_argument("--no-readme", dest="readme", action="store_const", const=None,
                             help="leave the README alone")
    return top


def main(argv=None):
    args = vars(parser().parse_args(argv))
    command = args.pop("command")
    options = config.Options(**args)
    try:
        targets = config.load_targets(options.data)
    except ValueError as e:
        print("gen_rules: error: %s" % e, file=sys.stderr)
        return 2
    steps = ("tables", "guards", "docs") if command == "all" else (command,)
    for step in steps:
        COMMANDS[step][0](options, targets)
    return 0
