"""`make soak` (or `python -m soak --seed S --actions N`): a long seeded soak of the real window.

Prints one summary line (exceptions, wrong answers, longest GUI-thread stall, memory) and the
first findings; exits 1 if any exception or wrong answer was seen, or a goal was missed.
"""

from __future__ import annotations

import argparse
import ctypes
import gc
import os
import sys
import tempfile

STALL_GOAL_S = 0.2
END_RSS_GOAL_MIB = 400  # issue 36: at the end of a long soak
PEAK_RSS_GOAL_MIB = 700


def held_at_the_end(snapshot) -> None:  # type: ignore[no-untyped-def]
    """The largest blocks Python (and numpy) still hold, by where they were allocated."""
    import gc

    gc.collect()
    stats = snapshot.statistics("traceback")
    print(f"traced: {sum(s.size for s in stats) >> 20} MiB held by Python and numpy")
    for stat in stats[:12]:
        ours = [f for f in stat.traceback if "/explorer/" in f.filename]
        where = " <- ".join(f"{f.filename.rsplit('/explorer/', 1)[-1]}:{f.lineno}" for f in ours[::-1][:4])
        print(f"  {stat.size >> 20:5d} MiB in {stat.count} blocks: {where or stat.traceback[0]}")


def _holder(holder: object) -> str:
    """What holds an array: its type, and for a frame its function, where it stopped and what
    keeps the frame alive (a frame outliving its call is kept by a traceback or a generator)."""
    import gc
    import types

    if not isinstance(holder, types.FrameType):
        return type(holder).__name__
    keepers = [type(k).__name__ for k in gc.get_referrers(holder) if not isinstance(k, list)][:4]
    where = f"{holder.f_code.co_name} at {holder.f_code.co_filename.rsplit('/', 2)[-1]}:{holder.f_lineno}"
    return f"frame of {where}, kept by {', '.join(keepers) or '?'}"


def arrays_at_the_end() -> None:
    """The numpy arrays (and bytes, strings) of 1 MiB or more still alive, largest first, each with
    the type of what holds it (the memory log's last word: what the caches' totals do not name).
    Arrays are not tracked by the collector, so they are found among the referents of what is; a
    view counts the array it views."""
    import gc

    import numpy as np

    gc.collect()
    found: dict[int, tuple[int, str, str]] = {}
    for holder in gc.get_objects():
        for r in gc.get_referents(holder):
            if isinstance(r, np.ndarray):
                root = r
                while isinstance(root.base, np.ndarray):
                    root = root.base
                if root.nbytes >= 1 << 20 and id(root) not in found:
                    found[id(root)] = (root.nbytes, f"{root.dtype}{list(root.shape)}", _holder(holder))
            elif isinstance(r, (bytes, bytearray, str)) and len(r) >= 1 << 20 and id(r) not in found:
                found[id(r)] = (len(r), type(r).__name__, type(holder).__name__)
    alive = sorted(found.values(), key=lambda item: -item[0])
    print(f"arrays and bytes of 1 MiB or more alive: {sum(n for n, _, _ in alive) >> 20} MiB in {len(alive)}")
    for n, what, holder in alive[:10]:
        print(f"  {n >> 20:5d} MiB {what} in a {holder}")


class _Mallinfo2(ctypes.Structure):
    _fields_ = [
        (name, ctypes.c_size_t)
        for name in (
            "arena",
            "ordblks",
            "smblks",
            "hblks",
            "hblkhd",
            "usmblks",
            "fsmblks",
            "uordblks",
            "fordblks",
            "keepcost",
        )
    ]


