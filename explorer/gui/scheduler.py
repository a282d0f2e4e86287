"""The window's scheduler (explorer.session.jobs.Scheduler) on Qt's event loop: controllers ask
it for later calls and repeating timers, and own no QObject. Its timers belong to the window, so
a call due after the window has closed is never made."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject, QTimer


class QtTimer:
    def __init__(self, owner: QObject, fn: Callable[[], object]) -> None:
        self._timer = QTimer(owner)
        self._timer.timeout.connect(fn)

    def start(self, ms: int) -> None:
        self._timer.start(ms)

    def stop(self) -> None:
        self._timer.stop()

    @property
    def active(self) -> bool:
        return self._timer.isActive()


class QtScheduler:
    def __init__(self, owner: QObject) -> None:
        self.owner = owner

    def later(self, ms: int, fn: Callable[[], object]) -> None:
        QTimer.singleShot(ms, self.owner, fn)

    def timer(self, fn: Callable[[], object]) -> QtTimer:
        return QtTimer(self.owner, fn)
