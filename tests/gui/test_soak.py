"""A short seeded soak of the real window (issue 10): 300 random actions, every answer checked
against the independent oracles in `soak.oracle`, no exception, nothing left running.
`make soak` runs the long one (any seed, any length) and reports stalls and memory too."""

from __future__ import annotations

from soak.driver import Monkey

SEED = 20261122
ACTIONS = 300


def test_short_soak(window):
    monkey = Monkey(window, SEED, settle_s=60.0)
    summary = monkey.run(ACTIONS)
    print(summary.line())
    assert summary.actions == ACTIONS
    assert not summary.exceptions, summary.exceptions[:3]
    assert not summary.wrong, summary.wrong[:5]
    assert not summary.unsettled, summary.unsettled[:3]
    assert summary.checks == ACTIONS
