"""Whole Qt frames of the real window (offscreen), paint included: what a person feels while
panning and zooming, in every colour mode, at the origin, near 10^18 and near 10^100, zoomed
in and out. Each frame is one view change handed to the grid, then every event it causes
(the throttled redraw, pyqtgraph's updates, the paints) until the event loop is idle. Reports
p50 / p95, how many times the grid's viewport painted per change, and how many paints and new
images fell inside the timed part (1.00 each: a frame timed is a whole frame, not the paint of
an image made before the clock started)."""

from __future__ import annotations

import os
import statistics
import tempfile
import time

from bench.common import fmt

STEPS = 100  # frames a row: the 95th percentile of 40 was decided by two frames (a row moved 0.5 ms run to run)
PLACES = [("origin", 0), ("1e18", 10**18), ("1e100", 10**100)]
ZOOMS = [("zoomed in (40 cells)", 40), ("zoomed out (1e6 cells)", 10**6)]


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def _bare(app, width: int, height: int) -> dict[str, tuple[float, float]]:  # type: ignore[no-untyped-def]
    """The baseline: a bare pyqtgraph plot the size of the grid view, an image of one byte a
    texel with a colour table, panned by setRange in the same rhythm. p50 and p95 by zoom."""
    import numpy as np
    import pyqtgraph as pg

    plot = pg.PlotWidget()
    plot.resize(width, height)
    plot.show()
    image = pg.ImageItem(axisOrder="row-major")
    image.setLookupTable(np.random.default_rng(1).integers(0, 256, (256, 3)).astype(np.uint8))
    plot.addItem(image)
    view = plot.getViewBox()
    result = {}
    for zoom, span in ZOOMS:
        cells = min(span, max(1, round(view.width())))  # zoomed out: a texel a pixel
        levels = np.random.default_rng(2).integers(0, 256, (cells, cells)).astype(np.uint8)
        image.setImage(levels, levels=(0, 255), autoLevels=False)
        times = []
        for i in range(STEPS):
            shift = cells / 20 * (1 if i % 2 == 0 else -1)
            for _ in range(2):
                time.sleep(0.02)
                app.processEvents()
            t = time.perf_counter()
            x0 = shift * ((i % 2) == 0)
            view.setRange(xRange=(x0, x0 + cells), yRange=(0, cells), padding=0)
            app.processEvents()
            times.append(time.perf_counter() - t)
        result[zoom] = (statistics.median(times), _percentile(times, 0.95))
    plot.close()
    return result


def run() -> None:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import QEvent, QObject, QSettings
    from PySide6.QtWidgets import QApplication, QComboBox

    from explorer.gui.app import freeze_startup_objects
    from explorer.gui.main_window import MainWindow
    from explorer.session.model import GRUNDY, HOT_COLD, REMOTENESS

    app = QApplication.instance() or QApplication([])
    paints = [0]

    class Counter(QObject):
        def eventFilter(self, obj: QObject, event: QEvent) -> bool:
            if event.type() == QEvent.Type.Paint:
                paints[0] += 1
            return False

    with tempfile.TemporaryDirectory() as tmp:
        w = MainWindow(settings=QSettings(os.path.join(tmp, "s.ini"), QSettings.Format.IniFormat))
        w.resize(1200, 760)
        w.show()
        counter = Counter()
        w.grid.viewport().installEventFilter(counter)
        drawn = [0]  # images made for the view, inside the timed part of a frame
        timing = [False]
        w.grid.viewChanged.connect(lambda: timing[0] and drawn.__setitem__(0, drawn[0] + 1))
        combo = w.findChild(QComboBox, "colorMode")
        freeze_startup_objects()  # as run_window does once the window has painted

        def settle() -> None:
            end = time.perf_counter() + 30
            while time.perf_counter() < end:
                app.processEvents()
                if not (w.values.busy or w.grid.render_jobs.busy):
                    break
                time.sleep(0.005)
            for _ in range(3):  # the throttle's trailing redraw
                time.sleep(0.02)
                app.processEvents()

        for _ in range(5):
            time.sleep(0.02)
            app.processEvents()
        size = w.grid.size()
        bare = [_bare(app, size.width(), size.height())]
        for zoom, (p50, p95) in bare[0].items():
            print(f"{'baseline: bare pyqtgraph plot, ' + zoom:<58} p50 {fmt(p50):>9}   p95 {fmt(p95):>9}", flush=True)
        rows = []
        for mode in (HOT_COLD, GRUNDY, REMOTENESS):
            combo.setCurrentIndex(combo.findData(mode))
            combo.activated.emit(combo.findData(mode))
            settle()
            for place, x in PLACES:
                for zoom, span in ZOOMS:
                    w.grid.set_view(x, x, x + span, x + span)
                    settle()
                    times: list[float] = []
                    inside = [0]
                    paints[0] = drawn[0] = 0
                    for i in range(STEPS):
                        # to and fro by a twentieth of the view, as the baseline pans; the same
                        # span each time (set from the cells in view, the view grew by a cell or
                        # two a frame: a "40 cell" view was 120 cells across by the end), and
                        # one step in from the origin (at 0 a view wider than the span asked for
                        # was held at the board's edge both ways: the frame did not move at all)
                        step = span // 20 + (1 if span < 100 else 0)
                        shift = step * (1 + (i % 2 == 0))
                        for _ in range(2):  # past the throttle's interval, twice: a redraw it
                            time.sleep(0.02)  # held back runs and its interval ends too, so this
                            app.processEvents()  # change is drawn now, in the frame timed
                        paints_before = paints[0]
                        timing[0] = True
                        t = time.perf_counter()
                        w.grid.set_view(x + shift, x, x + span + shift, x + span)
                        app.processEvents()
                        times.append(time.perf_counter() - t)
                        timing[0] = False
                        inside[0] += paints[0] - paints_before
                    per_change = paints[0] / STEPS
                    timed = f"{inside[0] / STEPS:.2f} painted, {drawn[0] / STEPS:.2f} drawn"
                    settle()
                    p50, p95 = statistics.median(times), _percentile(times, 0.95)
                    rows.append((zoom, p95))
                    print(
                        f"{'frame ' + mode + ', ' + place + ', ' + zoom:<58} p50 {fmt(p50):>9}"
                        f"   p95 {fmt(p95):>9}   paints/change {per_change:.2f} (timed: {timed})",
                        flush=True,
                    )
        w.close()
        bare.append(_bare(app, size.width(), size.height()))  # again: the machine drifts
        for zoom, _ in ZOOMS:
            base = statistics.mean(b[zoom][1] for b in bare)
            worst = max(p95 for z, p95 in rows if z == zoom)
            print(
                f"{'baseline again, ' + zoom:<58} p50 {fmt(bare[1][zoom][0]):>9}   p95 {fmt(bare[1][zoom][1]):>9}"
                f"   worst frame p95 / bare p95: {worst / base:.2f}",
                flush=True,
            )
