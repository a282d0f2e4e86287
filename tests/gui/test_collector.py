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


def test_what_a_burst_of_imports_brings_is_frozen_not_collected_again_and_again(qtbot, window):
    """Modules loaded late (numba, superqt) bring ~100 000 long-lived objects; the first middle
    collection after them took 31 ms in a frame. The timer freezes them; fewer modules than
    NEW_MODULES freeze nothing, and cyclic garbage is still collected."""
    import sys
    import types

    watcher = collector.install()
    watcher.modules = len(sys.modules)  # what the window loaded so far counts as seen
    names = [f"_fake_late_module_{i}" for i in range(collector.NEW_MODULES)]
    try:
        for name in names[:-1]:
            sys.modules[name] = types.ModuleType(name)
        before = gc.get_freeze_count()
        watcher.check()
        assert gc.get_freeze_count() == before  # one short of a burst
        module = types.ModuleType(names[-1])
        module.functions = [lambda i=i: i for i in range(5_000)]  # what a real module brings
        sys.modules[names[-1]] = module
        watcher.check()
        assert gc.get_freeze_count() >= before + 5_000
        last = _Cycle()
        dead = weakref.ref(last)
        del last
        _make_garbage(5_000)
        qtbot.waitUntil(lambda: dead() is None, timeout=5_000)  # made after the freeze: collected
    finally:
        for name in names:
            sys.modules.pop(name, None)


def test_the_first_look_waits_until_the_window_has_painted(qtbot):
    """A look within the first paint collected every object start-up had made (32 ms of the 130 ms
    from the window's build to its paint): the timer starts FIRST_LOOK_MS later."""
    from PySide6.QtCore import QObject

    parent = QObject()
    watcher = collector.GuiThreadCollector(parent)
    try:
        assert not watcher.timer.isActive()
        qtbot.wait(collector.FIRST_LOOK_MS // 2)
        assert not watcher.timer.isActive()
        qtbot.waitUntil(watcher.timer.isActive, timeout=collector.FIRST_LOOK_MS * 3)
    finally:
        watcher.timer.stop()
        parent.deleteLater()
