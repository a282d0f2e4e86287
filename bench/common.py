"""Timing helpers shared by the benchmark jobs."""

from __future__ import annotations

import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

OUT = Path(__file__).resolve().parent / "out"


def _times(fn: Callable[[], object], repeat: int) -> list[float]:
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return times


def best_of(fn: Callable[[], object], repeat: int = 3) -> float:
    """The fastest of `repeat` runs, in seconds (least disturbed by the noisy machine)."""
    return min(_times(fn, repeat))


def median_of(fn: Callable[[], object], repeat: int = 15) -> float:
    return statistics.median(_times(fn, repeat))


def run_process(args: list[str], stdin_path: Path | None = None) -> bytes:
    with open(stdin_path, "rb") if stdin_path else open("/dev/null", "rb") as fin:
        return subprocess.run(args, stdin=fin, stdout=subprocess.PIPE, check=True).stdout


def python() -> str:
    return sys.executable


def row(job: str, ours: float, base: float | None = None, base_name: str = "", note: str = "") -> None:
    text = f"{job:<46} {fmt(ours):>10}"
    if base is not None:
        text += f"   {base_name:<28} {fmt(base):>10}   x{base / ours:,.1f}"
    if note:
        text += f"   {note}"
    print(text, flush=True)


def fmt(seconds: float) -> str:
    return f"{seconds * 1000:.1f} ms" if seconds < 1 else f"{seconds:.2f} s"
