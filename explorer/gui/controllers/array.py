"""The Wythoff array tab and the grid, linked both ways.

Choosing an entry selects its cold pair (a_k, b_k) on the grid; whenever the selection changes,
the tab is told where the selected cell sits in the array (a cold pair: its row and columns;
another cell: where each of its two numbers sits). The array is Wythoff's whatever rule the grid
shows: it is made of the classic game's cold pairs. Small numbers are answered at once, large
ones on a worker; an answer is shown only if the selection is still the one it was computed for.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from explorer.core.analysis.tables import array_pair, array_place
from explorer.core.exact.bigint import short_decimal
from explorer.core.game.array import Place
from explorer.session.jobs import Jobs
from explorer.session.model import Session
from explorer.session.views import ArrayView

SYNC_BITS = 2_000  # below this size a place or a pair takes well under a millisecond


class ArrayController:
    def __init__(self, session: Session, view: ArrayView, jobs: Jobs, go_to: Callable[[int, int], None]) -> None:
        self.session = session
        self.view = view
        self.jobs = jobs
        self.go_to = go_to  # select (a, b) and show it on the grid

    def listens(self) -> list[tuple[Any, Callable[[Any], object]]]:
        return [(self.session.events.selection, self.selected)]

    @property
    def busy(self) -> bool:
        return self.jobs.busy

    def entry_chosen(self, row: int, col: int) -> None:
        """The person chose W(row, col): select its cold pair on the grid."""
        background = row.bit_length() + col >= SYNC_BITS
        if background:
            self.view.set_busy(f"Finding the cold pair of row {short_decimal(row, 30)}, column {col:,}…")
        self.jobs.submit(
            array_pair, row, col, done=lambda pair: self.go_to(*pair), failed=self._failed, background=background
        )

    def jumped(self) -> None:
        """The person went to a typed row and column: the place of the selection still being found
        would move the table away from it (the panel, built, placed the selection just before). It is
        not looked for any more, and the tab says so instead of "Finding where …" (seen in a long
        soak: that line stayed, beside the entry gone to)."""
        if self.jobs.busy:
            self.jobs.cancel()
            self.view.set_busy("The selection's place was not looked for: the array went where you asked.")

    def selected(self, selection: tuple[int, int] | None) -> None:
        if selection is None:
            self.view.show_place(None, None, "")
            return
        x, y = selection
        background = max(x, y).bit_length() >= SYNC_BITS
        if background:
            self.view.set_busy(f"Finding where ({short_decimal(x, 30)}, {short_decimal(y, 30)}) sits in the array…")
        self.jobs.submit(
            array_place,
            x,
            y,
            done=lambda answer: self._placed(selection, answer),
            failed=self._failed,
            background=background,
        )

    def _placed(self, selection: tuple[int, int], answer: tuple[Place | None, str]) -> None:
        if selection != self.session.selection:
            return  # the selection moved on while this was computed
        found, text = answer
        if found is None:
            self.view.show_place(None, None, text)
        else:
            self.view.show_place(found.row, found.col, text)

    def _failed(self, exc: BaseException) -> None:
        self.view.show_place(None, None, f"The array could not answer: {exc}")
