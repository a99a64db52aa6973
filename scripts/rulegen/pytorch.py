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


# The python facts as build-table entries for setup.py (rules/build.schema.json):
# the build API's dotted names, the keywords of its calls, and the strings
# setup.py spells (extra_compile_args keys, environment variable names).
# Source suffixes follow --rename-extensions; device strings and tensor
# methods are model code, which is out of scope.
PYTHON_OUT_OF_SCOPE = (".cu", ".cuh", '"cuda" (device string)', "torch.Tensor.is_cuda")
PYTHON_DESCRIPTION = ("setup.py of PyTorch extensions: torch.utils.cpp_extension's names, the "
                      "keywords of its calls, extra_compile_args keys and environment variables "
                      "(facts of rules/sources/pytorch/%s.json)")
PYTHON_KEY_ORDER = ("cuda", "kind", "status", "target", "review", "note", "check")


def _python_word(cuda):
    """(build kind, word) of a python fact."""
    if cuda.endswith("="):
        return "python-keyword", cuda[:-1]
    if cuda.startswith("extra_compile_args['"):
        return "python-string", cuda[len("extra_compile_args['"):-2]
    if cuda.endswith(" (environment)"):
        return "python-string", cuda[:-len(" (environment)")]
    if "." in cuda:
        return "python-name", cuda
    return "python-string", cuda


def python_documents(data, targets):
    """{relative path: document}: rules/<target>/buildfiles/python.json."""
    out = {}
    for target in targets:
        path = os.path.join(data, "pytorch", target.name + ".json")
        if not os.path.exists(path):
            continue
        entries = []
        for fact in _load(data, target.name + ".json")["entries"]:
            if fact["kind"] != "python" or fact["cuda"] in PYTHON_OUT_OF_SCOPE:
                continue
            kind, word = _python_word(fact["cuda"])
            replacement = fact["target"]
            entry = {"cuda": word, "kind": kind}
            if replacement is None:
                entry["status"] = "unsupported"
                entry["note"] = fact.get("note") or "%s has none" % target.display_name
            else:
                entry["status"] = "supported"
                entry["target"] = _python_word(replacement)[1]
                if fact.get("confirmed") is False:
                    entry["review"] = True
                if fact.get("note"):
                    entry["note"] = fact["note"]
            entry["check"] = "pytorch-" + target.name
            entries.append({k: entry[k] for k in PYTHON_KEY_ORDER if k in entry})
        entries.sort(key=lambda e: (e["cuda"], e["kind"]))
        out["%s/buildfiles/python.json" % target.name] = {
            "$schema": "../../build.schema.json", "target": target.name,
            "description": PYTHON_DESCRIPTION % target.name, "entries": entries}
    return out


# Model code (.py files): torch's CUDA API as model code uses it, from
# rules/sources/pytorch/python-<target>.json, whose entries are build-table
# entries already (kind python-api, python-device, ...) with their evidence.
MODEL_DESCRIPTION = ("Python model code: torch.cuda's API through imports and aliases, tensor "
                     "and module attributes, device strings, the distributed backend, "
                     "environment variables (facts of rules/sources/pytorch/python-%s.json)")
MODEL_KEY_ORDER = ("cuda", "kind", "status", "target", "prefix", "note", "check")


def python_model_documents(data, targets):
    """{relative path: document}: rules/<target>/buildfiles/python-model.json."""
    out = {}
    for target in targets:
        name = "python-%s.json" % target.name
        if not os.path.exists(os.path.join(data, "pytorch", name)):
            continue
        entries = []
        for fact in _load(data, name)["entries"]:
            entry = dict(fact, check="pytorch-" + target.name)
            entry["status"] = "supported" if fact["target"] is not None else "unsupported"
            if fact["target"] is None:
                del entry["target"]
            entries.append({k: entry[k] for k in MODEL_KEY_ORDER if k in entry})
        entries.sort(key=lambda e: (e["cuda"], e["kind"], e.get("prefix", False)))
        out["%s/buildfiles/python-model.json" % target.name] = {
            "$schema": "../../build.schema.json", "target": target.name,
            "description": MODEL_DESCRIPTION % target.name, "entries": entries}
    return out
