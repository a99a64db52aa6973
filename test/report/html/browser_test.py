#!/usr/bin/env python3
"""The HTML report in a real browser: headless Chromium loads the page from
the file system and what it renders is checked against the JSON report of the
same run (the totals shown, the files a status filter leaves, a file's side
by side view); then it takes a screenshot.

usage: browser_test.py MUSIFY PROJECT WORK

Exits 77 (skipped) where no Chromium is installed.
"""
import json
import os
import re
import shutil
import subprocess
import sys


def chromium():
    for name in (os.environ.get("CHROMIUM"), "chromium", "chromium-browser", "google-chrome"):
        if name and shutil.which(name):
            return shutil.which(name)
    return None


def browse(browser, work, url, *extra):
    """Runs headless Chromium on url; its standard output (the DOM with --dump-dom)."""
    cmd = [browser, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
           "--user-data-dir=" + os.path.join(work, "profile"), *extra, url]
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
                       timeout=120)
    if p.returncode != 0:
        sys.exit("browser_test: chromium failed (exit %d): %s" % (p.returncode, " ".join(cmd)))
    return p.stdout


def shown_files(dom):
    count = re.search(r'id="shown-count"[^>]*data-shown="(\d+)"', dom)
    rows = [int(i) for i in re.findall(r'<tr class="file-row" data-index="(\d+)"', dom)]
    return int(count.group(1)) if count else None, rows


def main(musify, project, work):
    browser = chromium()
    if not browser:
        print("SKIPPED: chromium not found (install Debian's chromium to run this test)")
        return 77
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    page, report_path = os.path.join(work, "report.html"), os.path.join(work, "report.json")
    subprocess.run([musify, "--target=hip", "--hip-version=5.2", "--quiet", "--out-root",
                    os.path.join(work, "out"), project, "--report", report_path,
                    "--html", page], check=False)
    with open(report_path, encoding="utf-8") as f:
        report = json.load(f)
    url = "file://" + os.path.abspath(page)
    problems = []

    dom = browse(browser, work, url, "--dump-dom")
    shown = {k: int(v) for k, v in re.findall(r'data-total="([^"]+)">(\d+)<', dom)}
    for key, value in report["totals"].items():
        if key in shown and shown[key] != value:
            problems.append("total %s: the page shows %d, the report has %d"
                            % (key, shown[key], value))
    for key in ("files", "references", "migrated", "kept", "unsupported"):
        if key not in shown:
            problems.append("total %s is not shown" % key)
    count, rows = shown_files(dom)
    if count != len(report["files"]) or sorted(rows) != list(range(len(report["files"]))):
        problems.append("unfiltered: %s rows shown, %d files" % (count, len(report["files"])))

    dom = browse(browser, work, url + "#status=unsupported", "--dump-dom")
    want = [i for i, f in enumerate(report["files"])
            if any(r["status"] == "unsupported" for r in f["references"])]
    count, rows = shown_files(dom)
    if not want or count != len(want) or sorted(rows) != want:
        problems.append("#status=unsupported shows files %s, the report has %s" % (rows, want))

    # A build file is called one, not a header.
    dom = browse(browser, work, url + "#q=CMakeLists", "--dump-dom")
    if not re.search(r'CMakeLists.txt</a> <span class="meta">\(build file\)', dom):
        problems.append("CMakeLists.txt is not labelled a build file")

    # Files with findings: every file with an unsupported name is one.
    dom = browse(browser, work, url + "#status=findings", "--dump-dom")
    count, rows = shown_files(dom)
    if not count or not set(want) <= set(rows):
        problems.append("#status=findings shows files %s; those with unsupported names: %s"
                        % (rows, want))

    # The side by side view of the first file with an unsupported name.
    dom = browse(browser, work, url + "#file=%d" % want[0], "--dump-dom") if want else ""
    for what, pattern in (("a numbered line", r'<tr id="L1"'), ("an insertion", r'class="ins"'),
                          ("an unsupported name", r'class="ev ev-unsupported"'),
                          ("a finding", r'\[musify-unsupported\]'),
                          ("the comment as text", r'&lt;/script&gt;&lt;b&gt;not bold')):
        if not re.search(pattern, dom):
            problems.append("the file view shows no %s" % what)
    # Findings only: the notes of references that need nothing are hidden.
    dom = browse(browser, work, url + "#file=%d&only=findings" % want[0], "--dump-dom") \
        if want else ""
    if not re.search(r'id="viewer-body" class="findings-only"', dom) or \
            not re.search(r'class="ev-note"', dom):
        problems.append("#only=findings does not hide the notes of references")

    shot = os.path.join(work, "report.png")
    browse(browser, work, url, "--screenshot=" + shot, "--window-size=1400,1000")
    if not os.path.getsize(shot):
        problems.append("no screenshot")
    for p in problems:
        print("browser_test: " + p)
    print("browser_test: %s (%d files, %d references; screenshot %s)"
          % ("FAILED" if problems else "OK", len(report["files"]),
             report["totals"]["references"], shot))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:]))
