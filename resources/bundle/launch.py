"""The bundle's executable (PyInstaller, `make bundle`): with no arguments it opens the window, with
arguments it is the command line (`wythoff-explorer moves 5 7`), exactly as the installed command."""

import sys

from explorer.cli import main

if __name__ == "__main__":
    sys.exit(main())
