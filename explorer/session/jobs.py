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

    def submit(
        self,
        work: Callable[..., Any],
        *args: Any,
        done: Done,
        failed: Failed,
        progress: ProgressFn | None = None,
        background: bool = True,
    ) -> None:
        """Run work(*args) — with `progress=` a callback `(done, total) -> bool` (False: stop)
        when `progress` is given — and call done(result) or failed(error) unless a newer
        request has been submitted meanwhile. `background=False` runs it at once."""
        ...

    def cancel(self) -> None: ...


class InlineJobs:
    """Runs every request at once, on the caller's thread (controller tests, scripts)."""

    busy = False

    def __init__(self) -> None:
        self.submitted = 0

    def submit(
        self,
        work: Callable[..., Any],
        *args: Any,
        done: Done,
        failed: Failed,
        progress: ProgressFn | None = None,
        background: bool = True,
    ) -> None:
        self.submitted += 1
        kwargs: dict[str, Any] = {}
        if progress is not None:

            def report(n: int, total: int) -> bool:
                progress(n, total)
                return True

            kwargs["progress"] = report
        try:
            result = work(*args, **kwargs)
        except Exception as exc:
            failed(exc)
            return
        done(result)

    def cancel(self) -> None:
        pass
