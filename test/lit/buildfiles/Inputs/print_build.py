"""Prints the build prediction of each file of a musify report."""
import json
import os
import sys

for f in json.load(open(sys.argv[1], encoding="utf-8"))["files"]:
    build = f.get("build")
    if build is None:
        continue
    print(os.path.basename(f["path"]), "expected", build["expected"])
    for key, name in (("blockers", "blocker"), ("risks", "risk")):
        for b in build[key]:
            print("  %s line %d %s" % (name, b["line"], b["name"]))
