"""The query panel: cold cells in rectangles, a history, batch files, and a density plot.

Shows state and emits requests; the main window runs the queries (on worker threads when
they may take time) and hands results back.
"""

from __future__ import annotations

import html
import math
from typing import Any

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QFileDialog,
    QGridLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QProgressBar,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from explorer.core.analysis.compare import Comparison
from explorer.core.analysis.tables import square_shares
from explorer.core.exact.bigint import parse_natural, share_text, short_decimal
from explorer.core.rules import Count
from explorer.gui.lazy import LazyWidget
from explorer.gui.panels.inspector import MAX_DIGITS
from explorer.session import views
from explorer.session.model import GRUNDY, REMOTENESS

PHI = (1 + math.sqrt(5)) / 2
HISTORY_COLUMNS = ["x0", "y0", "x1", "y1", "cold cells", "cells", "share", "method", "rule"]


VALUES_ARE_NATURAL = "Grundy values and remoteness are 0 or more"
HISTORY_SHOWN = views.HISTORY_SHOWN


def _breaks_text(rest: list[Any]) -> str:
    """Where a translation fails, said after its share: the cells of each rule that break it."""
    if not rest or rest[0] is None:
        return ""
    b = rest[0]
    cells = ", ".join(f"({x}, {y})" for x, y in [*b.first[:4], *b.second[:2]])
    return (
        f"; the rest lies at {b.first_count:,} cells of the first and {b.second_count:,} of the second, such as {cells}"
        if cells
        else ""
    )


