"""Fast text output for bulk answers (one word or number per line)."""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray


def words_by_mask(mask: NDArray[np.bool_], yes: bytes, no: bytes) -> bytes:
    """b'yes\\n' where mask is true and b'no\\n' where false, in order, built with numpy."""
    mask = np.asarray(mask, dtype=bool)
    yes_line, no_line = yes + b"\n", no + b"\n"
    lengths = np.where(mask, len(yes_line), len(no_line))
    ends = np.cumsum(lengths)
    starts = ends - lengths
    out = np.empty(int(ends[-1]) if ends.size else 0, dtype=np.uint8)
    for word, rows in ((yes_line, starts[mask]), (no_line, starts[~mask])):
        for offset, byte in enumerate(word):
            out[rows + offset] = byte
    return out.tobytes()


_POW10 = np.array([10**d for d in range(19)], dtype=np.int64)


def _int64_lines(values: NDArray[np.int64]) -> bytes:
    """Non-negative int64 values as decimal lines: a right-aligned digit table filled one
    column per pass (no masks), then one compress that drops the leading blanks."""
    digits = np.maximum(np.searchsorted(_POW10, values, side="right"), 1)  # 1..19
    width = int(digits.max())
    table = np.empty((values.size, width + 1), dtype=np.uint8)
    table[:, width] = ord("\n")
    rest = values.copy()
    for col in range(width - 1, -1, -1):
        rest, digit = np.divmod(rest, 10)
        table[:, col] = digit
    table[:, :width] += 48
    keep = np.arange(width + 1) >= (width - digits)[:, None]
    return table[keep].tobytes()


def numbers_per_line(values: NDArray | list[int]) -> bytes:
    """One decimal integer per line."""
    if len(values) == 0:
        return b""
    if isinstance(values, np.ndarray) and values.dtype.kind == "i" and int(values.min()) >= 0:
        return _int64_lines(values.astype(np.int64, copy=False))
    if isinstance(values, np.ndarray):
        values = values.tolist()
    return ("\n".join(map(str, values)) + "\n").encode()
