"""A calculator for games of several piles, and play against the computer on three heaps.

The games (`GAMES`): n piles where a move takes from one pile or the same amount from all; and, on
three heaps, Fraenkel's three-heap Wythoff and the subset game (the games the grid shows as slices).
A view: it reads the piles typed, emits `evaluateRequested(piles)`, `playRequested(piles)` and
`gameChosen(name)` (or shows why it cannot), and shows what the controller sends back."""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QProgressBar,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from explorer.core.exact.bigint import parse_natural

# (name, entry, what the tab says it plays)
GAMES = (
    (
        "same",
        "n piles: one pile, or the same from every pile",
        "<b>n piles</b>: a move takes any number from one pile, or the same number from every pile. Odd n: "
        "exact for any size (the XOR, as in Nim). Even n: dynamic programming over the smaller positions "
        "(up to a few seconds, with Cancel). This is not Wythoff's game for n = 3: choose a three-heap game.",
    ),
    (
        "wythoff3",
        "Three heaps: Fraenkel's three-heap Wythoff",
        "<b>Fraenkel's three-heap Wythoff</b>: take any number from one heap, or (d1, d2, d3) from the three "
        "with d1 ⊕ d2 ⊕ d3 = 0. Solved as slices (the rule wythoff3:A draws them); play against the computer.",
    ),
    (
        "subset3",
        "Three heaps: the same from any heaps",
        "<b>Three heaps, any subset</b>: take the same positive number from one, two or all three heaps. "
        "Solved as slices (the rule subset3:A draws them); play against the computer.",
    ),
)


class NPilesPanel(QWidget):
    evaluateRequested = Signal(object)  # a tuple of Python ints
    playRequested = Signal(object)  # a new game against the computer from these heaps
    gameChosen = Signal(str)  # a name of GAMES
    cancelRequested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("npilesPanel")
        self.setMaximumWidth(560)
        layout = QVBoxLayout(self)
        self.game = QComboBox(objectName="npilesGame")
        for name, entry, _ in GAMES:
            self.game.addItem(entry, name)
        self.intro = QLabel(objectName="npilesIntro")
        self.intro.setWordWrap(True)
        layout.addWidget(self.game)
        layout.addWidget(self.intro)
        self.piles = QLineEdit(objectName="npilesInput", placeholderText="piles, e.g. 3 5 7")
        self.go = QPushButton("Evaluate", objectName="npilesGo")
        self.play = QPushButton("Play against the computer", objectName="npilesPlay")
        buttons = QHBoxLayout()
        buttons.addWidget(self.go)
        buttons.addWidget(self.play)
        self.progress = QProgressBar(objectName="npilesProgress")
        self.cancel = QPushButton("Cancel", objectName="npilesCancel")
        self.result = QLabel(objectName="npilesResult")
        self.result.setWordWrap(True)
        layout.addWidget(self.piles)
        layout.addLayout(buttons)
        for w in (self.progress, self.cancel, self.result):
            layout.addWidget(w)
        layout.addStretch(1)
        self.set_busy(False)
        self._show_game(0)
        self.go.clicked.connect(self.evaluate)
        self.piles.returnPressed.connect(self.evaluate)
        self.play.clicked.connect(self._play)
        self.cancel.clicked.connect(self.cancelRequested)
        self.game.currentIndexChanged.connect(self._chosen)

    def _show_game(self, index: int) -> None:
        name, _, intro = GAMES[index]
        self.intro.setText(intro)
        self.play.setVisible(name != "same")
        self.piles.setPlaceholderText("piles, e.g. 3 5 7" if name == "same" else "three heaps, e.g. 1 3 5")

    def _chosen(self, index: int) -> None:
        self._show_game(index)
        self.gameChosen.emit(GAMES[index][0])

    def _read(self) -> tuple[int, ...] | None:
        parts = self.piles.text().replace(",", " ").split()
        try:
            if not parts:
                raise ValueError("type the piles, separated by spaces, e.g. 3 5 7")
            return tuple(parse_natural(p, f"pile {i + 1}") for i, p in enumerate(parts))
        except ValueError as exc:
            self.set_error(str(exc))
            return None

    def evaluate(self) -> None:
        piles = self._read()
        if piles is not None:
            self.evaluateRequested.emit(piles)

    def _play(self) -> None:
        piles = self._read()
        if piles is not None:
            self.playRequested.emit(piles)

    def set_error(self, message: str) -> None:
        self.result.setText(f"<span style='color:#b00020'><b>{message}</b></span>")

    def set_result(self, html: str) -> None:
        self.result.setText(html)

    def set_playing(self, on: bool, piles: tuple[int, ...] = ()) -> None:
        """A game against the computer is on (Enter plays the heaps typed as your move) or not."""
        self.go.setText("Move" if on else "Evaluate")
        if piles:
            self.piles.setText(" ".join(map(str, piles)))

    def set_busy(self, busy: bool, done: int = 0, total: int = 0) -> None:
        self.progress.setVisible(busy)
        self.cancel.setVisible(busy)
        self.progress.setMaximum(max(1, total))
        self.progress.setValue(min(done, max(1, total)))
        if busy and not done:
            self.result.setText("Working…")
