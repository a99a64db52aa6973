#!/usr/bin/env python3
"""The rule tables regenerate from the repository alone, and a new target of an
existing kind is data alone (CONTRIBUTING.md, "Add a target"); one generator
run proves both.

In a temporary folder: a copy of rules/sources/ with a toy target added as
data only (targets/toy.json, a "prefix" target renaming cuda to toy, and its
buildfiles/toy.json), and rules/toy/target.json. One run of
`scripts/gen_rules.py all` over them, on this machine's CUDA and HIP headers,
must write every committed table under rules/<target>/ byte for byte (the
toy changes none of them; hand-written data, HAND_WRITTEN, is the only
exception: any other table nothing regenerates fails), write the toy's tables
(cudaMalloc -> toyMalloc, cuda_runtime.h -> toy_runtime.h), and musify
--target=toy must migrate a CUDA file with them.

Run from the repository root: python3 test/rules/check_regenerate.py [--musify PATH]
"""
import argparse
import filecmp
import json
import os
import shutil
import subprocess
import sys
import tempfile

import rules_common as rc

# Facts a person wrote, not derived from any source the generator reads; of
# hazards/, the PTX table is generated (rules/sources/ptx/).
HAND_WRITTEN = ("hazards/", "target.json")
GENERATED_HAZARDS = ("hazards/inline-asm.json",)

TOY = {
    "target": "toy",
    "builder": "prefix",
    "display_name": "TOY",
    "sources": "CUDA {cuda} headers, the toy prefix convention",
    "naming": {"prefixes": [["cuda", "toy"], ["CUDA", "TOY"], ["cu", "toy"], ["CU", "TOY"]],
               "words": [], "kept_family_prefixes": []},
    "members": {"structs": {"cudaDeviceProp": "toyDeviceProp"}},
}
TOY_BUILDFILES = {"target": "toy", "cmake": [], "toolchain": []}
TOY_DESCRIPTION = {"target": "toy", "display_name": "TOY", "description": "a toy target"}

SOURCE = """#include <cuda_runtime.h>
int main() {
  float *p;
  cudaMalloc(&p, 4 * sizeof(float));
  cudaFree(p);
  return 0;
}
"""


def write_json(path, document):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        json.dump(document, f, indent=2)


def generate(tmp):
    """Runs the generator over the sources with the toy added; None, or why it failed."""
    data, rules = os.path.join(tmp, "sources"), os.path.join(tmp, "rules")
    shutil.copytree(os.path.join(rc.RULES, "sources"), data)
    write_json(os.path.join(data, "targets", "toy.json"), TOY)
    write_json(os.path.join(data, "buildfiles", "toy.json"), TOY_BUILDFILES)
    write_json(os.path.join(rules, "toy", "target.json"), TOY_DESCRIPTION)
    cmd = [sys.executable, os.path.join(rc.ROOT, "scripts", "gen_rules.py"), "all",
           "--data", data, "--rules", rules, "--cuda-path", rc.CUDA_PATH,
           "--docs", os.path.join(tmp, "docs"), "--no-readme"]
    run = subprocess.run(cmd, capture_output=True, text=True)
    if run.returncode != 0:
        print(run.stderr[-2000:])
        return "gen_rules.py all failed"
    return None


def toy_entry(rules, family, cuda):
    with open(os.path.join(rules, "toy", family + ".json"), encoding="utf-8") as f:
        table = json.load(f)
    return next((e for e in table["entries"] if e["cuda"] == cuda), {})


def check_toy_tables(rules, problems):
    for family, cuda, expected in (("runtime", "cudaMalloc", "toyMalloc"),
                                   ("headers", "cuda_runtime.h", "toy_runtime.h")):
        target = toy_entry(rules, family, cuda).get("target")
        if target != expected:
            problems.append("toy/%s.json: %s -> %s, not %s" % (family, cuda, target, expected))


def check_committed_tables(rules, problems):
    """The committed targets' tables come out as they are committed; the
    count of those regenerated."""
    written = 0
    for target in rc.TARGETS:
        committed, fresh = os.path.join(rc.RULES, target), os.path.join(rules, target)
        for dirpath, _, names in os.walk(committed):
            for name in sorted(names):
                rel = os.path.relpath(os.path.join(dirpath, name), committed)
                if not name.endswith(".json") or (rel.startswith(HAND_WRITTEN) and
                                                  rel not in GENERATED_HAZARDS):
                    continue
                if not os.path.exists(os.path.join(fresh, rel)):
                    problems.append("rules/%s/%s: nothing regenerates it" % (target, rel))
                    continue
                written += 1
                if not filecmp.cmp(os.path.join(fresh, rel), os.path.join(committed, rel),
                                   shallow=False):
                    problems.append("rules/%s/%s differs from what the generators write now"
                                    % (target, rel))
    return written


def check_engine(musify, rules, tmp, problems):
    """musify --target=toy migrates a CUDA file with the toy's tables."""
    source, out = os.path.join(tmp, "toy.cu"), os.path.join(tmp, "toy.out.cu")
    with open(source, "w", encoding="utf-8") as f:
        f.write(SOURCE)
    try:
        run = subprocess.run([musify, "--target=toy", "--rules-dir=" + rules, "--quiet",
                              source, "-o", out], capture_output=True, text=True)
    except OSError as e:
        problems.append("cannot run musify: %s" % e)
        return
    if run.returncode != 0:
        problems.append("musify --target=toy failed: %s" % run.stderr.strip()[-1000:])
        return
    with open(out, encoding="utf-8") as f:
        migrated = f.read()
    for word in ("toyMalloc(", "toyFree(", "#include <toy_runtime.h>"):
        if word not in migrated:
            problems.append("musify --target=toy wrote no %s:\n%s" % (word, migrated))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--musify", default=os.path.join(rc.ROOT, "build", "tool", "musify"),
                        help="the musify to run with the toy's tables")
    args = parser.parse_args()
    problems = []
    with tempfile.TemporaryDirectory(prefix="regenerate.") as tmp:
        failed = generate(tmp)
        if failed:
            return rc.fail_or_pass("regenerate", [failed])
        rules = os.path.join(tmp, "rules")
        written = check_committed_tables(rules, problems)
        print("%d tables regenerated from rules/sources and this machine's SDKs" % written)
        check_toy_tables(rules, problems)
        check_engine(args.musify, rules, tmp, problems)
    return rc.fail_or_pass("regenerate and the toy target", problems)


if __name__ == "__main__":
    sys.exit(main())
