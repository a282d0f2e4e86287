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


def numbers_per_line(values: NDArray | list[int]) -> bytes:
    """One decimal integer per line."""
    if isinstance(values, np.ndarray) and values.dtype != object:
        values = values.tolist()
    return ("\n".join(map(str, values)) + "\n").encode() if len(values) else b""
