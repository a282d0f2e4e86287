"""Rectangle counts with a mocked query panel: the Query controller alone (requests in, the
session's history and the panel's lines out), answers checked against brute force and the
closed form. test_query_panel.py drives the window's panel, its drag and its workers."""

from __future__ import annotations

import csv
from unittest.mock import MagicMock

import numpy as np
import pytest

from explorer.core import cold_cells_in
from explorer.core.rules import parse_rule
from explorer.gui.controllers.queries import QueryController
from explorer.session.events import follow
from explorer.session.jobs import InlineJobs
from explorer.session.model import Session
from explorer.session.views import HISTORY_SHOWN, QueryView
from tests.oracles import cold_table


def _queries(rule: str = "wythoff"):  # type: ignore[no-untyped-def]
    session, panel = Session(rule=parse_rule(rule)), MagicMock(spec=QueryView)
    return session, panel, follow(QueryController(session, panel, InlineJobs))


def _rows_listed(panel) -> list[tuple]:  # type: ignore[no-untyped-def]
    """The rows the panel lists after what it was told, in order: the history drawn from the
    session, the newest HISTORY_SHOWN kept (as the panel keeps them)."""
    rows: list[tuple] = []
    for call in panel.method_calls:
        if call[0] == "set_history":
            rows = list(call.args[0])
        elif call[0] == "add_history_rows":
            rows += call.args[0]
    return rows[-HISTORY_SHOWN:]


def brute(x0: int, y0: int, x1: int, y1: int) -> int:
    cold = cold_table(120)
    return sum(cold[x][y] for x in range(x0, x1 + 1) for y in range(y0, y1 + 1))


@pytest.mark.parametrize(("x0", "y0", "x1", "y1"), [(0, 0, 10, 10), (0, 0, 100, 37), (3, 5, 3, 5), (20, 30, 90, 110)])
def test_counts_against_the_definition(x0, y0, x1, y1):
    session, panel, queries = _queries()
    queries.run_query(x0, y0, x1, y1)
    _, _, _, _, answer = panel.show_count.call_args.args
    cells = (x1 - x0 + 1) * (y1 - y0 + 1)
    assert (answer.count, answer.cells, answer.method) == (brute(x0, y0, x1, y1), cells, "fenwick")
    assert session.marks.query == (x0, y0, x1, y1)  # outlined on the grid
    assert _rows_listed(panel)[-1][:6] == (x0, y0, x1, y1, answer.count, cells)


def test_a_huge_rectangle_uses_the_closed_form_and_a_million_grows_the_index():
    session, panel, queries = _queries()
    queries.run_query(0, 0, 10**100, 10**100)
    assert session.queries[-1].count == cold_cells_in(10**100, 10**100)
    assert panel.show_count.call_args.args[4].method == "closed-form"
    queries.counter.max_cells = 1 << 22
    queries.run_query(0, 0, 3 * 10**6, 2 * 10**6)
    assert session.queries[-1].count == cold_cells_in(3 * 10**6, 2 * 10**6)
    assert panel.show_count.call_args.args[4].method == "fenwick"


def test_a_batch_is_answered_in_chunks_kept_in_the_history_and_exported(tmp_path):
    rng = np.random.default_rng(6)
    n = 120_000
    xs, ys = rng.integers(0, 10**6, n), rng.integers(0, 10**6, n)
    path = tmp_path / "batch.txt"
    path.write_text(f"{n}\n" + "\n".join(f"{x} {y}" for x, y in zip(xs, ys, strict=True)) + "\n")
    session, panel, queries = _queries()
    finished: list[int] = []
    queries.batchFinished.connect(finished.append)
    queries.import_batch(str(path))
    assert finished == [n] and not queries.busy
    assert sum(len(r) for r in session.queries) == n and len(session.queries) == 3  # chunks of 50 000
    assert len({c.args[0] for c in panel.show_progress.call_args_list}) >= 3  # the bar moved
    listed = _rows_listed(panel)
    assert len(listed) == 2000 and listed[-1][:2] == (0, 0)  # the newest 2 000 rows
    assert listed[-1][4] == cold_cells_in(int(xs[-1]), int(ys[-1]))
    out = tmp_path / "out.csv"
    queries.export_csv(str(out))
    assert "Exported" in panel.show_busy.call_args.args[0]
    with open(out) as handle:
        rows = list(csv.DictReader(handle))
    assert len(rows) == n
    for i in range(0, n, 4999):
        assert int(rows[i]["cold_cells"]) == cold_cells_in(int(xs[i]), int(ys[i]))
        assert int(rows[i]["cells"]) == (int(xs[i]) + 1) * (int(ys[i]) + 1)


def test_a_malformed_or_missing_batch_file_is_reported_and_nothing_is_kept(tmp_path):
    session, panel, queries = _queries()
    path = tmp_path / "bad.txt"
    path.write_text("3\n1 2\n3 x\n")
    finished: list[int] = []
    queries.batchFinished.connect(finished.append)
    queries.import_batch(str(path))
    assert "line 3" in panel.show_error.call_args.args[0] and finished == [-1]
    queries.import_batch(str(tmp_path / "missing.txt"))
    assert "Cannot read" in panel.show_error.call_args.args[0]
    assert session.queries == () and not queries.busy


