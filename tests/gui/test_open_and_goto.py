"""`wythoff-explorer open FILE`, `--goto A B --rule R --mode M`, and `screenshot --session/--rule/--mode`."""

from __future__ import annotations

import subprocess
import sys

import numpy as np
import pytest
from PySide6.QtGui import QImage

from explorer.gui.app import prepare_window
from explorer.session import store

BIG = 10**100


def _run(*args):
    return subprocess.run([sys.executable, "-m", "explorer", *args], capture_output=True, text=True, timeout=120)


def test_the_window_opens_where_the_command_line_says(qtbot, window, tmp_path):
    prepare_window(window, rule="wythoff:2", mode="grundy", goto=(BIG, BIG + 3))
    qtbot.waitUntil(lambda: not window.busy, timeout=20_000)
    assert window.session.rule.key == "wythoff:2" and window.session.mode == "grundy"
    assert window.session.selection == (BIG, BIG + 3)
    x0, y0, x1, y1 = window.grid.visible_cells()
    assert x0 <= BIG < x1 and y0 <= BIG + 3 < y1


def test_a_session_file_opens_in_the_window(qtbot, window, tmp_path):
    path = tmp_path / "s.json"
    store.save(path, store.SavedSession(rule="nim", view=(BIG, BIG, BIG + 40, BIG + 30), mode="remoteness"))
    prepare_window(window, session=str(path))
    qtbot.waitUntil(lambda: not window.busy, timeout=20_000)
    assert window.session.rule.key == "nim" and window.session.mode == "remoteness"
    assert window.sessions.current_view() == (BIG, BIG, BIG + 40, BIG + 30)


@pytest.mark.parametrize(
    "args",
    [
        ["open", "/no/such/file.json"],
        ["--goto", "5", "x"],
        ["--goto", "5", "7", "--mode", "heat"],
        ["--rule", "chess"],
        ["screenshot", "out.png", "--rule", "chess"],
        ["screenshot", "out.png", "--mode", "heat"],
        ["screenshot", "out.png", "--panel", "toolbox"],
    ],
)
def test_bad_window_options_are_one_line_and_status_2(args, tmp_path):
    r = subprocess.run([sys.executable, "-m", "explorer", *args], capture_output=True, text=True, cwd=tmp_path)
    assert r.returncode == 2 and r.stdout == "" and len(r.stderr.strip().splitlines()) == 1


def test_a_damaged_session_file_is_refused_before_any_window(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "wythoff-explorer-session", "version": 7}')
    for args in (["open", str(bad)], ["screenshot", str(tmp_path / "o.png"), "--session", str(bad)]):
        r = _run(*args)
        assert r.returncode == 2 and "newer Wythoff Explorer" in r.stderr and len(r.stderr.splitlines()) == 1
    assert not (tmp_path / "o.png").exists()


@pytest.mark.slow  # new processes of the window: not the inner loop
def test_a_saved_view_renders_headless_with_its_rule_and_mode(tmp_path):
    path = tmp_path / "s.json"
    store.save(path, store.SavedSession(rule="wythoff:3", view=(0, 0, 60, 40), mode="grundy"))
    out = tmp_path / "shot.png"
    r = _run("screenshot", str(out), "--session", str(path), "--size", "900x600")
    assert r.returncode == 0, r.stderr
    image = QImage(str(out)).convertToFormat(QImage.Format.Format_RGB888)
    w, h = image.width(), image.height()  # the window may not shrink below its minimum height
    assert w == 900 and h >= 600
    raw = np.frombuffer(image.constBits(), dtype=np.uint8, count=image.bytesPerLine() * h)
    colours = {tuple(c) for c in raw.reshape(h, -1)[:, : 3 * w].reshape(-1, 3)[::97]}
    assert len(colours) > 40  # a Grundy picture: many colours, not the two of hot/cold


def test_any_panel_can_be_in_front(qtbot, window):
    """`screenshot --panel NAME` (the guide's pictures of each panel): every name the command
    line accepts brings its own panel to the front."""
    from explorer.session.views import PANELS

    for name in PANELS:
        window.show_panel(name)
        qtbot.waitUntil(lambda name=name: _front_tab(window) == window.docks[name].windowTitle())


def _front_tab(window):
    from PySide6.QtWidgets import QTabBar

    bars = [b for b in window.findChildren(QTabBar) if b.count() == len(window.docks)]
    assert len(bars) == 1
    return bars[0].tabText(bars[0].currentIndex())
