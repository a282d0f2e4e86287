"""The Array tab: the Wythoff array, scrollable to any row and column, exact at any size.

Row m is the Fibonacci-like sequence that starts a(a(m)), a(a(m)) + a(m); every positive
integer appears once, and columns 2j - 1, 2j of a row hold the cold pairs (a_k, b_k). Long
entries are elided in the middle; hovering shows the exact value, its Zeckendorf form and
its cold pair.

A view: clicking an entry requests its pair on the grid (`entryChosen`); `show_place` shows
where the grid's selection sits. The model is virtual: a million rows from an exact start row
(any size) by 100 000 columns, each cell computed when the view first asks for it; cells of
numbers with thousands of digits are computed on a worker, a block at a time ("…" until then).
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import (
    QAbstractTableModel,
    QItemSelection,
    QItemSelectionModel,
    QModelIndex,
    QPersistentModelIndex,
    Qt,
    QTimer,
    Signal,
)
from PySide6.QtWidgets import (
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from explorer.core import budget
from explorer.core.analysis.tables import ARRAY_COLUMNS, CELL_WIDTH, ArrayCell, array_cells, array_whole_columns
from explorer.core.exact.bigint import kept_digits, short_decimals_from
from explorer.gui.panels.cells import MeasuredHeader, OneCallPerCell

ROWS = 1_000_000  # rows shown from the start row; Go moves the start anywhere
SYNC_BITS = 3_000  # a cell of numbers below ~900 digits takes well under a millisecond
BLOCK = 160  # cells computed per worker request
LOG2_PHI = 0.6942419136306174  # entries grow by this many bits a column: used only to estimate a cell's size


class ArrayModel(OneCallPerCell, QAbstractTableModel):
    def __init__(self, fetch: Callable[[int, list[tuple[int, int]]], None] | None = None) -> None:
        """`fetch(start, cells)`: asks for cells too large for the GUI thread (the controller works
        them out and hands them to `arrived`); None: every cell is worked out here."""
        super().__init__()
        self.start = 1  # the array row shown first
        self.fetch = fetch
        self._cache: dict[tuple[int, int], ArrayCell] = {}
        self._bytes = 0
        self._wanted: set[tuple[int, int]] = set()
        self._label = short_decimals_from(1, 14, ROWS)  # row headers: Qt asks for ~1 700 per layout pass
        self.computed = 0  # cells computed so far (tests check laziness)

    @property
    def nbytes(self) -> int:
        """An estimate of the memory the cached cells hold."""
        return self._bytes

    def set_start(self, row: int) -> None:
        self.beginResetModel()
        self.start = row
        self._cache.clear()
        self._bytes = 0
        self._wanted.clear()
        self._label = short_decimals_from(row, 14, ROWS)
        self.endResetModel()

    def rowCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else ROWS

    def columnCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else ARRAY_COLUMNS

    def cell(self, r: int, c: int) -> ArrayCell | None:
        """The cell at view row r, column c (both from 0), or None while a worker computes it."""
        key = (self.start + r, c + 1)
        found = self._cache.get(key)
        if found is not None:
            return found
        if self.fetch is None or key[0].bit_length() + LOG2_PHI * key[1] < SYNC_BITS:
            self._store(array_cells([key]))
            return self._cache[key]
        if not self._wanted:
            QTimer.singleShot(0, self._compute_wanted)
        self._wanted.add(key)
        return None

    def _store(self, cells: dict[tuple[int, int], ArrayCell]) -> None:
        for key, cell in cells.items():
            size = 200 + 3 * cell.value.bit_length() // 8 + 2 * (len(cell.text) + len(cell.tip))
            if self._bytes + size > budget.ARRAY_BYTES:
                self._cache.clear()
                self._bytes = 0
            self._cache[key] = cell
            self._bytes += size
            self.computed += 1

    def _compute_wanted(self) -> None:
        if not self._wanted or self.fetch is None:
            return
        self.fetch(self.start, sorted(self._wanted)[:BLOCK])

    def arrived(self, start: int, found: dict[tuple[int, int], ArrayCell]) -> None:
        if start != self.start:
            return
        self._store(found)
        self._wanted.difference_update(found)
        for row, col in found:
            index = self.index(row - start, col - 1)
            self.dataChanged.emit(index, index)
        if self._wanted:
            QTimer.singleShot(0, self._compute_wanted)

    def data(self, index, role=Qt.ItemDataRole.DisplayRole):  # type: ignore[no-untyped-def]
        if not index.isValid():
            return None
        if role == Qt.ItemDataRole.TextAlignmentRole:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        if role not in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole):
            return None
        cell = self.cell(index.row(), index.column())
        if cell is None:
            return "…" if role == Qt.ItemDataRole.DisplayRole else "Computing this entry…"
        return cell.text if role == Qt.ItemDataRole.DisplayRole else cell.tip

    def headerData(self, section, orientation, role=Qt.ItemDataRole.DisplayRole):  # type: ignore[no-untyped-def]
        if role != Qt.ItemDataRole.DisplayRole:
            return None
        if orientation == Qt.Orientation.Horizontal:
            return f"{section + 1:,}"
        # Qt re-measures the first and last hundred rows whenever the layout moves: with
        # short_decimal itself, a click on a 7 000-digit row spent 40-70 ms of one pass here
        return self._label(section)


class ArrayPanel(QWidget):
    entryChosen = Signal(object, int)  # (row, column) of the Wythoff array; rows of any size
    goRequested = Signal(str, str)  # Go: the row and the column typed
    startMoved = Signal(object)  # the table's first row moved
    cellsWanted = Signal(object, object)  # (start, [(row, column)]): cells too large for the GUI thread

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("arrayPanel")
        layout = QVBoxLayout(self)
        intro = QLabel(
            "<b>The Wythoff array.</b> Row m starts a(a(m)), a(a(m)) + a(m); each entry after is the sum "
            "of the two before. Every positive integer appears exactly once, and columns 2j − 1 and 2j "
            "of a row hold the cold pairs (a<sub>k</sub>, b<sub>k</sub>). Click an entry to select its "
            "pair on the grid; hover for its Zeckendorf form. (The array is made of Wythoff's own cold "
            "pairs, whatever rule the grid shows.)"
        )
        intro.setWordWrap(True)
        layout.addWidget(intro)
        row = QHBoxLayout()
        self.row_field = QLineEdit(objectName="arrayRow", placeholderText="row (any size)")
        self.col_field = QLineEdit(objectName="arrayColumn", placeholderText="column")
        self.go = QPushButton("Go", objectName="arrayGo")
        row.addWidget(self.row_field, 2)
        row.addWidget(self.col_field, 1)
        row.addWidget(self.go)
        layout.addLayout(row)
        self.error = QLabel(objectName="arrayError")
        self.error.setStyleSheet("color: #b00020; font-weight: bold;")
        self.error.setWordWrap(True)
        layout.addWidget(self.error)
        self.model = ArrayModel(lambda start, cells: self.cellsWanted.emit(start, cells))
        self.table = QTableView(objectName="arrayTable")
        self.table.setHorizontalHeader(MeasuredHeader(Qt.Orientation.Horizontal, self.table))
        self.table.setVerticalHeader(MeasuredHeader(Qt.Orientation.Vertical, self.table))
        self.table.setModel(self.model)
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        self.table.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        self.table.verticalHeader().setMinimumWidth(60)
        self.table.setWordWrap(False)
        self.table.setSelectionMode(QTableView.SelectionMode.ExtendedSelection)
        layout.addWidget(self.table, 1)
        self.place = QLabel(objectName="arrayPlace")
        self.place.setWordWrap(True)
        self.place.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        layout.addWidget(self.place)
        self.go.clicked.connect(self.jump)
        self.row_field.returnPressed.connect(self.jump)
        self.col_field.returnPressed.connect(self.jump)
        self.table.clicked.connect(self._chosen)
        self.table.activated.connect(self._chosen)
        self._whole = 0  # columns sized for whole numbers
        self._fit()

    def _chosen(self, index: QModelIndex) -> None:
        self.entryChosen.emit(self.model.start + index.row(), index.column() + 1)

    def jump(self) -> None:
        """Go to the row and column typed (the controller reads them)."""
        self.goRequested.emit(self.row_field.text(), self.col_field.text())

    def show_cells(self, row: int, col: int, count: int) -> None:
        """Select `count` cells from W(row, col) along the row and scroll them into view."""
        m = self.model
        if not m.start <= row < m.start + ROWS:
            self.set_start(max(1, row - 3))
            self.startMoved.emit(m.start)
        first = m.index(row - m.start, col - 1)
        last = m.index(row - m.start, min(col + count - 1, ARRAY_COLUMNS) - 1)
        self.table.selectionModel().select(
            QItemSelection(first, last), QItemSelectionModel.SelectionFlag.ClearAndSelect
        )
        self.table.selectionModel().setCurrentIndex(first, QItemSelectionModel.SelectionFlag.NoUpdate)
        self.table.scrollTo(last)
        self.table.scrollTo(first)

    def _fit(self) -> None:
        """Columns as wide as their entries: whole numbers by their widest entry, elided ones by
        the elided form with its digit count (150 px cut "(4 001 digits)" to "(40…"); the row
        headers as wide as the new start's labels (Qt kept the old width after a reset)."""
        metrics = self.table.fontMetrics()
        pad = 2 * self.table.style().pixelMetric(self.table.style().PixelMetric.PM_FocusFrameHMargin) + 12
        keep = kept_digits(CELL_WIDTH)
        header = self.table.horizontalHeader()
        wide = metrics.horizontalAdvance(f"{'8' * keep}…{'8' * keep} (888888 digits)") + pad
        header.setDefaultSectionSize(wide)
        narrowest = metrics.horizontalAdvance("888,888") + pad  # the column numbers above them
        whole = array_whole_columns(self.model.start + ROWS - 1)
        for col in range(len(whole), self._whole):  # narrowed for the rows shown before
            header.resizeSection(col, wide)
        for col, digits in enumerate(whole):
            header.resizeSection(col, max(narrowest, metrics.horizontalAdvance("8" * digits) + pad))
        self._whole = len(whole)
        self.table.updateGeometries()

    # ----- the view's side of the controller --------------------------------------------
    def show_place(self, row: int | None, col: int | None, text: str) -> None:
        """Where the grid's selection sits: a cold pair's two cells are selected and shown."""
        self.place.setText(text)
        if row is not None and col is not None:
            self.show_cells(row, col, 2)
        else:
            self.table.clearSelection()

    def set_busy(self, text: str) -> None:
        self.place.setText(text)

    def show_error(self, text: str) -> None:
        self.error.setText(text)

    def set_start(self, row: int) -> None:
        """The table from array row `row` (a session opened, or the cells asked lie elsewhere)."""
        if row != self.model.start:
            self.model.set_start(row)
            self._fit()

    def cells_arrived(self, start: int, found: dict[tuple[int, int], ArrayCell]) -> None:
        self.model.arrived(start, found)

    def selected_cells(self) -> list[tuple[int, int]]:
        """(row, column) of the selected entries, in the array's numbering."""
        indexes = self.table.selectionModel().selectedIndexes()
        return sorted((self.model.start + i.row(), i.column() + 1) for i in indexes)
