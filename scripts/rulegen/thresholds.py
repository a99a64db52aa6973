"""rules/musa/thresholds/arch.json: how `__CUDA_ARCH__` comparisons translate.

Renaming `__CUDA_ARCH__ >= 800` to `__MUSA_ARCH__ >= 800` is silently wrong:
MUSA numbers its architectures 210/220 (mp_21/mp_22: MTT S80, S3000, S4000) and
310 (mp_31: S5000). rules/sources/MUSA_FACTS.md gives two thresholds; a comparison with any
other constant has no known translation and is reported. The format is
rules/arch-thresholds.schema.json; the file lives in a subfolder because the
rule-table loader reads only rules/<target>/*.json.
"""

import json
import os

ARCH_THRESHOLDS = {
    "target": "musa",
    "description": "__CUDA_ARCH__ comparison constants and their __MUSA_ARCH__ "
                   "counterparts",
    "cuda_macro": "__CUDA_ARCH__",
    "target_macro": "__MUSA_ARCH__",
    "thresholds": [
        {"cuda": 800, "target": 220,
         "meaning": "Ampere (sm_80) or newer: mp_22 (MTT S4000) or newer"},
        {"cuda": 900, "target": 310,
         "meaning": "Hopper (sm_90) or newer: mp_31 (MTT S5000) or newer"},
    ],
    "operators": [">=", "<"],
    "otherwise": "report",
}


# Version tests: MUSA versions use their own scale (MUSART_VERSION 40300 for
# SDK 4.3), and no published fact says which MUSA release has what a CUDA
# release has, so every comparison is renamed and reported for review.
VERSION_THRESHOLDS = [
    {"target": "musa",
     "description": "CUDART_VERSION comparisons: no known translation to the MUSART_VERSION "
                    "scale; every one is reported",
     "cuda_macro": "CUDART_VERSION", "target_macro": "MUSART_VERSION",
     "thresholds": [], "operators": [], "otherwise": "report"},
    {"target": "musa",
     "description": "CUDA_VERSION comparisons: no known translation to the MUSA_COMP_VERSION "
                    "scale; every one is reported",
     "cuda_macro": "CUDA_VERSION", "target_macro": "MUSA_COMP_VERSION",
     "thresholds": [], "operators": [], "otherwise": "report"},
]


def write(out_dir):
    folder = os.path.join(out_dir, "musa", "thresholds")
    os.makedirs(folder, exist_ok=True)
    documents = [("arch.json", ARCH_THRESHOLDS)] + \
        [("version-%s.json" % d["cuda_macro"].lower(), d) for d in VERSION_THRESHOLDS]
    for name, document in documents:
        document = {"$schema": "../../arch-thresholds.schema.json", **document}
        with open(os.path.join(folder, name), "w") as f:
            f.write(json.dumps(document, indent=2, ensure_ascii=False) + "\n")
    return folder
