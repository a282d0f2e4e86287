"""Everything the inspector says about one position, computed in one place, Qt-free."""

from __future__ import annotations

from dataclasses import dataclass

from explorer.core.game.moves import Move, winning_moves
from explorer.core.game.sequence import NumberRole, classify_number
from explorer.core.game.zeckendorf import zeckendorf_digits

ZECKENDORF_SHOWN = 64  # digits shown in full; longer forms are elided in the middle


@dataclass(frozen=True)
class PositionReport:
    a: int
    b: int
    cold: bool
    index: int | None  # k for a cold position (a_k, b_k) or its mirror
    role_a: NumberRole | None  # Wythoff only: lower/upper number, index, partner
    role_b: NumberRole | None
    zeckendorf_a: str
    zeckendorf_b: str
    moves: tuple[Move, ...]
    rule_title: str = "Wythoff"

    @property
    def status_code(self) -> str:
        return "P" if self.cold else "N"


def _elide(digits: str) -> str:
    if len(digits) <= ZECKENDORF_SHOWN:
        return digits
    half = ZECKENDORF_SHOWN // 2
    return f"{digits[:half]}…{digits[-half:]} ({len(digits)} digits)"


def report(a: int, b: int) -> PositionReport:
    """The full report; O(1) big-integer operations plus two Zeckendorf forms."""
    moves = tuple(winning_moves(a, b))
    cold = not moves
    return PositionReport(
        a=a,
        b=b,
        cold=cold,
        index=abs(b - a) if cold else None,
        role_a=classify_number(a),
        role_b=classify_number(b),
        zeckendorf_a=_elide(zeckendorf_digits(a)),
        zeckendorf_b=_elide(zeckendorf_digits(b)),
        moves=moves,
    )


def rule_report(rule, a: int, b: int) -> PositionReport:  # type: ignore[no-untyped-def]
    """The report under another rule (Nim, misère, a-Wythoff, a solved custom rule)."""
    moves = tuple(rule.winning_moves(a, b))
    cold = rule.is_cold(a, b)
    index = None
    if cold and getattr(rule, "name", "") == "wythoff":
        index = abs(b - a) // rule.a
    elif cold and getattr(rule, "name", "") == "nim":
        index = a
    return PositionReport(a, b, cold, index, None, None, "", "", moves, rule.title)
