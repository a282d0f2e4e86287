"""A line about long work in the status bar (the `WorkView` of explorer.session.views): a text,
a progress bar and a Cancel button, each found by its object name (`<name>Label`,
`<name>Progress`, `<name>Cancel`)."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import QLabel, QProgressBar, QPushButton, QStatusBar


class WorkLine:
    def __init__(self, status: QStatusBar, name: str, bar_width: int = 160) -> None:
        self.label = QLabel(objectName=f"{name}Label")
        self.bar = QProgressBar(objectName=f"{name}Progress")
        self.bar.setMaximumWidth(bar_width)
        self.cancel_button = QPushButton("Cancel", objectName=f"{name}Cancel")
        for widget in (self.label, self.bar, self.cancel_button):
            status.addPermanentWidget(widget)
            widget.setVisible(False)

    def say(self, text: str) -> None:
        self.label.setText(text)
        self.label.setVisible(True)
        self.done()

    def working(self, text: str) -> None:
        self.label.setText(text)
        self.bar.setValue(0)
        for widget in (self.label, self.bar, self.cancel_button):
            widget.setVisible(True)

    def progress(self, done: int, total: int) -> None:
        self.bar.setMaximum(max(total, 1))
        self.bar.setValue(done)

    def done(self) -> None:
        self.bar.setVisible(False)
        self.cancel_button.setVisible(False)

    def hide(self) -> None:
        self.done()
        self.label.setVisible(False)

    def on_cancel(self, slot: Callable[[], None]) -> None:
        self.cancel_button.clicked.connect(lambda: slot())
