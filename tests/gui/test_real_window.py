"""One real window on a real X server (Xvfb), as CI requires: not the offscreen platform."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from explorer.gui import palette

pytestmark = pytest.mark.xvfb


def _free_display() -> int:
    for n in range(90, 140):
        if not Path(f"/tmp/.X11-unix/X{n}").exists() and not Path(f"/tmp/.X{n}-lock").exists():
            return n
    raise RuntimeError("no free X display number")


@pytest.fixture
def xvfb():
    exe = shutil.which("Xvfb")
    if exe is None:
        if os.environ.get("CI"):
            pytest.fail("Xvfb is not installed: .ci/run must install it")
        pytest.skip("Xvfb not installed (apt-get install xvfb)")
    display = _free_display()
    proc = subprocess.Popen([exe, f":{display}", "-screen", "0", "1280x800x24", "-nolisten", "tcp"])
    try:
        for _ in range(100):
            if Path(f"/tmp/.X11-unix/X{display}").exists():
                break
            time.sleep(0.05)
        yield f":{display}"
    finally:
        proc.terminate()
        proc.wait(timeout=10)


def _close(c: list[int], rgb: tuple[int, int, int]) -> bool:
    return all(abs(a - b) < 25 for a, b in zip(c, rgb, strict=True))


@pytest.mark.slow  # new processes of the window: not the inner loop
def test_real_window_under_xvfb(xvfb, tmp_path):
    env = {k: v for k, v in os.environ.items() if k != "QT_QPA_PLATFORM"}
    env.update(DISPLAY=xvfb, QT_QPA_PLATFORM="xcb")
    out = tmp_path / "screen.png"
    probe = Path(__file__).with_name("real_window_probe.py")
    proc = subprocess.run(
        [sys.executable, str(probe), str(tmp_path / "s.ini"), str(out)],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        cwd=Path(__file__).parents[2],
    )
    assert proc.returncode == 0, proc.stderr[-2000:]
    result = json.loads(proc.stdout.strip().splitlines()[-1])
    assert result["platform"] == "xcb"
    assert result["painted_after_s"] < 10
    assert result["moves"] == 3  # (5, 7) has three winning moves
    colours = result["colours"]
    assert _close(colours["3,5"], palette.COLD) and _close(colours["5,3"], palette.COLD)
    assert _close(colours["4,4"], palette.HOT) and _close(colours["6,6"], palette.HOT)
    assert out.stat().st_size > 5000
