"""Rule-table generation for the CUDA library and device families.

scripts/gen_rules.py is the entry point; it generates the runtime, headers and
language tables itself and calls this package for every other family:

  families.py     what each family is: its CUDA headers, the translation units
                  that declare them, its HIPIFY tables, how MUSA and HIP name it
  cuda_scan.py    the public names a family's CUDA headers declare (clang.cindex)
  hip_scan.py     the names the HIP side declares beyond /usr/include/hip
                  (hipSPARSE, hipRAND, rocRAND, rocPRIM, clang's HIP headers)
  build.py        one rule per (name, kind) and target, from the facts above
  thresholds.py   rules/musa/thresholds/arch.json (__CUDA_ARCH__ comparisons)
  buildfiles.py   rules/<target>/buildfiles/*.json (CMake and Makefile words)

The package reuses gen_rules' helpers (make_entry, lifecycle, musa_rule, the
HIPIFY table reader, the HIP declaration scanner) through the `gen_rules`
module, which gen_rules.py registers under that name when run as a script.
"""
