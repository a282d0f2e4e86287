"""Give the memory the window frees back to the system (glibc's malloc; elsewhere nothing).

glibc keeps what Python and numpy free for reuse, and by default it serves allocations of up
to 32 MiB from its heaps once an array of that size has been freed (a "dynamic mmap
threshold"). The window frees large arrays all the time (rasters, value tables that shrink
when value colouring ends, Fenwick indexes replaced when the rule changes), so its heaps grew
full of free holes: after 1 000 soak actions the heaps held 190 MiB of which 148 MiB were free,
and resident memory climbed by ~100 MiB every 500 actions (issue 10's goal: under 500 MiB
after 10 000 actions). Two remedies:

- arrays of MMAP_FROM bytes or more get pages of their own, which go back to the system the
  moment they are freed (setting the threshold also switches the dynamic one off);
- a while after background work ends, `malloc_trim(0)` returns the free pages inside the heaps.
"""

from __future__ import annotations

import ctypes
from typing import Any

MMAP_FROM = 1 << 20  # 1 MiB: big enough that a frame's small arrays keep their reused pages
M_MMAP_THRESHOLD = -3  # from glibc's malloc.h
TRIM_AFTER_MS = 1500  # after the last job has ended: trimming a 200 MiB heap takes ~1-3 ms

_timer: Any = None


def _libc() -> Any:
    try:
        lib = ctypes.CDLL(None)
        lib.mallopt.argtypes = [ctypes.c_int, ctypes.c_int]
        lib.malloc_trim.argtypes = [ctypes.c_size_t]
        return lib
    except (OSError, AttributeError):  # not glibc: its allocator behaves as it does
        return None


_LIBC = _libc()


def tune_allocator() -> bool:
    """Large arrays get their own pages (see the module's docstring). True if it applied."""
    return _LIBC is not None and _LIBC.mallopt(M_MMAP_THRESHOLD, MMAP_FROM) == 1


def give_back() -> bool:
    """Return the free pages of malloc's heaps to the system now. True if any went back."""
    return _LIBC is not None and _LIBC.malloc_trim(0) == 1


def give_back_soon() -> None:
    """Trim once the window has been quiet for TRIM_AFTER_MS (called when background work ends,
    and when a cache lets go of a large table). GUI thread only."""
    global _timer
    if _LIBC is None:
        return
    if _timer is None:
        from PySide6.QtCore import QTimer

        _timer = QTimer()
        _timer.setSingleShot(True)
        _timer.setInterval(TRIM_AFTER_MS)
        _timer.timeout.connect(give_back)
    _timer.start()
