"""Play against the computer: a start position, who moves first, hints, undo and redo.

While a game runs, clicking a cell on the grid makes your move there.
"""

from __future__ import annotations

import html
import random

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from explorer.core.analysis.play import random_start
from explorer.core.exact.bigint import parse_natural


class PlayPanel(QWidget):
    startRequested = Signal(object, object, bool)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("playPanel")
        self.setMaximumWidth(560)
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel("<b>Play against the computer</b> (it plays perfectly)"))
        form = QGridLayout()
        self.a = QLineEdit(objectName="playA", placeholderText="pile A")
        self.b = QLineEdit(objectName="playB", placeholderText="pile B")
        form.addWidget(QLabel("Start"), 0, 0)
        form.addWidget(self.a, 0, 1)
        form.addWidget(self.b, 0, 2)
        self.random = QPushButton("Random", objectName="playRandom")
        form.addWidget(self.random, 0, 3)
        layout.addLayout(form)
        self.human_first = QCheckBox("I move first", objectName="playHumanFirst", checked=True)
        layout.addWidget(self.human_first)
        self.start = QPushButton("New game", objectName="playStart")
        layout.addWidget(self.start)
        self.status = QLabel(objectName="playStatus")
        self.status.setWordWrap(True)
        layout.addWidget(self.status)
        buttons = QHBoxLayout()
        self.hint = QPushButton("Hint", objectName="playHint")
        self.undo = QPushButton("Undo", objectName="playUndo")
        self.redo = QPushButton("Redo", objectName="playRedo")
        for button in (self.hint, self.undo, self.redo):
            buttons.addWidget(button)
        layout.addLayout(buttons)
        self.log = QListWidget(objectName="playLog")
        layout.addWidget(self.log, 1)
        self.start.clicked.connect(self.submit)
        self.random.clicked.connect(self._random)
        self.rng = random.Random()

    def _random(self) -> None:
        a, b = random_start(self.rng)
        self.a.setText(str(a))
        self.b.setText(str(b))
        self.submit()

    def submit(self) -> None:
        try:
            a = parse_natural(self.a.text(), "Pile A")
            b = parse_natural(self.b.text(), "Pile B")
        except ValueError as exc:
            self.show_error(str(exc))
            return
        self.startRequested.emit(a, b, self.human_first.isChecked())

    def show_error(self, message: str) -> None:
        self.status.setText(f"<span style='color:#b00020'><b>{html.escape(message)}</b></span>")
