"""Start-up, against baselines started in the same run: the window against a bare pyqtgraph plot
window (process start to a painted window), its resident memory at rest, and the light
commands against `python -c pass`.

Each figure is the median of several fresh processes (the first of each is a warm-up: it fills
the OS page cache and numba's on-disk cache)."""

from __future__ import annotations

import os
import statistics
import subprocess
import tempfile
import time

from bench.common import fmt, python

RUNS = 11

# Each child prints the resident memory it reached once painted and settled, then leaves at
# once (os._exit: the figure is the start, not the teardown).
_RSS = (
    "def _rss():\n"
    "    for line in open('/proc/self/status'):\n"
    "        if line.startswith('VmRSS:'):\n"
    "            return int(line.split()[1]) / 1024\n"
)
BARE = (
    "import os\n"
    "import pyqtgraph as pg\n"
    "app = pg.mkQApp()\n"
    "w = pg.PlotWidget()\n"
    "w.plot([0, 1, 2], [0, 1, 4])\n"
    "w.resize(1200, 760)\n"
    "w.show()\n"
    "app.processEvents()\n"
    "w.grab()\n" + _RSS + "print(_rss(), flush=True)\n"
    "os._exit(0)\n"
)
OURS = (
    "import os, tempfile\n"
    "from PySide6.QtCore import QSettings\n"
    "from explorer.gui.app import application, freeze_after_first_paint, hold_collections\n"
    "hold_collections()  # as run_window does\n"
    "app = application()\n"
    "from explorer.gui.main_window import MainWindow\n"
    "settings = QSettings(os.path.join(tempfile.mkdtemp(), 's.ini'), QSettings.Format.IniFormat)\n"
    "w = MainWindow(settings=settings)\n"
    "w.resize(1200, 760)\n"
    "w.show()\n"
    "freeze_after_first_paint()  # as run_window does\n"
    "app.processEvents()\n"
    "w.grab()\n" + _RSS + "print(_rss(), flush=True)\n"
    "os._exit(0)\n"
)


def _start(code: str | list[str], env: dict[str, str]) -> tuple[float, str]:
    args = [python(), "-c", code] if isinstance(code, str) else [python(), "-m", "explorer", *code]
    t = time.perf_counter()
    out = subprocess.run(args, capture_output=True, text=True, env=env, check=True)
    return time.perf_counter() - t, out.stdout


def _runs(codes: list[str | list[str]], env: dict[str, str]) -> tuple[list[list[float]], list[list[float]]]:
    """Each code's start times (and resident memory, for a window), their runs taken in turn: seven
    of one and then seven of the next, a drift of the machine between the blocks moved the
    window's ratio from 1.2 to 1.55 in runs of the same code."""
    for code in codes:
        _start(code, env)  # warm-up
    times: list[list[float]] = [[] for _ in codes]
    rss: list[list[float]] = [[] for _ in codes]
    for _ in range(RUNS):
        for i, code in enumerate(codes):
            took, out = _start(code, env)
            times[i].append(took)
            first = out.split("\n", 1)[0].strip()
            if isinstance(code, str) and first:
                rss[i].append(float(first))
    return times, rss


def _ratio(ours: list[float], base: list[float]) -> float:
    """The median of the ratios run by run (each pair taken one right after the other)."""
    return statistics.median(a / b for a, b in zip(ours, base, strict=True))


def run() -> None:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    # as a person's machine does: the compiled modules are written once (the warm-up) and read
    # after; with PYTHONDONTWRITEBYTECODE every start compiled each module changed since the last
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    with tempfile.TemporaryDirectory() as home:
        env["HOME"] = home  # no settings of a person's own window
        (bare, ours), (bare_rss, ours_rss) = _runs([BARE, OURS], env)
    print(
        f"{f'start -> painted window (median of {RUNS})':<46} {fmt(statistics.median(ours)):>10}   "
        f"{'bare pyqtgraph window':<28} {fmt(statistics.median(bare)):>10}   ours/bare {_ratio(ours, bare):.2f} "
        "(goal <= 1.10; the median of the ratios run by run)",
        flush=True,
    )
    print(
        f"{'resident memory once painted':<46} {statistics.median(ours_rss):>7.0f} MiB   {'bare pyqtgraph window':<28} "
        f"{statistics.median(bare_rss):>6.0f} MiB   (goal <= 125 MiB)",
        flush=True,
    )
    commands: list[list[str]] = [["moves", "5", "7"], ["number", "1000"], ["zeckendorf", "1000"]]
    (base, *each), _ = _runs(["pass", *commands], env)
    for args, took in zip(commands, each, strict=True):
        print(
            f"{'CLI ' + ' '.join(args):<46} {fmt(statistics.median(took)):>10}   {'python -c pass':<28} "
            f"{fmt(statistics.median(base)):>10}   ours/base {_ratio(took, base):.1f} (goal <= 2)",
            flush=True,
        )
