"""Writing the tables: deterministic JSON (2-space indent, UTF-8, a trailing
newline; entries sorted by (cuda, kind)), so a rerun gives byte-identical files."""

import json
import os
import sys


def write_json(path, document):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        f.write(json.dumps(document, indent=2, ensure_ascii=False) + "\n")
    return path


def write_documents(out_dir, documents):
    """documents: {path relative to out_dir: document}."""
    return [write_json(os.path.join(out_dir, rel), doc) for rel, doc in sorted(documents.items())]


def write_table(out_dir, target, family, description, entries, library=None):
    entries = sorted(entries, key=lambda e: (e["cuda"], e["kind"]))
    keys = [(e["cuda"], e["kind"]) for e in entries]
    duplicates = sorted({a for a, b in zip(keys, keys[1:]) if a == b})
    if duplicates:
        sys.exit("gen_rules: duplicate entries in %s/%s: %s" % (target, family, duplicates[:5]))
    table = {"target": target, "family": family, "description": description}
    if library:
        table["library"] = library
    table["entries"] = entries
    return write_json(os.path.join(out_dir, target, family + ".json"), table)


def summarize(tables):
    print("%-6s %-18s %8s %10s %12s %11s %8s" % (
        "target", "family", "entries", "supported", "unsupported", "deprecated", "removed"))
    for (target, family), entries in sorted(tables.items()):
        count = {s: sum(1 for e in entries if e["status"] == s)
                 for s in ("supported", "unsupported", "deprecated", "removed")}
        print("%-6s %-18s %8d %10d %12d %11d %8d" % (
            target, family, len(entries), count["supported"], count["unsupported"],
            count["deprecated"], count["removed"]))
