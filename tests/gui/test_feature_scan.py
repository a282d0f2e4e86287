"""The window's start asks PySide6's question of each module (does its source name PySide6?)
from the file's bytes: the answers are the ones inspect's tokenised source gives."""

from __future__ import annotations

import importlib
import inspect
import sys

import pytest


@pytest.mark.parametrize(
    "name", ["explorer.gui.grid.view", "explorer.core.rules.base", "json", "pyqtgraph.Qt", "sys", "math"]
)
def test_the_quick_scan_answers_as_pyside_does(name):
    from explorer.gui.app import quick_feature_scan

    quick_feature_scan()
    feature = sys.modules["shibokensupport.feature"]
    assert getattr(feature._mod_uses_pyside, "quick", False)
    module = importlib.import_module(name)
    try:
        want = "PySide6" in inspect.getsource(module)
    except (TypeError, OSError):  # a module without source: PySide6 says no
        want = False
    assert feature._mod_uses_pyside(module) == want
    quick_feature_scan()  # a second call changes nothing
    assert feature._mod_uses_pyside(module) == want
