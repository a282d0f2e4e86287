"""Rules solved as a generated sequence (issue 29): the compiled column sweep against a plain-Python
sweep of the same method in the same run, its cost per column as the columns grow, its memory,
and a whole `count` command at 2^24."""

from __future__ import annotations

import subprocess
import time
from pathlib import Path

from bench.common import OUT, best_of, python, row
from explorer.core.game.vector_sequence import SequenceEngine
from soak.leapfrog import leapfrog_sweep

RULES = {
    "maharaja": ([(1, 0), (0, 1), (1, 1)], [(1, 2), (2, 1)]),
    "(1,2)-GDWN": ([(1, 0), (0, 1), (1, 1), (1, 2), (2, 1)], []),
}


def plain_python_sweep(rays: list[tuple[int, int]], jumps: list[tuple[int, int]], n: int) -> list[int]:
    """The baseline: docs/math.md's column sweep in plain Python, with the same leapfrogging (a dictionary
    of "next free line" links per ray), so the ratio measures the compiled code, not the method.
    It is the soak's independent oracle for these rules."""
    return leapfrog_sweep(rays, jumps, n)


def scanning_python_sweep(rays: list[tuple[int, int]], jumps: list[tuple[int, int]], n: int) -> list[int]:
    """The sweep as docs/math.md first states it, in plain Python: each column's y found by scanning
    upwards one row at a time (a set of used lines per ray): quadratic, as docs/math.md says."""
    others = [(p, q) for p, q in rays if (p, q) not in ((1, 0), (0, 1))]
    used: list[set[int]] = [set() for _ in others]
    col: dict[int, int] = {}
    for x in range(n):
        if x in col:
            continue
        y = x
        while (
            y in col
            or any(q * x - p * y in used[r] for r, (p, q) in enumerate(others))
            or any(1 <= i <= x and j <= y and col.get(x - i) == y - j for i, j in jumps)
        ):
            y += 1
        col[x], col[y] = y, x
        for r, (p, q) in enumerate(others):
            used[r] |= {q * x - p * y, q * y - p * x}
    return [col[x] for x in range(n)]


def _fresh_sweep(rays, jumps, n: int) -> SequenceEngine:  # type: ignore[no-untyped-def]
    engine = SequenceEngine(rays, jumps)
    engine.grow(n)
    return engine


def run() -> None:
    for args in (["count", "100", "100"], ["moves", "5", "7"]):
        wythoff = best_of(
            lambda a=args: subprocess.run([python(), "-m", "explorer", *a], check=True, stdout=subprocess.PIPE), 5
        )  # type: ignore[misc]
        maharaja = best_of(
            lambda a=args: subprocess.run(  # type: ignore[misc]
                [python(), "-m", "explorer", *a, "--rule", "maharaja"], check=True, stdout=subprocess.PIPE
            ),
            5,
        )
        row(f"{' '.join(args)} --rule maharaja (whole process)", maharaja, wythoff, "the same under Wythoff")
    cmd = [python(), "-m", "explorer", "count", "16777215", "16777215", "--rule", "maharaja"]
    took = best_of(lambda: subprocess.run(cmd, check=True, stdout=subprocess.PIPE), repeat=3)
    # Linux counts in a child's peak the memory of the process it was started from (at exec, even
    # through vfork): started from this process, grown by the jobs before it to 1.5 GB, the
    # command's peak read 1539 MiB against 433 on its own. A small launcher starts it instead
    # and reports its peak.
    launcher = (
        "import os, subprocess, sys\n"
        "child = subprocess.Popen(sys.argv[1:], stdout=subprocess.PIPE, close_fds=False)\n"
        "answer = child.stdout.read().decode().strip()\n"
        "_, _, usage = os.wait4(child.pid, 0)\n"
        "print(answer, usage.ru_maxrss >> 10)\n"
    )
    answer, rss = subprocess.run(
        [python(), "-c", launcher, *cmd], check=True, stdout=subprocess.PIPE, text=True
    ).stdout.split()
    row("CLI count 16777215 16777215 --rule maharaja", took, note=f"= {answer}; peak RSS {rss} MiB (whole process)")
    SequenceEngine([(1, 0), (0, 1), (1, 1)], []).grow(1024)  # compile (or load the cache) first
    n = 1 << 17
    for name, (rays, jumps) in RULES.items():
        ours = best_of(lambda rays=rays, jumps=jumps: _fresh_sweep(rays, jumps, n), repeat=3)
        base = best_of(lambda rays=rays, jumps=jumps: plain_python_sweep(rays, jumps, n), repeat=1)
        engine = _fresh_sweep(rays, jumps, n)
        assert list(engine.solved.col[:n]) == plain_python_sweep(rays, jumps, 1 << 12) + list(
            engine.solved.col[1 << 12 : n]
        )
        row(f"sequence sweep {name}, 2^17 columns", ours, base, "leapfrogging Python sweep")
    n = 1 << 13
    for name, (rays, jumps) in RULES.items():
        ours = best_of(lambda rays=rays, jumps=jumps: _fresh_sweep(rays, jumps, n), repeat=3)
        base = best_of(lambda rays=rays, jumps=jumps: scanning_python_sweep(rays, jumps, n), repeat=1)
        assert list(_fresh_sweep(rays, jumps, n).solved.col[:n]) == scanning_python_sweep(rays, jumps, 1 << 12) + list(
            _fresh_sweep(rays, jumps, n).solved.col[1 << 12 : n]
        )
        row(f"sequence sweep {name}, 2^13 columns", ours, base, "scanning Python sweep")
    bench_c_port()


