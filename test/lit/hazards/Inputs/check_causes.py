"""Prints what a report and a SARIF log say of hazard causes, one line each,
for FileCheck: the totals, each cause with its uses, each SARIF result with
related locations. Paths relative to the test's folder."""
import json
import os
import sys


def relative(path):
    here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    return os.path.relpath(path, here) if os.path.isabs(path) else path


def main(report_path, sarif_path):
    with open(report_path, encoding="utf-8") as f:
        report = json.load(f)
    totals = report["totals"]
    print("totals: hazards %d, hazard_causes %d" % (totals["hazards"], totals["hazard_causes"]))
    for cause in report["hazard_causes"]:
        print("cause %s (%s) at %s:%d: %d use(s), %d place(s)"
              % (cause["name"], cause["kind"], relative(cause["file"]), cause["line"],
                 cause["uses"], len(cause["places"])))
    with open(sarif_path, encoding="utf-8") as f:
        sarif = json.load(f)
    for result in sarif["runs"][0]["results"]:
        related = result.get("relatedLocations", [])
        if not related or result["ruleId"] != "musify-warp-size":
            continue
        where = result["locations"][0]["physicalLocation"]
        uri = where["artifactLocation"]["uri"].replace("file://", "")
        name = result["message"]["text"].split("'")[1]
        print("sarif: %s at %s:%d, %d related location(s)"
              % (name, relative(uri), where["region"]["startLine"], len(related)))


if __name__ == "__main__":
    main(*sys.argv[1:])
