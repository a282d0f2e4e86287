"""The soak's watchdog: every stretch of GUI work timed, the stack of the longest noted from a
thread of its own, exceptions and Qt's warnings collected, and the event loop turned until no
background work is left."""

from __future__ import annotations

import sys
import threading
import time
import traceback
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QtMsgType
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from soak.summary import (
    BENIGN_QT,
    SLOW_ACTION_S,
    STACK_AFTER_S,
)


class Watchdog:
    """Times the GUI thread and collects what went wrong (a part of Monkey)."""

    def __init__(self, m: Any) -> None:
        """`m`: the monkey (soak.driver.Monkey): its window, random source, summary, pending
        record and state, and its other parts."""
        self.m = m

    def _gc_timer(self, phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            self.m._gc_started = time.perf_counter()
        elif threading.current_thread() is threading.main_thread():
            self.m.summary.longest_gc = max(self.m.summary.longest_gc, time.perf_counter() - self.m._gc_started)

    def _excepthook(self, kind: type[BaseException], exc: BaseException, tb: Any) -> None:
        text = "".join(traceback.format_exception(kind, exc, tb))
        self.m.summary.exceptions.append(f"{self.m.current}: {text}")

    def _qt_message(self, kind: QtMsgType, context: Any, message: str) -> None:
        if any(b in message for b in BENIGN_QT):
            return
        if kind in (QtMsgType.QtCriticalMsg, QtMsgType.QtFatalMsg, QtMsgType.QtWarningMsg):
            self.m.summary.exceptions.append(f"{self.m.current}: Qt {kind.name}: {message}")

    def _watch(self) -> None:
        """A watchdog thread: 150 ms into a stretch of GUI work, note where the GUI thread is
        (so the summary can say what the longest stall was doing, not only when)."""
        while not self.m._watch_stop.wait(0.02):
            stretch, started = self.m._stretch
            if stretch and stretch != self.m._stack_for and time.perf_counter() - started > STACK_AFTER_S:
                stack = self._stacks()
                if stack is not None:
                    self.m._stack = stack
                    self.m._stack_for = stretch

    @staticmethod
    def _stacks() -> str | None:
        """The GUI thread's stack, and the workers' in our code, as text. The frames are let go on
        return: kept in the watchdog's loop until its next look, they kept a worker's locals alive
        (seed 20261169 ended with 200 MiB of an alteration's walk held by frames sampled here)."""
        main = threading.main_thread().ident
        frames = sys._current_frames()
        frame = frames.get(main)
        if frame is None:
            return None
        text = "".join(traceback.format_stack(frame)[-14:])
        # and the other threads: a worker that holds the GIL stalls the GUI thread
        # wherever it next needs it (a stall "in processEvents" with no frame of ours)
        names = {t.ident: t.name for t in threading.enumerate()}
        for ident, other in frames.items():
            if ident in (main, threading.get_ident()) or "soak" in names.get(ident, ""):
                continue
            stack = "".join(traceback.format_stack(other)[-6:])
            if "/explorer/" in stack:
                text += f"  -- thread {names.get(ident, ident)}:\n{stack}"
        return text

    def _timed(self, fn: Callable[[], None], whole_action: bool = False) -> None:
        """Run fn on the GUI thread, timing it as one uninterrupted stretch of GUI work."""
        t0 = time.perf_counter()
        self.m._stretches += 1
        stretch = self.m._stretches
        self.m._stretch = (stretch, t0)
        try:
            fn()
        except Exception:
            self._excepthook(*sys.exc_info())  # type: ignore[arg-type]
        elapsed = time.perf_counter() - t0
        self.m._stretch = (0, 0.0)
        if whole_action and self.m._segmented:
            return  # the action timed its own events: a person's events reach the loop one by one
        if elapsed > self.m.summary.longest_stall:
            self.m.summary.longest_stall = elapsed
            part = "the action" if whole_action else getattr(fn, "__name__", "an event")
            self.m.summary.stall_action = f"{self.m.current}, in {part}"
            self.m.summary.stall_stack = self.m._stack if self.m._stack_for == stretch else ""

    def _event(self, fn: Callable[[], None]) -> None:
        """One input event of a longer gesture, then a turn of the event loop, each timed."""
        self.m._segmented = True
        self._timed(fn)
        self._timed(QApplication.processEvents)

    def _busy(self) -> bool:
        return bool(self.m.w.busy)

    def _who_is_busy(self) -> list[str]:
        """The parts still working (the controllers made so far: a panel not built has none)."""
        w = self.m.w
        busy = ["grid"] if w.grid.rendering else []
        busy += [name for name in ("selection", "rules", "sessions") if getattr(w, name).jobs.busy]
        busy += [type(c).__name__ for c in w.controllers if getattr(c, "busy", False)]
        return busy

    def _settle(self) -> None:
        """Turn the event loop (each turn timed) until no background work is left."""
        deadline = time.perf_counter() + self.m.settle_s
        self._timed(QApplication.processEvents)
        time.sleep(0.002)
        self._timed(QApplication.processEvents)
        said_slow = False
        while self._busy():
            if (
                self.m.progress_every
                and not said_slow
                and time.perf_counter() > deadline - self.m.settle_s + SLOW_ACTION_S
            ):
                said_slow = True  # a slow action: say who is busy
                print(
                    f"busy: {self.m.current} after {SLOW_ACTION_S:.0f} s: {', '.join(self._who_is_busy())}", flush=True
                )
            if time.perf_counter() > deadline:
                who = ", ".join(self._who_is_busy()) or "other"
                self.m.summary.unsettled.append(f"{self.m.current}: still busy after {self.m.settle_s:.0f} s ({who})")
                return
            time.sleep(0.005)
            self._timed(QApplication.processEvents)
        QTest.qWait(20)  # throttled renders and zero-delay timers
        self._timed(QApplication.processEvents)
