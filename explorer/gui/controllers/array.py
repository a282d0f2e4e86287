"""The Wythoff array tab and the grid, linked both ways.

Choosing an entry selects its cold pair (a_k, b_k) on the grid; whenever the selection changes,
the tab is told where the selected cell sits in the array (a cold pair: its row and columns;
another cell: where each of its two numbers sits). The array is Wythoff's whatever rule the grid
shows: it is made of the classic game's cold pairs. Small numbers are answered at once, large
ones on a worker; an answer is shown only if the selection is still the one it was computed for.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from explorer.core.analysis.tables import ARRAY_COLUMNS, array_cells, array_pair, array_place
from explorer.core.exact.bigint import parse_natural, short_decimal
from explorer.core.game.array import Place
from explorer.session.jobs import Jobs
from explorer.session.model import Session
from explorer.session.views import ArrayView

SYNC_BITS = 2_000  # below this size a place or a pair takes well under a millisecond


class ArrayController:
    def __init__(
        self, session: Session, view: ArrayView, jobs: Jobs, go_to: Callable[[int, int], None], cells: Jobs
    ) -> None:
        """`jobs`: the channel of places and pairs; `cells`: of the table's large entries."""
        self.session = session
        self.view = view
        self.jobs = jobs
        self.go_to = go_to  # select (a, b) and show it on the grid
        self.cells = cells
        self._shown = session.tables.array_start  # the first row the table shows
        view.set_start(self._shown)

    def listens(self) -> list[tuple[Any, Callable[[Any], object]]]:
        return [(self.session.events.selection, self.selected), (self.session.events.tables, self._tables_changed)]

    @property
    def busy(self) -> bool:
        return self.jobs.busy or self.cells.busy

    def cancel(self) -> None:
        self.jobs.cancel()
        self.cells.cancel()

    # ----- the table: where it starts (in the session), its large entries (on a worker) ----------
    def _tables_changed(self, tables: Any) -> None:
        if tables.array_start != self._shown:  # a session opened
            self._shown = tables.array_start
            self.cells.cancel()
            self.view.set_start(self._shown)

    def start_moved(self, row: int) -> None:
        """The table moved its first row (to show cells asked for elsewhere)."""
        self._shown = row
        self.cells.cancel()
        self.session.tables = replace(self.session.tables, array_start=row)

    def fetch(self, start: int, keys: list[tuple[int, int]]) -> None:
        self.cells.submit(
            array_cells, keys, done=lambda found: self._cells_arrived(start, found), failed=lambda exc: None
        )

    def _cells_arrived(self, start: int, found: dict[tuple[int, int], Any]) -> None:
        if start == self._shown:
            self.view.cells_arrived(start, found)

    def go(self, row_text: str, col_text: str) -> None:
        """Go to the row and column typed (either may be left empty: the first row, the first column)."""
        try:
            texts = row_text.strip(), col_text.strip()
            if any(t.startswith("-") for t in texts):
                raise ValueError("rows and columns of the Wythoff array start at 1")
            row = parse_natural(texts[0] or "1", "The row")
            col = parse_natural(texts[1] or "1", "The column")
            if row < 1 or col < 1:
                raise ValueError("rows and columns of the Wythoff array start at 1")
            if col > ARRAY_COLUMNS:
                raise ValueError(f"columns go up to {ARRAY_COLUMNS:,} here (an entry there has ~21 000 digits)")
        except ValueError as exc:
            self.view.show_error(str(exc))
            return
        self.view.show_error("")
        self.jumped()
        self.view.show_cells(row, col, 1)

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
