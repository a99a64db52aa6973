"""Validates musify JSON reports against docs/report.schema.json.

usage: validate_report.py SCHEMA REPORT...
Prints "REPORT: valid" for each valid report; for an invalid one, prints every
error with its place in the report and exits 1.
"""
import json
import sys

import jsonschema


def main(argv):
    if len(argv) < 3:
        sys.exit("usage: validate_report.py SCHEMA REPORT...")
    with open(argv[1]) as f:
        schema = json.load(f)
    validator_class = jsonschema.validators.validator_for(schema)
    validator_class.check_schema(schema)
    validator = validator_class(schema)
    failed = False
    for path in argv[2:]:
        with open(path) as f:
            report = json.load(f)
        errors = sorted(validator.iter_errors(report), key=lambda e: list(e.path))
        for error in errors:
            where = "/".join(str(p) for p in error.absolute_path) or "(top)"
            print(f"{path}: {where}: {error.message}")
        if errors:
            failed = True
        else:
            print(f"{path}: valid")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
