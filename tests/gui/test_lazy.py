"""Plots of tabs that start hidden are built when first drawn, and show what was set before."""

from __future__ import annotations

from explorer.core.rules import Wythoff


def test_the_rows_plot_built_late_shows_the_rows_solved_before(qtbot):
    from explorer.gui.panels.rows import RowsPanel

    panel = RowsPanel()
    qtbot.addWidget(panel)
    rows = Wythoff().grundy_rows(12)
    panel.set_rows(rows)
    assert not panel.plot_holder.built
    panel.resize(500, 700)
    panel.show()
    qtbot.waitUntil(lambda: panel.plot_holder.built, timeout=5_000)
    # as set, not as drawn (getData gives log10 of y: the plot's y axis is logarithmic)
    xs, pre = panel.pre_curve.xData, panel.pre_curve.yData
    period = panel.period_curve.yData
    assert len(xs) > 5
    for x, p, q in zip(xs.tolist(), pre.tolist(), period.tolist(), strict=True):
        info = rows.row(int(x))
        assert (p, q) == (info.preperiod + 1, info.period)
    panel.set_rows(None)  # once built, changes go straight to the curves
    assert panel.pre_curve.xData is None or len(panel.pre_curve.xData) == 0


def test_a_hidden_tab_is_not_drawn_so_its_plot_waits(qtbot, window):
    """Qt sends the tabs behind the front one a show event with the window's (they count as
    visible), so the plots wait for a paint instead: only the front tab is painted."""
    window.panels.build("rows")  # built as showing its tab would
    assert window.rows_panel.isVisible()  # what made building on show useless
    assert not window.rows_panel.plot_holder.built
    window.panels.build("queries")  # built as showing its tab would
    assert not window.query_panel.plot_holder.built
    window.show_panel("rows")
    qtbot.waitUntil(lambda: window.rows_panel.plot_holder.built, timeout=5_000)
    assert window.rows_panel.plot.isVisible()


def test_the_play_chart_built_late_shows_the_game_so_far(qtbot):
    from explorer.core.analysis.play import COMPUTER, HUMAN
    from explorer.gui.panels.play import PlayPanel

    panel = PlayPanel()
    qtbot.addWidget(panel)
    history = [(0, 5, HUMAN), (1, None, HUMAN), (2, 3, COMPUTER), (3, 0, COMPUTER)]
    panel.set_history(history)
    assert not panel.chart_holder.built
    panel.resize(500, 800)
    panel.show()
    qtbot.waitUntil(lambda: panel.chart_holder.built, timeout=5_000)
    xs, ys = panel.chart_points.getData()
    assert list(zip(xs.tolist(), ys.tolist(), strict=True)) == [(0, 5), (2, 3), (3, 0)]  # the known ones
    assert "thrown away" in panel.chart_note.text()
