"""Wythoff Explorer: see and question Wythoff's game, exactly, for numbers of any size."""

from __future__ import annotations

import os

# The program does no linear algebra: OpenBLAS's thread pool, started by `import numpy`, costs
# ~50 ms of CPU at every start for nothing. Set before numpy is imported; a user's setting wins.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

from explorer.core.exact.bigint import allow_huge_integers

__version__ = "0.1.0"

allow_huge_integers()
