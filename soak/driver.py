"""A seeded random "monkey" that drives the real window and checks every answer it is shown.

It does what a person does — wheel zooms to both extremes, drags, clicks, Shift-drags,
keys, hovering, typed positions from 0 to 7 000 digits and junk, rule and colour-mode
switches (dialogs answered or cancelled), queries, games, the sequence table, the n-piles
tab — and after every action checks:

- no exception anywhere (sys.excepthook, threading.excepthook, Qt's critical messages);
- every answer on screen (verdict and winning moves, query counts and shares, hover text,
  the computer's moves, sequence rows, n-piles values) equals an independent oracle
  (`soak.oracle`) for the rule in effect, and every panel names that rule;
- the GUI thread never stalls: each synchronous piece of work (an action, each turn of the
  event loop) is timed;
- memory: the resident set is sampled after each action, and its peak read from the kernel.
"""

from __future__ import annotations

import gc
import os
import sys
import threading
import time
from collections.abc import Callable
from random import Random
from typing import Any

from PySide6.QtCore import QPoint, qInstallMessageHandler

from soak import oracle
from soak.actions import GridActions
from soak.checks import Checks
from soak.inputs import (
    RULES,
    ScriptedDialogs,
)
from soak.panel_actions import PanelActions
from soak.panel_checks import PanelChecks
from soak.pending import Pending
from soak.summary import (
    SLOW_ACTION_S,
    Summary,
    peak_mib,
    rss_mib,
)
from soak.watchdog import Watchdog

__all__ = ["RULES", "Monkey", "Summary"]


