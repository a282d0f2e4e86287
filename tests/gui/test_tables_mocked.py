"""The Sequence, Array and Rows tabs' controllers with mocked views (issue 65): requests in, the
session's state and the views' calls out, checked against oracles (the game's definition, the
tests' own Beatty and Zeckendorf). Their state (where each table starts, the cell asked, the last
export) lives in the session, so a saved session brings it back."""

from __future__ import annotations

import csv
from dataclasses import replace
from math import isqrt
from unittest.mock import MagicMock

from explorer.core.rules import parse_rule
from explorer.core.value_source import ValueCache
from explorer.gui.controllers.array import ArrayController
from explorer.gui.controllers.rows import RowsController
from explorer.gui.controllers.sequence import SequenceController
from explorer.session.events import follow
from explorer.session.jobs import Event, InlineJobs
from explorer.session.model import Session
from explorer.session.store import from_document, to_document
from explorer.session.views import ArrayView, RowsView, SequenceView
from tests.oracles import cold_table, grundy_table


def lower(k: int) -> int:
    return (k + isqrt(5 * k * k)) // 2


def _sequence(session: Session | None = None, **asks):  # type: ignore[no-untyped-def]
    session = session or Session()
    view = MagicMock(spec=SequenceView)
    return session, view, follow(SequenceController(session, view, InlineJobs(), InlineJobs(), **asks))


def test_the_sequence_start_lives_in_the_session_and_a_saved_session_brings_it_back():
    session, view, sequence = _sequence()
    view.set_start.assert_called_once_with(0)
    sequence.jump(str(10**100))
    assert session.tables.sequence_start == 10**100
    assert view.set_start.call_args.args == (10**100,)
    sequence.jump("-4")
    assert "negative" in view.show_error.call_args.args[0] and session.tables.sequence_start == 10**100
    saved, _ = session.saved()
    reopened = Session()
    _, view2, _ = _sequence(reopened)
    reopened.tables = from_document(to_document(saved)).tables  # as File ▸ Open applies it
    assert view2.set_start.call_args.args == (10**100,)


def test_large_rows_are_worked_out_by_the_controller_and_stale_ones_dropped():
    _, view, sequence = _sequence()
    k0 = 7 * 10**400 + 3
    sequence.jump(str(k0))
    sequence.fetch(k0, [0, 1, 2])
    start, found = view.rows_arrived.call_args.args
    assert start == k0 and [found[r][1] for r in (0, 1, 2)] == [lower(k0 + r) for r in (0, 1, 2)]
    view.rows_arrived.reset_mock()
    sequence.fetch(5, [0])  # asked for a start no longer shown
    view.rows_arrived.assert_not_called()


def test_exports_write_what_was_asked_and_the_last_export_is_kept(tmp_path):
    paths = iter([str(tmp_path / "seq.csv"), None])
    session, view, sequence = _sequence(ask_csv=lambda: next(paths), ask_bfile=lambda: (str(tmp_path / "b.txt"), True))
    sequence.jump("1000")
    sequence.export_csv(30)
    with open(tmp_path / "seq.csv") as handle:
        rows = list(csv.DictReader(handle))
    assert [int(r["a_k"]) for r in rows] == [lower(k) for k in range(1000, 1030)]
    assert session.tables.last_export == str(tmp_path / "seq.csv")
    sequence.export_csv(30)  # the dialog cancelled: nothing written, nothing changed
    assert session.tables.last_export == str(tmp_path / "seq.csv")
    sequence.export_bfile(4)
    lines = (tmp_path / "b.txt").read_text().split()
    assert lines == [w for k in range(1000, 1004) for w in (str(k), str(lower(k) + k))]
    assert session.tables.last_export == str(tmp_path / "b.txt")
    sequence.jump(str(10**5000))
    sequence.export_csv_to(str(tmp_path / "big.csv"), 10**6)  # refused before it starts
    assert "export fewer rows" in view.show_error.call_args.args[0]


def _array(session: Session | None = None):  # type: ignore[no-untyped-def]
    session = session or Session()
    view, go_to = MagicMock(spec=ArrayView), MagicMock()
    return session, view, go_to, follow(ArrayController(session, view, InlineJobs(), go_to, InlineJobs()))


def test_the_array_goes_where_typed_keeps_its_start_in_the_session_and_refuses_bad_input():
    session, view, _, array = _array()
    view.set_start.assert_called_once_with(1)
    array.go("12", "3")
    assert view.show_cells.call_args.args == (12, 3, 1)
    array.start_moved(9)  # the table moved to show row 12
    assert session.tables.array_start == 9
    view.set_start.reset_mock()
    session.tables = replace(session.tables, array_start=500)  # a session opened
    view.set_start.assert_called_once_with(500)
    for row, col, says in (("-1", "1", "start at 1"), ("x", "", "The row"), ("1", "99999999", "columns go up to")):
        array.go(row, col)
        assert says in view.show_error.call_args.args[0]
    # the entries a worker works out are the array's: W(m, 1) = a(a(m)), W(m, 2) = b(a(m))
    array.fetch(500, [(600, 1), (600, 2)])
    start, found = view.cells_arrived.call_args.args
    a = lower(600)
    assert start == 500 and (found[(600, 1)].value, found[(600, 2)].value) == (lower(a), lower(a) + a)


def _rows(session: Session | None = None):  # type: ignore[no-untyped-def]
    session = session or Session()
    values = MagicMock()
    values.rowsSolved = Event()
    cache = ValueCache(parse_rule("wythoff"))
    values.cache = cache

    def solve_rows(force: bool = False) -> None:
        cache.solve_rows(rows=8)
        values.rowsSolved.emit(cache.rows)

    def row_value(x: int, y: int) -> tuple[str, bool]:
        found = cache.known(x, y)
        return (f"G = {found.value}", False) if found is not None and found.value is not None else ("not known", True)

    values.solve_rows.side_effect = solve_rows
    values.row_value.side_effect = row_value
    values.row_bfile.return_value = ("written", False)
    view, go_to = MagicMock(spec=RowsView), MagicMock()
    return session, view, go_to, values, follow(RowsController(session, view, values, go_to))


def test_the_rows_tab_answers_from_the_values_and_a_reopened_session_asks_again():
    session, view, go_to, values, rows = _rows()
    rows.solve()
    assert view.set_busy.called and view.set_rows.call_args.args[0] is values.cache.rows
    g = grundy_table(40)
    rows.value(3, 30)
    assert view.set_answer.call_args.args == (f"G = {g[3][30]}", False)
    go_to.assert_called_once_with(3, 30)
    assert session.tables.rows_asked == (3, 30)
    rows.bfile("/tmp/row.txt", 3, 10)
    assert session.tables.last_export == "/tmp/row.txt"
    saved, _ = session.saved()
    # a new window opens the session: the cell is shown in its fields, answered once rows are solved
    reopened, view2, _, _, rows2 = _rows()
    reopened.tables = from_document(to_document(saved)).tables
    view2.show_asked.assert_called_with(3, 30)
    rows2.solve()
    assert view2.set_answer.call_args.args == (f"G = {g[3][30]}", False)


def test_a_cold_cell_asked_in_the_rows_tab_has_value_zero():
    cold = cold_table(30)
    _, view, _, _, rows = _rows()
    rows.solve()
    for x, y in ((1, 2), (3, 5), (4, 7)):
        assert cold[x][y]
        rows.value(x, y)
        assert view.set_answer.call_args.args == ("G = 0", False)
