"""Reading musify's rule tables: rules/<target>/*.json, one table per API
family beside the target's description (target.json), and the tables of its
buildfiles/ and thresholds/ folders."""

import json
import os

DESCRIPTION = "target.json"


def read(folder, name):
    """One table (or other JSON file) of a folder of rules/."""
    with open(os.path.join(folder, name), encoding="utf-8") as f:
        return json.load(f)


def table_names(folder):
    """The file names of the tables in folder (rules/<target>, or a folder of
    it), in name order; the target's description is no table."""
    return sorted(name for name in os.listdir(folder)
                  if name.endswith(".json") and name != DESCRIPTION)


def tables(folder):
    """[(file name, table)] of the tables in folder, in file name order."""
    return [(name, read(folder, name)) for name in table_names(folder)]


def targets(rules_dir):
    """The targets of rules_dir, in name order: its folders with a target.json."""
    return sorted(name for name in os.listdir(rules_dir)
                  if os.path.isfile(os.path.join(rules_dir, name, DESCRIPTION)))
