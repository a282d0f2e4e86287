"""The sequence table (lazy, any k, CSV) and the n-pile calculator."""

from __future__ import annotations

import csv

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QPushButton

from explorer.core.game.npiles import grundy_by_definition
from explorer.gui.panels.sequence import ROWS
from tests.oracles import fib, greedy_zeckendorf


def mex_pairs(n):
    seen, out, a = set(), [], 0
    for k in range(n):
        while a in seen:
            a += 1
        seen.update((a, a + k))
        out.append((a, a + k))
    return out


def test_sequence_rows_against_mex_and_lazily(desk):
    panel = desk.sequence_panel
    model = panel.model
    pairs = mex_pairs(60)
    for k in range(59):
        assert model.data(model.index(k, 1)) == str(pairs[k][0])
        assert model.data(model.index(k, 2)) == str(pairs[k][1])
        assert model.data(model.index(k, 5)) == str(pairs[k + 1][0] - pairs[k][0])
    for k in (1, 12, 40):  # Zeckendorf digits against the tests' own greedy oracle
        idx = greedy_zeckendorf(pairs[k][0])
        digits = "".join("1" if i in idx else "0" for i in range(idx[0], 1, -1))
        assert model.data(model.index(k, 3)) == digits
    assert model.rowCount() == ROWS and model.computed < 200  # a million rows, only those asked


def test_sequence_near_ten_to_the_hundred(qtbot, desk):
    panel = desk.sequence_panel
    n = 480  # k = F_480: a_k = F_481 - 1 (n even)
    panel.start.setText(str(fib(n)))
    qtbot.mouseClick(panel.findChild(QPushButton, "sequenceGo"), Qt.MouseButton.LeftButton)
    model = panel.model
    row = model.row(0)
    assert row[1] == fib(n + 1) - 1 and row[2] == row[1] + fib(n)
    assert row[5] in (1, 2)  # gaps of the lower sequence are 1 or 2
    panel.start.setText("-4")
    panel.jump()
    assert "negative" in panel.findChild(QLabel, "sequenceError").text()


def test_sequence_export(desk, tmp_path, qtbot):
    panel, sequence = desk.sequence_panel, desk.sequence
    sequence.jump(str(10**100))
    out = tmp_path / "seq.csv"
    sequence.export_csv_to(str(out), 50)
    qtbot.waitUntil(lambda: not sequence.busy)  # written on a worker
    assert "Exported" in panel.export_status.text()
    with open(out) as handle:
        rows = list(csv.DictReader(handle))
    assert len(rows) == 50 and rows[0]["k"] == str(10**100)
    from explorer.core import lower

    assert all(int(r["a_k"]) == lower(int(r["k"])) and int(r["b_k"]) == int(r["a_k"]) + int(r["k"]) for r in rows)


def test_sequence_bfile(desk, tmp_path, qtbot):
    """Export b-file… on the Sequence tab: from k = 0 the lines start at n = 1 (A000201, A001950 as OEIS
    lists them); from 10^100 they are the exact numbers there."""
    from math import isqrt

    sequence = desk.sequence
    for name, upper, want in (
        ("lower.txt", False, [1, 3, 4, 6, 8, 9, 11, 12, 14, 16, 17, 19, 21, 22, 24, 25, 27, 29, 30, 32]),
        ("upper.txt", True, [2, 5, 7, 10, 13, 15, 18, 20, 23, 26, 28, 31, 34, 36, 39, 41, 44, 47, 49, 52]),
    ):
        sequence.export_bfile_to(str(tmp_path / name), 20, upper)
        qtbot.waitUntil(lambda: not sequence.busy)  # written on a worker
        lines = (tmp_path / name).read_text().splitlines()
        assert lines == [f"{n} {a}" for n, a in enumerate(want, 1)]
    sequence.jump(str(10**100))
    sequence.export_bfile_to(str(tmp_path / "far.txt"), 5, False)
    qtbot.waitUntil(lambda: not sequence.busy)
    lines = (tmp_path / "far.txt").read_text().splitlines()
    assert lines == [f"{k} {(k + isqrt(5 * k * k)) // 2}" for k in range(10**100, 10**100 + 5)]


def test_npiles_calculator(desk, qtbot):
    panel = desk.npiles_panel
    for text, piles in (("3 5 7", (3, 5, 7)), ("2, 4", (2, 4)), ("1 2 3 4", (1, 2, 3, 4))):
        panel.piles.setText(text)
        panel.evaluate()
        qtbot.waitUntil(lambda: not desk.npiles.busy)
        assert f"G = {grundy_by_definition(piles)} " in panel.result.text()
    for bad in ("", "3 x", "1000 1000", "-1 2 3"):
        panel.piles.setText(bad)
        panel.evaluate()
        qtbot.waitUntil(lambda: not desk.npiles.busy)
        assert "b00020" in panel.result.text()


def test_npiles_long_work_runs_off_the_gui_thread_and_cancels(desk, qtbot):
    """Issue 10 item 5: '8 5 10 111' froze the desk for 56 s (each winning move redid the DP)."""
    panel = desk.npiles_panel
    panel.piles.setText("8 5 10 111")
    panel.evaluate()
    assert desk.npiles.busy and panel.cancel.isVisible()  # returned at once, working on a worker
    panel.cancel.click()
    qtbot.waitUntil(lambda: not desk.npiles.busy, timeout=10_000)
    assert "Cancelled" in panel.result.text()
    panel.piles.setText("6 4 9 10")
    panel.evaluate()
    qtbot.waitUntil(lambda: not desk.npiles.busy, timeout=20_000)
    assert f"G = {grundy_by_definition((6, 4, 9, 10))} " in panel.result.text()


def test_sequence_of_thousands_of_digits_is_computed_off_the_gui_thread(qtbot, desk):
    """Issue 10 item 5: a start k of thousands of digits took 0.23-0.47 s per jump or scroll on
    the GUI thread. Now the view shows '…' at once and the rows arrive from a worker."""
    from explorer.core import lower

    panel = desk.sequence_panel
    model = panel.model
    k0 = 7 * 10**5000 + 12345
    panel.start.setText(str(k0))
    panel.jump()
    assert model.data(model.index(0, 1)) == "…"  # asked, not computed here
    qtbot.waitUntil(lambda: model.row(0) is not None, timeout=20_000)
    a = lower(k0)
    assert model.row(0)[1] == a and model.row(0)[2] == a + k0
    tip = model.data(model.index(0, 1), Qt.ItemDataRole.ToolTipRole)
    assert tip.endswith(f"{str(a)[-10:]} ({len(str(a))} digits)")
