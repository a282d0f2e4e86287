"""Batch query files: Q, then Q lines `X Y` (prefix rectangles) or `X0 Y0 X1 Y1`."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

from explorer.core.exact.bigint import short_decimal
from explorer.core.textio.intstream import InputError, read_integers


@dataclass(frozen=True)
class QueryBatch:
    """Inclusive rectangles [x0, x1] x [y0, y1], as int64 arrays or lists of ints."""

    x0: NDArray | list[int]
    y0: NDArray | list[int]
    x1: NDArray | list[int]
    y1: NDArray | list[int]

    def __len__(self) -> int:
        return len(self.x1)


def parse_query_file(data: bytes) -> QueryBatch:
    """Read a batch; the number of values per line (2 or 4) is taken from the count Q."""
    nums = read_integers(data)
    if len(nums) == 0:
        raise InputError("the file is empty: expected the number of queries Q on line 1")
    q = int(nums.values[0])
    rest = len(nums) - 1
    if rest == 2 * q:
        width = 2
    elif rest == 4 * q:
        width = 4
    else:
        raise InputError(
            f"line 1 announces {short_decimal(q)} queries, but {rest} values follow: "
            f"expected {short_decimal(2 * q)} (X Y per line) or {short_decimal(4 * q)} (X0 Y0 X1 Y1 per line)"
        )
    flat = nums.values[1:]
    if isinstance(flat, np.ndarray):
        table = flat.reshape(-1, width)
        cols = [table[:, i].copy() for i in range(width)]
    else:
        cols = [list(flat[i::width]) for i in range(width)]
    if width == 2:
        zeros = np.zeros(q, dtype=np.int64) if isinstance(flat, np.ndarray) else [0] * q
        return QueryBatch(zeros, zeros, cols[0], cols[1])
    return QueryBatch(*cols)
