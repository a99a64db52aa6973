"""Checks a SARIF log musify wrote against the official schema and against
the run's JSON report, then prints what it holds for FileCheck.

usage: check_sarif.py SCHEMA LOG.sarif REPORT.json OUT_ROOT
"""
import collections
import json
import os
import sys
from urllib.parse import unquote, urlparse

import jsonschema


def fail(message):
    sys.exit("check_sarif: " + message)


def main(schema_path, log_path, report_path, out_root):
    log = json.load(open(log_path))
    jsonschema.Draft4Validator(json.load(open(schema_path))).validate(log)
    print("schema: valid")
    report = json.load(open(report_path))
    (run,) = log["runs"]
    driver = run["tool"]["driver"]
    if driver["name"] != "musify" or driver["version"] != report["tool"]["version"]:
        fail("tool is not the report's")
    if run["properties"]["target"] != report["target"]:
        fail("target is not the report's")
    rules = {r["id"]: r for r in driver["rules"]}
    if len(rules) != len(driver["rules"]):
        fail("a rule id twice")
    root = unquote(urlparse(run["originalUriBaseIds"]["SRCROOT"]["uri"]).path)
    codes = collections.Counter()
    for result in run["results"]:
        rule = rules.get(result["ruleId"])
        if not rule or "defaultConfiguration" not in rule or not rule["help"]["text"]:
            fail("result of rule %s without a described rule" % result["ruleId"])
        if not result["ruleId"].startswith("musify-"):
            fail("rule id %s is not the console's tag (musify-CODE)" % result["ruleId"])
        codes[result["ruleId"][len("musify-"):]] += 1
        where = result["locations"][0]["physicalLocation"]
        artifact = where["artifactLocation"]
        if artifact.get("uriBaseId") != "SRCROOT" or artifact["uri"].startswith("/"):
            fail("a location not relative to SRCROOT: %s" % artifact)
        source = os.path.join(root, unquote(artifact["uri"]))
        if not os.path.isfile(source):
            fail("no such file: " + source)
        for fix in result.get("fixes", []):
            check_fix(fix, source, where["region"]["startLine"],
                      os.path.join(out_root, unquote(artifact["uri"])))
            codes["with a fix"] += 1
    totals = report["totals"]
    hazards = sum(1 for f in report["files"] for _ in f.get("hazards", []))
    for code, expected in (("unsupported", totals["unsupported"]),
                           ("unknown", totals["unknown"]), ("conflict", totals["conflicts"])):
        if codes[code] != expected:
            fail("%d %s results, the report has %d" % (codes[code], code, expected))
    hazard_codes = {"inline-asm", "device-launch", "warp-size", "vector-operator"}
    if sum(codes[c] for c in hazard_codes) != hazards or hazards != totals["hazards"]:
        fail("the hazards differ from the report's")
    for code, count in sorted(codes.items()):
        print("%s: %d" % (code, count))


def check_fix(fix, source, line, output):
    """The fix applied to the original gives the migrated output's line (its
    lines less the findings musify wrote into it are the original's)."""
    (change,) = fix["artifactChanges"]
    text = open(source).read()
    for r in sorted(change["replacements"], key=lambda r: -r["deletedRegion"]["charOffset"]):
        at, length = r["deletedRegion"]["charOffset"], r["deletedRegion"]["charLength"]
        text = text[:at] + r["insertedContent"]["text"] + text[at + length:]
    fixed = text.splitlines()[line - 1]
    migrated = [text for text in open(output).read().splitlines()
                if not text.lstrip().startswith("// musify-")][line - 1]
    if fixed != migrated:
        fail("fix gives %r, the output has %r" % (fixed, migrated))


if __name__ == "__main__":
    main(*sys.argv[1:])