def bench_c_port() -> None:
    """The engine's growth against the plain C port, ns a column at 2^20 ... 2^26."""
    c_port = _compile_c_port()
    for name, (rays, jumps) in RULES.items():
        for k in (20, 22, 24, 26):
            # Best of 3 both sides, each run of ours followed by one of the C port: one run of 2^24
            # moved 30% run to run, and the C port's own time 15 -> 23 ns a column within the hour.
            repeat = 3 if k <= 24 else 1
            took = float("inf")
            runs = []
            for _ in range(repeat):
                engine = SequenceEngine(rays, jumps)
                engine.grow(1 << 10)
                t = time.perf_counter()
                engine.grow(1 << k)
                took = min(took, time.perf_counter() - t)
                rows = engine.solved.col.shape[0]
                if c_port is not None:
                    runs.append(_run_c_port(c_port, rays, jumps, 1 << k, rows / (1 << k)))
            peak = engine.bytes_for(1 << k, rows) >> 20
            ns = took / (1 << k) * 1e9
            note = f"{ns:.1f} ns a column; peak {peak} MiB, kept {engine.nbytes >> 20} MiB"
            if c_port is None:
                row(f"sequence sweep {name}, 2^{k} columns", took, note=note + "; no C compiler: no C baseline")
            else:
                c_sum, c_ns, c_whole = runs[0][0], min(r[1] for r in runs), min(r[2] for r in runs)
                ours_sum = 0
                for v in engine.solved.col[: 1 << 20].tolist() if k == 20 else ():
                    ours_sum = (ours_sum * 1000003 + v) % (1 << 64)
                assert k != 20 or ours_sum == c_sum, f"the C port disagrees on {name}"
                row(
                    f"sequence sweep {name}, 2^{k} columns",
                    took,
                    c_ns * (1 << k) / 1e9,
                    "plain C port (cc -O2)",
                    note=f"{ns:.1f} against {c_ns:.1f} ns a column ({ns / c_ns:.2f}x C); against its whole run "
                    f"(arrays allocated and filled, as ours are) {c_whole:.1f} ({ns / c_whole:.2f}x); "
                    f"ours peak {peak} MiB",
                )
            del engine


def _compile_c_port() -> Path | None:
    """bench/c/sweep.c compiled with cc -O2 into bench/out (None where there is no C compiler)."""
    source = Path(__file__).resolve().parent / "c" / "sweep.c"
    exe = OUT / "sweep_c"
    OUT.mkdir(exist_ok=True)
    try:
        subprocess.run(["cc", "-O2", "-o", str(exe), str(source)], check=True, capture_output=True)
    except (OSError, subprocess.CalledProcessError):
        return None
    return exe


def _run_c_port(exe: Path, rays, jumps, n: int, room: float) -> tuple[int, float, float]:  # type: ignore[no-untyped-def]
    """The C port's checksum of col[0..2^20) (or of all, below) and its ns a column, with the rows
    the engine needed (the same room above the diagonal): its sweep alone, and its whole run with
    the arrays allocated and filled. The engine's growth allocates and fills its own, and on this
    machine 117 MiB of fresh pages took 24-194 ms, by whether huge pages were free."""
    args = [str(exe), str(n)] + [str(v) for r in rays for v in r] + ["--"] + [str(v) for j in jumps for v in j]
    env = {"ROOM": f"{room:.6f}"}
    out = subprocess.run(args, check=True, capture_output=True, text=True, env=env).stdout.split()
    return int(out[0]), float(out[1]), float(out[2])
