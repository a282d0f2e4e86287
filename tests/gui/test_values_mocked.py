"""G and R with mocked views: the values controller and the query controller given a mocked
inspector, status line and query panel, their work run inline; checked against G and R by the
game's definition and against the rule's own table. The window's tests keep the colours."""

from __future__ import annotations

import csv
from unittest.mock import MagicMock

import numpy as np
import pytest

from explorer.core.rules import parse_rule
from explorer.gui.controllers.queries import QueryController
from explorer.gui.controllers.selection import SelectionController
from explorer.gui.controllers.values import ValuesController
from explorer.session.events import follow
from explorer.session.jobs import InlineJobs, ManualScheduler
from explorer.session.model import GRUNDY, HOT_COLD, REMOTENESS, Session
from explorer.session.views import InspectorView, QueryView, WorkView
from tests.oracles import grundy_table, values_by_definition


class Values:
    """A session with its values, selection and query controllers, views mocked, work inline."""

    def __init__(self, rule: str = "wythoff", corner: int = 0) -> None:
        self.session = s = Session(rule=parse_rule(rule))
        self.inspector, self.work, self.panel = (MagicMock(spec=v) for v in (InspectorView, WorkView, QueryView))
        self.values = follow(ValuesController(s, self.inspector, self.work, InlineJobs, ManualScheduler()))
        if corner:  # a smaller corner than the budget's: past it sooner, and a cheaper oracle
            self.values.cache.max_side = corner
        self.selection = follow(SelectionController(s, self.inspector, InlineJobs()))
        self.queries = follow(QueryController(s, self.panel, InlineJobs))

    def shown_values(self) -> str:
        return str(self.inspector.set_values.call_args.args[0])


def test_the_inspector_shows_g_r_and_the_fastest_win():
    v = Values()
    v.session.mode = REMOTENESS  # the corner is computed for colouring (inline here)
    v.selection.request(5, 7)
    text = v.shown_values()
    table = grundy_table(40)
    _, _, rem = values_by_definition(40, 40, "any", "any", 1)
    assert f"G(5, 7) = {table[5][7]}" in text and "targets: 0, 0, 0" in text
    assert f"Wins in {rem[5][7]} moves" in text
    reach = [(5 - k, 7) for k in range(1, 6)] + [(5, 7 - k) for k in range(1, 8)]
    reach += [(5 - k, 7 - k) for k in range(1, 6)]
    fastest = min(rem[x][y] for x, y in reach if table[x][y] == 0)
    assert f"{fastest} moves left" in text.split("Fastest wins first:")[1].split(";")[0]
    order = v.inspector.order_moves.call_args.args[0]  # the moves listed fastest win first
    assert [rem[x][y] for x, y in order] == sorted(rem[x][y] for x, y in order)


@pytest.mark.slow  # a few seconds: `make test` runs it, the quick tier does not
def test_queries_count_the_cells_of_one_value_and_of_one_remoteness():
    v = Values()
    v.session.mode = REMOTENESS
    table = np.array(grundy_table(90))
    _, _, rem = values_by_definition(90, 90, "any", "any", 1)
    for kind, arr in ((GRUNDY, table), (REMOTENESS, np.array(rem))):
        for value, (x0, y0, x1, y1) in [(0, (0, 0, 80, 80)), (7, (3, 5, 60, 88)), (40, (10, 10, 89, 89))]:
            v.queries.run_value_query(kind, value, x0, y0, x1, y1)
            got = v.panel.show_value_count.call_args.args
            assert got == (kind, value, x0, y0, x1, y1, int((arr[x0 : x1 + 1, y0 : y1 + 1] == value).sum()))
    v.queries.run_value_query(REMOTENESS, 3, 0, 0, 100_000, 7)
    assert "R = 3 in [0, 100000] × [0, 7]" in v.panel.show_error.call_args.args[0]


@pytest.mark.slow
def test_leaving_value_colouring_frees_the_big_table_and_keeps_the_answers(monkeypatch):
    """Back to hot/cold, the corner shrinks to REST_SIDE (a copy: the big table is freed) and the
    rows go; the inspector still answers from what is kept; Grundy colouring brings all back (the
    rows once a view far along an axis asks: `solve_rows`, as GridView.rowsNeeded calls it)."""
    import gc
    import weakref

    from explorer.core import value_source as cache_module
    from explorer.core.values import shared_strip

    monkeypatch.setattr(cache_module, "REST_SIDE", 256)
    monkeypatch.setattr(cache_module.ValueCache.rest, "__defaults__", (256,))
    v = Values()
    v.session.mode = GRUNDY  # the first corner; the rows, as a view far along an axis asks
    v.values.request(512)
    v.values.solve_rows()
    cache = v.values.cache
    assert cache.side >= 512 and cache.rows is not None
    big = weakref.ref(cache.table.grundy)
    v.session.mode = HOT_COLD
    gc.collect()
    assert cache.side == 256 and big() is None and cache.rows is None and not shared_strip._LAST
    table = grundy_table(40)
    assert cache.grundy(30, 17) == table[30][17]
    v.session.mode = GRUNDY
    v.values.solve_rows()
    assert cache.rows is not None and all(cache.rows.value(7, y) == table[7][y] for y in range(40))


