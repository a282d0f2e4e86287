"""The sequence table: k, a_k, b_k, Zeckendorf forms, the gap a_{k+1} - a_k, for any k.

The model is virtual: it covers ROWS rows from an exact start k0 (any size, 10^100 or more)
and computes a row only when the view asks for it (the rows on screen), keeping a small cache.
"""

from __future__ import annotations

import csv
from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt
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

from explorer.core.analysis.tables import sequence_row
from explorer.core.exact.bigint import digit_count, parse_natural, short_decimal, trailing_digits

ROWS = 1_000_000
COLUMNS = ["k", "a_k", "b_k", "Zeckendorf a_k", "Zeckendorf b_k", "gap a_{k+1} − a_k"]
CACHE = 4096


class SequenceModel(QAbstractTableModel):
    def __init__(self) -> None:
        super().__init__()
        self.start = 0
        self._cache: dict[int, tuple[Any, ...]] = {}
        self.computed = 0  # rows computed so far (tests check laziness)

    def set_start(self, k0: int) -> None:
        self.beginResetModel()
        self.start = k0
        self._cache.clear()
        self.endResetModel()

    def rowCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else ROWS

    def columnCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(COLUMNS)

    def row(self, r: int) -> tuple[Any, ...]:
        if r not in self._cache:
            if len(self._cache) > CACHE:
                self._cache.clear()
            self._cache[r] = sequence_row(self.start + r)
            self.computed += 1
        return self._cache[r]

    def data(self, index, role=Qt.ItemDataRole.DisplayRole):  # type: ignore[no-untyped-def]
        if not index.isValid() or role not in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole):
            return None
        value = self.row(index.row())[index.column()]
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
        self.model = SequenceModel()
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
        layout.addLayout(export)
        self.go.clicked.connect(self.jump)
        self.start.returnPressed.connect(self.jump)
        self.export.clicked.connect(self._ask_export)

    def jump(self) -> None:
        try:
            k0 = parse_natural(self.start.text(), "k")
        except ValueError as exc:
            self.error.setText(str(exc))
            return
        self.error.setText("")
        self.model.set_start(k0)
        self.table.scrollToTop()

    def _ask_export(self) -> None:
        path, _ = QFileDialog.getSaveFileName(self, "Export the sequence as CSV", "sequence.csv", "CSV (*.csv)")
        if path:
            self.export_csv(path, self.count.value())

    def export_csv(self, path: str, count: int) -> None:
        try:
            with open(path, "w", newline="") as handle:
                writer = csv.writer(handle)
                writer.writerow(["k", "a_k", "b_k", "zeckendorf_a", "zeckendorf_b", "gap"])
                for k in range(self.model.start, self.model.start + count):
                    writer.writerow(sequence_row(k))
        except OSError as exc:
            self.error.setText(f"Cannot write {path}: {exc.strerror or exc}")
