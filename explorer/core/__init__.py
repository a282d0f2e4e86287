"""The game itself, pure and exact: no Qt here (a test enforces it).

Scalar functions take and return Python integers of any size; the `bulk` module offers
numpy versions that are exact over their stated ranges and hand over to these beyond.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from explorer.core.exact.bigint import allow_huge_integers

if TYPE_CHECKING:
    from explorer.core.counting.closed_form import cold_cells_in, cold_cells_in_rect
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

# Where each name lives. They load when first asked for: `explorer` imports this package for
# allow_huge_integers, and a command that needs none of them (`zeckendorf`, `number`) must not
# pay for the rest (the counting functions load numpy; `moves` loads the rules).
_HOMES = {
    "cold_cells_in": "explorer.core.counting.closed_form",
    "cold_cells_in_rect": "explorer.core.counting.closed_form",
    "Move": "explorer.core.game.moves",
    "MoveKind": "explorer.core.game.moves",
    "winning_moves": "explorer.core.game.moves",
    "NumberKind": "explorer.core.game.sequence",
    "classify_number": "explorer.core.game.sequence",
    "cold_pair": "explorer.core.game.sequence",
    "count_lower_upto": "explorer.core.game.sequence",
    "is_cold": "explorer.core.game.sequence",
    "lower": "explorer.core.game.sequence",
    "partner": "explorer.core.game.sequence",
    "upper": "explorer.core.game.sequence",
    "zeckendorf_digits": "explorer.core.game.zeckendorf",
    "zeckendorf_indices": "explorer.core.game.zeckendorf",
}


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    import importlib

    return getattr(importlib.import_module(home), name)


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
