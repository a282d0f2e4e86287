"""View ▸ Compare with another rule: the grid draws, pixel by pixel, the cells cold under both
rules, under the rule in effect only and under the other only; hovering says each count, exactly."""

from __future__ import annotations

from explorer.core.analysis.compare import compare
from explorer.core.rules import parse_rule


def test_the_grid_draws_the_comparison_and_hover_gives_each_count(board, qtbot):
    grid = board.grid
    board.rules.request_compare("block:2")
    qtbot.waitUntil(lambda: not board.busy and grid.pictures.compared is not None)
    _, other, picture = grid.pictures.compared
    assert other == parse_rule("block:2") and grid.session.compare == other
    # a pixel somewhere in view, its counts against the cells themselves
    x0, y0 = (picture.tx0 + picture.nx // 3) * picture.step, (picture.ty0 + picture.ny // 2) * picture.step
    s = picture.step
    both, first, second, _ = compare(grid.rule, other, x0, y0, x0 + s - 1, y0 + s - 1)
    said = grid.hover_description(x0, y0)
    if s == 1:
        assert ("cold under" in said) or ("hot under both" in said)
    else:
        assert f"cold under both {both}, under the rule in effect only {first}, under block:2 only {second}" in said
    levels = grid.image.image
    assert levels is not None and set(levels.ravel().tolist()) <= {0, 1, 2, 3, 4, 5}
    assert {3, 4} & set(levels.ravel().tolist())  # Wythoff and 2-blocking differ in view
    # the rule changes: the comparison follows it; stopping draws the rule's own colours again
    board.set_rule("nim")
    qtbot.waitUntil(
        lambda: not board.busy and grid.pictures.compared is not None and grid.pictures.compared[0].key == "nim"
    )
    board.rules.stop_comparing()
    qtbot.waitUntil(lambda: not board.busy)
    assert grid.pictures.compared is None and grid.raster_rule == parse_rule("nim")
    assert "cold" in grid.hover_description(3, 3) and "both" not in grid.hover_description(3, 3)


def test_a_view_too_wide_to_compare_says_so_and_the_grid_keeps_working(board, qtbot):
    grid = board.grid
    messages: list[str] = []
    grid.busy.connect(messages.append)
    grid.set_view(0, 0, 10**7, 10**7)
    board.rules.request_compare("nim")
    qtbot.waitUntil(lambda: any("zoom in" in m for m in messages))
    grid.set_view(0, 0, 60, 40)
    qtbot.waitUntil(lambda: not board.busy and grid.pictures.compared is not None)
    assert grid.pictures.compared[2].step == 1


def test_a_model_change_heard_after_the_grid_closed_draws_nothing(board, qtbot):
    """Seen once in make test's teardown: a change drawn at once on the GUI thread after close
    reached pyqtgraph's deleted axes ('NoneType' object has no attribute 'getAxis')."""
    board.grid.close()
    board.session.mode = "grundy"  # heard by the grid: it must not draw
    board.session.compare = parse_rule("nim")
    qtbot.wait(30)


def test_the_comparisons_levels_and_raster_are_made_on_a_worker(board, qtbot, monkeypatch):
    """Each numpy call on the GUI thread beside a worker's waits for the GIL: a long soak (seed
    20261166) saw the window stall 296 ms making a comparison's levels there. The GUI thread now
    only shows what the worker made."""
    import threading

    from explorer.gui.grid import pictures

    threads: list[bool] = []
    made = pictures.compare_levels

    def compare_levels(picture):  # type: ignore[no-untyped-def]
        threads.append(threading.current_thread() is threading.main_thread())
        return made(picture)

    monkeypatch.setattr(pictures, "compare_levels", compare_levels)
    board.rules.request_compare("block:2")
    qtbot.waitUntil(lambda: not board.busy and board.grid.pictures.compared is not None)
    assert threads and not any(threads)
    _, _, picture = board.grid.pictures.compared
    raster = board.grid.raster
    assert raster is not None and int(raster.dense_counts().sum()) == int((picture.both + picture.first_only).sum())
