"""The window gives the memory it frees back to the system (see `explorer.allocator`): large
arrays get pages of their own from the start (`MainWindow` sets it), and the heaps are
trimmed a while after background work ends (`give_back_soon`)."""

from __future__ import annotations

from typing import Any

from explorer import allocator

TRIM_AFTER_MS = 1500  # after the last job has ended: trimming a 200 MiB heap takes ~1-3 ms

_timer: Any = None


def give_back_soon() -> None:
    """Trim once the window has been quiet for TRIM_AFTER_MS (called when background work ends,
    and when a cache lets go of a large table). GUI thread only."""
    global _timer
    if allocator.LIBC is None:
        return
    if _timer is None:
        from PySide6.QtCore import QTimer

        _timer = QTimer()
        _timer.setSingleShot(True)
        _timer.setInterval(TRIM_AFTER_MS)
        _timer.timeout.connect(allocator.give_back)
    _timer.start()
