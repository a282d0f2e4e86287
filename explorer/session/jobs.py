"""Background work, as controllers see it: one channel per kind of work, the latest request wins.

`Jobs` is the protocol; the window uses a Qt implementation (explorer.gui.jobs) that runs work on
worker threads and delivers answers on the GUI thread; tests use `InlineJobs`, which runs work
at once. Either way a request replaces the one before it: a stale answer is never delivered.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

Done = Callable[[Any], None]
Failed = Callable[[BaseException], None]
ProgressFn = Callable[[int, int], None]


BACKGROUND_NS = 10_000_000  # work a rule estimates above this (`Rule.cost`, in ns) runs on a worker


def off_thread(cost_ns: int) -> bool:
    """Whether work of this estimated cost belongs on a worker: the window's one threshold (10 ms
    alone leaves room for the 2-10x that a busy worker beside it adds, within a ~50 ms stall)."""
    return cost_ns > BACKGROUND_NS


class Cancelled(Exception):
    """Raised inside work whose request was replaced or cancelled."""


class Jobs(Protocol):
    @property
    def busy(self) -> bool: ...

    @property
    def busyChanged(self) -> Any: ...  # connect(slot): slot(True) when work starts, slot(False) when all ends

    def submit(
        self,
        work: Callable[..., Any],
        *args: Any,
        done: Done,
        failed: Failed,
        progress: ProgressFn | None = None,
        background: bool = True,
        partial: Done | None = None,
    ) -> None:
        """Run work(*args) — with `progress=` a callback `(done, total) -> bool` (False: stop)
        when `progress` is given, and `partial=` a callback taking a part of the answer when
        `partial` is given (a batch's chunks, each delivered as it is ready) — and call
        done(result) or failed(error) unless a newer request has been submitted meanwhile.
        `background=False` runs it at once."""
        ...

    def cancel(self) -> None: ...


class InlineJobs:
    """Runs every request at once, on the caller's thread (controller tests, scripts). As the
    window's channel does, it says it is busy (`busyChanged(True)`) before the work and idle
    (`busyChanged(False)`) once its answer has been delivered."""

    def __init__(self) -> None:
        self.submitted = 0
        self.busy = False
        self.busyChanged = Event()

    def submit(
        self,
        work: Callable[..., Any],
        *args: Any,
        done: Done,
        failed: Failed,
        progress: ProgressFn | None = None,
        background: bool = True,
        partial: Done | None = None,
    ) -> None:
        self.submitted += 1
        kwargs: dict[str, Any] = {}
        if partial is not None:
            kwargs["partial"] = partial
        if progress is not None:

            def report(n: int, total: int) -> bool:
                progress(n, total)
                return True

            kwargs["progress"] = report
        was_busy, self.busy = self.busy, True
        if not was_busy:
            self.busyChanged.emit(True)
        try:
            try:
                result = work(*args, **kwargs)
            except Exception as exc:
                failed(exc)
                return
            done(result)
        finally:
            if not was_busy:
                self.busy = False
                self.busyChanged.emit(False)

    def cancel(self) -> None:
        pass


class Timer(Protocol):
    """A repeating timer a scheduler made: `start(ms)` calls its function every `ms`."""

    def start(self, ms: int) -> None: ...
    def stop(self) -> None: ...
    @property
    def active(self) -> bool: ...


class Scheduler(Protocol):
    """Time, as controllers see it: the window's runs on Qt's event loop (explorer.gui.scheduler);
    tests use `ManualScheduler` and say when time passes. Controllers own no timers of their own."""

    def later(self, ms: int, fn: Callable[[], object]) -> None: ...  # once, after ms (0: next turn)
    def timer(self, fn: Callable[[], object]) -> Timer: ...  # a repeating timer, stopped


class ManualTimer:
    def __init__(self, fn: Callable[[], object]) -> None:
        self.fn = fn
        self.every: int | None = None

    def start(self, ms: int) -> None:
        self.every = ms

    def stop(self) -> None:
        self.every = None

    @property
    def active(self) -> bool:
        return self.every is not None


class ManualScheduler:
    """A scheduler whose time passes only when a test says so (`run_pending`, `tick`)."""

    def __init__(self) -> None:
        self.pending: list[tuple[int, Callable[[], object]]] = []
        self.timers: list[ManualTimer] = []

    def later(self, ms: int, fn: Callable[[], object]) -> None:
        self.pending.append((ms, fn))

    def timer(self, fn: Callable[[], object]) -> ManualTimer:
        timer = ManualTimer(fn)
        self.timers.append(timer)
        return timer

    def run_pending(self) -> int:
        """Call what was scheduled (and what that schedules, in turn); returns how many ran."""
        ran = 0
        while self.pending:
            _, fn = self.pending.pop(0)
            fn()
            ran += 1
        return ran

    def tick(self) -> None:
        """Each running timer fires once."""
        for timer in list(self.timers):
            if timer.active:
                timer.fn()


class Event:
    """A controller's own announcement (a value grew, an answer arrived), Qt-free: the composition
    root connects listeners to it (`event.connect(slot)`), the controller calls `emit(value)`."""

    __slots__ = ("_slots",)

    def __init__(self) -> None:
        self._slots: list[Callable[[Any], object]] = []

    def connect(self, slot: Callable[[Any], object]) -> None:
        self._slots.append(slot)

    def disconnect(self, slot: Callable[[Any], object]) -> None:
        self._slots.remove(slot)

    def emit(self, value: Any = None) -> None:
        for slot in tuple(self._slots):
            slot(value)
