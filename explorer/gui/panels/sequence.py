"""The sequence table: k, a_k, b_k, Zeckendorf forms, the gap a_{k+1} - a_k, for any k.

The model is virtual: it covers ROWS rows from an exact start k0 (any size, 10^100 or more)
and computes a row only when the view asks for it (the rows on screen), keeping a small cache.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt, QTimer, Signal
from PySide6.QtWidgets import (
    QFileDialog,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from explorer.core import budget
from explorer.core.analysis.tables import sequence_row
from explorer.core.exact.bigint import digit_count, short_decimal, trailing_digits
from explorer.gui.panels.cells import OneCallPerCell

ROWS = 1_000_000
SYNC_BITS = 1_000  # rows of numbers below ~300 digits take well under a millisecond each
BLOCK = 64  # rows computed per worker request
CACHE_BYTES = budget.SEQUENCE_BYTES
COLUMNS = ["k", "a_k", "b_k", "Zeckendorf a_k", "Zeckendorf b_k", "gap a_{k+1} − a_k"]
CACHE = 4096


class SequenceModel(OneCallPerCell, QAbstractTableModel):
    """Rows from an exact start k0. Small numbers are computed when the view asks for them;
    rows of numbers with hundreds of digits or more (a Zeckendorf form of a 7 000-digit number
    takes milliseconds) are computed on a worker, a block at a time, and shown when they
    arrive ("…" until then), so scrolling never blocks. The cache is held to CACHE_BYTES."""

    def __init__(self, fetch: Callable[[int, list[int]], None] | None = None) -> None:
        """`fetch(start, rows)`: asks for rows too large for the GUI thread (the controller works
        them out and hands them to `arrived`); None: every row is worked out here."""
        super().__init__()
        self.start = 0
        self._cache: dict[int, tuple[Any, ...]] = {}
        self._wanted: set[int] = set()
        self.fetch = fetch
        self.computed = 0  # rows computed so far (tests check laziness)

    def set_start(self, k0: int) -> None:
        self.beginResetModel()
        self.start = k0
        self._cache.clear()
        self._wanted.clear()
        self.endResetModel()

    def rowCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else ROWS

    def columnCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(COLUMNS)

    @property
    def nbytes(self) -> int:
        """An estimate of the memory the cached rows hold."""
        return len(self._cache) * self._row_bytes()

    def _row_bytes(self) -> int:
        return 64 + 12 * digit_count(self.start + ROWS)

    def _cache_rows(self) -> int:
        """Rows the cache may hold: a row holds four numbers and two Zeckendorf strings of about
        4.8 characters per decimal digit."""
        return max(64, min(CACHE, CACHE_BYTES // self._row_bytes()))

    def _store(self, r: int, row: tuple[Any, ...]) -> None:
        if len(self._cache) >= self._cache_rows():
            self._cache.clear()
        self._cache[r] = row
        self.computed += 1

    def row(self, r: int) -> tuple[Any, ...] | None:
        """Row r, or None while it is being computed on the worker."""
        if r in self._cache:
            return self._cache[r]
        if self.fetch is None or (self.start + r).bit_length() < SYNC_BITS:
            self._store(r, sequence_row(self.start + r))
            return self._cache[r]
        if not self._wanted:
            QTimer.singleShot(0, self._compute_wanted)
        self._wanted.add(r)
        return None

    def _compute_wanted(self) -> None:
        if not self._wanted or self.fetch is None:
            return
        lo, hi = min(self._wanted), max(self._wanted)
        self.fetch(self.start, list(range(lo, min(hi + 1, lo + BLOCK))))

    def arrived(self, start: int, found: dict[int, tuple[Any, ...]]) -> None:
        if start != self.start:
            return
        for r, row in found.items():
            self._store(r, row)
            self._wanted.discard(r)
        if found:
            self.dataChanged.emit(self.index(min(found), 0), self.index(max(found), len(COLUMNS) - 1))
        if self._wanted:
            QTimer.singleShot(0, self._compute_wanted)

    def data(self, index, role=Qt.ItemDataRole.DisplayRole):  # type: ignore[no-untyped-def]
        if not index.isValid() or role not in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole):
            return None
        row = self.row(index.row())
        if row is None:
            return "…"
        value = row[index.column()]
        if isinstance(value, int):
            if role == Qt.ItemDataRole.ToolTipRole:
                return short_decimal(value, 2000)
            # long numbers: the trailing digits are the ones that change from row to row
            return str(value) if digit_count(value) <= 24 else f"…{trailing_digits(value, 20)}"
        return value if len(value) <= 40 else f"…{value[-36:]}"

    def headerData(self, section, orientation, role=Qt.ItemDataRole.DisplayRole):  # type: ignore[no-untyped-def]
        if role == Qt.ItemDataRole.DisplayRole and orientation == Qt.Orientation.Horizontal:
            return COLUMNS[section]
        return None


class SequencePanel(QWidget):
    """The view of the Sequence tab (explorer.session.views.SequenceView): the table, the start typed,
    the export buttons. Its controller (explorer.gui.controllers.sequence) keeps the start in the
    session, works out large rows and writes the exports."""

    startTyped = Signal(str)
    rowsWanted = Signal(object, object)  # (start, [rows])
    exportRequested = Signal(int)  # a CSV of this many rows
    bfileRequested = Signal(int)  # a b-file of this many terms
    exportCancelled = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("sequencePanel")
        self.setMaximumWidth(560)
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel("<b>The cold pairs (a_k, b_k)</b>, computed as you scroll"))
        row = QHBoxLayout()
        self.start = QLineEdit(objectName="sequenceStart", placeholderText="first k, any size (e.g. 10^100 as digits)")
        self.go = QPushButton("Go", objectName="sequenceGo")
        row.addWidget(self.start, 1)
        row.addWidget(self.go)
        layout.addLayout(row)
        self.error = QLabel(objectName="sequenceError")
        self.error.setStyleSheet("color: #b00020; font-weight: bold;")
        layout.addWidget(self.error)
        self.model = SequenceModel(lambda start, rows: self.rowsWanted.emit(start, rows))
        self.table = QTableView(objectName="sequenceTable")
        self.table.setModel(self.model)
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        self.table.horizontalHeader().setDefaultSectionSize(90)
        self.table.verticalHeader().setVisible(False)
        self.table.setWordWrap(False)
        self.table.setTextElideMode(Qt.TextElideMode.ElideLeft)  # keep the digits that change
        self.caption = QLabel("Numbers longer than 24 digits show their last 20 (hover for more).")
        layout.addWidget(self.caption)
        layout.addWidget(self.table, 1)
        export = QHBoxLayout()
        export.addWidget(QLabel("Export rows:"))
        self.count = QSpinBox(objectName="sequenceCount", minimum=1, maximum=1_000_000, value=1000)
        export.addWidget(self.count)
        self.export = QPushButton("Export CSV…", objectName="sequenceExport")
        export.addWidget(self.export)
        self.export_bfile = QPushButton("Export b-file…", objectName="sequenceBfile")
        self.export_bfile.setToolTip("An OEIS b-file (lines 'n a(n)') of the lower or the upper numbers, from k")
        export.addWidget(self.export_bfile)
        layout.addLayout(export)
        self.go.clicked.connect(self.jump)
        self.start.returnPressed.connect(self.jump)
        self.export.clicked.connect(lambda: self.exportRequested.emit(self.count.value()))
        self.export_bfile.clicked.connect(lambda: self.bfileRequested.emit(self.count.value()))
        self.export_status = QLabel(objectName="sequenceExportStatus")
        self.export_status.setWordWrap(True)
        layout.addWidget(self.export_status)
        self.export_cancel = QPushButton("Cancel", objectName="sequenceExportCancel")
        self.export_cancel.setVisible(False)
        self.export_cancel.clicked.connect(self.exportCancelled.emit)
        export.addWidget(self.export_cancel)

    def jump(self) -> None:
        self.startTyped.emit(self.start.text())

    # ----- what the controller shows ------------------------------------------------------------
    def set_start(self, k0: int) -> None:
        self.model.set_start(k0)
        self.table.scrollToTop()

    def show_error(self, text: str) -> None:
        self.error.setText(text)

    def show_export(self, text: str, running: bool) -> None:
        self.export_status.setText(text)
        self.export_cancel.setVisible(running)

    def rows_arrived(self, start: int, found: dict[int, tuple[Any, ...]]) -> None:
        self.model.arrived(start, found)


def ask_csv_path(parent: QWidget) -> str | None:
    path, _ = QFileDialog.getSaveFileName(parent, "Export the sequence as CSV", "sequence.csv", "CSV (*.csv)")
    return path or None


def ask_bfile_path(parent: QWidget) -> tuple[str, bool] | None:
    lower, upper = "Lower numbers a(n), A000201 (*.txt)", "Upper numbers b(n), A001950 (*.txt)"
    path, chosen = QFileDialog.getSaveFileName(parent, "Export a b-file", "b000201.txt", f"{lower};;{upper}")
    return (path, chosen == upper) if path else None
