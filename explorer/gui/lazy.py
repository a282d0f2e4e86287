"""Widgets built the first time they are drawn (or asked for), not with the window."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QTimer
from PySide6.QtGui import QPaintEvent
from PySide6.QtWidgets import QVBoxLayout, QWidget


class LazyWidget(QWidget):
    """Holds the place of the widget `build` makes, and makes it when first drawn or asked for.

    Drawn, not shown: the docks tabbed behind the front one count as visible to Qt (a show event
    reaches them with the window's), but nothing of them is on screen, so they are never painted.

    The plots of the Queries and Rows tabs (pyqtgraph PlotWidgets, with legends and log axes)
    took 40 ms of the window's start, for tabs that start hidden. Give the holder the size
    limits the widget will have, so the layout does not move when it arrives.
    """

    def __init__(self, build: Callable[[], QWidget], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._build = build
        self._widget: QWidget | None = None
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)

    @property
    def built(self) -> bool:
        return self._widget is not None

    def widget(self) -> QWidget:
        if self._widget is None:
            self._widget = self._build()
            layout = self.layout()
            assert layout is not None  # made with the placeholder
            layout.addWidget(self._widget)
            self._widget.setVisible(self.isVisible())  # Qt would only show it on a later pass
        return self._widget

    def paintEvent(self, event: QPaintEvent) -> None:
        super().paintEvent(event)
        if self._widget is None:
            QTimer.singleShot(0, self.widget)  # not inside a paint: the layout changes
