"""Play against the computer: a start position, who moves first, hints, undo and redo.

While a game runs, clicking a cell on the grid makes your move there.
"""

from __future__ import annotations

import random

from PySide6.QtCore import QObject, QTimer, Signal
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

from explorer.core.analysis.play import COMPUTER, HUMAN, Game, IllegalMove, random_start
from explorer.core.exact.bigint import parse_natural, short_decimal
from explorer.gui.grid_view import GridView


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
            self.status.setText(f"<span style='color:#b00020'><b>{exc}</b></span>")
            return
        self.startRequested.emit(a, b, self.human_first.isChecked())


class PlayController(QObject):
    changed = Signal()

    def __init__(self, panel: PlayPanel, grid: GridView, rule_source) -> None:  # type: ignore[no-untyped-def]
        super().__init__(panel)
        self.panel = panel
        self.grid = grid
        self.rule_source = rule_source  # callable: the current rule
        self.game: Game | None = None
        self.reply_delay_ms = 300
        panel.startRequested.connect(self.new_game)
        panel.hint.clicked.connect(self.show_hint)
        panel.undo.clicked.connect(self.undo)
        panel.redo.clicked.connect(self.redo)

    @property
    def active(self) -> bool:
        return self.game is not None and not self.game.over

    def new_game(self, a: int, b: int, human_first: bool) -> None:
        self.game = Game(self.rule_source(), (a, b), human_first)
        self.panel.log.clear()
        self.grid.center_on(a, b, span=max(24, min(400, 2 * max(a, b) + 6)) if max(a, b) < 10**6 else 24)
        self._refresh()
        if self.game.to_move == COMPUTER:
            QTimer.singleShot(self.reply_delay_ms, self._computer)

    def handle_click(self, x: int, y: int) -> bool:
        """A click on the grid during a game: the human's move. True if it was taken."""
        if not self.active or self.game is None:
            return False
        if self.game.to_move != HUMAN:
            return True
        try:
            self.game.play((x, y))
        except IllegalMove as exc:
            self.panel.status.setText(f"<span style='color:#b00020'><b>{exc}.</b></span> Pick another cell.")
            return True
        self._log(HUMAN, (x, y))
        self._refresh()
        if not self.game.over:
            QTimer.singleShot(self.reply_delay_ms, self._computer)
        return True

    def _computer(self) -> None:
        if self.game is None or self.game.over or self.game.to_move != COMPUTER:
            return
        self.game.computer_move()
        self._log(COMPUTER, self.game.position)
        self._refresh()

    def show_hint(self) -> None:
        if self.game is None:
            return
        hints = self.game.hints()
        self.grid.set_selection(*self.game.position, tuple(hints))
        if hints:
            shown = ", ".join(f"({short_decimal(m.target[0])}, {short_decimal(m.target[1])})" for m in hints)
            self.panel.status.setText(f"Hint: move to {shown}: a cold position.")
        else:
            self.panel.status.setText("Hint: no winning move here; every move leads to a hot position.")

    def undo(self) -> None:
        if self.game is not None and self.game.undo():
            self._rebuild_log()
            self._refresh()

    def redo(self) -> None:
        if self.game is not None and self.game.redo():
            self._rebuild_log()
            self._refresh()

    def _log(self, who: str, target: tuple[int, int]) -> None:
        self.panel.log.addItem(f"{who}: → ({short_decimal(target[0])}, {short_decimal(target[1])})")

    def _rebuild_log(self) -> None:
        self.panel.log.clear()
        if self.game is not None:
            for who, target in zip(self.game.movers, self.game.path[1:], strict=True):
                self._log(who, target)

    def _refresh(self) -> None:
        game = self.game
        if game is None:
            return
        self.grid.set_path(game.path)
        self.grid.set_selection(*game.position)
        a, b = game.position
        where = f"({short_decimal(a)}, {short_decimal(b)})"
        if game.over:
            text = "<b>You win!</b>" if game.winner == HUMAN else "<b>The computer wins.</b>"
            text += f" Nobody can move from {where}."
        elif game.to_move == HUMAN:
            text = f"Your move from {where}: click a cell you can reach."
        else:
            text = f"The computer is thinking about {where}…"
        if game.last_note:
            text = f"<span style='color:#b00020'>{game.last_note}</span><br>" + text
        self.panel.status.setText(text)
        self.panel.undo.setEnabled(bool(game.movers))
        self.panel.redo.setEnabled(bool(game.redo_stack))
        self.changed.emit()
