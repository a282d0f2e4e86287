"""The window follows the chosen rule: colours, inspector, queries, play; custom rules."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QComboBox, QDialogButtonBox, QLabel, QListWidget

from explorer.core.rules import Amounts, CustomRule, MoveSpec
from explorer.gui.panels.rule_dialog import CustomRuleDialog
from tests.core.test_rules import RULES
from tests.gui.helpers import colour_at, is_cold_colour, is_hot_colour
from tests.oracles import variant_cold, variant_moves


def choose(window, data):
    combo = window.findChild(QComboBox, "ruleSelector")
    combo.setCurrentIndex(combo.findData(data))
    combo.activated.emit(combo.findData(data))  # as a person choosing the entry
    window.grid.render_now()


@pytest.mark.parametrize("name", ["nim", "misere", "wythoff:2", "wythoff:3"])
def test_grid_and_inspector_follow_the_rule(qtbot, window, name):
    choose(window, name)
    one, both, diff, misere = RULES[name]
    cold = variant_cold(20, one, both, diff, misere)
    for x in range(12):
        for y in range(8):
            c = colour_at(window.grid, x, y)
            assert is_cold_colour(c) if cold[(x, y)] else is_hot_colour(c), (name, x, y)
    window.inspector.position_a.setText("9")
    window.inspector.position_b.setText("13")
    window.inspector.submit()
    moves = window.findChild(QListWidget, "winningMoves")
    got = [moves.item(i).text().rsplit("→", 1)[1].strip() for i in range(moves.count())]
    want = [f"({a}, {b})" for a, b in sorted(t for t in variant_moves(9, 13, one, both, diff) if cold[t])]
    assert sorted(got) == sorted(want) or (not want and "none" in got[0])  # listed fastest first
    assert "Rule:" in window.findChild(QLabel, "positionStatus").text()
    # queries follow the rule
    window.panels.build("queries")  # built as showing its tab would
    window.query_panel.set_rectangle(2, 3, 15, 19)
    window.query_panel.submit()
    n = sum(cold[(x, y)] for x in range(2, 16) for y in range(3, 20))
    assert f"<b>{n}</b>" in window.findChild(QLabel, "queryResult").text()


def test_every_colour_mode_is_offered_under_every_rule(qtbot, window):
    """Hot/cold under every rule; G and R under every rule whose recursion is the plain one (k-blocking
    has neither: issue 64 found them offered and painted grey); cold options under k-blocking only."""
    mode = window.findChild(QComboBox, "colorMode")
    for name in ("misere", "nim", "wythoff:2", "custom:one=2 3;both=any;n=64", "block:3;n=256", "wythoff"):
        if name.startswith(("custom:", "block:")):
            window.rules.request(name)
            qtbot.waitUntil(lambda: not window.rules.jobs.busy, timeout=30_000)  # solved on a worker
        else:
            choose(window, name)
        enabled = [mode.model().item(i).isEnabled() for i in range(mode.count())]
        blocking = name.startswith("block:")
        assert enabled == [True, not blocking, not blocking, blocking], name


def test_custom_rule_dialog_validates(qtbot):
    dialog = CustomRuleDialog()
    qtbot.addWidget(dialog)
    ok = dialog.buttons.button(QDialogButtonBox.StandardButton.Ok)
    dialog.one.setText("powers of four")
    assert not ok.isEnabled() and dialog.error.text()
    dialog.one.setText("powers of 4")
    assert ok.isEnabled() and dialog.rule_text is not None
    assert CustomRule.text_for(MoveSpec(Amounts.parse("powers of 4")), 512) == dialog.rule_text
    dialog.one.setText("none")
    dialog.both.setText("none")
    assert not ok.isEnabled()


def test_custom_rule_is_solved_and_followed(qtbot, window):
    with qtbot.waitSignal(window.grid.viewChanged, timeout=20_000):
        window.set_rule("custom:one=1 2 5;both=1 3;n=64")
    qtbot.waitUntil(lambda: window.grid.rule.bound == 64, timeout=20_000)
    cold = variant_cold(30, {1, 2, 5}, {1, 3}, 1)
    window.grid.render_now()
    for x in range(10):
        for y in range(7):
            c = colour_at(window.grid, x, y)
            assert is_cold_colour(c) if cold[(x, y)] else is_hot_colour(c), (x, y)
    window.go_to_position(100, 3)  # beyond the solved square: said so, nothing breaks
    assert "solved on" in window.findChild(QLabel, "positionError").text()
    window.panels.build("play")  # built as showing its tab would
    window.play.reply_delay_ms = 0
    window.play.new_game(9, 6, True)
    hot_moves = [t for t in variant_moves(9, 6, {1, 2, 5}, {1, 3}, 1) if cold[t]]
    if hot_moves:
        window.play.handle_click(*hot_moves[0])
        qtbot.waitUntil(lambda: window.play.game.to_move == "you" or window.play.game.over, timeout=5000)
        assert window.play.game.path[1] == hot_moves[0]


def test_three_heaps_first_heap_control_inspector_and_a_move_into_another_slice(qtbot, window):
    """Issue 66: the first-heap spinner shows under three heaps only and picks the slice; the grid
    draws the slice's cold cells (the definition's, here by the soak's oracle); the inspector names
    (a, b, c) and lists moves as triples; activating a move into another slice goes there."""
    from PySide6.QtWidgets import QSpinBox

    from soak.oracle import heaps_solved

    spin = window.findChild(QSpinBox, "firstHeap")
    assert not spin.isVisibleTo(window)
    window.rules.request("wythoff3:2;n=256")
    qtbot.waitUntil(lambda: window.session.rule.key == "wythoff3:2;n=256", timeout=30_000)
    assert spin.isVisibleTo(window) and spin.value() == 2
    spin.setValue(1)  # as a person turning the spinner
    qtbot.waitUntil(lambda: window.session.rule.key == "wythoff3:1;n=256", timeout=30_000)
    window.grid.render_now()
    axes = window.grid.getPlotItem()
    assert axes.getAxis("bottom").labelText.startswith("heap 2") and axes.getAxis("left").labelText == "heap 3"
    cold = heaps_solved("wythoff3", 1, 16)
    for x in range(12):
        for y in range(8):
            c = colour_at(window.grid, x, y)
            assert is_cold_colour(c) if cold[(1, x, y)] else is_hot_colour(c), (x, y)
    window.inspector.position_a.setText("3")
    window.inspector.position_b.setText("5")
    window.inspector.submit()
    assert "(1, 3, 5)" in window.findChild(QLabel, "positionStatus").text()
    moves = window.findChild(QListWidget, "winningMoves")
    texts = [moves.item(i).text() for i in range(moves.count())]
    assert any("(0, 1, 2) (slice 0)" in t for t in texts), texts
    row = next(i for i, t in enumerate(texts) if "(0, 1, 2)" in t)
    moves.itemActivated.emit(moves.item(row))
    qtbot.waitUntil(lambda: window.session.rule.key == "wythoff3:0;n=256", timeout=30_000)
    assert window.session.selection == (1, 2) and spin.value() == 0
    qtbot.waitUntil(lambda: not window.busy, timeout=30_000)
    # the cell the move leads to is reported (a soak found the selection set with no report)
    assert window.session.report is not None and window.session.report.whole == (0, 1, 2)
    assert "(0, 1, 2)" in window.findChild(QLabel, "positionStatus").text()
    choose(window, "wythoff")
    assert not spin.isVisibleTo(window) and axes.getAxis("bottom").labelText == "pile A"


def test_the_conjecture_report_in_the_window_with_its_plot(qtbot, window):
    """Issue 66: the report of `slices` under the Structure tab: solved on a worker, its table and
    plot shown; a report over the limits is refused before it starts, in a sentence."""
    window.show_panel("slices")
    panel = window.slices_panel
    panel.a_max.setValue(3)
    panel.n_max.setValue(3000)
    panel.go.click()
    qtbot.waitUntil(lambda: "holds" in panel.result.text(), timeout=60_000)
    assert panel.result.text().count("holds") == 8 and "not a proof" in panel.result.text()
    assert panel.plot.pixmap() is not None and not panel.plot.pixmap().isNull()
    assert panel.plot_png[:4] == b"\x89PNG"
    qtbot.waitUntil(lambda: not window.slices.busy, timeout=10_000)
    panel.a_max.setValue(200)
    panel.n_max.setValue(10_000_000)
    panel.go.click()
    assert "over the limit" in panel.result.text() and not window.slices.busy  # refused before it starts
