"""Wythoff's batch answered from text to text in one compiled call: the numbers of a chunk read
(explorer.core.textio.text_jit.parse), each whole record answered by the exact closed forms
(explorer.core.exact.beatty_jit) and written as lines (text_jit.format_lines, format_words).

Its arguments are bytearrays, not arrays (the module built from it ahead of time is the group
"text" of explorer.core.kernels, beside the array kernels): `count --batch` and `judge` start with no
numba loaded. The arrays here are views of those bytearrays and scratch the kernel makes.

`state` (8 int64; explorer.core.textio.text_layout names the places) carries a batch from one chunk
to the next:
- ANNOUNCED: the count on line 1, or -1 until it is read, or UNCOUNTED for input without one;
- RECORDS: the records answered so far;
- HELD and H0..H2: the numbers of a record cut by the end of the last chunk;
- CONSUMED: the bytes of this chunk read (short of a number cut by its end);
- STATUS: OK, or why the exact reader must take over (text_jit's BAD_BYTE and TOO_BIG, or TOO_MANY
  records for line 1's count).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from explorer.core.exact.beatty_jit import is_cold, rectangle
from explorer.core.textio.text_jit import OK, format_lines, format_words, parse
from explorer.core.textio.text_layout import (
    ANNOUNCED,
    CONSUMED,
    H0,
    HELD,
    RECORDS,
    RECTANGLES,
    STATUS,
    TOO_MANY,
    VERDICTS,
)


@njit(cache=True, nogil=True)
def answer_text(buf, size, final, kind, state, out, yes, no):  # type: ignore[no-untyped-def]
    """Answer the records in buf[:size] (see the module's docstring) into out, which has
    `text_layout.room(size, kind)` bytes; a verdict is `yes` where the position is hot (the player to move
    wins), else `no`. Returns the bytes written; 0 with state[STATUS] set where the exact reader
    must take over."""
    st = np.frombuffer(state, np.int64)
    width = 4 if kind == RECTANGLES else 2
    held = st[HELD]
    values = np.empty(size // 2 + 1 + width, np.int64)
    for i in range(held):  # element by element: a slice assignment compiles its error message (5 s)
        values[i] = st[H0 + i]
    info = np.zeros(3, np.int64)
    n = parse(np.frombuffer(buf, np.uint8)[:size], final, values[held:], info)
    st[CONSUMED] = info[0]
    st[STATUS] = info[1]
    if info[1] != OK:
        return 0
    first = 0
    if st[ANNOUNCED] == -1 and held + n > 0:
        st[ANNOUNCED] = values[0]
        first = 1
    records = (held + n - first) // width
    if st[ANNOUNCED] >= 0 and st[RECORDS] + records > st[ANNOUNCED]:
        st[STATUS] = TOO_MANY
        return 0
    st[RECORDS] += records
    rows = values[first : first + records * width]
    left = held + n - first - records * width
    for i in range(left):
        st[H0 + i] = values[first + records * width + i]
    st[HELD] = left
    sink = np.frombuffer(out, np.uint8)
    if kind == VERDICTS:
        hot = np.empty(records, np.uint8)
        for i in range(records):
            hot[i] = 0 if is_cold(rows[2 * i], rows[2 * i + 1]) else 1
        return format_words(hot, np.frombuffer(yes, np.uint8), np.frombuffer(no, np.uint8), sink)
    counts = np.empty(records, np.int64)
    zero = np.int64(0)
    for i in range(records):  # C(X, Y) is the rectangle from (0, 0): one inlined formula, compiled once
        if kind == RECTANGLES:
            x0, y0, x1, y1 = rows[4 * i], rows[4 * i + 1], rows[4 * i + 2], rows[4 * i + 3]
        else:
            x0, y0, x1, y1 = zero, zero, rows[2 * i], rows[2 * i + 1]
        counts[i] = rectangle(x0, y0, x1, y1)
    return format_lines(counts, sink)
