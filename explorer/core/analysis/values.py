"""What the inspector says about a position's Grundy value and remoteness (Qt-free text).

Remoteness R counts the moves left with best play, both players' moves counted: the winner
hurries, the loser delays. So a hot position "wins in R moves" and a cold one "loses in R
moves"; the winning moves are ranked fastest first (least R after the move), and from a cold
position the moves that keep the game longest are the best defence.
"""

from __future__ import annotations

import html

from explorer.core.analysis.position import PositionReport
from explorer.core.exact.bigint import short_decimal
from explorer.core.game.moves import Move
from explorer.core.values.cache import ValueCache

SHOWN = 5  # moves listed in a ranking


def _pos(p: tuple[int, int]) -> str:
    return f"({short_decimal(p[0], 24)}, {short_decimal(p[1], 24)})"


def _moves_word(n: int) -> str:
    return f"{n} move" + ("" if n == 1 else "s")


def ranked_winning_moves(cache: ValueCache, moves: tuple[Move, ...] | list[Move]) -> list[tuple[Move, int | None]]:
    """The winning moves with the remoteness after each, fastest first (unknown last)."""
    scored = [(m, cache.remoteness(*m.target)) for m in moves]
    return sorted(scored, key=lambda mr: (mr[1] is None, mr[1] or 0))


def longest_defences(
    cache: ValueCache, start: tuple[int, int], limit: int = SHOWN
) -> list[tuple[tuple[int, int], int]]:
    """From a cold position inside the computed corner: the moves after which the opponent's
    win takes longest (largest R after the move), best first."""
    rule = cache.rule
    out: list[tuple[tuple[int, int], int]] = []
    if not cache.covers(*start):
        return out
    for t in rule.legal_moves(*start):
        r = cache.remoteness(*t)
        if r is not None:
            out.append((t, r))
    out.sort(key=lambda tr: -tr[1])
    return out[:limit]


def values_text(cache: ValueCache, r: PositionReport) -> str:
    """G and R of the reported position, the targets' G, and the moves ranked by R (HTML)."""
    parts: list[str] = []
    g = cache.grundy(r.a, r.b)
    where = f"[0, {cache.side})²" if cache.side else "nothing yet"
    if g is None:
        parts.append(
            f"G{html.escape(_pos((r.a, r.b)))}: not computed (the corner covers {where}; Grundy or remoteness "
            "colouring grows it)"
        )
    else:
        line = f"G{html.escape(_pos((r.a, r.b)))} = {short_decimal(g, 40)}"
        if r.moves:
            targets = [cache.grundy(*m.target) for m in r.moves]
            line += "; G of the move targets: " + ", ".join("?" if t is None else short_decimal(t, 24) for t in targets)
        parts.append(line)
        if cache.rule.grundy_note:
            parts.append(f"<i>{html.escape(cache.rule.grundy_note)}.</i>")
    rem = cache.remoteness(r.a, r.b)
    if rem is None:
        parts.append("Remoteness: not computed here (inside the computed corner only).")
        return "<br>".join(parts)
    if rem == 0:
        parts.append("No move is left: the game is over here.")
    elif r.cold:
        parts.append(f"<b>Loses in {_moves_word(rem)}</b> with best play (both players' moves counted).")
        defences = longest_defences(cache, (r.a, r.b))
        if defences:
            shown = "; ".join(f"→ {html.escape(_pos(t))}: the win then takes {_moves_word(v)}" for t, v in defences)
            parts.append(f"Longest defences: {shown}")
    else:
        parts.append(f"<b>Wins in {_moves_word(rem)}</b> with best play (both players' moves counted).")
        ranked = ranked_winning_moves(cache, r.moves)[:SHOWN]
        if ranked:
            shown = "; ".join(
                f"→ {html.escape(_pos(m.target))}" + ("" if v is None else f": {_moves_word(v)} left")
                for m, v in ranked
            )
            parts.append(f"Fastest wins first: {shown}")
    return "<br>".join(parts)
