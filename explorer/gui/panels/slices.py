"""Fraenkel's conjectures on three heaps, slice by slice: the report `slices GAME A_MAX --n N` gives
on the command line, and its plot of b_n − ⌊nφ⌋ (under the Structure tab).

A view: it reads the game, A_MAX and N, emits `reportRequested(game, a_max, n)` or
`cancelRequested`, and shows what the controller sends back."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QPixmap
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QLabel,
    QProgressBar,
    QPushButton,
    QScrollArea,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)


class SlicesPanel(QWidget):
    reportRequested = Signal(str, int, int)  # game name, A_MAX, N
    cancelRequested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("slicesPanel")
        layout = QVBoxLayout(self)
        intro = QLabel(
            "<b>Three heaps: Fraenkel's conjectures</b>, slice by slice. With the first heap a fixed, the cold "
            "(a, b_n, c_n), a ≤ b_n ≤ c_n, settle into (i) c_n = b_n + n and (ii) b_n = ⌊nφ⌋ + α ± 1. "
            "Checked up to n = N: evidence, not a proof."
        )
        intro.setWordWrap(True)
        layout.addWidget(intro)
        self.game = QComboBox(objectName="slicesGame")
        self.game.addItem("Fraenkel's three-heap Wythoff", "wythoff3")
        self.game.addItem("Same amount from any heaps", "subset3")
        layout.addWidget(self.game)
        row = QHBoxLayout()
        self.a_max = QSpinBox(objectName="slicesAMax", minimum=0, maximum=256, value=10, prefix="a ≤ ")
        self.n_max = QSpinBox(objectName="slicesN", minimum=16, maximum=10_000_000, value=20_000, prefix="n ≤ ")
        self.n_max.setSingleStep(10_000)
        self.go = QPushButton("Report", objectName="slicesGo")
        for w in (self.a_max, self.n_max, self.go):
            row.addWidget(w)
        layout.addLayout(row)
        self.progress = QProgressBar(objectName="slicesProgress")
        self.cancel = QPushButton("Cancel", objectName="slicesCancel")
        self.result = QLabel(objectName="slicesResult")
        self.result.setWordWrap(True)
        self.result.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.plot = QLabel(objectName="slicesPlot")
        self.plot.setAlignment(Qt.AlignmentFlag.AlignCenter)
        layout.addWidget(self.progress)
        layout.addWidget(self.cancel)
        shown = QWidget()  # the table and the plot scroll together: the tab shares its height
        inner = QVBoxLayout(shown)
        inner.setContentsMargins(0, 0, 0, 0)
        inner.addWidget(self.result)
        inner.addWidget(self.plot)
        inner.addStretch(1)
        scroll = QScrollArea(objectName="slicesScroll", widgetResizable=True)
        scroll.setWidget(shown)
        scroll.setMinimumHeight(120)
        layout.addWidget(scroll, 1)
        self._png = b""
        self.set_busy(False)
        self.go.clicked.connect(
            lambda: self.reportRequested.emit(self.game.currentData(), self.a_max.value(), self.n_max.value())
        )
        self.cancel.clicked.connect(self.cancelRequested)

    def set_busy(self, busy: bool, done: int = 0, total: int = 0) -> None:
        self.progress.setVisible(busy)
        self.cancel.setVisible(busy)
        self.go.setEnabled(not busy)
        self.progress.setMaximum(max(1, total))
        self.progress.setValue(min(done, max(1, total)))
        if busy and not done:
            self.result.setText("Solving the slices…")

    def set_error(self, message: str) -> None:
        self.result.setText(f"<span style='color:#b00020'><b>{message}</b></span>")

    def set_report(self, html: str, png: bytes) -> None:
        """The report's table (HTML) and its plot (a PNG), or an empty plot."""
        self.result.setText(html)
        self._png = png
        pixmap = QPixmap()
        if png and pixmap.loadFromData(png, "PNG"):
            width = max(320, self.width() - 24)
            self.plot.setPixmap(pixmap.scaledToWidth(width, Qt.TransformationMode.SmoothTransformation))
        else:
            self.plot.clear()

    @property
    def plot_png(self) -> bytes:
        """The plot shown, as a PNG (empty: none)."""
        return self._png
