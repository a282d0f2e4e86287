"""What the pointer does on the grid and the Beatty strip: a click on a cell (in Alter mode a
declared cell, else a move of the game under way, else a selection) and a number hovered on the
strip (its cold pair outlined on the grid). Plain objects, tested with mocked views; before, the
window itself did this work (`MainWindow.cell_clicked`, `number_hovered`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from explorer.core.protocol import ColdPairs, Rule, RuleError
from explorer.session.model import Session

Pair = tuple[int, int]


class StripView(Protocol):
    def known_role(self, n: int) -> tuple[str, int] | None: ...  # n's role, where it is cheap to know


class HighlightView(Protocol):
    def set_highlight(self, cells: tuple[Pair, ...] | list[Pair]) -> None: ...


class GridClicks:
    def __init__(
        self,
        session: Session,
        toggle_cell: Callable[[int, int], None],
        play_click: Callable[[int, int], bool],
        select: Callable[[int, int], None],
    ) -> None:
        """`toggle_cell`: Alter mode's declaration of a cell; `play_click`: the game's move, True if
        the click was one; `select`: select the cell."""
        self.session = session
        self.toggle_cell = toggle_cell
        self.play_click = play_click
        self.select = select

    def clicked(self, x: int, y: int) -> None:
        if self.session.altering:
            self.toggle_cell(x, y)
        elif self.session.game is None or not self.play_click(x, y):
            self.select(x, y)


class StripHover:
    def __init__(self, session: Session, strip: StripView, grid: HighlightView, say: Callable[[str], Any]) -> None:
        """`say`: the status bar's hover line."""
        self.session = session
        self.strip = strip
        self.grid = grid
        self.say = say

    def hovered(self, n: int | None) -> None:
        """The strip's number under the mouse (None: it left): its cold pair outlined on the grid."""
        found = hovered_pair(self.session.rule, n, None if n is None else self.strip.known_role(n))
        self.grid.set_highlight(found[0] if found else ())
        if found:
            self.say(found[1])


def hovered_pair(rule: Rule, n: int | None, role: tuple[str, int] | None) -> tuple[tuple[Pair, ...], str] | None:
    """The cold pair of the strip's number n (its role: ("a" or "b", k)) and what the status bar
    says of it; None where n has no pair solved."""
    if n is None or role is None or not isinstance(rule, ColdPairs):
        return None
    name, k = role
    try:
        a, b = rule.cold_pair(k)
    except RuleError:  # a sequence that names roles beyond the pairs it has solved
        return None
    what = {"a": "the lower number a", "b": "the upper number b"}.get(name, "")
    text = f"n = {n}: {what}_{k}; its cold pair ({a}, {b})" if what else f"n = {n}: the cold pair ({a}, {b})"
    return ((a, b), (b, a)), text
