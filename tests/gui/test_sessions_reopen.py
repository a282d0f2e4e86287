"""A saved session reopens under every rule the registry knows, wherever its position lies, in a new
process (issue 48: a Maharaja session at (60000, 97000) reopened only in the process that had
grown the sequence, and `screenshot --session` printed a traceback and exited 0)."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from explorer.core.protocol import Growing
from explorer.core.rules.registry import FAMILIES, parse_rule
from explorer.core.rules.vectors import START_COLUMNS
from explorer.session.store import SavedSession, save

# families the window lists no example of: one rule each, a growing one and a solved square
OTHERS = {"vectors": "vectors:rays=1,0 1,1;jumps=1,2", "custom": "custom:one=1 2;both=1;a=1;n=64"}

REOPEN = r"""
import json, sys, time
from PySide6.QtCore import QSettings
from explorer.gui.app import application
from explorer.gui.main_window import MainWindow
app = application()
out = {}
for key, path in json.loads(sys.argv[1]):
    window = MainWindow(settings=QSettings(path + ".ini", QSettings.Format.IniFormat))
    warned = []
    window.dialogs.warn = lambda title, message: warned.append(message)
    window.files.open_session(path)
    deadline = time.monotonic() + 60
    while (window.busy or window.session.selection is None) and time.monotonic() < deadline and not warned:
        app.processEvents()
        time.sleep(0.01)
    out[key] = [window.session.rule.key, list(window.session.selection or ()), warned]
    window.close()
print(json.dumps(out))
"""


def _position(key: str) -> tuple[int, int]:
    """Beyond the rule's first solved bound where it grows (whatever this process has grown since);
    inside a solved square; far out where the rule is exact everywhere."""
    rule = parse_rule(key)
    if isinstance(rule, Growing):
        return START_COLUMNS + 1000, START_COLUMNS * 3 // 2
    if rule.bound is not None:
        return rule.bound - 5, rule.bound - 2
    return 10**20 + 3, 10**20 + 9


@pytest.mark.slow  # new processes of the window: not the inner loop
def test_every_family_reopens_its_session_in_a_new_process(tmp_path):
    keys = [f.examples[0] if f.examples else OTHERS[f.name] for f in FAMILIES]
    files = []
    for i, key in enumerate(keys):
        path = str(tmp_path / f"session{i}.json")
        save(path, SavedSession(key, None, "hot/cold", _position(key), (), None, ()))
        files.append((key, path))
    run = subprocess.run(
        [sys.executable, "-c", REOPEN, json.dumps(files)],
        capture_output=True,
        text=True,
        timeout=600,
        env={**os.environ, "QT_QPA_PLATFORM": "offscreen"},
    )
    assert run.returncode == 0, run.stderr[-2000:]
    found = json.loads(run.stdout.strip().splitlines()[-1])
    for key, _ in files:
        rule_key, selection, warned = found[key]
        assert warned == [], (key, warned)
        assert rule_key == parse_rule(key).key and tuple(selection) == _position(key), key


@pytest.mark.slow  # new processes of the window: not the inner loop
def test_a_session_beyond_what_the_window_solves_is_one_sentence_and_status_2(tmp_path):
    path = str(tmp_path / "far.json")
    save(path, SavedSession("maharaja", None, "hot/cold", (10**30, 7), (), None, ()))
    run = subprocess.run(
        [sys.executable, "-m", "explorer", "screenshot", str(tmp_path / "out.png"), "--session", path],
        capture_output=True,
        text=True,
        timeout=300,
        env={**os.environ, "QT_QPA_PLATFORM": "offscreen"},
    )
    assert run.returncode == 2 and run.stdout == ""
    assert run.stderr.count("\n") == 1 and "Traceback" not in run.stderr
    assert "Could not open far.json" in run.stderr and "lies beyond" in run.stderr
    assert not (tmp_path / "out.png").exists()
