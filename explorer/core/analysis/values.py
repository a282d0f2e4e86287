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
from explorer.core.rules.presentation import grundy_note
from explorer.core.value_limits import has_values, no_values_text
from explorer.core.value_source import ValueCache, ValueRefused

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
    targets = list(rule.spec.targets(*start))
    for t, r in zip(targets, cache.remoteness_many(targets), strict=True):
        if r is not None:
            out.append((t, r))
    out.sort(key=lambda tr: -tr[1])
    return out[:limit]


def _not_known(cache: ValueCache, r: PositionReport, growing: int, kind: str = "remoteness") -> str:
    """Why G or R of the position is not shown: under way, or what the one place says of it."""
    x, y = r.a, r.b
    if growing and max(x, y) < growing:
        return f"working it out (the corner [0, {growing})²)…"
    if kind == "grundy":
        refused = cache.next_need([(x, y)])
        return str(refused) if isinstance(refused, ValueRefused) else "not known yet"
    need = max(x, y) + 1
    if need > cache.max_side:
        return (
            f"not computed: the window computes G and R on a corner of at most [0, {cache.max_side})² for this "
            f"rule (its memory budget and work bound), and this position needs [0, {short_decimal(need, 24)})²"
        )
    side = cache.side_for(x, y) or cache.side
    return (
        f"not computed: it needs the corner [0, {side})² ({cache.bytes_for(side) // 2**20} MiB, computed "
        "in the background when you colour by Grundy value or remoteness)"
    )


# The moves to each value read at most this many cells along lines, on the GUI thread: about 35 ns
# a cell (2^22 of them take 148 ms): 2^19, ~18 ms
MEX_LINE_STEPS = 1 << 19


def moves_to_each_value(cache: ValueCache, p: tuple[int, int], g: int | None) -> str:
    """Far out, from the value sequences: a move to each value below G (why G is the least value
    missing among the moves), each found on the position's lines. Empty where the sequences do
    not cover p, or its lines are too long to read on the GUI thread."""
    far = cache.far
    if far is None or not far.covers(*p):
        return ""
    from explorer.core.value_options import engine_of, options_of_value

    upto = far.values if g is None else min(g, far.values)
    if len(engine_of(cache.rule).rays) * min(p) * upto > MEX_LINE_STEPS:
        return ""  # rows and columns are one lookup; each other ray reads its line behind p, per value
    shown = []
    for v in range(upto):
        found = options_of_value(cache.rule, far, p, v)
        more = f" (and {len(found) - 1} more)" if len(found) > 1 else ""
        shown.append(f"{v} → {html.escape(_pos(found[0]))}{more}" if found else f"{v}: none")
    if not shown:
        return ""
    head = "A move to each smaller value" if g is not None else f"Moves to the values 0–{upto - 1}"
    return f"{head}: " + "; ".join(shown[:SHOWN_VALUES]) + ("; …" if len(shown) > SHOWN_VALUES else "")


SHOWN_VALUES = 8


def values_text(cache: ValueCache, r: PositionReport, growing: int = 0, working: bool = False) -> str:
    """G and R of the reported position, the targets' G, and the moves ranked by R (HTML).
    `growing` is the side of a corner being computed now (0: none); `working`: G is being worked
    out in the background."""
    if not has_values(cache.rule):  # hot and cold only: one line, not one for G and one for R
        return html.escape(f"{no_values_text(cache.rule)}: it answers hot and cold.")
    parts: list[str] = []
    g = cache.grundy(r.a, r.b)
    above = cache.grundy_above(r.a, r.b)
    if g is None and above is not None:
        parts.append(
            f"G{html.escape(_pos((r.a, r.b)))} &gt; {above - 1}: far out the values 0–{above - 1} are solved, "
            "each as a sequence, and none of them lies here"
        )
    elif g is None and working:
        parts.append(f"G of {html.escape(_pos((r.a, r.b)))}: working it out…")
    elif g is None:
        parts.append(f"G of {html.escape(_pos((r.a, r.b)))}: {html.escape(_not_known(cache, r, growing, 'grundy'))}")
    else:
        line = f"G{html.escape(_pos((r.a, r.b)))} = {short_decimal(g, 40)}"
        if r.moves:
            targets = [cache.grundy(*m.target) for m in r.moves]
            line += "; G of the move targets: " + ", ".join("?" if t is None else short_decimal(t, 24) for t in targets)
        parts.append(line)
        if grundy_note(cache.rule):
            parts.append(f"<i>{html.escape(grundy_note(cache.rule))}.</i>")
    mex = moves_to_each_value(cache, (r.a, r.b), g)
    if mex:
        parts.append(mex)
    rem = cache.remoteness(r.a, r.b)
    if rem is None:  # G came from a closed form, a certified row or a sequence; R has none of them
        parts.append(f"Remoteness: {html.escape(_not_known(cache, r, growing))}")
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
