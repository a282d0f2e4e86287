"""Issue 64 in the real window, driven as a person drives it (pytest-qt: keys, clicks, the dialog)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialogButtonBox

from explorer.core.rules.presentation import example_rules
from explorer.core.rules.texts import rule_refusal


def test_the_compare_dialog_keeps_a_text_that_is_no_rule_open_with_the_reason(qtbot):
    """Typing `terminal 2` closed the dialog, and the status bar showed a clipped list of names."""
    from explorer.gui.panels.rule_choice import RuleChoiceDialog

    dialog = RuleChoiceDialog("Compare with another rule", "Pick or type", example_rules(), rule_refusal)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.keyClicks(dialog.choice.lineEdit(), "terminal 2")
    ok = next(b for b in dialog.findChildren(QDialogButtonBox)).button(QDialogButtonBox.StandardButton.Ok)
    qtbot.mouseClick(ok, Qt.MouseButton.LeftButton)
    assert dialog.isVisible() and dialog.result() == 0
    assert "terminal 2" in dialog.error.text() and dialog.rule_text == ""
    index = next(i for i in range(dialog.choice.count()) if dialog.choice.itemText(i).endswith("— alter:terminal=2"))
    dialog.choice.setCurrentIndex(index)
    assert dialog.error.text() == ""
    qtbot.mouseClick(ok, Qt.MouseButton.LeftButton)
    assert not dialog.isVisible() and dialog.rule_text == "alter:terminal=2"


def test_after_enter_the_grid_has_the_keys(window, qtbot):
    """Type a position, Enter, then Home: the cursor moved in the Pile B box and the view stayed."""
    inspector = window.inspector
    inspector.position_a.setText("500")
    inspector.position_b.setText("809")
    qtbot.keyClick(inspector.position_b, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: not window.busy and window.session.report is not None)
    far = window.grid.visible_cells()
    assert far[0] > 100
    qtbot.keyClick(window.focusWidget(), Qt.Key.Key_Home)
    qtbot.waitUntil(lambda: not window.busy)
    assert window.grid.visible_cells()[0] <= 0 < window.grid.visible_cells()[2]


def test_a_line_turned_off_is_gone_while_two_rules_are_compared_on_too_wide_a_view(window, qtbot):
    """Seed 20261181: with a comparison on (whose picture had failed on a wide view), View ▸ Golden
    lines turned off left the lines drawn: they followed the next raster, which never came."""
    grid = window.grid
    window.menus.phi_lines.setChecked(True)
    qtbot.waitUntil(lambda: not window.busy)
    assert any(line.isVisible() for line in grid.phi_lines)
    window.rules.request_compare("nim")
    qtbot.waitUntil(lambda: not window.busy and window.session.compare is not None)
    grid.set_view(0, 0, 10**9, 10**9)  # too wide to compare: the picture is refused
    qtbot.waitUntil(lambda: not window.busy)
    window.menus.phi_lines.setChecked(False)
    window.menus.grid_lines.setChecked(False)
    assert not any(line.isVisible() for line in grid.phi_lines) and not grid.borders.isVisible()


def test_alter_mode_second_click_on_the_same_spot_turns_the_same_cell(window, qtbot):
    """Ctrl+L, click (4, 4), click the same spot: the second click declared (4, 5) or (5, 4), since the
    a/b strip under the grid went away with Wythoff's pairs and the grid moved about 30 px."""
    from tests.gui.helpers import widget_point

    grid = window.grid
    grid.set_view(0, 0, 12, 9)
    qtbot.waitUntil(lambda: not window.busy)
    spot = widget_point(grid, 4, 4)
    before = grid.mapToGlobal(spot)
    window.menus.actions["alter_mode"].trigger()
    qtbot.mouseClick(grid.viewport(), Qt.MouseButton.LeftButton, pos=spot)
    qtbot.waitUntil(lambda: not window.busy and getattr(window.session.rule, "cold_cells", ()) != (), timeout=20_000)
    assert (4, 4) in window.session.rule.cold_cells
    assert widget_point(grid, 4, 4) == spot and grid.mapToGlobal(spot) == before  # the grid kept its place
    qtbot.mouseClick(grid.viewport(), Qt.MouseButton.LeftButton, pos=spot)
    qtbot.waitUntil(lambda: not window.busy and (4, 4) in getattr(window.session.rule, "hot_cells", ()), timeout=20_000)
    assert not set(window.session.rule.cold_cells) & {(4, 5), (5, 4)}
