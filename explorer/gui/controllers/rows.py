"""The Rows tab's controller: Wythoff's certified Grundy rows, solved once per rule by the values
controller (they also draw the strips far out), a value read from them, a b-file of a row.

What was last asked (the cell, the file written) lives in the session (`Session.tables`), so a
saved session shows it again. Before, the window itself answered the tab (`MainWindow.row_value`,
`row_bfile`, `solve_rows`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any, Protocol

from explorer.session.model import Session
from explorer.session.views import RowsView


class RowValues(Protocol):
    """What the tab asks of the values controller (explorer.gui.controllers.values)."""

    rowsSolved: Any  # an event: the rows (or None) once a solve ends

    @property
    def cache(self) -> Any: ...
    def solve_rows(self, force: bool = False) -> None: ...
    def row_value(self, x: int, y: int) -> tuple[str, bool]: ...
    def row_bfile(self, path: str, x: int, count: int) -> tuple[str, bool]: ...


class RowsController:
    def __init__(self, session: Session, view: RowsView, values: RowValues, go_to: Callable[[int, int], None]) -> None:
        """`go_to`: select (x, y) on the grid and show it."""
        self.session = session
        self.view = view
        self.values = values
        self.go_to = go_to
        if values.cache.rows is not None:  # solved already (Grundy colouring): shown at once
            view.set_rows(values.cache.rows)
        self._asked(session.tables)

    def listens(self) -> list[tuple[Any, Callable[[Any], object]]]:
        return [(self.values.rowsSolved, self._solved), (self.session.events.tables, self._asked)]

    def solve(self) -> None:
        self.view.set_busy("Solving and certifying the rows…")
        self.values.solve_rows(force=True)

    def _solved(self, rows: Any) -> None:
        self.view.set_rows(rows)
        asked = self.session.tables.rows_asked
        if rows is not None and asked is not None:  # a session opened with a cell asked: its answer
            self.view.set_answer(*self.values.row_value(*asked))

    def _asked(self, tables: Any) -> None:
        if tables.rows_asked is not None:
            self.view.show_asked(*tables.rows_asked)

    def value(self, x: int, y: int) -> None:
        """G(x, y) from the solved rows; the cell selected on the grid where it is known."""
        text, error = self.values.row_value(x, y)
        self.view.set_answer(text, error)
        self.session.tables = replace(self.session.tables, rows_asked=(x, y))
        if not error:
            self.go_to(x, y)

    def bfile(self, path: str, x: int, count: int) -> None:
        text, error = self.values.row_bfile(path, x, count)
        self.view.set_answer(text, error)
        if not error:
            self.session.tables = replace(self.session.tables, last_export=path)
