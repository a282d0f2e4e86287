"""The game itself, pure and exact: no Qt here (a test enforces it).

Scalar functions take and return Python integers of any size; the `bulk` module offers
numpy versions that are exact over their stated ranges and hand over to these beyond.
"""

from __future__ import annotations

from typing import Any

from explorer.core.exact.bigint import allow_huge_integers
from explorer.core.game.moves import Move, MoveKind, winning_moves
from explorer.core.game.sequence import (
    NumberKind,
    classify_number,
    cold_pair,
    count_lower_upto,
    is_cold,
    lower,
    partner,
    upper,
)
from explorer.core.game.zeckendorf import zeckendorf_digits, zeckendorf_indices

allow_huge_integers()


def __getattr__(name: str) -> Any:
    """The counting functions load numpy: imported when first asked for, so a command that
    needs only the game (`moves`, `number`, `zeckendorf`) starts without numpy."""
    if name in ("cold_cells_in", "cold_cells_in_rect"):
        from explorer.core.counting import closed_form

        return getattr(closed_form, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "Move",
    "MoveKind",
    "NumberKind",
    "classify_number",
    "cold_cells_in",
    "cold_cells_in_rect",
    "cold_pair",
    "count_lower_upto",
    "is_cold",
    "lower",
    "partner",
    "upper",
    "winning_moves",
    "zeckendorf_digits",
    "zeckendorf_indices",
]
