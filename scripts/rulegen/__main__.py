import sys

from rulegen.cli import main

sys.exit(main())
