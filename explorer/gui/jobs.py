"""The one background-work helper of the window: a channel where the latest request wins.

Each request runs on a thread of Qt's pool (`_Worker`). Submitting again cancels the
request before it (its progress callback starts answering False, so cooperative work stops at
its next block) and makes sure its answer is never delivered; answers and errors arrive on the
GUI thread through queued signals. `busy` is true while any worker of the channel still runs,
including a cancelled one that has not stopped yet.
"""

from __future__ import annotations

import atexit
import collections
import contextlib
import os
import sys
import threading
import time
import weakref
from collections.abc import Callable
from typing import Any

import shiboken6
from PySide6.QtCore import QObject, QThreadPool, Signal

from explorer.gui import memory
from explorer.session.jobs import Cancelled, Done, Failed, ProgressFn

_LIVE: weakref.WeakSet[LatestJob] = weakref.WeakSet()


@atexit.register
def _stop_all() -> None:
    """At interpreter exit (a script or notebook that never closes its window), stop every job
    and let the workers finish before Python tears down the objects they signal through."""
    for job in list(_LIVE):
        job._stop_now()
    for pool in (QThreadPool.globalInstance(), *_DRAWING):
        pool.waitForDone(5000)


# A typed refusal: the rules' and inputs' errors (ValueError: RuleError, InputError, ...) and the
# system's (OSError: a file that cannot be written). Any other exception from work is a defect;
# the observers hear of it (the soak counts it as an exception) before the caller's `failed`.
TYPED_REFUSALS: tuple[type[BaseException], ...] = (ValueError, OSError)
untyped_failures: list[Callable[[BaseException], None]] = []


def _failure(exc: BaseException) -> None:
    if not isinstance(exc, TYPED_REFUSALS):
        for observer in list(untyped_failures):
            observer(exc)


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


DRAWING_THREADS = 2
_DRAWING: list[QThreadPool] = []


def drawing_pool() -> QThreadPool:
    """The pool of the grid's drawing, apart from Qt's global one. That one has a thread a core:
    two long value sweeps can hold both, and the grid's next drawing would wait behind them for
    as long. More threads in the global pool would run more sweeps at once instead: a higher
    memory peak, and the GUI thread waiting for the GIL. Drawing is short; it gets threads of
    its own."""
    if not _DRAWING:
        pool = QThreadPool()
        pool.setMaxThreadCount(DRAWING_THREADS)
        _DRAWING.append(pool)
    return _DRAWING[0]


class _WorkerSignals(QObject):
    """A worker's signals, made on the GUI thread: what they carry arrives there, queued."""

    returned = Signal(object)
    errored = Signal(object)
    finished = Signal()


class _Worker:
    """One request on a thread of Qt's pool. It touches no process-wide state: superqt's worker,
    used before, swapped `warnings.showwarning` for a lambda holding the worker inside each worker
    thread, and `catch_warnings` is not thread-safe. Concurrent workers restored each other's
    lambdas, so a worker could be freed on another worker's thread, and the window died with a
    segmentation fault. It is a plain object whose `run` the pool is given as a callable: as a
    QRunnable, PySide's pool wrapper kept about a third of the finished workers under load (59 of
    171 in CI), their C++ side long deleted. The channel drops it on the GUI thread, a few requests
    later (`_RETIRED`), when its thread has long left `run` (so its signals, made on the GUI
    thread, are freed there)."""

    def __init__(self, fn: Callable[[], Any], request: object) -> None:
        self.fn: Callable[[], Any] | None = fn
        # PySide holds the slots' object weakly: the request, whose methods the signals reach,
        # lives as long as its worker (freed on the GUI thread with it)
        self.request = request
        self.signals = _WorkerSignals()

    def run(self) -> None:
        fn, self.fn = self.fn, None
        assert fn is not None
        try:
            result = fn()
        except BaseException as exc:  # every failure goes to the GUI thread, typed or not
            self._tell("errored", exc)
        else:
            self._tell("returned", result)
            del result
        self._tell("finished")

    def _tell(self, name: str, *args: object) -> None:
        """Emit one of the signals, unless the process is ending: at exit PySide deletes the
        objects it still owns, and a worker that saw its cancellation late (a loaded machine)
        ends after its signals are gone, with no one left to hear it."""
        signals = self.signals
        if not shiboken6.isValid(signals):
            return
        with contextlib.suppress(RuntimeError):  # deleted between the check and the emit
            getattr(signals, name).emit(*args)


_RETIRED: collections.deque[_Worker] = collections.deque(maxlen=16)  # finished workers, dropped later


# A worker reports progress at most this often: each report repaints a progress bar on the GUI
# thread, and a sum's values reported every block queued up hundreds of repaints that one turn
# of the event loop then drew in 200-300 ms.
PROGRESS_EVERY_S = 0.04
WORKER_NICE = 5  # background work runs this much "nicer" than the GUI thread (Linux: per thread)
_niced = threading.local()


def yield_to_the_gui() -> None:
    """Lower this worker thread's scheduling priority, once. On two cores, two workers sweeping
    took the CPU from the GUI thread: drawing after a rule change stretched to 250-550 ms in
    processEvents, with both workers inside compiled sweeps that hold no GIL."""
    if getattr(_niced, "done", False):
        return
    _niced.done = True
    with contextlib.suppress(AttributeError, OSError):  # not Linux, or not allowed: priority unchanged
        os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), WORKER_NICE)


