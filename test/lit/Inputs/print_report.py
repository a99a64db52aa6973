"""Prints a musify JSON report compactly, one line per fact, for FileCheck.

usage: print_report.py REPORT

  tool NAME VERSION
  target TARGET
  cuda PATH VERSION
  inputs INPUT...
  file BASENAME output=OUTPUT analysis=ANALYSIS [fallback=REASON]
    LINE:COL CUDA -> TARGET kind=KIND family=FAMILY status=STATUS evidence=EVIDENCE
        [cuda_status=S] [note=NOTE] [source=SOURCE]
    conflict LINE:COL EXISTING | INCOMING
  totals KEY=VALUE...
"""
import json
import os
import sys


def main(path):
    with open(path) as f:
        r = json.load(f)
    print("tool", r["tool"]["name"], r["tool"]["version"])
    print("target", r["target"])
    print("cuda", r["cuda"]["path"] or "<none>", r["cuda"]["version"] or "<none>")
    print("inputs", *(os.path.basename(i) for i in r["inputs"]))
    for f in r["files"]:
        output = f["output"]
        if output not in (None, "-"):
            output = os.path.basename(output)
        line = f"file {os.path.basename(f['path'])} output={output} analysis={f['analysis']}"
        if "fallback_reason" in f:
            line += f" fallback={f['fallback_reason']}"
        print(line)
        for e in f["references"]:
            line = (f"  {e['line']}:{e['column']} {e['cuda']} -> {e['target']}"
                    f" kind={e['kind']} family={e['family'] or '<none>'}"
                    f" status={e['status']} evidence={e['evidence']}")
            if "cuda_status" in e:
                line += f" cuda_status={e['cuda_status']}"
            if "note" in e:
                line += f" note={e['note']}"
            if "source" in e:
                line += f" source={e['source']}"
            print(line)
        for c in f["conflicts"]:
            print(f"  conflict {c['line']}:{c['column']} {c['existing']} | {c['incoming']}")
    print("totals", " ".join(f"{k}={v}" for k, v in r["totals"].items()))


if __name__ == "__main__":
    main(sys.argv[1])
