"""`wythoff-explorer screenshot OUT.png [--view X0 Y0 X1 Y1] [--select A B] [--size WxH] [--panel NAME]`."""

from __future__ import annotations

import argparse
import os
import tempfile
import time

from explorer.core.analysis.modes import mode_refusal
from explorer.core.exact.bigint import short_text

WAIT_S = 60.0  # the longest a screenshot waits for background drawing and reports
SETTLE_S = 0.15  # and then, for the layout passes and paints that follow the last answer


def _size(text: str) -> tuple[int, int]:
    try:
        w, h = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise ValueError(f"--size takes WxH such as 1280x800, not {short_text(text)!r}") from None
    if not (200 <= w <= 8000 and 200 <= h <= 8000):
        raise ValueError("--size must be between 200x200 and 8000x8000")
    return w, h


def screenshot_from_args(args: argparse.Namespace) -> None:
    width, height = _size(args.size)
    if args.view is not None:
        x0, y0, x1, y1 = args.view
        if x1 <= x0 or y1 <= y0:
            raise ValueError("--view needs X0 < X1 and Y0 < Y1")
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import QSettings

    from explorer.gui.app import application
    from explorer.gui.files import save_png
    from explorer.gui.main_window import MainWindow

    app = application()
    ini = os.path.join(tempfile.mkdtemp(prefix="wythoff-shot-"), "settings.ini")
    window = MainWindow(settings=QSettings(ini, QSettings.Format.IniFormat))
    window.resize(width, height)
    window.show()
    app.processEvents()
    from explorer.gui.app import prepare_window

    # A warning (a session that cannot be opened, say) ends the command with its sentence and exit
    # status 2: kept here and raised from this flow, since it may come from a worker's callback,
    # where an exception is only printed (a traceback, and exit status 0).
    warnings: list[str] = []
    window.dialogs.warn = lambda title, message: warnings.append(message)  # type: ignore[method-assign]
    prepare_window(window, args.session, args.window_rule, args.window_mode)
    _wait(app, window)
    if warnings:
        window.close()
        raise ValueError(warnings[0])
    if args.window_mode is not None and mode_refusal(window.session.rule, args.window_mode):
        window.close()  # a mode the rule cannot answer: refused, not a picture painted grey
        raise ValueError(f"--mode {args.window_mode}: {mode_refusal(window.session.rule, args.window_mode)}")
    panel = args.panel
    if getattr(args, "value", None) is not None:  # the Structure panel, showing the cells of one value
        panel = "structure"
        window.panels.build("structure")
        window.structure.value = args.value
        index = window.structure_panel.which.findData(args.value)
        if index < 0:
            raise ValueError(f"--value takes 1 to {window.structure_panel.which.count() - 1}")
        window.structure_panel.which.setCurrentIndex(index)
    if panel is not None:
        window.show_panel(panel)
        if panel == "rows":
            window.rows_panel.solve.click()  # an empty table says nothing: solve, as its button does
        if panel == "slices":
            window.slices_panel.go.click()  # the three-heap report, as its button makes it
    _wait(app, window)
    if args.select is not None:
        window.go_to_position(*args.select)
    if args.view is not None:
        window.grid.set_view(*args.view)
    app.processEvents()
    window.grid.render_now()
    _wait(app, window)
    if getattr(args, "heaps", None):  # a sum: the selection plus these Nim heaps, in the Sums panel
        window.show_panel("sums")
        window.sums.set_parts(tuple(args.heaps), None)
    if getattr(args, "grid_heap", None):  # the game plus a heap of h, drawn on the grid
        window.show_panel("sums")
        window.sums_panel.grid_heap.setValue(args.grid_heap)
        _wait(app, window)
    if getattr(args, "build", None) is not None:  # build mode, this many steps in
        window.show_panel("build")
        window.builder.start()
        for _ in range(args.build):
            window.builder.step(1)
    if getattr(args, "why", False):
        window.why.ask_why()
    if getattr(args, "compare", None):  # View ▸ Compare with another rule
        window.rules.request_compare(args.compare)
        _wait(app, window)
        if window.session.compare is None:
            raise ValueError(f"--compare {args.compare}: {window.statusBar().currentMessage()}")
        if args.select is not None:  # the hover line tells the pixel's counts, as a person would see it
            window.hover_text(window.grid.hover_description(*args.select))
    window.grid.render_now()
    _wait(app, window)
    if warnings:
        window.close()
        raise ValueError(warnings[0])
    try:
        save_png(window.grab(), args.out)
    except OSError as exc:
        raise ValueError(f"cannot write {args.out}: {exc.strerror or exc}") from None
    window.close()


def _wait(app, window) -> None:  # type: ignore[no-untyped-def]
    deadline = time.monotonic() + WAIT_S
    while True:
        while window.busy and time.monotonic() < deadline:  # huge numbers are drawn on workers
            app.processEvents()
            time.sleep(0.01)
        settled = time.monotonic() + SETTLE_S
        while time.monotonic() < settled:  # what arrived last re-lays out (a wider colour bar): let it draw
            app.processEvents()
            time.sleep(0.01)
        if not window.busy or time.monotonic() >= deadline:  # work that what arrived started (a sequence
            return  # growing to cover the view) is waited for too
