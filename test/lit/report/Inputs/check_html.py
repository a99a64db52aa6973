"""Checks musify's HTML report against the JSON report of the same run.

usage: check_html.py PAGE.html REPORT.json [ORIGINALS]

ORIGINALS: the folder of the original files, where the run migrated them in
place (by base name); otherwise each file's path holds its original.

Prints, for FileCheck: what the page loads from elsewhere (nothing), whether
its data is the JSON report, and, per file, whether its embedded text is the
original and its edits give the migrated file.
"""
import json
import os
import re
import sys


def main(page_path, report_path, originals=None):
    with open(page_path, encoding="utf-8") as f:
        page = f.read()
    with open(report_path, encoding="utf-8") as f:
        report = json.load(f)
    # Nothing from elsewhere: no URLs, no src/href attributes, no CSS imports.
    external = re.findall(r'https?://|\bsrc\s*=|\bhref\s*=\s*"(?!#)|@import|url\(', page)
    print("external:", len(external))
    # Every script element ends where it should: a source's </script> is escaped.
    print("scripts:", page.count("<script"), "ends:", page.count("</script>"))
    for raw in ("<b>bold</b>", "alert(1)</script>", "<!-- not"):
        print("raw %r:" % raw, raw in page)
    blocks = dict(re.findall(r'<script type="application/json" id="([^"]+)">(.*?)</script>',
                             page, re.S))
    data = json.loads(blocks["musify-data"])
    print("data is the JSON report:", data["report"] == report)
    print("findings:", len(data["findings"]), "help for unsupported:",
          bool(data["codes"].get("unsupported", {}).get("help")))
    for i, f in enumerate(report["files"]):
        source = json.loads(blocks["musify-source-%d" % i])
        path = os.path.join(originals, os.path.basename(f["path"])) if originals else f["path"]
        with open(path, encoding="utf-8", errors="replace", newline="") as orig:
            original = orig.read()
        migrated = apply_hunks(source["text"], source["hunks"])
        with open(f["output"], encoding="utf-8", errors="replace", newline="") as out:
            written = out.read()
        print("file", os.path.basename(f["path"]), "original:", source["text"] == original,
              "migrated:", migrated == written, "hunks:", len(source["hunks"]))


def apply_hunks(text, hunks):
    """The original's lines, with each hunk's lines replaced by its migration."""
    lines = text.splitlines(keepends=True)
    out, line = [], 1
    for first, last, pieces in hunks:
        out += lines[line - 1:first - 1]
        out.append("".join(p for k, p in enumerate(pieces) if k % 3 != 1))
        line = last + 1
    out += lines[line - 1:]
    return "".join(out)


if __name__ == "__main__":
    main(*sys.argv[1:])
