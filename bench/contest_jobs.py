"""Contest-size input: 10^6 queries at 10^7, 10^12 and 10^18 against the plain Python script, the judge
against the seeds' C++ program, and the resident memory of 10^7 queries streamed.

Each pair is timed in turn (ours, theirs, ours, theirs, …) and the best of each kept, so both sides
see the same machine. Every answer is checked against the plain script's before it is timed."""

from __future__ import annotations

import subprocess
import textwrap
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np

from bench.common import OUT, fmt, python, run_process
from bench.core_jobs import BASELINE_JUDGE, cpp_judge, judge_input
from bench.query_jobs import PLAIN_ALL_AT_ONCE, PLAIN_PER_LINE

ROUNDS = 3
Q = 10**6

PLAIN_RECT = textwrap.dedent(
    """
    import sys
    from math import isqrt
    def la(m):
        n = m + 1
        return (isqrt(5 * n * n) - n) // 2
    def c(x, y):
        if x < 0 or y < 0:
            return 0
        lx, ly = la(x), la(y)
        return 1 + min(lx, y - ly) + min(x - lx, ly)
    data = sys.stdin.buffer.read().split()
    q = int(data[0]); out = []
    for i in range(q):
        x0, y0, x1, y1 = (int(v) for v in data[1 + 4 * i : 5 + 4 * i])
        out.append(c(x1, y1) - c(x0 - 1, y1) - c(x1, y0 - 1) + c(x0 - 1, y0 - 1))
    sys.stdout.write("\\n".join(map(str, out)) + "\\n")
    """
)


def _text(rows: np.ndarray) -> bytes:
    lines = [str(rows.shape[0])] + [" ".join(map(str, r)) for r in rows.tolist()]
    return ("\n".join(lines) + "\n").encode()


def inputs() -> dict[str, Path]:
    """The inputs, made once (bench/out keeps them)."""
    OUT.mkdir(exist_ok=True)
    rng = np.random.default_rng(51)
    made = {}
    for tag, top in (("1e7", 10**7), ("1e12", 10**12), ("1e18", 10**18)):
        made[tag] = OUT / f"contest-count-{tag}.txt"
        if not made[tag].exists():
            made[tag].write_bytes(_text(rng.integers(0, top, (Q, 2))))
    made["rect"] = OUT / "contest-rect-1e18.txt"
    if not made["rect"].exists():
        low = rng.integers(0, 10**18, (Q, 2))
        made["rect"].write_bytes(_text(np.hstack([low, low + rng.integers(0, 10**17, (Q, 2))])))
    made["judge"] = OUT / "judge-1e6.txt"
    if not made["judge"].exists():
        made["judge"].write_bytes(judge_input(Q))
    return made


def scripts() -> dict[str, Path]:
    made = {}
    for name, text in (
        ("per-line", PLAIN_PER_LINE),
        ("all-at-once", PLAIN_ALL_AT_ONCE),
        ("rect", PLAIN_RECT),
        ("judge", BASELINE_JUDGE),
    ):
        made[name] = OUT / f"contest_{name.replace('-', '_')}.py"
        made[name].write_text(text)
    return made


def in_turn(runs: dict[str, Callable[[], object]]) -> dict[str, float]:
    """Each run timed ROUNDS times, taking turns; the best of each."""
    best = dict.fromkeys(runs, float("inf"))
    for _ in range(ROUNDS):
        for name, run in runs.items():
            t = time.perf_counter()
            run()
            best[name] = min(best[name], time.perf_counter() - t)
    return best


def report(job: str, ours: float, theirs: dict[str, float], note: str = "") -> None:
    print(f"{job:<46} {fmt(ours):>10}", flush=True)
    for name, t in theirs.items():
        print(f"{'':<46} {'':>10}   {name:<28} {fmt(t):>10}   x{t / ours:,.1f}{note}", flush=True)


def peak_rss_mib(args: list[str]) -> float:
    """The command's own peak resident memory. A small Python starts it and reads its children's
    peak: a child forked from this process (which holds the inputs) would count this one's pages."""
    probe = (
        "import resource, subprocess, sys; subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, check=True); "
        "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)"
    )
    return int(subprocess.run([python(), "-c", probe, *args], capture_output=True, check=True).stdout) / 1024


def checkout() -> list[str]:
    """The explorer of this checkout (make's editable install, its kernels built in place)."""
    return [python(), "-m", "explorer"]


