"""The one background-work helper of the window: a channel where the latest request wins.

Each request runs on a worker thread (superqt's `create_worker`). Submitting again cancels the
request before it (its progress callback starts answering False, so cooperative work stops at
its next block) and makes sure its answer is never delivered; answers and errors arrive on the
GUI thread through queued signals. `busy` is true while any worker of the channel still runs,
including a cancelled one that has not stopped yet.
"""

from __future__ import annotations

import atexit
import contextlib
import os
import sys
import threading
import time
import weakref
from collections.abc import Callable
from typing import Any

import shiboken6
from PySide6.QtCore import QObject, QThreadPool, QTimer, Signal

from explorer.gui import memory
from explorer.session.jobs import Cancelled, Done, Failed, ProgressFn

_LIVE: weakref.WeakSet[LatestJob] = weakref.WeakSet()


@atexit.register
def _stop_all() -> None:
    """At interpreter exit (a script or notebook that never closes its window), stop every job
    and let the workers finish before Python tears down the objects they signal through."""
    for job in list(_LIVE):
        job._stop_now()
    QThreadPool.globalInstance().waitForDone(5000)


# A typed refusal: the rules' and inputs' errors (ValueError: RuleError, InputError, ...) and the
# system's (OSError: a file that cannot be written). Any other exception from work is a defect;
# the observers hear of it (the soak counts it as an exception) before the caller's `failed`.
TYPED_REFUSALS: tuple[type[BaseException], ...] = (ValueError, OSError)
untyped_failures: list[Callable[[BaseException], None]] = []


def _failure(exc: BaseException) -> None:
    if not isinstance(exc, TYPED_REFUSALS):
        for observer in list(untyped_failures):
            observer(exc)


PRELOAD_AFTER_MS = 500  # after the window has painted: start-up stays as lean as it was


GIL_SWITCH_S = 0.0005  # how long a busy worker may keep the GIL while the GUI thread waits for it


def share_the_gil() -> None:
    """Make workers hand the GIL to the GUI thread within 0.5 ms instead of Python's 5 ms.

    Painting a table calls Python (`data`, `rowCount`) hundreds of times, and each call needs the
    GIL; with a worker busy on big integers every call waited up to 5 ms, so one paint of the
    Array tab took 250-320 ms (the soak's longest stalls; py-spy --native showed the GUI thread
    in `GilState::acquire` under `QTableView::paintEvent` and a worker in `isqrt`). Measured with
    a worker on Zeckendorf forms of 25 000-digit numbers: a paint pass 313 ms on average (worst
    994 ms) at 5 ms, 49 ms (worst 199 ms) at 0.5 ms.
    """
    sys.setswitchinterval(min(sys.getswitchinterval(), GIL_SWITCH_S))


def preload() -> None:
    """Import superqt's workers on a background thread, once the window is up.

    The first background job would otherwise import superqt (~70 ms of pygments, qtpy, QtOpenGL)
    on the GUI thread, and the window would stall for it the first time a user asks for anything
    slow. Imported here instead, it costs the GUI thread a few ms at a time (the import is mostly
    bytecode, which lets go of the GIL every 5 ms). A job submitted before it has finished waits
    for it on a timer (`when_workers_ready`), not on the GUI thread.
    """
    if "superqt.utils" not in sys.modules:
        thread = threading.Thread(target=_import_workers, name="preload superqt")
        _PRELOADING[:] = [thread]
        thread.start()


_PRELOADING: list[threading.Thread] = []  # the preload's thread, once started
WAIT_FOR_WORKERS_MS = 20


def when_workers_ready(start: Callable[[], None]) -> None:
    """Call `start`, which imports superqt's workers, now; or, while the preload's thread is
    importing them, once it has finished, on a timer (the window keeps drawing meanwhile)."""
    if any(thread.is_alive() for thread in _PRELOADING):
        QTimer.singleShot(WAIT_FOR_WORKERS_MS, lambda: when_workers_ready(start))
    else:
        start()


def _import_workers() -> None:
    import superqt.utils  # noqa: F401


# A worker reports progress at most this often: each report repaints a progress bar on the GUI
# thread, and a sum's values reported every block queued up hundreds of repaints that one turn
# of the event loop then drew in 200-300 ms (long soak, seed 20261405).
PROGRESS_EVERY_S = 0.04
WORKER_NICE = 5  # background work runs this much "nicer" than the GUI thread (Linux: per thread)
_niced = threading.local()


def yield_to_the_gui() -> None:
    """Lower this worker thread's scheduling priority, once. On two cores, two workers sweeping
    took the CPU from the GUI thread: drawing after a rule change stretched to 250-550 ms in
    processEvents (long soaks), with both workers inside compiled sweeps that hold no GIL."""
    if getattr(_niced, "done", False):
        return
    _niced.done = True
    with contextlib.suppress(AttributeError, OSError):  # not Linux, or not allowed: priority unchanged
        os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), WORKER_NICE)


