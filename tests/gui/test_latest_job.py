"""The one background helper does not keep its workers (issue 10 item 6: memory grew with every
request, each finished worker holding its arguments: rules, tables, numbers of 7 000 digits)."""

from __future__ import annotations

import gc
import weakref

from PySide6.QtCore import QThreadPool

from explorer.gui.jobs import LatestJob


def test_finished_workers_are_released(qtbot):
    jobs = LatestJob()
    answers: list[int] = []
    workers = []
    for i in range(60):
        jobs.submit(lambda data, i=i: len(data) + i, bytearray(10_000), done=answers.append, failed=lambda e: None)
        workers += [weakref.ref(w) for w in jobs._running.values()]
        qtbot.wait(2)
    qtbot.waitUntil(lambda: not jobs.busy, timeout=10_000)
    assert workers

    def released() -> bool:
        gc.collect()
        alive = [w for w in workers if w() is not None]
        # Qt's thread pool may still own the last runnable of each of its threads (PySide keeps
        # those wrappers); before the fix every one of the 60 stayed.
        return len(alive) <= QThreadPool.globalInstance().maxThreadCount() + 4

    qtbot.waitUntil(released, timeout=5_000)
    assert answers and answers[-1] == 10_000 + 59  # the latest request's answer arrived


class _Big:
    """Stands for a value table: only whether it is still alive matters."""


def test_finished_jobs_release_their_arguments_and_callbacks_though_qt_keeps_the_runnables(qtbot):
    """Qt's pool keeps the last runnable of each thread; before the fix those kept their
    arguments and their `done` callbacks, and so old rules' value tables (320 MiB each) stayed."""
    jobs = LatestJob()
    args, hooks = [], []
    answers: list[object] = []
    for _ in range(12):
        big, held = _Big(), _Big()
        args.append(weakref.ref(big))
        hooks.append(weakref.ref(held))
        jobs.submit(lambda b: 1, big, done=lambda r, held=held: answers.append(r), failed=lambda e: None)
        del big, held
        qtbot.waitUntil(lambda: not jobs.busy, timeout=10_000)

    def released() -> bool:
        gc.collect()
        return all(r() is None for r in args + hooks)

    qtbot.waitUntil(released, timeout=5_000)
    assert answers == [1] * 12