class _Request:
    """One request on its way through a worker. Qt's thread pool keeps the last runnable of each
    thread alive, and with it whatever the worker refers to; so the request holds its work and its
    callbacks in lists emptied once it has finished, and a finished job never keeps its arguments
    (a 320 MiB table, a rule, huge numbers) or its callbacks (which may hold them too)."""

    def __init__(self, job: LatestJob, token: int, stop: threading.Event, call: list[Any], hooks: list[Any]) -> None:
        self.job, self.token, self.stop = job, token, stop
        self.call, self.hooks = call, hooks
        self.key = 0

    def current(self) -> bool:
        return self.token == self.job._token and not self.stop.is_set() and shiboken6.isValid(self.job)

    def run(self) -> Any:
        fn, fn_args, fn_kwargs = self.call
        self.call.clear()
        if self.stop.is_set():  # superseded while queued for a thread: a stale request is not worked out
            raise Cancelled("superseded before it started")
        yield_to_the_gui()
        return fn(*fn_args, **fn_kwargs)

    def deliver(self, result: Any) -> None:
        # an answer that arrives once the channel is gone (its window closed while the worker ran)
        # goes nowhere: what it would draw on was deleted with it
        if self.hooks and self.current():
            self.hooks[0](result)

    def fail(self, exc: BaseException) -> None:
        stale = isinstance(exc, (Cancelled, InterruptedError))
        if self.hooks and not stale:
            _failure(exc)  # a stale request's defect is still a defect
        if self.hooks and not stale and self.current():
            self.hooks[1](exc)

    def finished(self) -> None:
        self.hooks.clear()
        job = self.job
        if self.token == job._token:  # the callbacks may hold what the request was for (a rule)
            job._progress = job._partial = None
        worker = job._running.pop(self.key, None)
        if worker is not None:
            _RETIRED.append(worker)  # freed here, on the GUI thread, a few requests from now
        memory.give_back_soon()
        if not job._running and shiboken6.isValid(job):  # a cancelled worker may outlive its window
            job.busyChanged.emit(False)

    def launch(self) -> None:
        """Start the request's worker on Qt's thread pool."""
        worker = _Worker(self.run, self)
        # Only the request is captured, never the worker: a closure holding the worker would make a
        # cycle through Qt's connection that the collector cannot see.
        self.key = id(worker)
        worker.signals.returned.connect(self.deliver)
        worker.signals.errored.connect(self.fail)
        worker.signals.finished.connect(self.finished)
        self.job._running[self.key] = worker
        self.job._pool.start(worker.run)


class LatestJob(QObject):
    """Implements `explorer.session.jobs.Jobs` with worker threads: the one mechanism of the
    window's background work."""

    busyChanged = Signal(bool)
    _progressed = Signal(int, int, int)  # token, done, total (emitted from the worker)
    _partialled = Signal(int, object)  # token, a part of the answer (emitted from the worker)

    def __init__(self, parent: QObject | None = None, pool: QThreadPool | None = None) -> None:
        """`pool`: the threads its requests run on (Qt's global pool unless given)."""
        super().__init__(parent)
        self._pool = pool if pool is not None else QThreadPool.globalInstance()
        self._token = 0
        self._stop: threading.Event | None = None
        self._running: dict[int, Any] = {}
        self._progress: ProgressFn | None = None
        self._partial: Done | None = None
        self._progressed.connect(self._on_progress)
        self._partialled.connect(self._on_partial)
        _LIVE.add(self)

    @property
    def busy(self) -> bool:
        return bool(self._running)

    def _reporter(self, token: int, stop: threading.Event) -> Callable[[int, int], bool]:
        last = [0.0]  # when progress was last sent to the GUI thread

        def report(n: int, total: int) -> bool:
            if stop.is_set() or not shiboken6.isValid(self):
                return False
            now = time.monotonic()
            if now - last[0] >= PROGRESS_EVERY_S or n >= total:
                last[0] = now
                self._progressed.emit(token, n, total)
            return True

        return report

    def _part_sender(self, token: int, stop: threading.Event) -> Callable[[Any], None]:
        def send(part: Any) -> None:
            if not stop.is_set() and shiboken6.isValid(self):
                self._partialled.emit(token, part)

        return send

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
        self.cancel()
        self._token += 1
        token = self._token
        stop = threading.Event()
        self._stop = stop
        self._progress, self._partial = progress, partial
        kwargs: dict[str, Any] = {}
        if progress is not None:
            kwargs["progress"] = self._reporter(token, stop)
        if partial is not None:
            kwargs["partial"] = partial if not background else self._part_sender(token, stop)
        if not background:
            try:
                result = work(*args, **kwargs)
            except Exception as exc:
                _failure(exc)
                failed(exc)
                return
            done(result)
            return
        request = _Request(self, token, stop, [work, args, kwargs], [done, failed])
        was_busy = self.busy
        request.launch()
        if not was_busy:
            self.busyChanged.emit(True)

    def _on_partial(self, token: int, part: object) -> None:
        if token == self._token and self._partial is not None:
            self._partial(part)

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
