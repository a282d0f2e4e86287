"""Regression: PySide6 6.12.0's QPainter.drawImage drops a reference to None per call.

On Python < 3.12 (None is not immortal) the window then aborts with
"Fatal Python error: none_dealloc" after some thousands of frames. The pin in
pyproject.toml avoids that release; this test fails if a binding with the bug returns.
"""

from __future__ import annotations

import sys

import numpy as np
from PySide6.QtCore import QRectF
from PySide6.QtGui import QImage, QPainter, QPixmap


def test_draw_image_keeps_none_alive(qapp):
    image = QImage(np.zeros((8, 8, 4), np.uint8), 8, 8, 32, QImage.Format.Format_ARGB32)
    pixmap = QPixmap(16, 16)
    painter = QPainter(pixmap)
    before = sys.getrefcount(None)
    for _ in range(500):
        painter.drawImage(QRectF(0, 0, 8, 8), image)
    after = sys.getrefcount(None)
    painter.end()
    assert after >= before - 50, f"None lost {before - after} references in 500 drawImage calls"


def test_rendering_the_grid_keeps_none_alive(board):
    before = sys.getrefcount(None)
    for _ in range(100):
        board.grid.render_now()
        board.grid.viewport().grab()
    assert sys.getrefcount(None) >= before - 100
