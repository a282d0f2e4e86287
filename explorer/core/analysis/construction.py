"""The construction of the cold cells, one step at a time: what build mode shows and explains.

Every write-up of the game explains it so: place the cold pairs one at a time, each the least
number not used yet and its partner, so that no two cold cells share a row, a column or a
diagonal. A rule says what its k-th step is (`Constructed.construction_step(k)`):

- rules with a sequence of cold pairs (Wythoff, a-Wythoff, Nim, move-vector sequences): step k
  places the k-th pair x <= y and its mirror, and the lines of cells that can now move onto them
  (every cell on them is hot from now on);
- rules solved on a square: step k decides the k-th cell in the order of the solve: cold when no
  move reaches a cold cell, else hot, with the cold cell one of its moves reaches.

Steps are computed one at a time, at any k (near 10^18 the numbers are exact), so build mode and
the animations never compute more than they show.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from explorer.core.exact.bigint import short_decimal
from explorer.core.game.lines import BAND_LINES, WHY_BAND, Line, Position, Step, Vector, clip, spec_lines
from explorer.core.protocol import ColdPairs, Constructed, Noted

if TYPE_CHECKING:
    from explorer.core.protocol import Rule

__all__ = [
    "BAND_LINES",
    "WHY_BAND",
    "Line",
    "Position",
    "Step",
    "Vector",
    "Why",
    "clip",
    "line_end",
    "spec_lines",
    "why",
]


class Why(NamedTuple):
    """Why (x, y) is hot or cold: every line of moves back from it (to the edge), the single
    cells one move away that no line holds (jumps, amounts from a set), the cold cells it can
    reach, and a sentence for each."""

    position: Position
    cold: bool
    lines: tuple[Line, ...]  # start + t·direction, t >= 0, while both piles stay >= 0
    dots: tuple[Position, ...]
    targets: tuple[Position, ...]  # the cold cells one move away (the winning moves' targets)
    sentences: tuple[str, ...]


def line_end(line: Line) -> Position | None:
    """The last cell of a line of moves back towards (0, 0) (its direction's parts are <= 0)."""
    (x, y), (p, q) = line
    if x < 0 or y < 0:
        return None
    if p and q:
        steps = min(x // -p, y // -q)
    elif p:
        steps = x // -p
    else:
        steps = y // -q
    return x + steps * p, y + steps * q


def why(rule: Rule, x: int, y: int) -> Why:
    """Every move back from (x, y) as lines and dots, the cold cells among them (the winning
    moves' targets, found exactly by the rule), and sentences: one per winning move, or, for a
    cold cell, why no line or dot holds a cold cell. Under a rule whose own recursion decides
    (`Noted`: k-blocking, a pass, declared cells) every cold option is ringed, cold or hot, and
    the rule says what decides."""
    lines, dots = rule.spec.move_lines(x, y)
    cold = rule.is_cold(x, y)
    moves = rule.winning_moves(x, y)
    targets = tuple(m.target for m in moves)
    if not lines and not dots:
        return Why(
            (x, y), cold, (), (), (), ("No move is left: the player to move " + ("loses." if cold else "wins."),)
        )
    if isinstance(rule, Noted):  # its own recursion decides (k-blocking, a pass, declared cells): every cold option
        options = tuple(rule.cold_option_cells(x, y))  # the rule's own (by its lines, not a move at a time)
        n = len(options)
        where = f"({short_decimal(x)}, {short_decimal(y)})"
        said = f"{where} is {'cold' if cold else 'hot'}; {n} of its options {'is' if n == 1 else 'are'} cold."
        note = rule.position_note(x, y)
        return Why((x, y), cold, lines, dots, options, (said, note) if note else (said,))
    if cold:
        built = rule if isinstance(rule, Constructed) else None
        order = built.construction_order(x, y) if built is not None else None
        reason = built.construction_step(order).caption if built is not None and order is not None else ""
        parts = [f"the {len(lines)} lines of moves back from it"] if lines else []
        parts += [f"its {len(dots)} single moves"] if dots else []
        where = " and none of ".join(parts)
        sentences = [f"({short_decimal(x)}, {short_decimal(y)}) is cold: none of {where} reaches a cold cell."]
        if reason:
            if isinstance(rule, ColdPairs) and order == rule.cold_index(x, y):  # a pair of a generated sequence
                sentences.append(
                    "The construction guarantees it: each cold pair takes numbers no earlier pair used and a line "
                    "of moves no earlier pair is on, so no two cold cells share a row, a column or a line of moves."
                )
            sentences.append(f"Built so: {reason}.")
        return Why((x, y), True, lines, dots, (), tuple(sentences))
    sentences = [f"{m.describe(short_decimal)}, a cold cell: the opponent is left to lose." for m in moves]
    return Why((x, y), False, lines, dots, targets, tuple(sentences))
