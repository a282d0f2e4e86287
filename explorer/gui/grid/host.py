"""What the grid's parts (its marks, overlays and value extras) need from the grid: a typed
interface, so each part is built from the grid rather than mixed into it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    import pyqtgraph as pg

    from explorer.core.render.frame import Frame
    from explorer.session.model import Session


class GridHost(Protocol):
    """The grid as its parts see it: where to draw, the exact frame from cells to the scene, what
    is in view, and the session model it draws from."""

    vb: pg.ViewBox  # the scene's view box: parts add and remove their items there
    frame: Frame  # cells <-> float64 scene coordinates, exactly
    session: Session  # the model: rule, values, colour mode

    def visible_cells(self) -> tuple[int, int, int, int]: ...  # [x0, x1) x [y0, y1) on screen
    def step(self) -> int: ...  # cells a texel (1 when single cells are shown)
    def cells_per_pixel(self) -> float: ...
    def getPlotItem(self) -> pg.PlotItem: ...  # its layout holds the colour bar
