"""Foundation benchmarks: judge, generation, classification, Zeckendorf."""

from __future__ import annotations

import math
import random
import shutil
import subprocess
import textwrap
from pathlib import Path

import numpy as np

from bench.common import OUT, best_of, python, row, run_process
from explorer.core import is_cold, lower
from explorer.core.game import bulk
from explorer.core.game.zeckendorf import zeckendorf_indices

BASELINE_JUDGE = textwrap.dedent(
    """
    import sys
    from math import isqrt
    data = sys.stdin.buffer.read().split()
    t = int(data[0]); out = []
    for i in range(t):
        x = int(data[1 + 2 * i]); y = int(data[2 + 2 * i])
        if x > y: x, y = y, x
        d = y - x
        out.append("Second" if x == (d + isqrt(5 * d * d)) // 2 else "First")
    sys.stdout.write("\\n".join(out) + "\\n")
    """
)

CPP_JUDGE = r"""
#include <iostream>
#include <cmath>
#include <string>
int main() {
    std::ios::sync_with_stdio(false); std::cin.tie(nullptr);
    const long double phi = (1.0L + std::sqrt(5.0L)) / 2.0L;
    long long t; std::cin >> t; std::string out;
    while (t--) { long long a, b; std::cin >> a >> b; if (a > b) std::swap(a, b);
        long long d = b - a; long long ak = (long long)std::floor(d * phi);
        out += (ak == a) ? "Second\n" : "First\n"; }
    std::cout << out;
}
"""


def cpp_judge() -> Path | None:
    """The seeds' C++ judge, compiled into bench/out (None where there is no g++)."""
    gxx = shutil.which("g++")
    if gxx is None:
        return None
    src, exe = OUT / "judge_ld.cpp", OUT / "judge_ld"
    src.write_text(CPP_JUDGE)
    subprocess.run([gxx, "-O2", "-o", str(exe), str(src)], check=True)
    return exe


def judge_input(n: int) -> bytes:
    rng = random.Random(2026)
    lines = [str(n)]
    for i in range(n):
        if i % 2:  # half cold positions near 10^18, so the answers are not all "First"
            d = rng.randrange(10**17, 3 * 10**17)
            a = lower(d)
            lines.append(f"{a} {a + d}" if i % 4 == 1 else f"{a + d} {a}")
        else:
            lines.append(f"{rng.randrange(10**18)} {rng.randrange(10**18)}")
    return ("\n".join(lines) + "\n").encode()


def bench_judge() -> None:
    OUT.mkdir(exist_ok=True)
    path = OUT / "judge-1e6.txt"
    if not path.exists():
        path.write_bytes(judge_input(10**6))
    base_script = OUT / "baseline_judge.py"
    base_script.write_text(BASELINE_JUDGE)
    ours_out = run_process([python(), "-m", "explorer", "judge", str(path)], path)
    base_out = run_process([python(), str(base_script)], path)
    assert ours_out == base_out, "judge disagrees with the isqrt baseline"
    ours = best_of(lambda: run_process([python(), "-m", "explorer", "judge", str(path)]))
    base = best_of(lambda: run_process([python(), str(base_script)], path), repeat=2)
    row("judge 10^6 pairs <= 10^18 (whole process)", ours, base, "python isqrt loop")
    exe = cpp_judge()
    if exe is not None:
        cpp_out = run_process([str(exe)], path)
        wrong = sum(a != b for a, b in zip(cpp_out.split(), ours_out.split(), strict=False))
        cpp = best_of(lambda: run_process([str(exe)], path))
        row("  reference: C++ iostream + long double", cpp, note=f"wrong on {wrong} of 10^6 ({wrong / 1e4:.2f} %)")


def mex_pairs(n: int) -> list[tuple[int, int]]:
    used = bytearray(3 * n + 3)
    pairs, a = [], 0
    for k in range(n):
        while used[a]:
            a += 1
        used[a] = used[a + k] = 1
        pairs.append((a, a + k))
    return pairs


def bench_generation() -> None:
    n = 10**6
    ours = best_of(lambda: bulk.cold_pairs(0, n))
    base = best_of(lambda: mex_pairs(n), repeat=1)
    a, b = bulk.cold_pairs(0, 2000)
    assert list(zip(a.tolist(), b.tolist(), strict=False)) == mex_pairs(2000)
    row("generate 10^6 cold pairs", ours, base, "mex loop")
    ours7 = best_of(lambda: bulk.cold_pairs(0, 10**7))
    row("generate 10^7 cold pairs", ours7)
    row("partner array 0..10^7", best_of(lambda: bulk.partners(10**7)))


def bench_classify() -> None:
    rng = np.random.default_rng(1)
    xs = rng.integers(0, 2**62, 10**6)
    ys = rng.integers(0, 2**62, 10**6)
    ours = best_of(lambda: bulk.is_cold_array(xs, ys))
    xl, yl = xs[:100_000].tolist(), ys[:100_000].tolist()
    base = best_of(lambda: [is_cold(x, y) for x, y in zip(xl, yl, strict=False)], repeat=1) * 10
    row("classify 10^6 int64 positions (in process)", ours, base, "scalar isqrt loop")


def greedy_low_memory(n: int) -> int:
    """Greedy Zeckendorf walking the Fibonacci pairs down: O(1) big integers in memory."""
    f, g = 1, 2
    while g <= n:
        f, g = g, f + g
    count = 0
    while n:
        if f <= n:
            n -= f
            count += 1
        f, g = g - f, f
    return count


def bench_zeckendorf() -> None:
    n = 7**23_700  # 20 000 digits
    ours = best_of(lambda: zeckendorf_indices(n))
    base = best_of(lambda: greedy_low_memory(n), repeat=1)
    assert greedy_low_memory(n) == len(zeckendorf_indices(n))
    row("Zeckendorf of a 20 000-digit number", ours, base, "greedy")
    big = 7**118_300
    row("Zeckendorf of a 100 000-digit number", best_of(lambda: zeckendorf_indices(big), repeat=1))
    x = 10**100_000 + 12345
    row("is_cold at 100 000 digits", best_of(lambda: is_cold(x, x + x // 2)))
    assert math.isqrt(4) == 2


def run() -> None:
    bench_judge()
    bench_generation()
    bench_classify()
    bench_zeckendorf()
