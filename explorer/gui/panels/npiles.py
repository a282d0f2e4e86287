"""A calculator for n piles where a move takes from one pile or the same amount from all.

A view: it reads the piles typed, emits `evaluateRequested(piles)` (or shows why it cannot), and
shows what the controller sends back (`set_result`, `set_busy`, `set_error`)."""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QLabel, QLineEdit, QProgressBar, QPushButton, QVBoxLayout, QWidget

from explorer.core.exact.bigint import parse_natural


class NPilesPanel(QWidget):
    evaluateRequested = Signal(object)  # a tuple of Python ints
    cancelRequested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("npilesPanel")
        self.setMaximumWidth(560)
        layout = QVBoxLayout(self)
        intro = QLabel(
            "<b>n piles</b>: a move takes any number from one pile, or the same number from "
            "every pile. Odd n: exact for any size (the XOR, as in Nim). Even n: dynamic "
            "programming over the smaller positions (up to a few seconds, with Cancel)."
        )
        intro.setWordWrap(True)
        layout.addWidget(intro)
        self.piles = QLineEdit(objectName="npilesInput", placeholderText="piles, e.g. 3 5 7")
        self.go = QPushButton("Evaluate", objectName="npilesGo")
        self.progress = QProgressBar(objectName="npilesProgress")
        self.cancel = QPushButton("Cancel", objectName="npilesCancel")
        self.result = QLabel(objectName="npilesResult")
        self.result.setWordWrap(True)
        for w in (self.piles, self.go, self.progress, self.cancel, self.result):
            layout.addWidget(w)
        layout.addStretch(1)
        self.set_busy(False)
        self.go.clicked.connect(self.evaluate)
        self.piles.returnPressed.connect(self.evaluate)
        self.cancel.clicked.connect(self.cancelRequested)

    def evaluate(self) -> None:
        parts = self.piles.text().replace(",", " ").split()
        try:
            if not parts:
                raise ValueError("type the piles, separated by spaces, e.g. 3 5 7")
            piles = tuple(parse_natural(p, f"pile {i + 1}") for i, p in enumerate(parts))
        except ValueError as exc:
            self.set_error(str(exc))
            return
        self.evaluateRequested.emit(piles)

    def set_error(self, message: str) -> None:
        self.result.setText(f"<span style='color:#b00020'><b>{message}</b></span>")

    def set_result(self, html: str) -> None:
        self.result.setText(html)

    def set_busy(self, busy: bool, done: int = 0, total: int = 0) -> None:
        self.progress.setVisible(busy)
        self.cancel.setVisible(busy)
        self.progress.setMaximum(max(1, total))
        self.progress.setValue(min(done, max(1, total)))
        if busy and not done:
            self.result.setText("Working…")
