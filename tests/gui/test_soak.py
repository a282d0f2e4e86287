"""A short seeded soak of the real window (issue 10): 100 random actions, every answer checked
against the independent oracles in `soak.oracle`, no exception, nothing left running.
`make soak` runs the long one (any seed, any length) and reports stalls and memory too."""

from __future__ import annotations

from soak.driver import Monkey

SEED = 20261122
ACTIONS = 100


def test_short_soak(window):
    monkey = Monkey(window, SEED, settle_s=60.0)
    summary = monkey.run(ACTIONS)
    print(summary.line())
    assert summary.actions == ACTIONS
    assert not summary.exceptions, summary.exceptions[:3]
    assert not summary.wrong, summary.wrong[:5]
    assert not summary.unsettled, summary.unsettled[:3]
    assert summary.checks == ACTIONS


def test_the_longest_stall_is_reported_with_its_own_stack(window):
    """Every stretch of GUI work was numbered 1, so the watchdog noted only the first stack over
    150 ms and every later report reused it: two long soaks blamed an array action on
    `processEvents` with a stack from thousands of actions before."""
    import threading
    import time

    monkey = Monkey(window, SEED)
    watchdog = threading.Thread(target=monkey.watchdog._watch, daemon=True)
    watchdog.start()

    def first_slow_stretch() -> None:
        time.sleep(0.3)

    def second_slower_stretch() -> None:
        time.sleep(0.5)

    try:
        monkey.watchdog._timed(first_slow_stretch)
        assert "first_slow_stretch" in monkey.summary.stall_stack
        monkey.watchdog._timed(second_slower_stretch)
    finally:
        monkey._watch_stop.set()
        watchdog.join()
    assert "second_slower_stretch" in monkey.summary.stall_stack
    assert "first_slow_stretch" not in monkey.summary.stall_stack
