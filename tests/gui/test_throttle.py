"""The grid's redraw throttle: the first call at once, a burst ends in one more call, none lost."""

from __future__ import annotations

from PySide6.QtCore import QObject

from explorer.gui.throttle import Throttle


def test_first_call_runs_at_once_and_a_burst_runs_once_more(qtbot):
    owner = QObject()
    calls: list[int] = []
    throttle = Throttle(lambda: calls.append(len(calls)), 30, owner)
    throttle()
    assert calls == [0]  # at once
    for _ in range(20):
        throttle()
    assert calls == [0]  # the burst waits for the interval
    qtbot.waitUntil(lambda: len(calls) == 2, timeout=2000)
    qtbot.wait(100)
    assert len(calls) == 2  # one call for the whole burst, and no more


def test_a_lone_call_runs_once(qtbot):
    owner = QObject()
    calls: list[int] = []
    throttle = Throttle(lambda: calls.append(1), 20, owner)
    throttle()
    qtbot.wait(100)
    assert calls == [1]
    throttle()  # the interval is over: at once again
    assert calls == [1, 1]


def test_a_call_after_the_interval_runs_at_once_even_before_the_timer_is_delivered(qtbot):
    import time

    owner = QObject()
    calls: list[int] = []
    throttle = Throttle(lambda: calls.append(1), 20, owner)
    throttle()
    time.sleep(0.05)  # the interval is over, but no event loop has run to deliver the timer
    throttle()
    assert calls == [1, 1]
