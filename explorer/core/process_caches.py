"""Every cache this process keeps beside the objects that use it, forgotten in one call.

The shared sweeps of move-vector rules, the value engines of rules whose values are sequences,
Wythoff's Grundy rows and a command's values are kept per process so that equal rules share what
was solved. A test suite calls `reset()` before each test, so that no test's cost or answer
depends on what ran before it (tests/conftest.py).
"""

from __future__ import annotations


def reset() -> None:
    """Forget every process-wide cache (what the next question needs is solved again)."""
    from explorer.core import value_source
    from explorer.core.game import value_sequences
    from explorer.core.rules import vectors
    from explorer.core.values import shared_strip

    with vectors._ENGINES_LOCK:  # the shared sweeps of move-vector rules, and which were asked last
        vectors._ENGINES.clear()
        vectors._RECENT.clear()
    value_sequences.forget_all()
    shared_strip.release()
    value_source.forget_command_values()
