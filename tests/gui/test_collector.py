"""Cyclic garbage is collected on the GUI thread only (a worker that collected a closed window's
menus deadlocked with the GUI thread: Qt's destructors took Qt's locks on the worker thread)."""

from __future__ import annotations

import gc
import threading
import weakref

from explorer.gui import collector
from explorer.gui.jobs import LatestJob


class _Cycle:
    def __init__(self) -> None:
        self.me = self


def _make_garbage(n: int) -> int:
    for _ in range(n):
        _Cycle()  # each one is freed only by the cyclic collector
    return n


def test_collections_run_on_the_gui_thread_only(qtbot, window):
    threads: list[str] = []

    def seen(phase: str, info: dict) -> None:
        if phase == "start":
            threads.append(threading.current_thread().name)

    gc.callbacks.append(seen)
    try:
        jobs = LatestJob()
        done: list[int] = []
        jobs.submit(_make_garbage, 300_000, done=done.append, failed=lambda e: None)
        qtbot.waitUntil(lambda: done == [300_000], timeout=20_000)
        last = _Cycle()
        dead = weakref.ref(last)
        del last
        _make_garbage(5_000)
        qtbot.waitUntil(lambda: dead() is None, timeout=5_000)  # the timer collects it
    finally:
        gc.callbacks.remove(seen)
    assert threads and set(threads) == {threading.main_thread().name}
    assert not gc.isenabled() and collector.install() is collector.install()
