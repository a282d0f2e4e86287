"""The sequence table: k, a_k, b_k, Zeckendorf forms, the gap a_{k+1} - a_k, for any k.

The model is virtual: it covers ROWS rows from an exact start k0 (any size, 10^100 or more)
and computes a row only when the view asks for it (the rows on screen), keeping a small cache.
"""

from __future__ import annotations

import csv
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt, QTimer
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
from explorer.core.exact.bigint import digit_count, parse_natural, short_decimal, trailing_digits
from explorer.core.textio.atomic import replaced
from explorer.gui.jobs import LatestJob
from explorer.gui.panels.cells import OneCallPerCell
from explorer.session.jobs import Cancelled

ROWS = 1_000_000
SYNC_BITS = 1_000  # rows of numbers below ~300 digits take well under a millisecond each
BLOCK = 64  # rows computed per worker request
CACHE_BYTES = budget.SEQUENCE_BYTES
EXPORT_LIMIT = 400_000_000  # digits written by one export (a file of about 1 GB at most)
COLUMNS = ["k", "a_k", "b_k", "Zeckendorf a_k", "Zeckendorf b_k", "gap a_{k+1} − a_k"]
CACHE = 4096


class SequenceModel(OneCallPerCell, QAbstractTableModel):
    """Rows from an exact start k0. Small numbers are computed when the view asks for them;
    rows of numbers with hundreds of digits or more (a Zeckendorf form of a 7 000-digit number
    takes milliseconds) are computed on a worker, a block at a time, and shown when they
    arrive ("…" until then), so scrolling never blocks. The cache is held to CACHE_BYTES."""

    def __init__(self, jobs: LatestJob | None = None) -> None:
        super().__init__()
        self.start = 0
        self._cache: dict[int, tuple[Any, ...]] = {}
        self._wanted: set[int] = set()
        self.jobs = jobs
        self.computed = 0  # rows computed so far (tests check laziness)

    @property
    def busy(self) -> bool:
        return self.jobs is not None and self.jobs.busy

    def set_start(self, k0: int) -> None:
        self.beginResetModel()
        self.start = k0
        self._cache.clear()
        self._wanted.clear()
        if self.jobs is not None:
            self.jobs.cancel()
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
        if self.jobs is None or (self.start + r).bit_length() < SYNC_BITS:
            self._store(r, sequence_row(self.start + r))
            return self._cache[r]
        if not self._wanted:
            QTimer.singleShot(0, self._compute_wanted)
        self._wanted.add(r)
        return None

    def _compute_wanted(self) -> None:
        if not self._wanted or self.jobs is None:
            return
        lo, hi = min(self._wanted), max(self._wanted)
        rows = list(range(lo, min(hi + 1, lo + BLOCK)))
        start = self.start
        self.jobs.submit(_rows, start, rows, done=lambda found: self._arrived(start, found), failed=lambda exc: None)

    def _arrived(self, start: int, found: dict[int, tuple[Any, ...]]) -> None:
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


def _rows(start: int, rows: list[int]) -> dict[int, tuple[Any, ...]]:
    return {r: sequence_row(start + r) for r in rows}


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
        self.model = SequenceModel(LatestJob(self))
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
        self.export.clicked.connect(self._ask_export)
        self.export_bfile.clicked.connect(self._ask_bfile)
        self.export_status = QLabel(objectName="sequenceExportStatus")
        self.export_status.setWordWrap(True)
        layout.addWidget(self.export_status)
        self.export_cancel = QPushButton("Cancel", objectName="sequenceExportCancel")
        self.export_cancel.setVisible(False)
        self.export_cancel.clicked.connect(self.cancel_export)
        export.addWidget(self.export_cancel)
        self.export_jobs = LatestJob(self)

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

    def _ask_bfile(self) -> None:
        lower, upper = "Lower numbers a(n), A000201 (*.txt)", "Upper numbers b(n), A001950 (*.txt)"
        path, chosen = QFileDialog.getSaveFileName(self, "Export a b-file", "b000201.txt", f"{lower};;{upper}")
        if path:
            self.export_bfile_to(path, self.count.value(), upper=chosen == upper)

    def export_bfile_to(self, path: str, count: int, upper: bool) -> None:
        """An OEIS b-file of `count` lower (or upper) numbers from the start (from n = 1 when the start
        is 0: pair 0 is the corner, which OEIS leaves out), on a worker with progress and Cancel."""
        start = max(1, self.model.start)
        self._export("terms", start, count, _write_bfile, path, start, count, upper)

    def export_csv(self, path: str, count: int) -> None:
        """Write `count` rows from the start to a CSV file, on a worker, with progress and Cancel."""
        self._export("rows", self.model.start, count, _write_rows, path, self.model.start, count)

    def _export(self, what: str, start: int, count: int, write: Callable[..., str], *args: Any) -> None:
        """Start an export of `count` `what` (rows, terms) from `start`, refused past EXPORT_LIMIT digits."""
        digits = digit_count(start + count)
        if count * (digits + 8) > EXPORT_LIMIT:
            self.error.setText(
                f"{count:,} {what} of {digits:,}-digit numbers is more than this export writes "
                f"(about {EXPORT_LIMIT // 10**6:,} million digits): export fewer {what}"
            )
            return
        self.export_status.setText(f"Exporting {count:,} {what}…")
        self.export_cancel.setVisible(True)
        self.export_jobs.submit(
            write,
            *args,
            done=self._exported,
            failed=self._export_failed,
            progress=lambda done, total: self.export_status.setText(f"Exporting… {done:,} of {total:,} {what}"),
        )

    def _exported(self, path: str) -> None:
        self.export_cancel.setVisible(False)
        self.export_status.setText(f"Exported to {path}.")

    def _export_failed(self, exc: BaseException) -> None:
        self.export_cancel.setVisible(False)
        if isinstance(exc, OSError):
            self.error.setText(f"Cannot write {exc.filename}: {exc.strerror or exc}")
        else:
            self.error.setText(f"The export failed: {exc}")

    def cancel_export(self) -> None:
        self.export_jobs.cancel()
        self.export_cancel.setVisible(False)
        self.export_status.setText("Export cancelled (the file was left as it was).")

    @property
    def busy(self) -> bool:
        return self.model.busy or self.export_jobs.busy


def _write_rows(path: str, start: int, count: int, progress: Callable[[int, int], bool]) -> str:
    with replaced(path, "w", newline="") as handle:
        writer = csv.writer(handle)
        writer.writerow(["k", "a_k", "b_k", "zeckendorf_a", "zeckendorf_b", "gap"])
        for i, k in enumerate(range(start, start + count)):
            writer.writerow(sequence_row(k))
            if i % 256 == 255 and not progress(i + 1, count):
                raise Cancelled
    return path


def _write_bfile(path: str, start: int, count: int, upper: bool, progress: Callable[[int, int], bool]) -> str:
    from explorer.core.analysis.tables import cold_number_terms
    from explorer.core.textio.bfile import LINES_A_PIECE, bfile_chunks

    with replaced(path, "wb") as handle:
        for i, piece in enumerate(bfile_chunks(start, cold_number_terms(start, count, upper))):
            handle.write(piece)
            if not progress(min(count, (i + 1) * LINES_A_PIECE), count):
                raise Cancelled
    return path
