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


def test_callers_ask_a_rule_what_it_can_do_by_its_type_not_by_catching_or_probing():
    """Outside the rules, what a rule can do is asked with `isinstance` against the capability
    protocols of explorer.core.protocol: never by catching NotAvailable, probing attributes, or
    comparing names and classes."""
    import re

    root = Path(__file__).resolve().parents[1] / "explorer"
    bad = re.compile(
        r"except[^\n]*NotAvailable|(?:getattr|hasattr)\(\s*(?:self\.)?(?:session\.)?rule\b"
        r"|isinstance\([^)]*,\s*\(?(?:Wythoff|Nim|Misere|Fraenkel|CustomRule|VectorSequenceRule|VectorSquareRule)\b"
        r"|rule\.key\s*==|rule\.key\.startswith"
    )
    found = []
    for path in root.rglob("*.py"):
        if "rules" in path.relative_to(root).parts[:2] and path.parts[-2] == "rules":
            continue  # the rules themselves
        for n, line in enumerate(path.read_text().splitlines(), 1):
            if bad.search(line):
                found.append(f"{path.relative_to(root)}:{n}: {line.strip()}")
    assert not found, "\n".join(found)
