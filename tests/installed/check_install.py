"""What a user installs, checked as a user runs it (issue 63): `.ci/run` calls this after `make test`,
from a folder outside the checkout, once for the wheel in a new virtualenv and once for the bundle.

    python check_install.py wheel VENV_PYTHON
    python check_install.py bundle EXECUTABLE

It fails (exit status 1, and says what) where:
- the package imported is the checkout's, or any group of compiled kernels (explorer/core/kernels.py)
  is missing from the installed package: a wheel built without the build step fails here;
- `moves 5 7` does not answer (3, 5), (4, 7), (5, 3);
- `moves 3 5 --rule wythoff3:1` (three heaps: the kernel numba compiles when first asked) does not
  answer the winning moves of (1, 3, 5) that Fraenkel's game's definition gives, worked out here;
- `count --batch` of 10^5 random queries below 10^18 differs from the plain closed form, worked out
  here with math.isqrt (docs/math.md, "Counting cold cells in rectangles");
- `screenshot` writes no PNG (offscreen; and under Xvfb, a real window, where xvfb-run is found).
Only the standard library is used here, so that nothing of the checkout is imported.
"""

from __future__ import annotations

import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from math import isqrt

CHECKOUT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
QUERIES = 10**5
failures: list[str] = []
passes: list[str] = []


def check(ok: bool, what: str) -> None:
    print(("ok    " if ok else "FAIL  ") + what, flush=True)
    (passes if ok else failures).append(what)


def la(m: int) -> int:
    """#{k >= 1 : a_k <= m} = floor((m + 1) / phi)."""
    n = m + 1
    return (isqrt(5 * n * n) - n) // 2


def prefix(x: int, y: int) -> int:
    """Cold cells of Wythoff's game in [0, x] x [0, y]."""
    return 1 + min(la(x), y - la(y)) + min(x - la(x), la(y))


def run(command: list[str], stdin: bytes = b"", env: dict[str, str] | None = None) -> tuple[int, bytes, bytes, float]:
    start = time.perf_counter()
    done = subprocess.run(command, input=stdin, capture_output=True, env=env, timeout=600)
    return done.returncode, done.stdout, done.stderr, time.perf_counter() - start


def the_commands(exe: list[str], where: str) -> None:
    code, out, err, took = run([*exe, "moves", "5", "7"])
    check(code == 0 and out.decode().split("\n") == ["3 5", "4 7", "5 3", ""], f"{where}: moves 5 7 ({took:.2f} s)")
    code, out, err, took = run([*exe, "moves", "3", "5", "--rule", "wythoff3:1"])
    got3 = sorted(tuple(map(int, line.split())) for line in out.decode().splitlines())
    check(code == 0 and got3 == three_heap_wins((1, 3, 5)), f"{where}: moves 3 5 --rule wythoff3:1 ({took:.2f} s)")
    rng = random.Random(63)
    pairs = [(rng.randrange(10**18), rng.randrange(10**18)) for _ in range(QUERIES)]
    text = f"{QUERIES}\n" + "".join(f"{x} {y}\n" for x, y in pairs)
    code, out, err, took = run([*exe, "count", "--batch"], text.encode())
    want = [str(prefix(x, y)) for x, y in pairs]
    got = out.decode().split()
    check(
        code == 0 and got == want,
        f"{where}: count --batch of 10^5 queries below 10^18 = the closed form ({took:.2f} s)",
    )
    with tempfile.TemporaryDirectory() as folder:
        png = os.path.join(folder, "shot.png")
        env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
        code, out, err, took = run([*exe, "screenshot", png, "--select", "5", "7", "--size", "800x500"], env=env)
        check(code == 0 and _is_png(png), f"{where}: screenshot offscreen ({took:.1f} s) {err.decode()[-300:]}")
        xvfb = shutil.which("xvfb-run")
        if xvfb:
            env = {**os.environ, "QT_QPA_PLATFORM": "xcb"}
            real = os.path.join(folder, "real.png")
            command = [xvfb, "-a", "-s", "-screen 0 1280x800x24", *exe, "screenshot", real, "--size", "800x500"]
            code, out, err, took = run(command, env=env)
            check(
                code == 0 and _is_png(real), f"{where}: a real window under Xvfb ({took:.1f} s) {err.decode()[-300:]}"
            )
        else:
            print(f"skip  {where}: no xvfb-run here, no real window opened", flush=True)


def three_heap_wins(start: tuple[int, int, int]) -> list[tuple[int, ...]]:
    """The cold positions one move from `start` in Fraenkel's three-heap Wythoff, by its definition:
    one heap, or (d1, d2, d3) with d1 ^ d2 ^ d3 == 0."""
    from itertools import product

    def moves(p: tuple[int, ...]) -> list[tuple[int, ...]]:
        out = []
        for d in product(*(range(h + 1) for h in p)):
            taken = [x for x in d if x]
            if taken and (len(taken) == 1 or d[0] ^ d[1] ^ d[2] == 0):
                out.append(tuple(h - x for h, x in zip(p, d, strict=True)))
        return out

    cold: dict[tuple[int, ...], bool] = {}
    for p in sorted(product(*(range(h + 1) for h in start)), key=sum):
        cold[p] = not any(cold[t] for t in moves(p))
    return sorted(t for t in moves(start) if cold[t])


def _is_png(path: str) -> bool:
    try:
        with open(path, "rb") as f:
            return f.read(8) == b"\x89PNG\r\n\x1a\n" and os.path.getsize(path) > 10_000
    except OSError:
        return False


def the_wheel(python: str) -> None:
    probe = (
        "import explorer, os\n"
        "from explorer.core import kernels\n"
        "print(os.path.dirname(explorer.__file__))\n"
        "for g in kernels.GROUPS:\n"
        "    m = kernels.built(g)\n"
        "    print(g, m.__file__ if m is not None else None)\n"
    )
    code, out, err, _ = run([python, "-c", probe])
    lines = out.decode().splitlines()
    check(code == 0 and bool(lines), f"the installed package imports {err.decode()[-300:]}")
    if not lines:
        return
    package = lines[0]
    check(not package.startswith(CHECKOUT), f"the package is the installed one, not the checkout's ({package})")
    for line in lines[1:]:
        group, path = line.split(" ", 1)
        inside = path != "None" and path.startswith(package)
        check(inside, f"kernels '{group}' compiled into the installed package ({os.path.basename(path)})")
    exe = os.path.join(os.path.dirname(python), "wythoff-explorer")
    the_commands([exe], "wheel")


def main(argv: list[str]) -> int:
    if len(argv) != 2 or argv[0] not in ("wheel", "bundle"):
        sys.stderr.write(__doc__ or "")
        return 2
    what, path = argv
    if os.path.abspath(os.getcwd()).startswith(CHECKOUT):
        sys.stderr.write("run this from a folder outside the checkout\n")
        return 2
    if what == "wheel":
        the_wheel(path)
    else:
        the_commands([path], "bundle")
    print(f"{what}: {len(passes)} passed, {len(failures)} failed", flush=True)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