class LatestJob(QObject):
    """Implements `explorer.session.jobs.Jobs` with worker threads."""

    busyChanged = Signal(bool)
    _progressed = Signal(int, int, int)  # token, done, total (emitted from the worker)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._token = 0
        self._stop: threading.Event | None = None
        self._running: dict[int, Any] = {}
        self._progress: ProgressFn | None = None
        self._progressed.connect(self._on_progress)
        _LIVE.add(self)

    @property
    def busy(self) -> bool:
        return bool(self._running)

    def submit(
        self,
        work: Callable[..., Any],
        *args: Any,
        done: Done,
        failed: Failed,
        progress: ProgressFn | None = None,
        background: bool = True,
    ) -> None:
        self.cancel()
        self._token += 1
        token = self._token
        stop = threading.Event()
        self._stop = stop
        self._progress = progress
        kwargs: dict[str, Any] = {}
        if progress is not None:
            last = [0.0]  # when progress was last sent to the GUI thread

            def report(n: int, total: int) -> bool:
                if stop.is_set() or not shiboken6.isValid(self):
                    return False
                now = time.monotonic()
                if now - last[0] >= PROGRESS_EVERY_S or n >= total:
                    last[0] = now
                    self._progressed.emit(token, n, total)
                return True

            kwargs["progress"] = report
        if not background:
            try:
                result = work(*args, **kwargs)
            except Exception as exc:
                _failure(exc)
                failed(exc)
                return
            done(result)
            return
        # Qt's thread pool keeps the last runnable of each thread alive, and with it whatever the
        # worker refers to. So the worker holds only boxes, emptied once it has finished: a
        # finished job never keeps its arguments (a 320 MiB table, a rule, huge numbers) or its
        # callbacks (which may hold them too).
        call: list[Any] = [work, args, kwargs]
        hooks: list[Any] = [done, failed]

        def run() -> Any:
            fn, fn_args, fn_kwargs = call
            call.clear()
            if stop.is_set():  # superseded while queued for a thread: a stale request is not worked out
                raise Cancelled("superseded before it started")
            yield_to_the_gui()
            return fn(*fn_args, **fn_kwargs)

        # Until superqt's workers are imported (the preload's thread does it in the first second),
        # the job waits on a timer in place of its worker: importing them here would make the GUI
        # thread wait for that other thread's import (279 ms, long soak, seed 20261530).
        waiting = object()
        was_busy = self.busy
        self._running[id(waiting)] = waiting
        if not was_busy:
            self.busyChanged.emit(True)

        def launch() -> None:
            if not shiboken6.isValid(self):  # its window closed while it waited
                return
            self._running.pop(id(waiting), None)
            if token != self._token or stop.is_set():  # cancelled while it waited: nothing ran
                call.clear()
                hooks.clear()
                if not self._running:
                    self.busyChanged.emit(False)
                return
            from superqt.utils import create_worker  # superqt loads ~85 ms of widgets: not at start

            worker = create_worker(run, _start_thread=False, _ignore_errors=True)

            def deliver(result: Any) -> None:
                # an answer that arrives once the channel is gone (its window closed while the worker
                # ran) goes nowhere: what it would draw on was deleted with it (a raster reached a
                # deleted image in a test's teardown)
                if hooks and token == self._token and not stop.is_set() and shiboken6.isValid(self):
                    hooks[0](result)

            def fail(exc: BaseException) -> None:
                if hooks and not isinstance(exc, (Cancelled, InterruptedError)):
                    _failure(exc)  # a stale request's defect is still a defect
                if (
                    hooks
                    and token == self._token
                    and not stop.is_set()
                    and not isinstance(exc, (Cancelled, InterruptedError))
                    and shiboken6.isValid(self)
                ):
                    hooks[1](exc)

            key = id(worker)

            def finished() -> None:
                # Only the key is captured: a closure holding the worker would make a cycle through
                # Qt's connection that the collector cannot see, keeping every worker alive for good.
                hooks.clear()
                self._running.pop(key, None)
                memory.give_back_soon()
                if not self._running and shiboken6.isValid(self):  # a cancelled worker may outlive its window
                    self.busyChanged.emit(False)

            worker.returned.connect(deliver)
            worker.errored.connect(fail)
            worker.finished.connect(finished)
            self._running[key] = worker
            worker.start()

        when_workers_ready(launch)

    def _on_progress(self, token: int, n: int, total: int) -> None:
        if token == self._token and self._progress is not None:
            self._progress(n, total)

    def _stop_now(self) -> None:
        if self._stop is not None:
            self._stop.set()

    def cancel(self) -> None:
        """Stop the current request: its answer will not be delivered."""
        if self._stop is not None:
            self._stop.set()
        self._token += 1
