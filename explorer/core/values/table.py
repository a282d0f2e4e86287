"""The corner of values a rule's sweep fills: plain data, importable without numba."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray


@dataclass(frozen=True)
class ValueTable:
    """G, cold and R on [0, nx) x [0, ny) for one rule (exact; G of the moves' normal play)."""

    grundy: NDArray  # uint16 or uint32
    cold: NDArray[np.bool_]
    remoteness: NDArray[np.uint16]

    @property
    def shape(self) -> tuple[int, int]:
        return (int(self.cold.shape[0]), int(self.cold.shape[1]))

    @property
    def nbytes(self) -> int:
        return int(self.grundy.nbytes + self.cold.nbytes + self.remoteness.nbytes)
