"""The strip of Wythoff's Grundy rows kept once per process (explorer.core.values.rows.shared_rows),
in a module of its own that loads no compiled code: the window counts and releases it through
here without importing numba (explorer.core.values.rows imports it at once)."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

_LAST: list[Any] = []  # the strip solved last (one slot: it is the biggest cache there is)
_LOCK = threading.Lock()


def find(fits: Callable[[Any], bool]) -> Any:
    """The strip kept, if `fits` says it will do, else None."""
    with _LOCK:
        return next((kept for kept in _LAST if fits(kept)), None)


def keep(strip: Any) -> None:
    """Keep `strip` in place of the one kept before."""
    with _LOCK:
        _LAST[:] = [strip]


def held_bytes() -> int:
    """What the strip kept holds (the window's memory pool counts it)."""
    with _LOCK:
        return sum(int(kept.nbytes) for kept in _LAST)


def release() -> None:
    """Forget the strip kept (the window drops it when no view needs it, and when the rule in
    effect does not share it)."""
    with _LOCK:
        _LAST.clear()
