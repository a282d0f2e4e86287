"""One palette for the window and for pictures drawn without Qt."""

from __future__ import annotations

import numpy as np
import pyqtgraph as pg
import pytest

from explorer.core.render import palette


@pytest.mark.parametrize("kind", ["grundy", "remoteness"])
def test_the_stored_maps_are_the_ones_the_colour_bar_draws(kind):
    sampled = pg.colormap.get(palette.COLORMAPS[kind]).getLookupTable(0.0, 1.0, 255, alpha=False)
    assert np.array_equal(palette.map_colours(kind), sampled)


@pytest.mark.parametrize("mode", ["hot/cold", "grundy"])
def test_the_window_shows_the_levels_and_colours_a_picture_has(qtbot, window, mode):
    import explorer as wx

    grid = window.grid
    grid.set_mode(mode)
    grid.set_view(0, 0, 60, 40)
    grid.render_now()
    qtbot.waitUntil(lambda: not window.busy, timeout=10_000)
    raster = grid.raster
    far_x, far_y = raster.x0 + raster.nx * raster.step, raster.y0 + raster.ny * raster.step
    picture = wx.view(raster.x0, raster.y0, far_x, far_y, mode=mode, size=(raster.nx, raster.ny))
    assert picture.step == raster.step
    assert np.array_equal(grid.image.image, picture.levels)
    assert np.array_equal(grid.image.lut, picture.drawn.lut)


def test_the_cells_image_is_drawn_from_32_bits_in_the_table_colours(qtbot):
    """pyqtgraph makes an indexed 8-bit image of levels and a colour table, which Qt draws 5x
    slower than 32 bits: CellImage converts it once per render; every pixel keeps its colour."""
    from PySide6.QtGui import QColor, QImage

    from explorer.gui.grid.items import CellImage

    lut = np.random.default_rng(4).integers(0, 256, (256, 3)).astype(np.uint8)
    levels = np.random.default_rng(5).integers(0, 256, (7, 11)).astype(np.uint8)
    item = CellImage(axisOrder="row-major")
    item.setLookupTable(lut)
    item.setImage(levels, levels=(0, 255), autoLevels=False)
    item.render()
    image = item.qimage
    assert image.format() == QImage.Format.Format_RGB32
    for j in range(7):
        for i in range(11):
            assert QColor(image.pixel(i, j)).getRgb()[:3] == tuple(lut[levels[j, i]].tolist())
