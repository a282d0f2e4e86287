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
def test_the_window_shows_the_levels_and_colours_a_picture_has(qtbot, board, mode):
    import explorer as wx

    grid = board.grid
    board.session.mode = mode
    grid.set_view(0, 0, 60, 40)
    grid.render_now()
    qtbot.waitUntil(lambda: not board.busy, timeout=60_000)  # Grundy colouring solves its rows first
    raster = grid.raster
    far_x, far_y = raster.x0 + raster.nx * raster.step, raster.y0 + raster.ny * raster.step
    picture = wx.view(raster.x0, raster.y0, far_x, far_y, mode=mode, size=(raster.nx, raster.ny))
    assert picture.step == raster.step
    assert np.array_equal(grid.image.image, picture.levels)
    assert np.array_equal(grid.image.lut, picture.drawn.lut)


@pytest.mark.parametrize("compiled", [True, False])
def test_the_cells_image_is_drawn_from_32_bits_in_the_table_colours(qtbot, monkeypatch, compiled):
    """pyqtgraph makes an indexed 8-bit image of levels and a colour table, which Qt draws 5x
    slower than 32 bits: CellImage colours the levels itself, in memory it keeps from frame to
    frame. Every pixel has its level's colour, in every frame, whatever the frame before left
    in that memory; a table with alpha still goes through pyqtgraph and is converted. Both ways
    of colouring: the loop built ahead of time, and numpy's (two texels at a time) without it."""
    from PySide6.QtGui import QColor, QImage

    from explorer.gui.grid import items
    from explorer.gui.grid.items import CellImage

    if compiled:
        assert items.compiled_colour() is not None  # `make test` builds it first
    else:
        monkeypatch.setattr(items, "compiled_colour", lambda: None)

    rng = np.random.default_rng(4)
    item = CellImage(axisOrder="row-major")
    for ny, nx in ((7, 11), (8, 11), (7, 10), (30, 41)):  # a view that wiggles, then grows
        lut = rng.integers(0, 256, (256, 3)).astype(np.uint8)
        levels = rng.integers(0, 256, (ny, nx)).astype(np.uint8)
        item.setLookupTable(lut)
        item.setImage(levels, levels=(0, 255), autoLevels=False)
        item.render()
        image = item.qimage
        assert image.format() == QImage.Format.Format_RGB32
        assert (image.width(), image.height()) == (nx, ny)
        for j in range(ny):
            for i in range(nx):
                assert QColor(image.pixel(i, j)).getRgb() == (*lut[levels[j, i]].tolist(), 255)

    rgba = np.concatenate([lut, np.full((256, 1), 255, dtype=np.uint8)], axis=1)
    item.setLookupTable(rgba)
    item.setImage(levels, levels=(0, 255), autoLevels=False)
    item.render()
    image = item.qimage
    assert image.format() in (QImage.Format.Format_RGB32, QImage.Format.Format_ARGB32_Premultiplied)
    for j in range(0, 30, 7):
        for i in range(0, 41, 5):
            assert QColor(image.pixel(i, j)).getRgb() == (*lut[levels[j, i]].tolist(), 255)
