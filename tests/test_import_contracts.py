"""The import contracts of pyproject.toml (import-linter), run with the suite so CI enforces them:
Qt stays out of the core, the rules and the session model; panels keep out of the mathematics."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest


def test_import_contracts_are_kept():
    exe = Path(sys.executable).with_name("lint-imports")
    command = [str(exe)] if exe.exists() else [shutil.which("lint-imports") or "lint-imports"]
    if not Path(command[0]).exists() and shutil.which(command[0]) is None:
        pytest.fail("lint-imports is not installed: `make test` installs the dev extras")
    root = Path(__file__).resolve().parents[1]
    done = subprocess.run(command, cwd=root, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]
