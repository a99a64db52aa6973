"""The pytorch family: PyTorch's CUDA layer (at::cuda, c10::cuda, their macros
and headers) as extensions use it, from rules/sources/pytorch/.

The facts say what each name becomes on torch_musa and on ROCm PyTorch
(PyTorch's own hipify); the table adds where PyTorch's headers are found
("library"), which the engine needs to resolve those names by declaration.
Python build names (kind python) are the setup.py facts, not C++ rules.
"""

import json
import os

FAMILY = "pytorch"
DESCRIPTION = ("PyTorch's CUDA names in C++/CUDA extensions (at::cuda, c10::cuda, ATen/cuda "
               "and c10/cuda headers, device types) (facts of rules/sources/pytorch/%s.json, "
               "checked against PyTorch 1.13's headers)")


def _load(data, name):
    with open(os.path.join(data, "pytorch", name), encoding="utf-8") as f:
        return json.load(f)


def _entry(fact, target, check):
    entry = {"cuda": fact["cuda"], "kind": fact["kind"]}
    replacement = fact["target"]
    notes = [fact.get("note")]
    if replacement is None:
        entry["status"] = "unsupported"
        notes.insert(0, "%s has no counterpart" % target.display_name)
    else:
        entry["status"] = "supported"
        entry["target"] = replacement
    note = "; ".join(n for n in notes if n)
    if note:
        entry["note"] = note
    # A fact no declaration or tool run confirmed: every use is reported.
    if fact.get("confirmed") is False and replacement is not None:
        entry["disputed"] = True
        entry["note"] = "unconfirmed: " + entry.get("note", "no declaration of it was read")
    entry["check"] = check
    return entry


def build(data, targets, tables):
    """{(target, family): entries} for every target with PyTorch facts. A name
    another family of the target already holds (CUDA_VERSION, a driver
    macro) stays there."""
    built = {}
    for target in targets:
        path = os.path.join(data, "pytorch", target.name + ".json")
        if not os.path.exists(path):
            continue
        facts = _load(data, target.name + ".json")["entries"]
        check = "pytorch-" + target.name
        taken = {(e["cuda"], e["kind"]) for (t, _), entries in tables.items()
                 if t == target.name for e in entries}
        built[(target.name, FAMILY)] = [_entry(f, target, check) for f in facts
                                        if f["kind"] != "python"
                                        and (f["cuda"], f["kind"]) not in taken]
    return built


def library(data):
    """The table's "library" object: where PyTorch's headers are recognised."""
    facts = _load(data, "library.json")
    return {key: facts[key] for key in ("name", "marker", "folders", "cuda_prefixes")}