def where_the_rest_is() -> None:
    """Beside the caches and arrays: malloc's heaps (in use and free), the process's anonymous and
    file-backed pages, and the compiled kernels (each signature numba compiled is code kept)."""
    try:
        libc = ctypes.CDLL(None)
        libc.mallinfo2.restype = _Mallinfo2
        info = libc.mallinfo2()
        print(
            f"malloc: heaps {info.arena >> 20} MiB ({info.uordblks >> 20} in use, {info.fordblks >> 20} free), "
            f"{info.hblkhd >> 20} MiB in {info.hblks} blocks of their own"
        )
    except (OSError, AttributeError):
        print("malloc: not glibc's")
    try:
        with open("/proc/self/smaps_rollup") as f:
            rollup = {line.split(":")[0]: int(line.split()[1]) >> 10 for line in f if line.rstrip().endswith("kB")}
        print(f"pages: {rollup.get('Rss', 0)} MiB resident, {rollup.get('Anonymous', 0)} MiB anonymous")
    except OSError:
        pass
    from numba.core.registry import CPUDispatcher

    kernels = [obj for obj in gc.get_objects() if isinstance(obj, CPUDispatcher)]
    print(f"numba: {sum(len(k.overloads) for k in kernels)} compiled signatures of {len(kernels)} kernels")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m soak", description=__doc__)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--actions", type=int, default=10_000)
    parser.add_argument("--show", type=int, default=15, help="findings printed in full (default 15)")
    parser.add_argument("--memory-log", action="store_true", help="print each action that moves RSS by 40 MiB or more")
    parser.add_argument(
        "--trace-memory", action="store_true", help="trace Python's allocations and print what is held at the end"
    )
    parser.add_argument("--progress", type=int, default=0, metavar="N", help="print a progress line every N actions")
    args = parser.parse_args(argv)
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QApplication

    from explorer.gui.app import freeze_startup_objects
    from explorer.gui.main_window import MainWindow
    from soak.driver import Monkey

    app = QApplication.instance() or QApplication(sys.argv[:1])
    with tempfile.TemporaryDirectory() as tmp:
        settings = QSettings(os.path.join(tmp, "settings.ini"), QSettings.Format.IniFormat)
        window = MainWindow(settings=settings)
        window.resize(1200, 760)
        window.show()
        freeze_startup_objects()  # as `run_window` does
        monkey = Monkey(window, args.seed)
        monkey.memory_log = args.memory_log
        monkey.progress_every = args.progress
        if args.trace_memory:
            import tracemalloc

            tracemalloc.start(8)
        summary = monkey.run(args.actions)
        if args.trace_memory:
            held_at_the_end(tracemalloc.take_snapshot())
        if args.memory_log:
            import gc

            gc.unfreeze()  # what the window's collector froze is listed by gc.get_objects() again
            arrays_at_the_end()
            where_the_rest_is()
            from explorer.gui.window_pool import caches_in_use

            held = ", ".join(f"{k} {v >> 20} MiB" for k, v in caches_in_use(window).items() if v >= 1 << 20)
            print(f"the window at the end: {window.session.rule.key}; caches {held or 'under 1 MiB each'}")
        pool = window.pool
        pool_line = (
            f"memory pool: {pool.requests} growths asked for room, {pool.releases} caches given back "
            f"({pool.limit >> 20} MiB; {pool.total() >> 20} MiB held at the end)"
        )
        window.close()
    app.processEvents()
    for kind in ("exceptions", "wrong", "unsettled"):
        found = getattr(summary, kind)
        for text in found[: args.show]:
            print(f"--- {kind}: {text.rstrip()}")
        if len(found) > args.show:
            print(f"--- … {len(found) - args.show} more {kind}")
    print("actions:", ", ".join(f"{k} {v}" for k, v in sorted(summary.counts.items())))
    print(summary.line())
    print(pool_line)
    if summary.stall_stack and summary.longest_stall >= STALL_GOAL_S:
        print("--- the GUI thread, 150 ms into the longest stall:\n" + summary.stall_stack.rstrip())
    missed = [
        goal
        for goal, met in (
            ("0 exceptions and 0 wrong", summary.ok),
            (f"stall < {STALL_GOAL_S * 1000:.0f} ms", summary.longest_stall < STALL_GOAL_S),
            (f"RSS at the end < {END_RSS_GOAL_MIB} MiB", summary.rss_end < END_RSS_GOAL_MIB),
            (f"peak < {PEAK_RSS_GOAL_MIB} MiB", summary.rss_peak < PEAK_RSS_GOAL_MIB),
        )
        if not met
    ]
    goals = not missed
    print("goals met" if goals else "goals missed: " + ", ".join(missed))
    return 0 if goals else 1


if __name__ == "__main__":
    sys.exit(main())