@pytest.mark.slow
def test_value_counts_past_the_corner_come_from_the_value_sequence():
    v = Values("gdwn:1,2", corner=1024)
    side = v.values.cache.max_side
    x0, y0, x1, y1 = side - 50, side + 100, side + 200, side + 900
    g = np.asarray(v.session.rule.value_table(x1 + 1, y1 + 1).grundy)
    for value in (0, 4):
        v.queries.run_value_query(GRUNDY, value, x0, y0, x1, y1)
        record = v.session.queries[-1]
        assert record.count == int(np.count_nonzero(g[x0 : x1 + 1, y0 : y1 + 1] == value))
        # the planner's order: the cold cells; a corner of about a second (this one, past the window's
        # square of G and R, is thin); the sequences
        assert record.method == ("G=0 cold cells" if value == 0 else f"G={value} corner")


@pytest.mark.slow
def test_a_batch_counts_the_cells_of_one_value_far_out_and_in_the_corner(tmp_path):
    """A batch with a value: each rectangle counts the cells of that value; past the corner from
    the value's sequence (a rectangle wider than tall read as its mirror), in the corner for R;
    checked against the rule's table computed here on its own."""
    v = Values("maharaja", corner=1024)
    side = v.values.cache.max_side
    rng = np.random.default_rng(37)
    n = side + 1200
    table = v.session.rule.value_table(n, n)
    g, rem = np.asarray(table.grundy), np.asarray(table.remoteness)
    rects = []
    for _ in range(40):
        x0, y0 = (int(c) for c in rng.integers(0, n - 400, 2))
        rects.append((x0, y0, x0 + int(rng.integers(0, 399)), y0 + int(rng.integers(0, 399))))
    rects.append((side + 10, 5, n - 1, 300))  # wider than tall, past the corner: read as its mirror
    path = tmp_path / "rects.txt"

    def run(kind: str, value: int) -> list[int]:
        path.write_text(f"{len(rects)}\n" + "".join(f"{a} {b} {c} {d}\n" for a, b, c, d in rects))
        before = len(v.session.queries)
        finished: list[int] = []
        v.queries.batchFinished.connect(finished.append)
        v.queries.import_value_batch(str(path), kind, value)
        assert finished == [len(rects)]
        return [int(c) for r in v.session.queries[before:] for c in r.counts]

    for value in (0, 5):
        assert run(GRUNDY, value) == [int(np.count_nonzero(g[a : c + 1, b : d + 1] == value)) for a, b, c, d in rects]
        assert v.session.queries[-1].method == ("G=0 cold cells" if value == 0 else f"G={value} sequence")
    rects = [(a % 900, b % 900, a % 900 + (c - a) % 100, b % 900 + (d - b) % 100) for a, b, c, d in rects]
    v.values.cache.grow(1024)  # the corner, as colouring by remoteness would compute it
    want = [int(np.count_nonzero(rem[a : c + 1, b : d + 1] == 3)) for a, b, c, d in rects]
    assert run(REMOTENESS, 3) == want
    out = tmp_path / "out.csv"
    v.queries.export_csv(str(out))
    with open(out) as handle:
        rows = list(csv.DictReader(handle))
    assert rows[-1]["method"] == "R=3 corner" and int(rows[-1]["count"]) == want[-1]


def test_a_value_batch_beyond_the_corner_without_sequences_is_refused_and_a_plain_one_runs(tmp_path):
    v = Values("misere")
    path = tmp_path / "far.txt"
    path.write_text("1\n0 0 100000 100000\n")
    v.queries.import_value_batch(str(path), GRUNDY, 2)
    assert "G = 2 in [0, 100000] × [0, 100000]" in v.panel.show_error.call_args.args[0] and v.session.queries == ()
    finished: list[int] = []
    v.queries.batchFinished.connect(finished.append)
    v.queries.import_batch(str(path))
    assert finished == [1] and len(v.session.queries) == 1


@pytest.mark.slow  # a few seconds: `make test` runs it, the quick tier does not
def test_a_rows_bfile_is_the_row_by_the_definition_and_refused_before_the_rows(tmp_path):
    """The Rows tab's Export b-file…: G(x, 0) … G(x, N − 1) of a certified row (row 1 is A004482), and
    a sentence, with no file, before the rows are solved or past what is known."""
    v = Values()
    text, error = v.values.row_bfile(str(tmp_path / "r.txt"), 1, 20)
    assert error and "Solve the rows first" in text and not (tmp_path / "r.txt").exists()
    v.values.solve_rows()
    g = grundy_table(60)
    for x in (1, 2, 7):
        text, error = v.values.row_bfile(str(tmp_path / f"row{x}.txt"), x, 60)
        assert not error, text
        lines = (tmp_path / f"row{x}.txt").read_text().splitlines()
        assert lines == [f"{y} {g[x][y]}" for y in range(60)]
    text, error = v.values.row_bfile(str(tmp_path / "far.txt"), 10**6, 3)  # G(10^6, y) = G(y, 10^6): rows y
    assert not error and (tmp_path / "far.txt").read_text().splitlines()[0] == f"0 {10**6}"
    text, error = v.values.row_bfile(str(tmp_path / "beyond.txt"), 5000, 10_000)
    assert error and "not solved" in text and not (tmp_path / "beyond.txt").exists()
