"""`python -m explorer` is the same as the `wythoff-explorer` command."""

import sys

from explorer.cli import main

sys.exit(main())
