"""Everything the inspector says about one position under a rule, computed in one place, Qt-free.

The verdict comes from `rule.is_cold`, never from whether winning moves were found: under misère
play a position with no move left is won by the player to move, who has no move to make.
"""

from __future__ import annotations

from typing import NamedTuple

from explorer.core.game.moves import Move
from explorer.core.game.sequence import NumberKind, NumberRole
from explorer.core.game.zeckendorf import zeckendorf_digits
from explorer.core.protocol import ColdPairs, DeclaredCells, Noted, Rule, Slice
from explorer.core.rules.presentation import shows_zeckendorf

__all__ = ["NumberKind", "NumberRole", "PositionReport", "no_moves_text", "report", "verdict"]

ZECKENDORF_SHOWN = 64  # digits shown in full; longer forms are elided in the middle


class PositionReport(NamedTuple):
    a: int
    b: int
    cold: bool
    terminal: bool  # no move is left
    index: int | None  # type: ignore[assignment]  # k for a cold position (the k-th cold pair or its mirror)
    role_a: NumberRole | None  # lower/upper number, index, partner (rules with a cold sequence)
    role_b: NumberRole | None
    zeckendorf_a: str  # "" where Zeckendorf forms say nothing about the rule
    zeckendorf_b: str
    moves: tuple[Move, ...]
    rule_key: str
    rule_title: str
    last_mover_wins: bool
    note: str = ""  # what the rule's own recursion says of the position (`Noted`), or ""
    a_text: str = ""  # the piles in decimal (for 100 000 digits str() takes ~0.1 s: done with the report)
    b_text: str = ""
    # A cold cell's cold options (k-blocking: fewer than k, each of which the opponent may block);
    # () where a cold cell has none, as in every game whose recursion is the plain one.
    cold_options: tuple[tuple[int, int], ...] = ()
    heaps: tuple[int, ...] = ()  # three heaps seen as a slice: the whole position (first heap, a, b)

    @property
    def whole(self) -> tuple[int, ...]:
        """The position as the game has it: (a, b), or three heaps."""
        return self.heaps or (self.a, self.b)

    @property
    def declared_hot(self) -> bool:
        """Hot with no winning move and a move left: hot because the rule declares it so."""
        return not self.cold and not self.moves and not self.terminal

    @property
    def status_code(self) -> str:
        return "P" if self.cold else "N"

    @property
    def position(self) -> tuple[int, int]:
        return self.a, self.b


def _elide(digits: str) -> str:
    if len(digits) <= ZECKENDORF_SHOWN:
        return digits
    half = ZECKENDORF_SHOWN // 2
    return f"{digits[:half]}…{digits[-half:]} ({len(digits)} digits)"


def report(rule: Rule, a: int, b: int) -> PositionReport:
    """The full report: O(1) big-integer operations for closed-form rules, plus two Zeckendorf
    forms where they mean something. Raises RuleError (OutOfBounds...) as the rule does."""
    cold = rule.is_cold(a, b)
    moves = tuple(rule.winning_moves(a, b))
    # a declared terminal cell ends the game though the board has moves from it (issue 62)
    terminal = rule.is_terminal(a, b) if isinstance(rule, DeclaredCells) else not rule.spec.has_move(a, b)
    options = rule.cold_option_cells(a, b) if cold and not terminal and isinstance(rule, Noted) else ()
    zeck = shows_zeckendorf(rule)
    pairs = rule if isinstance(rule, ColdPairs) else None
    return PositionReport(
        a=a,
        b=b,
        cold=cold,
        terminal=terminal,
        index=pairs.cold_index(a, b) if pairs is not None and cold else None,
        role_a=pairs.number_role(a) if pairs is not None else None,
        role_b=pairs.number_role(b) if pairs is not None else None,
        zeckendorf_a=_elide(zeckendorf_digits(a)) if zeck else "",
        zeckendorf_b=_elide(zeckendorf_digits(b)) if zeck else "",
        moves=moves,
        rule_key=rule.key,
        rule_title=rule.title,
        last_mover_wins=rule.last_mover_wins,
        note=rule.position_note(a, b) if isinstance(rule, Noted) else "",
        a_text=str(a),
        b_text=str(b),
        cold_options=tuple(options),
        heaps=rule.heaps(a, b) if isinstance(rule, Slice) else (),
    )


def verdict(r: PositionReport) -> str:
    """One sentence (plain text) on who wins and why."""
    if r.terminal:
        if r.cold:
            return "P-position (cold): no move is left, so the player to move has lost."
        return (
            "N-position (hot): no move is left, and under this rule's misère play the player who took "
            "the last counter has lost, so the player to move has won."
        )
    if r.cold:
        return "P-position (cold): the player to move loses with best play."
    if r.declared_hot:
        return "N-position (hot) by declaration: the rule makes the player to move the winner here; no move is needed."
    n = len(r.moves)
    which = "one of " if n > 1 else ""
    return f"N-position (hot): the player to move wins with best play, by {which}{n} winning move{'s' * (n > 1)}."


def no_moves_text(r: PositionReport) -> str:
    """What the winning-move list says when it is empty."""
    if r.terminal:
        return "none: no move is left"
    if r.declared_hot:
        return "none needed: this position is declared hot"
    if r.cold_options:
        n = len(r.cold_options)
        some = "its cold option" if n == 1 else f"each of its {n} cold options"
        return f"none sure to win: the opponent may block {some}, listed below"
    return "none: every move leads to a hot position"
