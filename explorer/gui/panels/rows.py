"""The Rows tab: Wythoff's Grundy rows at any distance. For each solved row x, its preperiod and
additive period (certified, or observed), a plot of both against x, and G(x, y) for any y.

A view: `set_rows` shows what the values controller solved; "Solve" and "G at" are requests.
"""

from __future__ import annotations

import html
from typing import Any

import pyqtgraph as pg
from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QFileDialog,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from explorer.core.exact.bigint import parse_natural
from explorer.gui.lazy import LazyWidget

BFILE_TERMS = 10_000  # a row's b-file is written at once, on the GUI thread: 21 ms here


class RowsPanel(QWidget):
    solveRequested = Signal()
    positionRequested = Signal(object, object)  # select (x, y) on the grid
    valueRequested = Signal(object, object)  # G(x, y) from the solved rows, please
    bfileRequested = Signal(str, object, int)  # an OEIS b-file of row x's first N values, to this path

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("rowsPanel")
        self.infos: list[Any] = []  # what is shown: a RowInfo per solved row (not the strip itself)
        layout = QVBoxLayout(self)
        intro = QLabel(
            "<b>Grundy rows at any distance</b> (Wythoff's G). Each row is eventually additively "
            "periodic: G(x, y + p) = G(x, y) + p past a preperiod. A row is <i>certified</i> when the "
            "whole strip of rows 0…x repeats its state (Landman's finite-state argument), so G(x, y) "
            "is then exact for every y."
        )
        intro.setWordWrap(True)
        layout.addWidget(intro)
        self.solve = QPushButton("Solve rows 0–200", objectName="rowsSolve")
        self.solve.clicked.connect(self.solveRequested)
        layout.addWidget(self.solve)
        self.status = QLabel(objectName="rowsStatus")
        self.status.setWordWrap(True)
        layout.addWidget(self.status)
        ask = QHBoxLayout()
        self.x_field = QLineEdit(objectName="rowsX", placeholderText="row x")
        self.y_field = QLineEdit(objectName="rowsY", placeholderText="column y (any size)")
        self.at = QPushButton("G(x, y)", objectName="rowsAt")
        self.at.clicked.connect(self._ask)
        self.y_field.returnPressed.connect(self._ask)
        for w in (self.x_field, self.y_field, self.at):
            ask.addWidget(w)
        layout.addLayout(ask)
        bfile = QHBoxLayout()
        bfile.addWidget(QLabel("b-file of row x, terms:"))
        self.terms = QSpinBox(objectName="rowsTerms", minimum=1, maximum=BFILE_TERMS, value=10_000)
        bfile.addWidget(self.terms)
        self.bfile = QPushButton("Export b-file…", objectName="rowsBfile")
        self.bfile.setToolTip("An OEIS b-file (lines 'y G(x, y)') of a certified row: row 1 is A004482, row 2 A004483")
        self.bfile.clicked.connect(self._ask_bfile)
        bfile.addWidget(self.bfile)
        layout.addLayout(bfile)
        self.answer = QLabel(objectName="rowsAnswer")
        self.answer.setWordWrap(True)
        layout.addWidget(self.answer)
        self.table = QTableWidget(0, 4, objectName="rowsTable")
        self.table.setHorizontalHeaderLabels(["row x", "preperiod", "period", "certified"])
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        self.table.verticalHeader().setVisible(False)
        self.table.cellDoubleClicked.connect(lambda r, _c: self.positionRequested.emit(r, r))
        layout.addWidget(self.table, 2)
        self.curves: tuple[list[int], list[int], list[int]] = ([], [], [])  # x, preperiod + 1, period
        self.plot_holder = LazyWidget(self._plot)  # built when the tab is first drawn
        self.plot_holder.setMinimumHeight(160)
        layout.addWidget(self.plot_holder, 2)

    def _plot(self) -> pg.PlotWidget:
        plot = pg.PlotWidget(background="w")
        plot.setObjectName("rowsPlot")
        plot.setMenuEnabled(False)
        item = plot.getPlotItem()
        item.setLabel("bottom", "row x")
        item.setLogMode(y=True)
        item.addLegend(offset=(5, 5))
        xs, pre, period = self.curves
        self._pre_curve = item.plot(xs, pre, pen=pg.mkPen(46, 134, 193, width=2), name="preperiod + 1")
        self._period_curve = item.plot(xs, period, pen=pg.mkPen(214, 40, 57, width=2), name="period")
        return plot

    @property
    def plot(self) -> pg.PlotWidget:
        return self.plot_holder.widget()  # type: ignore[return-value]

    @property
    def pre_curve(self) -> pg.PlotDataItem:
        self.plot_holder.widget()
        return self._pre_curve

    @property
    def period_curve(self) -> pg.PlotDataItem:
        self.plot_holder.widget()
        return self._period_curve

    def _show_curves(self, xs: list[int], pre: list[int], period: list[int]) -> None:
        self.curves = (xs, pre, period)
        if self.plot_holder.built:
            self._pre_curve.setData(xs, pre)
            self._period_curve.setData(xs, period)

    def set_busy(self, text: str) -> None:
        self.status.setText(text)

    def set_rows(self, rows: Any, note: str = "") -> None:
        """Show the solved rows (a GrundyRows, or None); only their summaries are kept, so the
        strip (the largest cache) lives as long as the values controller holds it."""
        self.infos = [] if rows is None else [rows.row(x) for x in range(rows.rows)]
        if rows is None:
            self.status.setText(note or "Grundy rows at any distance are computed for Wythoff's game.")
            self.table.setRowCount(0)
            self._show_curves([], [], [])
            return
        infos = self.infos
        certified = sum(i.certified for i in infos)
        self.status.setText(
            f"Rows 0–{rows.rows - 1}: {certified} certified; the strip repeats from column "
            f"{rows.strip_start} with period {rows.strip_period} ({rows.length:,} columns computed)."
            if rows.strip_start is not None
            else f"Not certified within {rows.length:,} columns: periods shown are observed."
        )
        self.table.setRowCount(len(infos))
        for r, info in enumerate(infos):
            cells = [str(info.x), f"{info.preperiod:,}", str(info.period), "yes" if info.certified else "observed"]
            if info.period == 0:
                cells[1:] = ["—", "not seen", "no"]
            for c, text in enumerate(cells):
                self.table.setItem(r, c, QTableWidgetItem(text))
        seen = [i for i in infos if i.period > 0]  # rows whose period no strip computed has shown are left out
        xs = [i.x for i in seen]
        self._show_curves(xs, [i.preperiod + 1 for i in seen], [i.period for i in seen])

    def _ask(self) -> None:
        try:
            x = parse_natural(self.x_field.text(), "the row x")
            y = parse_natural(self.y_field.text(), "the column y")
        except ValueError as exc:
            self.set_answer(str(exc), error=True)
            return
        self.valueRequested.emit(x, y)

    def _ask_bfile(self) -> None:
        try:
            x = parse_natural(self.x_field.text(), "the row x")
        except ValueError as exc:
            self.set_answer(str(exc), error=True)
            return
        path, _ = QFileDialog.getSaveFileName(self, "Export row x as a b-file", f"row{x}.txt", "b-file (*.txt)")
        if path:
            self.bfileRequested.emit(path, x, self.terms.value())

    def show_asked(self, x: int, y: int) -> None:
        """The cell last asked about (a session opened brings it back), in its fields."""
        self.x_field.setText(str(x))
        self.y_field.setText(str(y))

    def set_answer(self, text: str, error: bool = False) -> None:
        if error:
            text = f"<span style='color:#b00020'><b>{html.escape(text)}</b></span>"
        self.answer.setText(text)