class QueryPanel(QWidget):
    queryRequested = Signal(object, object, object, object)
    valueQueryRequested = Signal(str, object, object, object, object, object)  # kind, value, rectangle
    importRequested = Signal(str)
    valueImportRequested = Signal(str, str, object)  # path, kind, value: a batch counting one value
    exportRequested = Signal(str)
    cancelRequested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("queryPanel")
        self.setMaximumWidth(560)
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel("<b>Cold cells in a rectangle</b> (inclusive; Shift-drag on the grid)"))
        self.rule_label = QLabel(objectName="queryRule")
        self.rule_label.setWordWrap(True)
        layout.addWidget(self.rule_label)
        form = QGridLayout()
        self.x0 = QLineEdit(objectName="queryX0", placeholderText="0")
        self.y0 = QLineEdit(objectName="queryY0", placeholderText="0")
        self.x1 = QLineEdit(objectName="queryX", placeholderText="X")
        self.y1 = QLineEdit(objectName="queryY", placeholderText="Y")
        for edit in (self.x0, self.y0, self.x1, self.y1):
            edit.setMaxLength(MAX_DIGITS)
            edit.returnPressed.connect(self.submit)
        form.addWidget(QLabel("from x"), 0, 0)
        form.addWidget(self.x0, 0, 1)
        form.addWidget(QLabel("y"), 0, 2)
        form.addWidget(self.y0, 0, 3)
        form.addWidget(QLabel("to X"), 1, 0)
        form.addWidget(self.x1, 1, 1)
        form.addWidget(QLabel("Y"), 1, 2)
        form.addWidget(self.y1, 1, 3)
        self.value_kind = QComboBox(objectName="queryValueKind")
        self.value_kind.addItem("value G =", GRUNDY)
        self.value_kind.addItem("remoteness R =", REMOTENESS)
        self.value = QLineEdit(objectName="queryValue", placeholderText="empty: count the cold cells")
        self.value.returnPressed.connect(self.submit)
        form.addWidget(self.value_kind, 2, 0, 1, 2)
        form.addWidget(self.value, 2, 2, 1, 2)
        layout.addLayout(form)
        self.run = QPushButton("Count", objectName="queryRun")
        self.run.clicked.connect(self.submit)
        layout.addWidget(self.run)
        self.result = QLabel(objectName="queryResult")
        self.result.setWordWrap(True)
        self.result.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        layout.addWidget(self.result)

        self.history = QTableWidget(0, len(HISTORY_COLUMNS), objectName="queryHistory")
        self.history.setHorizontalHeaderLabels(HISTORY_COLUMNS)
        self.history.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        # numbers and the method are read whole: the last column stretches, and each row's text is its
        # tooltip ("100000…" and "com with…" were cut: issue 64)
        self.history.horizontalHeader().setStretchLastSection(True)
        self.history.horizontalHeader().setDefaultSectionSize(70)
        self.history.horizontalHeader().setStretchLastSection(True)
        self.history.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.history.setMinimumHeight(140)
        layout.addWidget(self.history, 3)

        files = QHBoxLayout()
        self.import_button = QPushButton("Import batch…", objectName="queryImport")
        self.import_button.clicked.connect(self._ask_import)
        self.import_button.setToolTip(
            "A file of Q, then Q lines 'X Y' or 'X0 Y0 X1 Y1'. Each rectangle counts the cold cells, or, "
            "with a value above, the cells of that value."
        )
        self.export_button = QPushButton("Export CSV…", objectName="queryExport")
        self.export_button.clicked.connect(self._ask_export)
        files.addWidget(self.import_button)
        files.addWidget(self.export_button)
        layout.addLayout(files)
        progress_row = QHBoxLayout()
        self.progress = QProgressBar(objectName="queryProgress")
        self.progress.setVisible(False)
        self.cancel = QPushButton("Cancel", objectName="queryCancel")
        self.cancel.setVisible(False)
        self.cancel.clicked.connect(self.cancelRequested)
        progress_row.addWidget(self.progress, 1)
        progress_row.addWidget(self.cancel)
        layout.addLayout(progress_row)

        layout.addWidget(QLabel("Share of cold cells in the square [0, n]², and (2/φ²)/n:"))
        self.plot_holder = LazyWidget(self._density_plot)  # built when the tab is first drawn
        self.plot_holder.setMinimumHeight(150)
        self.plot_holder.setMaximumHeight(240)
        layout.addWidget(self.plot_holder, 2)

    @property
    def plot(self) -> pg.PlotWidget:
        return self.plot_holder.widget()  # type: ignore[return-value]

    # ----- the density plot -------------------------------------------------------------------
    def _density_plot(self) -> pg.PlotWidget:
        plot = pg.PlotWidget(background="w", objectName="densityPlot")
        plot.setLogMode(x=True, y=True)
        for side in ("bottom", "left"):
            plot.getAxis(side).enableAutoSIPrefix(False)
        plot.setLabel("bottom", "n")
        plot.setLabel("left", "share")
        # the plot is Wythoff's own, whatever the rule in effect: it says so (issue 64)
        plot.setTitle("Wythoff's game: share of cold cells in [0, n]²", size="9pt")
        plot.addLegend(offset=(-10, 10))
        n = np.unique(np.round(np.logspace(0, 12, 160)).astype(np.int64))
        share = np.array(square_shares([int(v) for v in n]))
        asymptote = (2 / PHI**2) / n
        plot.plot(n, share, pen=pg.mkPen(28, 58, 138, width=2), name="Wythoff's exact share")
        plot.plot(n, asymptote, pen=pg.mkPen(214, 40, 57, width=1, style=Qt.PenStyle.DashLine), name="(2/φ²)/n")
        self.plot_n, self.plot_share = n, share
        return plot

    # ----- requests ---------------------------------------------------------------------------
    def submit(self) -> None:
        try:
            x0 = parse_natural(self.x0.text(), "x0") if self.x0.text().strip() else 0
            y0 = parse_natural(self.y0.text(), "y0") if self.y0.text().strip() else 0
            x1 = parse_natural(self.x1.text(), "X")
            y1 = parse_natural(self.y1.text(), "Y")
        except ValueError as exc:
            self.show_error(str(exc))
            return
        if x1 < x0 or y1 < y0:
            self.show_error("the rectangle is empty: X must be at least x0, and Y at least y0")
            return
        if self.value.text().strip():
            try:
                v = parse_natural(self.value.text(), "the value", VALUES_ARE_NATURAL)
            except ValueError as exc:
                self.show_error(str(exc))
                return
            self.valueQueryRequested.emit(self.value_kind.currentData(), v, x0, y0, x1, y1)
            return
        self.queryRequested.emit(x0, y0, x1, y1)

    def set_rectangle(self, x0: int, y0: int, x1: int, y1: int) -> None:
        for edit, value in ((self.x0, x0), (self.y0, y0), (self.x1, x1), (self.y1, y1)):
            edit.setText(str(value))

    def _ask_import(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, "Import a batch of queries", "", "Query files (*.txt);;All (*)")
        if not path:
            return
        if not self.value.text().strip():
            self.importRequested.emit(path)
            return
        try:
            v = parse_natural(self.value.text(), "the value", VALUES_ARE_NATURAL)
        except ValueError as exc:
            self.show_error(str(exc))
            return
        self.valueImportRequested.emit(path, self.value_kind.currentData(), v)

    def _ask_export(self) -> None:
        path, _ = QFileDialog.getSaveFileName(self, "Export results as CSV", "queries.csv", "CSV (*.csv)")
        if path:
            self.exportRequested.emit(path)

    # ----- state -> view ------------------------------------------------------------------------
    def set_rule_title(self, title: str) -> None:
        """The rule in effect, named above the panel (each answer in the history names its own)."""
        self.rule_label.setText(f"Rule: {title}")

    def show_error(self, message: str) -> None:
        self.result.setStyleSheet("color: #b00020; font-weight: bold;")
        self.result.setText(message)

    def show_busy(self, message: str) -> None:
        self.result.setStyleSheet("")
        self.result.setText(message)

    def show_count(self, x0: int, y0: int, x1: int, y1: int, answer: Count) -> None:
        self.result.setStyleSheet("")
        rect = f"[{short_decimal(x0)}, {short_decimal(x1)}] × [{short_decimal(y0)}, {short_decimal(y1)}]"
        self.result.setText(
            f"{rect}: <b>{short_decimal(answer.count, 60)}</b> cold cells of {short_decimal(answer.cells, 60)} "
            f"({share_text(answer.count, answer.cells)}), by the {answer.method} method"
        )

    def show_comparison(
        self, x0: int, y0: int, x1: int, y1: int, counts: Comparison, first: str, second: str, shifts: Any = ()
    ) -> None:
        """Two rules compared on the rectangle (View ▸ Compare with another rule), and the best shift of
        the first's cold cells onto the second's, with its share of agreement and where the rest lies
        (`shifts`: (where, Translation[, Breaks]))."""
        self.result.setStyleSheet("")
        rect = f"[{short_decimal(x0)}, {short_decimal(x1)}] × [{short_decimal(y0)}, {short_decimal(y1)}]"
        moved = "".join(
            f"<br>Best shift of {html.escape(first)}'s cold cells onto {html.escape(second)}'s {where}: "
            f"<b>({t.dx:+d}, {t.dy:+d})</b>, {t.matched:,} of {t.first:,} laid on one "
            f"({100 * t.agreement:.1f} % agree){_breaks_text(rest)}"
            for where, t, *rest in shifts
        )
        self.result.setText(
            f"{rect}: cold under both <b>{counts.both:,}</b>, under {html.escape(first)} only "
            f"<b>{counts.first_only:,}</b>, under {html.escape(second)} only <b>{counts.second_only:,}</b> "
            f"(of {counts.cells:,} cells, compared cell by cell){moved}"
        )

    def show_value_count(self, kind: str, v: int, x0: int, y0: int, x1: int, y1: int, count: int) -> None:
        self.result.setStyleSheet("")
        cells = (x1 - x0 + 1) * (y1 - y0 + 1)
        name = "G" if kind == GRUNDY else "R"
        self.result.setText(
            f"[{x0}, {x1}] × [{y0}, {y1}]: <b>{count}</b> cell{'s' * (count != 1)} with {name} = {v} of {cells} "
            f"({share_text(count, cells)}), by the Fenwick dominance counter"
        )

    def _widen(self, rows: list[tuple[int, int, int, int, int, int, str, str]]) -> None:
        """Columns at least as wide as the texts of these rows (never narrowed; measuring the whole
        table on each answer cost milliseconds a row)."""
        metrics, header = self.history.fontMetrics(), self.history.horizontalHeader()
        for x0, y0, x1, y1, count, cells, method, rule in rows:
            texts = [short_decimal(v, 30) for v in (x0, y0, x1, y1, count, cells)]
            for col, text in enumerate([*texts, share_text(count, cells), method, rule]):
                wide = min(metrics.horizontalAdvance(text) + 16, 420)
                if wide > header.sectionSize(col):
                    header.resizeSection(col, wide)

    def add_history_rows(self, rows: list[tuple[int, int, int, int, int, int, str, str]]) -> None:
        """Answers added to the session's history, at the bottom; the oldest go past HISTORY_SHOWN."""
        if not rows:
            return
        self.history.setUpdatesEnabled(False)
        for x0, y0, x1, y1, count, cells, method, rule in rows:
            row = self.history.rowCount()
            self.history.insertRow(row)
            values = [short_decimal(v, 30) for v in (x0, y0, x1, y1, count, cells)]
            values += [share_text(count, cells), method, rule]
            for col, text in enumerate(values):
                item = QTableWidgetItem(text)
                item.setToolTip(text)  # a cell cut by its column's width is read whole by hovering
                self.history.setItem(row, col, item)
        extra = self.history.rowCount() - HISTORY_SHOWN
        if extra > 0:
            self.history.model().removeRows(0, extra)
        self._widen(rows[-64:])
        self.history.setUpdatesEnabled(True)
        self.history.scrollToBottom()

    def set_history(self, rows: list[tuple[int, int, int, int, int, int, str, str]]) -> None:
        """The session's history in place of what the table listed (the newest HISTORY_SHOWN rows)."""
        self.history.setRowCount(0)
        self.add_history_rows(rows)

    def show_progress(self, done: int, total: int) -> None:
        busy = done < total
        self.progress.setVisible(busy)
        self.cancel.setVisible(busy)
        self.import_button.setEnabled(not busy)
        self.progress.setMaximum(max(total, 1))
        self.progress.setValue(done)
