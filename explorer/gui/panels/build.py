"""The Build tab: the construction of the cold cells, step by step (issue 30).

Play/Pause, a step back or forward, a speed, and a timeline to scrub; the grid shows what is
placed so far and shades what each step makes hot. A view: it shows the step the controller
sends (`set_step`) and asks for changes; the keys are the window's (View ▸ Build).
"""

from __future__ import annotations

import html

from PySide6.QtCore import QSignalBlocker, Qt, Signal
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QSlider, QVBoxLayout, QWidget


class BuildPanel(QWidget):
    startRequested = Signal()  # build the view's cold cells from its first step
    stepRequested = Signal(int)  # -1 back, +1 forward
    scrubRequested = Signal(int)  # a position on the timeline, 0-based from the first step
    playRequested = Signal()  # play or pause
    speedRequested = Signal(int)  # steps a second
    closeRequested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("buildPanel")
        self.setMaximumWidth(560)
        layout = QVBoxLayout(self)
        intro = QLabel(
            "<b>How the cold cells are built</b>: one pair at a time, each the least number not used yet, "
            "so no two share a row, a column or a line of moves. The grid shows what is placed so far and "
            "shades what each step makes hot."
        )
        intro.setWordWrap(True)
        layout.addWidget(intro)
        self.start = QPushButton("Build the view", objectName="buildStart")
        self.start.setToolTip("Start from the first step about the cells in view (Ctrl+B)")
        self.start.clicked.connect(self.startRequested.emit)
        layout.addWidget(self.start)
        row = QHBoxLayout()
        self.back = QPushButton("◀ Step", objectName="buildBack")
        self.back.setToolTip("One step back ([)")
        self.play = QPushButton("Play", objectName="buildPlay")
        self.play.setToolTip("Play or pause (Ctrl+Shift+P)")
        self.forward = QPushButton("Step ▶", objectName="buildForward")
        self.forward.setToolTip("One step forward (])")
        self.back.clicked.connect(lambda: self.stepRequested.emit(-1))
        self.forward.clicked.connect(lambda: self.stepRequested.emit(1))
        self.play.clicked.connect(self.playRequested.emit)
        for b in (self.back, self.play, self.forward):
            row.addWidget(b)
        layout.addLayout(row)
        self.timeline = QSlider(Qt.Orientation.Horizontal, objectName="buildTimeline")
        self.timeline.valueChanged.connect(self.scrubRequested.emit)
        layout.addWidget(self.timeline)
        speed_row = QHBoxLayout()
        speed_row.addWidget(QLabel("Speed"))
        self.speed = QSlider(Qt.Orientation.Horizontal, objectName="buildSpeed", minimum=1, maximum=20, value=3)
        self.speed.valueChanged.connect(self.speedRequested.emit)
        self.speed_label = QLabel("3 steps a second")
        self.speed.valueChanged.connect(lambda v: self.speed_label.setText(f"{v} step{'s' if v > 1 else ''} a second"))
        speed_row.addWidget(self.speed, 1)
        speed_row.addWidget(self.speed_label)
        layout.addLayout(speed_row)
        self.caption = QLabel(objectName="buildCaption")
        self.caption.setWordWrap(True)
        self.caption.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        layout.addWidget(self.caption)
        layout.addStretch(1)
        self.close_button = QPushButton("Close build mode", objectName="buildClose")
        self.close_button.clicked.connect(self.closeRequested.emit)
        layout.addWidget(self.close_button)
        self.set_off()

    def set_step(self, index: int, count: int, caption: str, playing: bool) -> None:
        """Step `index` (0-based) of the `count` on the timeline, and its sentence."""
        with QSignalBlocker(self.timeline):
            self.timeline.setRange(0, max(0, count - 1))
            self.timeline.setValue(index)
        for widget in (self.back, self.play, self.forward, self.timeline, self.close_button):
            widget.setEnabled(True)
        self.back.setEnabled(index > 0)
        self.forward.setEnabled(index < count - 1)
        self.play.setText("Pause" if playing else "Play")
        self.caption.setText(caption)

    def set_off(self, message: str = "") -> None:
        for widget in (self.back, self.play, self.forward, self.timeline, self.close_button):
            widget.setEnabled(False)
        self.play.setText("Play")
        self.caption.setText(html.escape(message) if message else "Press <b>Build the view</b> to start.")
