"""rules/<target>/thresholds/*.json: how version and architecture comparisons
translate (the target data's "thresholds", format rules/arch-thresholds.schema.json).

Renaming `__CUDA_ARCH__ >= 800` to `__MUSA_ARCH__ >= 800` is silently wrong:
MUSA numbers its architectures 210/220 (mp_21/mp_22: MTT S80, S3000, S4000) and
310 (mp_31: S5000). The target data gives bands of CUDA architectures, each with
the MUSA value that stands for it and its source (rules/sources/MUSA_FACTS.md):
a comparison with any constant keeps its meaning on every MUSA GPU, true on all
of them for a feature they all have, false for one none has. Version tests: MUSA
versions use their own scale (MUSART_VERSION 40300 for SDK 4.3), and no
published fact says which MUSA release has what a CUDA release has, so every
comparison is renamed and reported for review.

The files live in a subfolder because the rule-table loader reads only
rules/<target>/*.json.
"""

SCHEMA = "../../arch-thresholds.schema.json"


def documents(targets):
    """{relative path: document} over the targets that have thresholds."""
    out = {}
    for target in targets:
        for file_name, document in target.thresholds.items():
            out["%s/thresholds/%s" % (target.name, file_name)] = {
                "$schema": SCHEMA, "target": target.name, **document}
    return out
