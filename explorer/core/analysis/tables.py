"""Rows and series the panels show, computed here so that panels never touch the mathematics:
the sequence table's rows, the density plot's exact shares, the n-pile calculator's answer."""

from __future__ import annotations

from collections.abc import Sequence

from explorer.core.counting.closed_form import cold_cells_in
from explorer.core.game import npiles
from explorer.core.game.sequence import cold_pair, lower
from explorer.core.game.zeckendorf import zeckendorf_digits


def sequence_row(k: int) -> tuple[int, int, int, str, str, int]:
    """k, a_k, b_k, their Zeckendorf forms, and the gap a_{k+1} - a_k."""
    a, b = cold_pair(k)
    return k, a, b, zeckendorf_digits(a), zeckendorf_digits(b), lower(k + 1) - a


def square_shares(ns: Sequence[int]) -> list[float]:
    """The share of cold cells in each square [0, n]^2 (exact counts, then divided)."""
    return [cold_cells_in(n, n) / (n + 1) ** 2 for n in ns]


def evaluate_piles(
    piles: tuple[int, ...], progress: npiles.Progress | None = None
) -> tuple[int, str, list[tuple[int, ...]]]:
    """(G, method, winning moves) for n piles (one pile, or the same amount from every pile);
    `progress(done, total)` may return False to stop (raises npiles.Stopped)."""
    return npiles.evaluate(piles, progress)
