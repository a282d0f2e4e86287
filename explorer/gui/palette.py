"""Colours of the grid: one lookup table shared by the image, the legend and the tests."""

from __future__ import annotations

import numpy as np

HOT = (246, 232, 205)  # N-positions: warm cream
COLD = (28, 58, 138)  # P-positions: deep blue
FAINT_COLD = (120, 160, 230)  # a pixel holding a few cold cells among very many
OUTSIDE = (205, 205, 210)  # no cells there (negative coordinates)
SELECTION = (230, 57, 70)
MOVE_ARROW = (214, 40, 57)
PHI_LINE = (46, 160, 67)
GRID_LINE = (150, 140, 120)
QUERY_RECT = (230, 126, 34)
PATH = (142, 68, 173)


def lookup_table() -> np.ndarray:
    """256 RGB rows: level 0 is hot; levels 1..255 go from a light blue to full cold, so a
    pixel with any cold cell in it is clearly blue."""
    lut = np.empty((256, 3), dtype=np.uint8)
    faint, cold = np.array(FAINT_COLD, float), np.array(COLD, float)
    lut[0] = HOT
    t = (np.arange(1, 256) - 1) / 254.0
    lut[1:] = np.round(faint + (cold - faint) * t[:, None]).astype(np.uint8)
    return lut


def hex_colour(rgb: tuple[int, int, int]) -> str:
    return "#{:02x}{:02x}{:02x}".format(*rgb)


NOT_COMPUTED = (170, 170, 175)


COLORMAPS = {"grundy": "viridis", "remoteness": "magma"}  # perceptual maps, one per kind of value


def value_colormap(kind: str = "grundy"):  # type: ignore[no-untyped-def]
    import pyqtgraph as pg

    return pg.colormap.get(COLORMAPS[kind])


def grundy_colormap():  # type: ignore[no-untyped-def]
    return value_colormap("grundy")


def value_lookup_table(kind: str = "grundy") -> np.ndarray:
    """Level 0: not computed (grey); levels 1..255: a perceptual map, low to high value
    (viridis for G; magma for remoteness, dark = the game ends soon)."""
    lut = np.empty((256, 3), dtype=np.uint8)
    lut[0] = NOT_COMPUTED
    lut[1:] = value_colormap(kind).getLookupTable(0.0, 1.0, 255, alpha=False)
    return lut


def grundy_lookup_table() -> np.ndarray:
    return value_lookup_table("grundy")


def custom_lookup_table() -> np.ndarray:
    """Custom rules: level 0 is not solved (grey), 1 hot, 2..255 cold as in lookup_table."""
    lut = np.empty((256, 3), dtype=np.uint8)
    base = lookup_table()
    lut[0] = NOT_COMPUTED
    lut[1] = base[0]
    lut[2:] = base[2:]
    return lut
