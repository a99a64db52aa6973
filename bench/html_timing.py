#!/usr/bin/env python3
"""How fast headless Chromium opens, filters and renders an HTML report.

usage: html_timing.py REPORT.html [CHROMIUM]

Loads a copy of the page with a timing script appended, which measures in the
page (layout included): the time from navigation to the page rendered, each
status filter of the file list, a path filter, a sort, and opening the files
with the most text and the most references side by side. Prints those times
and the page's size.
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

TIMING = r"""
<script>
(function () {
  var out = { rendered: performance.now() };
  function timed(name, fn) {
    var t = performance.now(); fn(); document.body.offsetHeight;
    out[name] = performance.now() - t;
  }
  var select = document.getElementById("status-filter");
  Array.prototype.forEach.call(select.options, function (o) {
    timed("filter " + (o.value || "all"), function () {
      select.value = o.value; select.dispatchEvent(new Event("change"));
    });
  });
  var input = document.getElementById("path-filter");
  select.value = ""; select.dispatchEvent(new Event("change"));
  timed("path filter", function () {
    input.value = "a"; input.dispatchEvent(new Event("input"));
  });
  timed("sort by references", function () {
    document.querySelector('th[data-key="refs"]').click();
  });
  var biggest = null, most = null, sizes = {};
  document.querySelectorAll('script[id^="musify-source-"]').forEach(function (s) {
    var i = s.id.slice(14);
    sizes[i] = s.textContent.length;
    if (biggest === null || sizes[i] > sizes[biggest]) biggest = i;
  });
  var data = JSON.parse(document.getElementById("musify-data").textContent);
  data.report.files.forEach(function (f, i) {
    if (most === null || f.references.length > data.report.files[most].references.length)
      most = i;
  });
  function open(i) {
    var a = document.createElement("a");
    a.setAttribute("data-open", i); document.body.appendChild(a); a.click();
  }
  timed("open the largest file", function () { open(biggest); });
  out["largest file rows"] = document.querySelectorAll("table.diff tr:not(.notes)").length;
  timed("open the file with most references", function () { open(most); });
  out["its rows"] = document.querySelectorAll("table.diff tr:not(.notes)").length;
  var pre = document.createElement("pre");
  pre.id = "timing";
  pre.textContent = Object.keys(out).map(function (k) {
    return k + ": " + Math.round(out[k]);
  }).join("\n");
  document.body.appendChild(pre);
})();
</script>
"""


def main(page, browser="chromium"):
    with open(page, encoding="utf-8") as f:
        text = f.read()
    work = tempfile.mkdtemp(prefix="html-timing-")
    try:
        copy = os.path.join(work, "page.html")
        with open(copy, "w", encoding="utf-8") as f:
            f.write(text.replace("</body>", TIMING + "</body>"))
        start = time.monotonic()
        p = subprocess.run([shutil.which(browser) or browser, "--headless", "--no-sandbox",
                            "--disable-gpu", "--user-data-dir=" + os.path.join(work, "profile"),
                            "--dump-dom", "file://" + copy],
                           stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
                           timeout=600)
        wall = time.monotonic() - start
    finally:
        shutil.rmtree(work, ignore_errors=True)
    timing = re.search(r'<pre id="timing">(.*?)</pre>', p.stdout, re.S)
    print("page: %.1f MB, %d file texts"
          % (len(text.encode()) / 1e6, text.count('id="musify-source-')))
    print("chromium --dump-dom, start to exit: %.1f s" % wall)
    print("in the page, ms (layout included):")
    print(timing.group(1) if timing else "no timing: the page's script failed")
    return 0 if timing else 1


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:]))
