"""musify's rule-table generator.

    python3 scripts/gen_rules.py tables|guards|docs|all [options]   (cli.py)

Modules import each other one way only, down this list:

  data      config.py      run options; the per-target facts of
                           rules/sources/targets/<target>.json, typed
            sources.py     readers of the published tables (torch_musa, HIPIFY)
            families.py    the CUDA API families: headers, translation units
            entries.py     a rule-table entry; CUDA's lifecycle of a name
  scanners  ctext.py       a token-level declaration reader for C headers
            cuda_scan.py   the public names of the CUDA headers (clang.cindex)
            hip_scan.py    what the installed HIP and hipcc declare
            facts.py       all of the above, gathered once per run
  builders  naming.py      MUSA names: published table or prefix convention
            hipify.py      entries of names a HIPIFY table maps
            runtime.py, headers.py, language.py, members.py, libraries.py
                           one module per kind of table; libraries.py builds
                           every family of families.py
            calls.py, helpers.py   later rewrites of HIP entries
            buildfiles.py  rules/<target>/buildfiles/*.json (from sources/buildfiles/)
            thresholds.py  rules/<target>/thresholds/*.json
            guards.py      rules/<target>/include-guards.json
            tables.py      all of the tables, in claim order
  writers   output.py      deterministic JSON
            docs.py        docs/api/*.md and the README's coverage table
  cli       cli.py, __main__.py
"""