def bench_counts(made: dict[str, Path], plain: dict[str, Path], command: list[str], where: str = "") -> None:
    ours_cmd = [*command, "count", "--batch"]
    for tag in ("1e7", "1e12", "1e18"):
        path = made[tag]
        want = run_process([python(), str(plain["all-at-once"])], path)
        assert run_process([*ours_cmd, str(path)]) == want, f"count --batch disagrees at {tag}"
        t = in_turn(
            {
                "ours": lambda p=path: run_process([*ours_cmd, str(p)]),
                "plain script, read all at once": lambda p=path: run_process([python(), str(plain["all-at-once"])], p),
                "plain script, line by line": lambda p=path: run_process([python(), str(plain["per-line"])], p),
            }
        )
        ours = t.pop("ours")
        report(f"count --batch 10^6 < {tag.replace('1e', '10^')}{where}", ours, t)
    path = made["rect"]
    want = run_process([python(), str(plain["rect"])], path)
    cmd = [*ours_cmd, "--rect", str(path)]
    assert run_process(cmd) == want, "count --batch --rect disagrees"
    t = in_turn(
        {
            "ours": lambda: run_process(cmd),
            "plain script, four counts": lambda: run_process([python(), str(plain["rect"])], path),
        }
    )
    ours = t.pop("ours")
    report(f"count --batch --rect 10^6 < 10^18{where}", ours, t)


def bench_judge(made: dict[str, Path], plain: dict[str, Path], command: list[str], where: str = "") -> None:
    path = made["judge"]
    cmd = [*command, "judge", str(path)]
    ours_out = run_process(cmd)
    assert ours_out == run_process([python(), str(plain["judge"])], path), "judge disagrees with the isqrt script"
    runs: dict[str, Callable[[], object]] = {"ours": lambda: run_process(cmd)}
    exe = cpp_judge()
    wrong = 0
    if exe is not None:
        cpp_out = run_process([str(exe)], path)
        wrong = sum(a != b for a, b in zip(cpp_out.split(), ours_out.split(), strict=True))
        runs["seeds' C++ (long double)"] = lambda: run_process([str(exe)], path)
    t = in_turn(runs)
    ours = t.pop("ours")
    note = f"   (C++ wrong on {wrong} of 10^6)" if exe else ""
    report(f"judge 10^6 pairs <= 10^18 (whole process){where}", ours, t, note)


def bench_memory(command: list[str], where: str = "") -> None:
    """10^7 queries < 10^18 (380 MB of text): the peak resident memory of the whole process."""
    path = OUT / "contest-count-1e18-x10.txt"
    if not path.exists():
        rng = np.random.default_rng(52)
        with open(path, "wb") as out:
            out.write(f"{10 * Q}\n".encode())
            for _ in range(10):
                rows = _text(rng.integers(0, 10**18, (Q, 2)))
                out.write(rows[rows.index(b"\n") + 1 :])
    args = [*command, "count", "--batch", str(path)]
    t = time.perf_counter()
    rss = peak_rss_mib(args)
    what = f"count --batch 10^7 < 10^18: peak RSS{where}"
    print(f"{what:<46} {rss:>7.0f} MiB   in {fmt(time.perf_counter() - t)}")


def run() -> None:
    made, plain = inputs(), scripts()
    bench_counts(made, plain, checkout())
    bench_judge(made, plain, checkout())
    bench_memory(checkout())


def installed() -> list[str]:
    """The explorer as a user installs it (issue 63): the wheel built from this checkout by the package's
    own build step, in a new virtualenv under bench/out, run by its command (whose Python does not
    look in the checkout). Made anew each run: about a minute."""
    import shutil

    folder, venv = OUT / "wheel", OUT / "wheel-venv"
    shutil.rmtree(folder, ignore_errors=True)
    shutil.rmtree(venv, ignore_errors=True)
    root = Path(__file__).resolve().parent.parent
    subprocess.run([python(), "-m", "pip", "wheel", "--quiet", "--no-deps", str(root), "-w", str(folder)], check=True)
    subprocess.run([shutil.which("python3") or python(), "-m", "venv", str(venv)], check=True)
    wheel = next(folder.glob("*.whl"))
    subprocess.run([str(venv / "bin" / "pip"), "install", "--quiet", str(wheel)], check=True)
    return [str(venv / "bin" / "wythoff-explorer")]


def run_installed() -> None:
    """The contest benchmarks again, from the wheel installed outside the checkout, beside the checkout's."""
    made, plain = inputs(), scripts()
    command = installed()
    bench_counts(made, plain, command, " (wheel)")
    bench_judge(made, plain, command, " (wheel)")
    bench_memory(command, " (wheel)")
