"""The Sums panel (issue 37): the selected two-pile position plus Nim heaps, and optionally a
second two-pile position; the sum's value (the XOR of the parts', Sprague–Grundy) and every
winning move, played by double-click.

A view: it reads the heaps and the second position typed, emits `partsChanged(heaps, second)`
(or shows why it cannot), and shows what the controller sends back."""

from __future__ import annotations

from PySide6.QtCore import QSignalBlocker, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QProgressBar,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from explorer.core.exact.bigint import parse_natural
from explorer.core.value_limits import WINDOW


class SumsPanel(QWidget):
    partsChanged = Signal(object, object)  # a tuple of heaps, and (c, d) or None
    partsRejected = Signal(str)  # what was typed cannot be read: why
    playRequested = Signal(int)  # the index of a winning move
    cancelRequested = Signal()
    gridHeapChanged = Signal(int)  # draw the game plus a heap of h on the grid (0: the game alone)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("sumsPanel")
        self.setMaximumWidth(560)
        layout = QVBoxLayout(self)
        intro = QLabel(
            "<b>Sums of games</b>: the selected position plus Nim heaps (and, if you like, a second "
            "position of the same game). A move is made in one part; the sum's value is the XOR of the "
            "parts' Grundy values, and the player to move loses exactly when it is 0."
        )
        intro.setWordWrap(True)
        layout.addWidget(intro)
        self.position = QLabel(objectName="sumsPosition")
        layout.addWidget(self.position)
        row = QHBoxLayout()
        self.heaps = QLineEdit(objectName="sumsHeaps", placeholderText="Nim heaps, e.g. 3 5")
        self.add = QPushButton("+ heap", objectName="sumsAddHeap")
        self.remove = QPushButton("− heap", objectName="sumsRemoveHeap")
        for w in (self.heaps, self.add, self.remove):
            row.addWidget(w)
        layout.addLayout(row)
        second = QHBoxLayout()
        self.use_second = QCheckBox("and a second position", objectName="sumsUseSecond")
        self.second = QLineEdit(objectName="sumsSecond", placeholderText="C D, e.g. 4 7")
        self.second.setEnabled(False)
        second.addWidget(self.use_second)
        second.addWidget(self.second)
        layout.addLayout(second)
        grid_row = QHBoxLayout()
        grid_row.addWidget(QLabel("On the grid: the game plus a heap of"))
        self.grid_heap = QSpinBox(objectName="sumsGridHeap")
        self.grid_heap.setRange(0, WINDOW.far_values - 1)  # the values the window solves far out
        self.grid_heap.setSpecialValueText("none")
        self.grid_heap.setToolTip(
            "The sum of the game and a Nim heap of h is cold exactly where G = h: the grid shows those "
            "cells (hot/cold colouring)."
        )
        self.grid_heap.valueChanged.connect(self.gridHeapChanged)
        grid_row.addWidget(self.grid_heap)
        grid_row.addStretch(1)
        layout.addLayout(grid_row)
        self.go = QPushButton("Evaluate", objectName="sumsGo")
        layout.addWidget(self.go)
        self.progress = QProgressBar(objectName="sumsProgress")
        self.cancel = QPushButton("Cancel", objectName="sumsCancel")
        layout.addWidget(self.progress)
        layout.addWidget(self.cancel)
        self.result = QLabel(objectName="sumsResult")
        self.result.setWordWrap(True)
        layout.addWidget(self.result)
        moves_title = QLabel(
            "<b>Winning moves</b> (double-click or Enter to play; on the grid, "
            "<span style='color:#009650'>◇</span> marks where the position's own moves lead)"
        )
        moves_title.setWordWrap(True)
        layout.addWidget(moves_title)
        self.moves = QListWidget(objectName="sumsMoves")
        layout.addWidget(self.moves, 1)
        self.set_busy(False)
        self.go.clicked.connect(self.evaluate)
        self.heaps.returnPressed.connect(self.evaluate)
        self.second.returnPressed.connect(self.evaluate)
        self.use_second.toggled.connect(self._second_toggled)
        self.cancel.clicked.connect(self.cancelRequested)
        self.add.clicked.connect(self._add_heap)
        self.remove.clicked.connect(self._remove_heap)
        self.moves.itemActivated.connect(lambda item: self.playRequested.emit(self.moves.row(item)))

    # ----- what the person typed -----------------------------------------------------------------
    def evaluate(self) -> None:
        try:
            heaps = tuple(
                parse_natural(p, f"heap {i + 1}") for i, p in enumerate(self.heaps.text().replace(",", " ").split())
            )
            second = None
            if self.use_second.isChecked():
                parts = self.second.text().replace(",", " ").split()
                if len(parts) != 2:
                    raise ValueError("type the second position as two piles, e.g. 4 7")
                c, d = (parse_natural(p, name) for p, name in zip(parts, ("pile C", "pile D"), strict=True))
                second = (c, d)
        except ValueError as exc:
            self.partsRejected.emit(str(exc))
            return
        self.partsChanged.emit(heaps, second)

    def _second_toggled(self, on: bool) -> None:
        self.second.setEnabled(on)
        if not on or self.second.text().strip():
            self.evaluate()

    def _add_heap(self) -> None:
        self.heaps.setText((self.heaps.text().strip() + " 1").strip())
        self.evaluate()

    def _remove_heap(self) -> None:
        self.heaps.setText(" ".join(self.heaps.text().replace(",", " ").split()[:-1]))
        self.evaluate()

    # ----- what the controller says ----------------------------------------------------------------
    def set_position(self, text: str) -> None:
        self.position.setText(f"Position: {text}")

    def set_parts(self, heaps: tuple[int, ...], second: tuple[int, int] | None) -> None:
        """The session's parts, in the fields (a second position unticked when there is none)."""
        self.heaps.setText(" ".join(map(str, heaps)))
        with QSignalBlocker(self.use_second):
            self.use_second.setChecked(second is not None)
        self.second.setEnabled(second is not None)
        if second is not None:
            self.second.setText(f"{second[0]} {second[1]}")

    def set_result(self, html: str, moves: list[str]) -> None:
        self.result.setText(html)
        self.moves.clear()
        for text in moves:
            self.moves.addItem(QListWidgetItem(text))

    def set_error(self, message: str) -> None:
        self.set_busy(False)
        self.result.setText(f"<span style='color:#b00020'><b>{message}</b></span>")
        self.moves.clear()

    def set_grid_heap(self, heap: int) -> None:
        with QSignalBlocker(self.grid_heap):
            self.grid_heap.setValue(heap)

    def set_busy(self, busy: bool, done: int = 0, total: int = 0) -> None:
        self.progress.setVisible(busy)
        self.cancel.setVisible(busy)
        self.progress.setMaximum(max(1, total))
        self.progress.setValue(min(done, max(1, total)))
        if busy:
            self.result.setText("Working it out…")
            self.moves.clear()
