"""What a start loads: the lean paths of issue 12 (start like a small tool)."""

from __future__ import annotations

import os
import subprocess
import sys


def _run(code: str, **env: str) -> str:
    full = {k: v for k, v in os.environ.items() if k != "OPENBLAS_NUM_THREADS"} | env
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=full, timeout=120)
    assert out.returncode == 0, out.stderr
    return out.stdout.strip()


def test_the_game_alone_does_not_load_numpy():
    code = "import sys, explorer.core; explorer.core.winning_moves(5, 7); print('numpy' in sys.modules)"
    assert _run(code) == "False"
    assert _run("from explorer.core import cold_cells_in; print(cold_cells_in(100, 100))") == "77"


def test_openblas_starts_one_thread_unless_the_user_says_otherwise():
    code = "import os, explorer, numpy; print(os.environ['OPENBLAS_NUM_THREADS'])"
    assert _run(code) == "1"
    assert _run(code, OPENBLAS_NUM_THREADS="3") == "3"


def test_light_commands_do_not_load_numpy_or_the_kernels():
    """`moves`, `number` and `zeckendorf` need integers only (issue 12: 5x `python -c pass` when
    they loaded numpy and the kernels); `moves` goes through the rule like every command."""
    code = (
        "import sys, io, contextlib\n"
        "from explorer.cli import main\n"
        "buf = io.StringIO()\n"
        "with contextlib.redirect_stdout(buf):\n"
        "    pass\n"
        "assert main(['number', '1000']) == 0 and main(['zeckendorf', '1000']) == 0\n"
        "assert main(['moves', '5', '7']) == 0 and main(['moves', '10', '99', '--rule', 'misere']) == 0\n"
        "assert main(['moves', '10', '99', '--rule', 'wythoff:3']) == 0\n"
        "print(sorted(m for m in ('numpy', 'numba', 'dataclasses', 'inspect', 'shutil') if m in sys.modules))\n"
    )
    # dataclasses brings inspect (9 ms); argparse asking the terminal's width brings shutil
    # with zlib, bz2 and lzma (3 ms): `moves` took 2.5x `python -c pass` with them.
    assert _run(code).splitlines()[-1] == "[]"


def test_moves_under_a_move_vector_rule_starts_like_wythoff():
    """`moves 5 7 --rule maharaja` took 2.0-2.6x `moves 5 7` (issue 36): it imported numpy to load
    the compiled sweep. A few columns come from the plain-Python sweep now; answers as before."""
    code = (
        "import sys\n"
        "from explorer.cli import main\n"
        "assert main(['moves', '5', '7', '--rule', 'maharaja']) == 0\n"
        "assert main(['moves', '100', '7', '--rule', 'gdwn:1,2', '--json']) == 0\n"
        "assert main(['moves', '3000', '4000', '--rule', 'vectors:rays=1,0 1,3;jumps=2,1 4,4']) == 0\n"
        "sys.stdout.flush()\n"
        "print(sorted(m for m in ('numpy', 'numba') if m in sys.modules))\n"
    )
    *light, loaded = _run(code).splitlines()
    assert loaded == "[]"
    *eager, loaded = _run("import numpy\n" + code).splitlines()  # a rule made with numpy: compiled
    assert loaded == "['numpy']"
    assert light == eager and light[:3] == ["1 3", "4 5", "5 4"]


def test_the_window_starts_without_superqt_numba_or_importlib_metadata():
    """superqt (its widget collection, ~85 ms) is not loaded at all (the window's workers are its
    own), numba loads with the first values sweep: neither before the window is painted. Nor importlib.metadata (with
    email, socket, zipfile: 30-45 ms), which psygnal imported to read its own version."""
    code = (
        "import sys\n"
        "from explorer.gui.app import application\n"
        "app = application()\n"
        "from explorer.gui.main_window import MainWindow\n"
        "w = MainWindow()\n"
        "w.show()\n"
        "app.processEvents()\n"
        "w.grab()\n"
        "print(sorted(m for m in ('superqt', 'numba', 'importlib.metadata') if m in sys.modules))\n"
    )
    assert _run(code, QT_QPA_PLATFORM="offscreen", HOME="/tmp").splitlines()[-1] == "[]"


def test_the_window_makes_workers_share_the_gil_quickly():
    """Each Python call of a table's paint waited up to Python's 5 ms switch interval while a
    worker held the GIL (250-320 ms stalls in the soak): the window asks for 0.5 ms."""
    code = (
        "import sys\n"
        "from explorer.gui.app import application\n"
        "app = application()\n"
        "before = sys.getswitchinterval()\n"
        "from explorer.gui.main_window import MainWindow\n"
        "w = MainWindow()\n"
        "print(before, sys.getswitchinterval())\n"
    )
    before, after = map(float, _run(code, QT_QPA_PLATFORM="offscreen", HOME="/tmp").splitlines()[-1].split())
    assert before == 0.005 and after <= 0.0005


def test_the_collector_is_held_from_the_start_and_the_windows_collector_takes_over():
    """run_window holds automatic collection from the start (6 % of the time to a painted
    window); the window's own collector keeps it off and collects on the GUI thread's timer, so
    garbage made after the start is still freed."""
    code = (
        "import gc, os, tempfile\n"
        "from explorer.gui.app import application, freeze_startup_objects, hold_collections\n"
        "hold_collections(); held = not gc.isenabled()\n"
        "app = application()\n"
        "from PySide6.QtCore import QSettings\n"
        "from explorer.gui.collector import GuiThreadCollector\n"
        "from explorer.gui.main_window import MainWindow\n"
        "w = MainWindow(settings=QSettings(os.path.join(tempfile.mkdtemp(), 's.ini'), QSettings.Format.IniFormat))\n"
        "freeze_startup_objects()\n"
        "class Cycle: pass\n"
        "for _ in range(50_000):\n"
        "    c = Cycle(); c.me = c\n"
        "collector = app.findChild(GuiThreadCollector)\n"
        "collector.check()  # what its timer does\n"
        "print(held, gc.isenabled(), collector is not None, gc.get_count()[0] < 1000)\n"
    )
    assert _run(code, QT_QPA_PLATFORM="offscreen").splitlines()[-1] == "True False True True"
