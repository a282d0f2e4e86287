"""explorer.core must import and work with Qt made unimportable (as napari enforces)."""

from __future__ import annotations

import subprocess
import sys

BLOCKER = """
import sys, importlib.abc
class Block(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.split('.')[0] in ('PySide6', 'PyQt5', 'PyQt6', 'shiboken6', 'pyqtgraph', 'superqt'):
            raise ImportError('Qt is blocked: ' + name)
sys.meta_path.insert(0, Block())
import pkgutil, importlib, explorer.core
for m in pkgutil.walk_packages(explorer.core.__path__, 'explorer.core.'):
    importlib.import_module(m.name)
from explorer.core import winning_moves
assert [m.target for m in winning_moves(5, 7)] == [(3, 5), (4, 7), (5, 3)]
"""


def test_core_imports_without_qt():
    subprocess.run([sys.executable, "-c", BLOCKER], check=True)
