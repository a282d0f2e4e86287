"""Play against the computer: a start position, who moves first, hints, undo and redo.

While a game runs, clicking a cell on the grid makes your move there.
"""

from __future__ import annotations

import html
import random
from itertools import pairwise

import pyqtgraph as pg
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

from explorer.core.analysis.play import COMPUTER, HUMAN, random_start
from explorer.core.exact.bigint import parse_natural
from explorer.gui.lazy import LazyWidget

WINNER_COLOURS = {HUMAN: (46, 134, 193), COMPUTER: (214, 40, 57)}


class WholeNumberAxis(pg.AxisItem):
    """An axis of whole numbers (move numbers, remoteness): ticks only at integers, so a short
    game reads 0, 1, 2 rather than 0, 0.5, 1, 1.5, 2."""

    def tickSpacing(self, minVal: float, maxVal: float, size: float) -> list[tuple[float, float]]:
        levels = [(s, o) for s, o in super().tickSpacing(minVal, maxVal, size) if s >= 1 and float(s).is_integer()]
        return levels or [(1.0, 0.0)]

    def tickValues(self, minVal: float, maxVal: float, size: float) -> list[tuple[float, list[float]]]:
        return [
            (s, [v for v in values if float(v).is_integer()]) for s, values in super().tickValues(minVal, maxVal, size)
        ]


# The value history plots what a float holds exactly (a remoteness under Nim far out, a closed form,
# has thousands of digits: plotted, every paint raised OverflowError in pyqtgraph's bounds)
PLOTTED = 1 << 53


class PlayPanel(QWidget):
    startRequested = Signal(object, object, bool)
    hintRequested = Signal()
    undoRequested = Signal()
    redoRequested = Signal()

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
        self.hint.clicked.connect(self.hintRequested)
        self.undo.clicked.connect(self.undoRequested)
        self.redo.clicked.connect(self.redoRequested)
        for button in (self.hint, self.undo, self.redo):
            buttons.addWidget(button)
        layout.addLayout(buttons)
        self.log = QListWidget(objectName="playLog")
        layout.addWidget(self.log, 1)
        layout.addWidget(QLabel("<b>Value history</b>: moves left with best play after each move"))
        self.chart_holder = LazyWidget(self._chart)  # built when the tab is first drawn
        self.chart_holder.setMinimumHeight(150)
        self.chart_note = QLabel(objectName="valueHistoryNote")
        self.chart_note.setWordWrap(True)
        layout.addWidget(self.chart_holder, 1)
        layout.addWidget(self.chart_note)
        self.history: list[tuple[int, int | None, str]] = []
        self.start.clicked.connect(self.submit)
        self.random.clicked.connect(self._random)
        self.rng = random.Random()

    def _chart(self) -> pg.PlotWidget:
        chart = pg.PlotWidget(
            background="w", axisItems={"bottom": WholeNumberAxis("bottom"), "left": WholeNumberAxis("left")}
        )
        chart.setObjectName("valueHistory")
        chart.setMenuEnabled(False)
        chart.hideButtons()
        chart.setMouseEnabled(x=False, y=False)
        plot = chart.getPlotItem()
        plot.setLabel("bottom", "move number")
        plot.setLabel("left", "remoteness")
        self._chart_line = pg.PlotCurveItem(pen=pg.mkPen(150, 150, 150, width=1))
        self._chart_points = pg.ScatterPlotItem(size=9)
        plot.addItem(self._chart_line)
        plot.addItem(self._chart_points)
        legend = plot.addLegend(offset=(-5, 5))
        for who, colour in ((HUMAN, WINNER_COLOURS[HUMAN]), (COMPUTER, WINNER_COLOURS[COMPUTER])):
            legend.addItem(pg.ScatterPlotItem(brush=pg.mkBrush(*colour), size=9), f"{who} winning")
        self._draw_history()
        return chart

    @property
    def chart(self) -> pg.PlotWidget:
        return self.chart_holder.widget()  # type: ignore[return-value]

    @property
    def chart_line(self) -> pg.PlotCurveItem:
        self.chart_holder.widget()
        return self._chart_line

    @property
    def chart_points(self) -> pg.ScatterPlotItem:
        self.chart_holder.widget()
        return self._chart_points

    def _draw_history(self) -> None:
        known = [(i, r, who) for i, r, who in self.history if r is not None and r < PLOTTED]
        self._chart_line.setData([i for i, _, _ in known], [r for _, r, _ in known])
        self._chart_points.setData(
            [{"pos": (i, r), "brush": pg.mkBrush(*WINNER_COLOURS[who]), "pen": None} for i, r, who in known]
        )

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

    def set_history(self, history: list[tuple[int, int | None, str]]) -> None:
        """(move number, remoteness or None, who was winning) for each position of the game:
        each point coloured by the player who was winning there (GamesmanUni's value history)."""
        self.history = history
        if self.chart_holder.built:
            self._draw_history()
        known = [r for _, r, _ in history if r is not None]
        thrown = [i for (i, _, a), (_, _, b) in pairwise(history) if a != b]
        if history and not known:
            note = "Remoteness is known inside the computed corner: colour by remoteness to compute it."
        elif any(r >= PLOTTED for r in known):
            note = "Moves left of 2^53 or more are too large to plot exactly: the log lists them."
        elif thrown:
            note = "The winner changed after move " + ", ".join(str(i + 1) for i in thrown) + ": a win was thrown away."
        else:
            note = ""
        self.chart_note.setText(note)

    def set_status(self, text: str) -> None:
        self.status.setText(text)

    def set_turns(self, undo: bool, redo: bool) -> None:
        self.undo.setEnabled(undo)
        self.redo.setEnabled(redo)

    def clear_log(self) -> None:
        self.log.clear()

    def add_log(self, text: str) -> None:
        self.log.addItem(text)

    def show_error(self, message: str) -> None:
        self.status.setText(f"<span style='color:#b00020'><b>{html.escape(message)}</b></span>")
