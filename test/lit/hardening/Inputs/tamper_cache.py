"""Damages or forges the entries of an --incremental cache, as a user of a
shared cache could: tamper_cache.py CACHE MODE [ARG].

Modes: offset-huge, offset-past-end (a reference past its file's end),
outside FILE (a reference moved to FILE, outside the run's inputs, from the
file FILE is a copy of, so the digest the entry records for FILE is true), swap
(each entry copied under another unit's key)."""
import glob
import json
import os
import sys


def entries(cache):
    return sorted(p for p in glob.glob(os.path.join(cache, "*", "*.json"))
                  if ".musify-" not in os.path.basename(p))


def load(path):
    with open(path) as f:
        return json.load(f)


def save(path, entry):
    with open(path, "w") as f:
        json.dump(entry, f)


def first_reference(entry):
    refs = entry["findings"]["references"]
    if not refs:
        sys.exit("no reference to damage")
    return refs[0]


def main():
    cache, mode = sys.argv[1], sys.argv[2]
    paths = entries(cache)
    if not paths:
        sys.exit("no cache entry in " + cache)
    if mode == "swap":
        texts = [open(p).read() for p in paths]
        for i, p in enumerate(paths):
            with open(p, "w") as f:
                f.write(texts[(i + 1) % len(paths)])
        return
    for p in paths:
        entry = load(p)
        if not entry["findings"]["references"]:
            continue
        ref = first_reference(entry)
        if mode == "offset-huge":
            ref[0][1] = 4294967000
        elif mode == "offset-past-end":
            ref[0][1] = os.path.getsize(ref[0][0]) - 1
            ref[1] = 40
        elif mode == "outside":
            victim = sys.argv[3]
            with open(victim, "rb") as f:
                text = f.read()
            for ref in entry["findings"]["references"]:
                with open(ref[0][0], "rb") as f:
                    if f.read() != text:
                        continue
                entry["file_digests"][victim] = entry["file_digests"][ref[0][0]]
                ref[0][0] = victim
                break
        else:
            sys.exit("unknown mode " + mode)
        save(p, entry)


if __name__ == "__main__":
    main()
