"""An exported SVG rendered back by Qt's own SVG renderer (QSvgRenderer) has its cold cells where the PNG
export of the same view has them, and where brute force puts them (issue 50)."""

from __future__ import annotations

import numpy as np

import explorer.api as wx
from explorer.core.render.figure import LEFT, TOP
from explorer.core.render.figure_files import to_png
from explorer.core.render.palette import COLD, HOT
from tests.oracles import cold_table


def test_the_svg_rendered_by_qt_matches_the_png_cell_by_cell(qapp, tmp_path):
    import io

    from PIL import Image
    from PySide6.QtCore import QRectF
    from PySide6.QtGui import QImage, QPainter
    from PySide6.QtSvg import QSvgRenderer

    n = 24
    fig = wx.figure(3, 2, 3 + n, 2 + n, size=(360, 360))
    wx.save_figure(tmp_path / "f.svg", fig)
    w, h = round(2 * fig.width), round(2 * fig.height)
    image = QImage(w, h, QImage.Format.Format_RGB888)
    image.fill(0xFFFFFF)
    painter = QPainter(image)
    renderer = QSvgRenderer(str(tmp_path / "f.svg"))
    assert renderer.isValid()
    renderer.render(painter, QRectF(0, 0, w, h))
    painter.end()
    qt = np.frombuffer(image.constBits(), dtype=np.uint8).reshape(h, image.bytesPerLine())[:, : 3 * w].reshape(h, w, 3)
    png = np.asarray(Image.open(io.BytesIO(to_png(fig, 2.0))).convert("RGB"))
    assert png.shape == qt.shape
    table = cold_table(3 + n)
    s = fig.clip[2] / n
    for i in range(n):
        for j in range(n):
            x, y = 3 + i, 2 + j
            px, py = int(2 * (LEFT + (i + 0.5) * s)), int(2 * (TOP + (n - j - 0.5) * s))
            want = np.array(COLD if table[x][y] else HOT)
            assert np.abs(qt[py, px].astype(int) - want).max() <= 12, (x, y, qt[py, px])
            assert np.abs(png[py, px].astype(int) - want).max() <= 12, (x, y, png[py, px])
