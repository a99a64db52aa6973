#!/usr/bin/env python3
"""Generate musify's rule tables and their docs: see scripts/rulegen/cli.py.

    python3 scripts/gen_rules.py all                 # tables, guards, docs
    python3 scripts/gen_rules.py tables --rules /tmp/rules
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from rulegen.cli import main  # noqa: E402

if __name__ == "__main__":
    sys.exit(main())
