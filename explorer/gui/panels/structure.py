"""The Structure tab: where a rule's cold cells go far out (issue 29).

Two plots of the upper cold pairs (x, y), x <= y: the ratio y / x against x (Maharaja Nim's stays
near φ; (1,2)-GDWN's splits into bands, its P-beams), and the offset y − ⌊φ·x⌋ from Wythoff's line
with the largest |offset| so far. A view: it shows what the controller computed (`set_structure`)
and asks for a new computation or an export.
"""

from __future__ import annotations

import html
from typing import Any

import pyqtgraph as pg
from PySide6.QtCore import Signal
from PySide6.QtWidgets import QComboBox, QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from explorer.gui.lazy import LazyWidget

GOLDEN = (1 + 5**0.5) / 2  # a guide line on the plot only: every figure behind it is exact


class StructurePanel(QWidget):
    refreshRequested = Signal()
    exportRequested = Signal()
    bfileRequested = Signal()
    valueChosen = Signal(object)  # None: the cold pairs; h: the cells of Grundy value h

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("structurePanel")
        self.setMaximumWidth(560)
        layout = QVBoxLayout(self)
        self.status = QLabel(objectName="structureStatus")
        self.status.setWordWrap(True)
        layout.addWidget(self.status)
        choose = QHBoxLayout()
        self.which = QComboBox(objectName="structureWhich")
        self.which.addItem("the cold pairs", None)
        for h in range(1, 16):
            self.which.addItem(f"the cells of Grundy value {h}", h)
        self.which.setToolTip(
            "Far out each Grundy value's cells are a sequence (rules with Nim's rays): their offsets from "
            "Wythoff's line stay in a strip whose width grows with the value"
        )
        self.which.activated.connect(lambda i: self.valueChosen.emit(self.which.itemData(i)))
        choose.addWidget(QLabel("Show"))
        choose.addWidget(self.which, 1)
        layout.addLayout(choose)
        self.plots = LazyWidget(self._build_plots)
        self.plots.setMinimumHeight(360)
        layout.addWidget(self.plots, 1)
        buttons = QHBoxLayout()
        self.refresh = QPushButton("Refresh", objectName="structureRefresh")
        self.refresh.setToolTip("Read the pairs again (after the sequence has grown)")
        self.refresh.clicked.connect(self.refreshRequested.emit)
        self.export = QPushButton("Export CSV…", objectName="structureExport")
        self.export.clicked.connect(self.exportRequested.emit)
        self.bfile = QPushButton("Export b-file…", objectName="structureBfile")
        self.bfile.setToolTip("An OEIS b-file (lines 'n a(n)') of the cells' x or y")
        self.bfile.clicked.connect(self.bfileRequested.emit)
        buttons.addWidget(self.refresh)
        buttons.addStretch(1)
        buttons.addWidget(self.export)
        buttons.addWidget(self.bfile)
        layout.addLayout(buttons)
        self.shown: dict[str, tuple[Any, Any]] = {}
        self.status.setText(
            "Choose a rule solved as a sequence (Maharaja Nim, GDWN, move vectors) to see its structure."
        )

    def _build_plots(self) -> QWidget:
        holder = pg.GraphicsLayoutWidget()
        holder.setBackground("w")
        holder.setObjectName("structurePlots")
        self.ratio_plot = holder.addPlot(row=0, col=0)
        self.ratio_plot.setLabel("left", "y / x")
        self.ratio_plot.setLabel("bottom", "x")
        self.ratio_plot.addLine(y=GOLDEN, pen=pg.mkPen(200, 120, 0, style=pg.QtCore.Qt.PenStyle.DashLine))
        self.ratio_points = pg.ScatterPlotItem(size=2, pen=None, brush=pg.mkBrush(30, 60, 150, 160))
        self.ratio_plot.addItem(self.ratio_points)
        self.offset_plot = holder.addPlot(row=1, col=0)
        self.offset_plot.setLabel("left", "y − ⌊φx⌋")
        self.offset_plot.setLabel("bottom", "x")
        self.offset_points = pg.ScatterPlotItem(size=2, pen=None, brush=pg.mkBrush(30, 60, 150, 160))
        self.largest = pg.PlotCurveItem(pen=pg.mkPen(214, 40, 57, width=1.5))
        self.offset_plot.addItem(self.offset_points)
        self.offset_plot.addItem(self.largest)
        for plot in (self.ratio_plot, self.offset_plot):
            plot.setMenuEnabled(False)
            plot.hideButtons()
        self._draw()
        return holder

    def set_busy(self, text: str) -> None:
        self.status.setText(html.escape(text))

    def set_structure(
        self, summary: str, ratio: tuple[Any, Any], offset: tuple[Any, Any], largest: tuple[Any, Any]
    ) -> None:
        """Thinned (x, value) arrays for each plot, and a line of text saying what they are."""
        self.status.setText(summary)
        self.shown = {"ratio": ratio, "offset": offset, "largest": largest}
        if self.plots.built:
            self._draw()

    def set_unavailable(self, text: str) -> None:
        self.status.setText(html.escape(text))
        self.shown = {}
        if self.plots.built:
            self._draw()

    def _draw(self) -> None:
        empty: tuple[list[int], list[int]] = ([], [])
        self.ratio_points.setData(*self.shown.get("ratio", empty))
        self.offset_points.setData(*self.shown.get("offset", empty))
        self.largest.setData(*self.shown.get("largest", empty))
