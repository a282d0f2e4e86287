"""Call at most once per interval, first call at once and the last one never lost.

What superqt's `qthrottled(leading=True)` does, in a few lines: importing superqt loads its
whole widget collection (~85 ms), which the window's start should not pay for its first
throttled redraw.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from PySide6.QtCore import QObject, QTimer


class Throttle:
    """`throttle()` runs `fn` now if it has not run in the last `ms`; otherwise once more when
    the interval ends (however many calls came in between)."""

    def __init__(self, fn: Callable[[], None], ms: int, parent: QObject) -> None:
        self._fn = fn
        self._ms = ms
        self._last = -1e9  # when fn last ran (time.monotonic)
        self._pending = False
        self._timer = QTimer(parent)
        self._timer.setSingleShot(True)
        self._timer.setInterval(ms)
        self._timer.timeout.connect(self._interval_over)

    def __call__(self) -> None:
        # the clock, not only the timer: a timer whose interval is over stays active until the
        # event loop delivers it, and waiting for that would cost a paint of the stale image
        if self._timer.isActive() and time.monotonic() - self._last < self._ms / 1000:
            self._pending = True
            return
        self._run()

    def stop(self) -> None:
        """No call is pending any more."""
        self._pending = False
        self._timer.stop()

    def _interval_over(self) -> None:
        if self._pending:
            self._run()

    def _run(self) -> None:
        self._pending = False
        self._last = time.monotonic()
        self._timer.start()
        self._fn()
