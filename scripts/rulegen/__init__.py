"""musify's rule-table generator.

    python3 scripts/gen_rules.py tables|guards|docs|all [options]   (cli.py)

Every file of rules/sources/targets/ is a target; its "builder" names the
kind of builder that finds and checks its names (builders.py). The table
modules say which CUDA names there are and ask each target's builder for
each name's entry, through one interface (target_builder.py).

Modules import each other one way only, down this list:

  data      config.py      run options; the per-target facts of
                           rules/sources/targets/<target>.json, typed
            sources.py     readers of the published tables (torch_musa, HIPIFY)
            families.py    the CUDA API families: headers, translation units,
                           the HIPIFY tables that date their names
            entries.py     a rule-table entry; CUDA's lifecycle of a name
            hipify.py      HIPIFY rows: the entry of a name a table maps, the
                           kind of a name CUDA removed
  scanners  ctext.py       a token-level declaration reader for C headers
            cuda_scan.py   the public names of the CUDA headers (clang.cindex)
            hip_scan.py    what the installed HIP and hipcc declare
            facts.py       the CUDA side, gathered once per run
  tables    runtime.py, headers.py, language.py, members.py, libraries.py,
            guards.py      one module per kind of table: its CUDA names, an
                           entry for each from every target's builder;
                           libraries.py builds every family of families.py
  builders  target_builder.py   the interface of a kind of builder
            naming.py      names by a published table or the prefix convention
            prefix_builder.py   "prefix" (MUSA): published table, else prefixes
            calls.py, helpers.py   later rewrites of HIP entries
            hipify_builder.py   "hipify" (HIP): HIPIFY's tables, checked
                           against the installed headers
            builders.py    the kinds of builder, by name
  others    buildfiles.py  rules/<target>/buildfiles/*.json (from sources/buildfiles/)
            thresholds.py  rules/<target>/thresholds/*.json
            pytorch.py     rules/<target>/pytorch.json and buildfiles/python*.json
            ptx.py         rules/<target>/hazards/inline-asm.json and docs/api/ptx.md
                           (from sources/ptx/)
            tables.py      all of the tables, in claim order
  writers   output.py      deterministic JSON
            docs.py        docs/api/*.md and the README's coverage table
  cli       cli.py, __main__.py
"""