def test_the_history_names_each_answers_rule():
    session, panel, queries = _queries()
    queries.run_query(0, 0, 100, 100)
    session.rule = parse_rule("nim")
    panel.set_rule_title.assert_called_with(session.rule.title)
    queries.run_query(0, 0, 10**30, 10**30)
    assert [row[7] for row in _rows_listed(panel)] == ["wythoff", "nim"]
    assert [r.rule_key for r in session.queries] == ["wythoff", "nim"]


def test_while_two_rules_are_compared_a_rectangle_shows_each_kind_and_the_best_shift():
    """The Queries tab during View ▸ Compare with…: counts of each kind cell by cell, and the best shift
    of one rule's cold cells onto the other's in the rectangle and on [0, 1024)², each laying as many
    cells as trying every shift by hand lays."""
    session, panel, queries = _queries("alter:terminal=2")
    session.compare = parse_rule("wythoff")
    queries.run_query(0, 0, 300, 200)
    *rect, counts, first, second, shifts = panel.show_comparison.call_args.args
    # the rules by their titles, not their keys (issue 64: "Best shift of alter:cold=(3,3)'s cold cells")
    assert rect == [0, 0, 300, 200] and (first, second) == ("Wythoff altered (terminal=2)", "Wythoff")
    a, b = session.rule, session.compare
    cells = [(x, y) for x in range(301) for y in range(201)]
    assert counts.both == sum(a.is_cold(*c) and b.is_cold(*c) for c in cells)
    assert [where for where, *_ in shifts] == ["in this rectangle", "on [0, 1,024)²"]
    t = shifts[0][1]
    cold_a = {c for c in cells if a.is_cold(*c)}
    cold_b = {c for c in cells if b.is_cold(*c)}

    def laid(dx: int, dy: int) -> int:
        return sum((x + dx, y + dy) in cold_b for x, y in cold_a)

    assert t.matched == laid(t.dx, t.dy) == max(laid(dx, dy) for dx in range(-8, 9) for dy in range(-8, 9))
    assert (t.dx, t.dy) != (0, 0) and t.agreement > 0.8


class _DeferredJobs(InlineJobs):
    """Runs each job at once but delivers its answer only when told: between the two, the test sees
    what the job changed by itself (a worker's job must change no cache the GUI thread reads)."""

    def __init__(self) -> None:
        super().__init__()
        self.waiting: list = []

    def submit(self, work, *args, done, failed, progress=None, background=True, partial=None):  # type: ignore[no-untyped-def]
        try:
            result = work(*args)
        except Exception as exc:  # delivered later, as the window's channel delivers it
            self.waiting.append(lambda error=exc: failed(error))
            return
        self.waiting.append(lambda: done(result))

    def deliver(self) -> None:
        while self.waiting:
            self.waiting.pop(0)()


def test_the_index_grows_on_the_gui_thread_from_what_the_worker_returns():
    """Issue 48: caches change on the GUI thread only. A rectangle past the index grows it in the
    worker's own copy; the window's index takes the copy's tree when the answer is delivered."""
    session, panel = Session(rule=parse_rule("wythoff")), MagicMock(spec=QueryView)
    jobs = _DeferredJobs()
    queries = follow(QueryController(session, panel, lambda: jobs))
    queries.counter.max_cells = 1 << 22
    before = queries.counter.size
    queries.run_query(0, 0, 3 * 10**6, 2 * 10**6)
    assert queries.counter.size == before  # the job ran: the window's index is as it was
    jobs.deliver()
    assert queries.counter.size > 3 * 10**6 and session.queries[-1].count == cold_cells_in(3 * 10**6, 2 * 10**6)
    assert panel.show_count.call_args.args[4].method == "fenwick"


def test_a_rule_change_clears_the_answer_of_the_rule_before(monkeypatch):
    """Issue 64: after a comparison count, switching to Wythoff left "Rule: Wythoff" above the old
    "alter:terminal=2 vs wythoff" answer. The answer goes; the history keeps it, by its rule."""
    session, panel, queries = _queries("alter:terminal=2;n=64")
    session.compare = parse_rule("wythoff")
    queries.run_query(0, 0, 20, 20)
    assert panel.show_comparison.called
    panel.reset_mock()
    session.compare = None
    session.rule = parse_rule("wythoff")
    panel.set_rule_title.assert_called_with(parse_rule("wythoff").title)
    assert panel.method_calls[-1] == ("show_busy", ("",), {})
    assert [r.rule_key for r in session.queries] == ["alter:terminal=2;n=64"]


def test_a_comparison_says_it_is_working_before_it_answers():
    """Issue 64: a comparison count of [0, 4095]² took seconds with no sign of work, while the red
    error of the question before stayed on screen."""
    session, panel, queries = _queries("alter:terminal=2;n=64")
    session.compare = parse_rule("nim")
    queries.run_query(0, 0, 10**9, 10)  # refused: a red error
    assert panel.show_error.called
    panel.reset_mock()
    queries.run_query(0, 0, 30, 30)
    names = [c[0] for c in panel.method_calls]
    assert names.index("show_busy") < names.index("show_comparison")
    assert "cell by cell" in panel.show_busy.call_args_list[0].args[0]