class Monkey:
    """The monkey: its state (the window, the random source, the summary, what the last action left
    for the checks), and its parts, composed: the grid's and the panels' actions (soak.actions,
    soak.panel_actions), the checks against the oracle (soak.checks, soak.panel_checks) and the
    watchdog (soak.watchdog). Each part is given the monkey and reads the state through it."""

    def __init__(self, window: Any, seed: int, settle_s: float = 20.0) -> None:
        self.grid_actions = GridActions(self)
        self.panel_actions = PanelActions(self)
        self.checks = Checks(self)
        self.panel_checks = PanelChecks(self)
        self.watchdog = Watchdog(self)
        self.w = window
        self.rng = Random(seed)
        self.summary = Summary(seed)
        self.settle_s = settle_s
        self.memory_log = False  # print actions that move resident memory by 40 MiB or more
        self.progress_every = 0  # print a progress line every N actions (0: never)
        self.definition = oracle.WYTHOFF
        self.rule_text = "wythoff"
        self.warnings_shown = 0
        self.refused_in_dialog = 0  # rule texts the Compare dialog refused and kept open
        self.current = "start"
        self.pending = Pending()  # what the last actions left for the checks
        self.altered_by_clicks = False  # Alter mode made rules the oracle reads from their keys
        self.placed_for: tuple[int, int] | None = None  # the selection whose place in the array was checked
        self.watch_game = False
        self.expect_message = False
        self.game_seen = 0
        self._stretch: tuple[int, float] = (0, 0.0)  # the stretch of GUI work under way, and its start
        self._stretches = 0  # stretches so far: each has its own number, so a stack is never an old one's
        self._stack, self._stack_for = "", 0
        self._watch_stop = threading.Event()
        window.dialogs = ScriptedDialogs(self)
        window.panels.build("play")  # built here: its replies come at once
        window.play.reply_delay_ms = 0
        self.actions: list[tuple[float, Callable[[], None]]] = [
            (10, self.grid_actions.wheel),
            (2, self.grid_actions.wheel_far),
            (6, self.grid_actions.drag),
            (4, self.grid_actions.shift_drag),
            (10, self.grid_actions.click),
            (5, self.grid_actions.key),
            (6, self.grid_actions.hover),
            (8, self.grid_actions.type_position),
            (2, self.grid_actions.go_to),
            (5, self.grid_actions.choose_rule),
            (3, self.panel_actions.choose_mode),
            (7, self.panel_actions.query),
            (2, self.panel_actions.value_query),
            (1, self.panel_actions.value_batch),
            (2, self.panel_actions.grid_heap),
            (5, self.panel_actions.play),
            (3, self.panel_actions.play_buttons),
            (3, self.panel_actions.sequence),
            (3, self.panel_actions.array),
            (2, self.panel_actions.rows_tab),
            (3, self.panel_actions.npiles),
            (2, self.grid_actions.first_heap),
            (1, self.panel_actions.slices_report),
            (2, self.panel_actions.sums),
            (2, self.panel_actions.activate_move),
            (1, self.panel_actions.toggle_overlay),
            (1, self.grid_actions.extend),
            (1, self.grid_actions.compare_rules),
            (1, self.grid_actions.alter_cells),
            (1, self.grid_actions.panel_key),
            (2, self.grid_actions.build),
            (2, self.grid_actions.why),
            (1, self.grid_actions.perfect_play),
            (1, self.grid_actions.export_animation),
            (1, self.grid_actions.strip_hover),
            (1, self.grid_actions.export_file),
            (0.5, self.grid_actions.compare_fresh),
        ]

    # ----- numbers and places ------------------------------------------------------------------
    def number(self) -> int:
        r = self.rng.random()
        if r < 0.45:
            return self.rng.randrange(0, 60)
        if r < 0.65:
            return self.rng.randrange(0, 10**6)
        if r < 0.85:
            return self.rng.randrange(0, 10 ** self.rng.randrange(6, 40))
        digits = self.rng.choice([100, 1000, 4000, 7000])
        return self.rng.randrange(10 ** (digits - 1), 10**digits)

    def viewport_point(self) -> QPoint:
        vp = self.w.grid.viewport()
        return QPoint(self.rng.randrange(5, max(6, vp.width() - 5)), self.rng.randrange(5, max(6, vp.height() - 5)))

    # ----- running ----------------------------------------------------------------------------
    def _held(self) -> str:
        """What the caches hold (MiB), and whether numba's JIT is loaded: for the memory log."""
        from explorer.gui.window_pool import caches_in_use

        held = {k: v >> 20 for k, v in caches_in_use(self.w).items() if v >= 1 << 20}
        jit = "numba loaded" if "numba" in sys.modules else "no numba"
        return ", ".join(f"{k} {v}" for k, v in held.items()) + f"; {jit}"

    def _quiet(self) -> None:
        """Before the end's memory is read: the workers of requests cancelled or superseded finish
        too (the window stops waiting for them at once, and they end at their next progress
        check), and malloc's heaps are trimmed, as the window does a while after its work ends."""
        from PySide6.QtCore import QThreadPool
        from PySide6.QtWidgets import QApplication

        from explorer import allocator
        from explorer.gui import jobs

        for pool in (QThreadPool.globalInstance(), *jobs._DRAWING):
            pool.waitForDone(60_000)
        QApplication.processEvents()
        gc.collect()
        allocator.give_back()  # as the window does a while after its work ends

    def run(self, count: int) -> Summary:
        s = self.summary
        old_hook, old_thread_hook = sys.excepthook, threading.excepthook
        sys.excepthook = self.watchdog._excepthook
        threading.excepthook = lambda args: self.watchdog._excepthook(args.exc_type, args.exc_value, args.exc_traceback)
        previous_handler = qInstallMessageHandler(self.watchdog._qt_message)
        from explorer.gui import jobs

        untyped = lambda exc: self.watchdog._excepthook(type(exc), exc, exc.__traceback__)  # noqa: E731
        jobs.untyped_failures.append(untyped)
        gc.callbacks.append(self.watchdog._gc_timer)
        watchdog = threading.Thread(target=self.watchdog._watch, name="soak-watchdog", daemon=True)
        watchdog.start()
        try:
            self.watchdog._settle()
            gc.collect()
            s.rss_start = last_rss = rss_mib()
            last_peak = peak_mib()
            total = sum(w for w, _ in self.actions)
            for i in range(count):
                action = self._pick(total)
                self.current = f"#{i} {action.__name__} under {self.rule_text}"
                if os.environ.get("SOAK_TRACE"):
                    print(self.current, flush=True)
                s.counts[action.__name__] = s.counts.get(action.__name__, 0) + 1
                self._segmented = False
                began = time.perf_counter()
                self.watchdog._timed(action, whole_action=True)
                self.watchdog._settle()
                self.checks._check()
                if self.progress_every and time.perf_counter() - began > SLOW_ACTION_S:
                    print(f"slow: {self.current} took {time.perf_counter() - began:.1f} s", flush=True)
                s.actions += 1
                if self.progress_every and (i + 1) % self.progress_every == 0:
                    print(
                        f"progress: {i + 1} actions, {len(s.exceptions)} exceptions, {len(s.wrong)} wrong, "
                        f"longest stall {s.longest_stall * 1000:.0f} ms, rss {rss_mib():.0f} MiB",
                        flush=True,
                    )
                if self.memory_log:
                    now, peak = rss_mib(), peak_mib()
                    if abs(now - last_rss) >= 40:
                        print(
                            f"memory: {last_rss:.0f} -> {now:.0f} MiB after {self.current} ({self._held()})",
                            flush=True,
                        )
                    if peak >= last_peak + 20:  # the kernel's high-water mark rose during this action
                        print(f"peak: {last_peak:.0f} -> {peak:.0f} MiB during {self.current}", flush=True)
                        last_peak = peak
                    last_rss = now
            self._quiet()
            s.rss_end = rss_mib()
            s.rss_peak = peak_mib()
        finally:
            sys.excepthook, threading.excepthook = old_hook, old_thread_hook
            jobs.untyped_failures.remove(untyped)
            qInstallMessageHandler(previous_handler)
            gc.callbacks.remove(self.watchdog._gc_timer)
            self._watch_stop.set()
        return s

    def _pick(self, total: float) -> Callable[[], None]:
        pick = self.rng.random() * total
        for weight, action in self.actions:
            pick -= weight
            if pick <= 0:
                return action
        return self.actions[-1][1]

    def vectors_dialog(self) -> str | None:
        """The scripted person types into the window's Vectors… dialog (soak.inputs.Person)."""
        return self.grid_actions.vectors_dialog()

    def wrong(self, text: str) -> None:
        self.summary.wrong.append(f"{self.current}: {text}")
