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
import re
import sys
import threading
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import reduce
from itertools import pairwise
from operator import xor
from random import Random
from typing import Any

from PySide6.QtCore import QPoint, QPointF, Qt, QtMsgType, qInstallMessageHandler
from PySide6.QtGui import QWheelEvent
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from explorer.session.model import GRUNDY, REMOTENESS
from soak import oracle
from soak.oracle import ANY, Definition

# The rules the monkey asks for, by text, with their definitions in the oracle's own words.
RULES: dict[str, Definition] = {
    "wythoff": oracle.WYTHOFF,
    "nim": oracle.NIM,
    "misere": oracle.MISERE,
    "wythoff:2": oracle.fraenkel(2),
    "wythoff:3": oracle.fraenkel(3),
    "wythoff:7": oracle.fraenkel(7),
    "wythoff:1000000": oracle.fraenkel(10**6),
    "custom:one=any;both=any;a=1;n=512": Definition(ANY, ANY, 1, 512),  # the dialog's defaults
    "custom:one=2 3;both=none;a=1;n=16": Definition(frozenset({2, 3}), None, 1, 16),
    "custom:one=1 2 5;both=1 2 4 8;a=2;n=48": Definition(frozenset({1, 2, 5}), frozenset({1, 2, 4, 8}), 2, 48),
    "custom:one=any;both=1 3;a=1;n=40;misere": Definition(ANY, frozenset({1, 3}), 1, 40, True),
    "custom:one=none;both=any;a=3;n=64": Definition(None, ANY, 3, 64),
    # move vectors (issue 29): the presets in the list, and sets typed in the Vectors… dialog
    "maharaja": oracle.vector_rule([(1, 0), (1, 1)], [(1, 2)]),
    "maharaja:2,3": oracle.vector_rule([(1, 0), (1, 1)], [(2, 3)]),
    "gdwn:1,2": oracle.vector_rule([(1, 0), (1, 1), (1, 2)]),
    "gdwn:1,3": oracle.vector_rule([(1, 0), (1, 1), (1, 3)]),
    "vectors:rays=1,0 3,1;jumps=1,2": oracle.vector_rule([(1, 0), (3, 1)], [(1, 2)]),
    "vectors:rays=1,1;jumps=0,1;n=96": oracle.vector_rule([(1, 1)], [(0, 1)], n=96),
}
VECTOR_DIALOG = {  # what the monkey types in the Vectors… dialog (rays, jumps, n) -> the text it means
    ("1,0 3,1", "1,2", 512): "vectors:rays=1,0 3,1;jumps=1,2",
    ("1,1", "1,0", 96): "vectors:rays=1,1;jumps=0,1;n=96",
    ("3,1 1,0", "1,2 2,1", 64): "vectors:rays=1,0 3,1;jumps=1,2",  # mirrors, order and an unused n
    ("1,0 1,1", "2,3", 512): "vectors:rays=1,0 1,1;jumps=2,3",  # Maharaja's (2,3)-knight, by its vectors
}
VECTOR_JUNK = [
    ("2,2", "", 512),
    ("1,0 0,0", "", 512),
    ("x", "1,2", 512),
    ("", "", 512),
    ("1,0", "1,2,3", 512),
    ("65,1", "", 64),
    ("1,0 1,1", "2,3;rays=1,1", 512),  # a separator of the text form typed into a field
]
JUNK = ["", "  ", "-5", "+7", "abc", "٣", "1e5", "3.0", "0x10", "12 34", "1,000", "1_000_000", "∞", "\t9\t", "-0"]
BENIGN_QT = ("propagateSizeHints", "QFont::setPointSize", "Populating font family aliases", "does not support raise()")


STACK_AFTER_S = 0.15  # the watchdog notes the stack this far into a stretch


@dataclass
class Summary:
    seed: int
    actions: int = 0
    exceptions: list[str] = field(default_factory=list)
    wrong: list[str] = field(default_factory=list)
    unsettled: list[str] = field(default_factory=list)
    longest_stall: float = 0.0
    stall_action: str = ""
    rss_start: float = 0.0
    rss_end: float = 0.0
    rss_peak: float = 0.0
    checks: int = 0
    counts: dict[str, int] = field(default_factory=dict)
    zoom_out_digits: int = 0  # digits of the most cells per pixel reached
    longest_gc: float = 0.0  # the longest pause of Python's cyclic collector (part of any stall)
    stall_stack: str = ""  # where the GUI thread was, 150 ms into the longest stall

    def line(self) -> str:
        return (
            f"soak seed={self.seed} actions={self.actions} checks={self.checks} "
            f"exceptions={len(self.exceptions)} wrong={len(self.wrong)} unsettled={len(self.unsettled)} "
            f"longest_stall_ms={self.longest_stall * 1000:.0f} ({self.stall_action}) "
            f"zoomed_out_to=10^{max(0, self.zoom_out_digits - 1)} "
            f"longest_gc_ms={self.longest_gc * 1000:.0f} "
            f"rss_mib start={self.rss_start:.0f} end={self.rss_end:.0f} peak={self.rss_peak:.0f}"
        )

    @property
    def ok(self) -> bool:
        return not self.exceptions and not self.wrong and not self.unsettled


def rss_mib() -> float:
    with open("/proc/self/statm") as f:
        pages = int(f.read().split()[1])
    return pages * 4096 / 2**20


def peak_mib() -> float:
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    return 0.0


SLOW_ACTION_S = 3.0  # with --progress, actions (and what they set off) that take longer are named


class ScriptedDialogs:
    """Answers the window's questions as a random person would (sometimes cancelling)."""

    def __init__(self, monkey: Monkey) -> None:
        self.monkey = monkey

    def integer(self, title: str, label: str, value: int, lo: int, hi: int) -> int | None:
        rng = self.monkey.rng
        if rng.random() < 0.25:
            return None
        return rng.choice([2, 3, 7, 10**6])

    def custom_rule(self) -> str | None:
        rng = self.monkey.rng
        if rng.random() < 0.3:
            return None
        return rng.choice([t for t in RULES if t.startswith("custom:")])

    def vector_rule(self) -> str | None:
        """Types into the real Vectors… dialog (junk first, at times), then accepts or cancels."""
        return self.monkey.vectors_dialog()

    def text(self, title: str, label: str) -> str | None:
        rng = self.monkey.rng
        if rng.random() < 0.2:
            return None
        if rng.random() < 0.3:
            return rng.choice(JUNK)
        return f"{self.monkey.number()} {self.monkey.number()}"

    def warn(self, title: str, message: str) -> None:
        self.monkey.warnings_shown += 1


def _shown(window: Any) -> tuple[object, ...]:
    """What a comparison of two windows looks at: the inspector's verdict and the grid's marks."""
    return window.inspector.status.text(), window.grid.selection, len(window.grid.arrows), list(window.grid.path)


OLD_FILE = b"an old file, which an export replaces whole or leaves as it was\n"


class Monkey:
    def __init__(self, window: Any, seed: int, settle_s: float = 20.0) -> None:
        self.w = window
        self.rng = Random(seed)
        self.summary = Summary(seed)
        self.settle_s = settle_s
        self.memory_log = False  # print actions that move resident memory by 40 MiB or more
        self.progress_every = 0  # print a progress line every N actions (0: never)
        self.definition = oracle.WYTHOFF
        self.rule_text = "wythoff"
        self.warnings_shown = 0
        self.current = "start"
        self.pending_query: tuple[int, int, int, int] | None = None
        self.pending_extend: tuple[Any, int | None] | None = None
        self.pending_build = self.pending_why = self.pending_demo = self.pending_strip = False
        self.pending_export: str | None = None
        self.pending_file: tuple[str, str, int] | None = None  # (what, path, rows expected)
        self.pending_value: tuple[str, int, int, int, int, int] | None = None
        self.pending_value_batch: tuple[str, int, list[tuple[int, int, int, int]], int] | None = None
        self.pending_heap = False
        self.pending_hover: bool = False
        self.pending_npiles: tuple[int, ...] | None = None
        self.pending_sums = False
        self.pending_sequence: int | None = None
        self.pending_array: tuple[str, Any] | None = None
        self.placed_for: tuple[int, int] | None = None  # the selection whose place in the array was checked
        self.watch_game = False
        self.expect_message = False
        self.game_seen = 0
        self._stretch: tuple[int, float] = (0, 0.0)  # the stretch of GUI work under way, and its start
        self._stretches = 0  # stretches so far: each has its own number, so a stack is never an old one's
        self._stack, self._stack_for = "", 0
        self._watch_stop = threading.Event()
        window.dialogs = ScriptedDialogs(self)
        window.play.reply_delay_ms = 0
        self.actions: list[tuple[float, Callable[[], None]]] = [
            (10, self.wheel),
            (2, self.wheel_far),
            (6, self.drag),
            (4, self.shift_drag),
            (10, self.click),
            (5, self.key),
            (6, self.hover),
            (8, self.type_position),
            (2, self.go_to),
            (5, self.choose_rule),
            (3, self.choose_mode),
            (7, self.query),
            (2, self.value_query),
            (1, self.value_batch),
            (2, self.grid_heap),
            (5, self.play),
            (3, self.play_buttons),
            (3, self.sequence),
            (3, self.array),
            (3, self.npiles),
            (2, self.sums),
            (2, self.activate_move),
            (1, self.toggle_overlay),
            (1, self.extend),
            (1, self.panel_key),
            (2, self.build),
            (2, self.why),
            (1, self.perfect_play),
            (1, self.export_animation),
            (1, self.strip_hover),
            (1, self.export_file),
            (0.5, self.compare_fresh),
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

    def run(self, count: int) -> Summary:
        s = self.summary
        old_hook, old_thread_hook = sys.excepthook, threading.excepthook
        sys.excepthook = self._excepthook
        threading.excepthook = lambda args: self._excepthook(args.exc_type, args.exc_value, args.exc_traceback)
        previous_handler = qInstallMessageHandler(self._qt_message)
        from explorer.gui import jobs

        untyped = lambda exc: self._excepthook(type(exc), exc, exc.__traceback__)  # noqa: E731
        jobs.untyped_failures.append(untyped)
        gc.callbacks.append(self._gc_timer)
        watchdog = threading.Thread(target=self._watch, name="soak-watchdog", daemon=True)
        watchdog.start()
        try:
            self._settle()
            gc.collect()
            s.rss_start = last_rss = rss_mib()
            last_peak = peak_mib()
            total = sum(w for w, _ in self.actions)
            for i in range(count):
                action = self._pick(total)
                self.current = f"#{i} {action.__name__} under {self.rule_text}"
                s.counts[action.__name__] = s.counts.get(action.__name__, 0) + 1
                self._segmented = False
                began = time.perf_counter()
                self._timed(action, whole_action=True)
                self._settle()
                self._check()
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
            s.rss_end = rss_mib()
            s.rss_peak = peak_mib()
        finally:
            sys.excepthook, threading.excepthook = old_hook, old_thread_hook
            jobs.untyped_failures.remove(untyped)
            qInstallMessageHandler(previous_handler)
            gc.callbacks.remove(self._gc_timer)
            self._watch_stop.set()
        return s

    def _gc_timer(self, phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            self._gc_started = time.perf_counter()
        elif threading.current_thread() is threading.main_thread():
            self.summary.longest_gc = max(self.summary.longest_gc, time.perf_counter() - self._gc_started)

    def _pick(self, total: float) -> Callable[[], None]:
        pick = self.rng.random() * total
        for weight, action in self.actions:
            pick -= weight
            if pick <= 0:
                return action
        return self.actions[-1][1]

    def _excepthook(self, kind: type[BaseException], exc: BaseException, tb: Any) -> None:
        text = "".join(traceback.format_exception(kind, exc, tb))
        self.summary.exceptions.append(f"{self.current}: {text}")

    def _qt_message(self, kind: QtMsgType, context: Any, message: str) -> None:
        if any(b in message for b in BENIGN_QT):
            return
        if kind in (QtMsgType.QtCriticalMsg, QtMsgType.QtFatalMsg, QtMsgType.QtWarningMsg):
            self.summary.exceptions.append(f"{self.current}: Qt {kind.name}: {message}")

    def _watch(self) -> None:
        """A watchdog thread: 150 ms into a stretch of GUI work, note where the GUI thread is
        (so the summary can say what the longest stall was doing, not only when)."""
        main = threading.main_thread().ident
        while not self._watch_stop.wait(0.02):
            stretch, started = self._stretch
            if stretch and stretch != self._stack_for and time.perf_counter() - started > STACK_AFTER_S:
                frames = sys._current_frames()
                frame = frames.get(main)
                if frame is not None:
                    self._stack = "".join(traceback.format_stack(frame)[-14:])
                    # and the other threads: a worker that holds the GIL stalls the GUI thread
                    # wherever it next needs it (a stall "in processEvents" with no frame of ours)
                    names = {t.ident: t.name for t in threading.enumerate()}
                    for ident, other in frames.items():
                        if ident in (main, threading.get_ident()) or "soak" in names.get(ident, ""):
                            continue
                        stack = "".join(traceback.format_stack(other)[-6:])
                        if "/explorer/" in stack:
                            self._stack += f"  -- thread {names.get(ident, ident)}:\n{stack}"
                    self._stack_for = stretch

    def _timed(self, fn: Callable[[], None], whole_action: bool = False) -> None:
        """Run fn on the GUI thread, timing it as one uninterrupted stretch of GUI work."""
        t0 = time.perf_counter()
        self._stretches += 1
        stretch = self._stretches
        self._stretch = (stretch, t0)
        try:
            fn()
        except Exception:
            self._excepthook(*sys.exc_info())  # type: ignore[arg-type]
        elapsed = time.perf_counter() - t0
        self._stretch = (0, 0.0)
        if whole_action and self._segmented:
            return  # the action timed its own events: a person's events reach the loop one by one
        if elapsed > self.summary.longest_stall:
            self.summary.longest_stall = elapsed
            part = "the action" if whole_action else getattr(fn, "__name__", "an event")
            self.summary.stall_action = f"{self.current}, in {part}"
            self.summary.stall_stack = self._stack if self._stack_for == stretch else ""

    def _event(self, fn: Callable[[], None]) -> None:
        """One input event of a longer gesture, then a turn of the event loop, each timed."""
        self._segmented = True
        self._timed(fn)
        self._timed(QApplication.processEvents)

    def _busy(self) -> bool:
        return bool(self.w.busy)

    def _who_is_busy(self) -> list[str]:
        w = self.w
        return [
            name
            for name, busy in (
                ("grid", w.grid.rendering),
                ("queries", w.queries.busy),
                ("selection", w.selection.jobs.busy),
                ("rules", w.rules.jobs.busy),
                ("values", w.values.busy),
                ("npiles", w.npiles.busy),
                ("sums", w.sums.busy),
                ("growth", w.growth.busy),
                ("structure", w.structure.busy),
            )
            if busy
        ]

    def _settle(self) -> None:
        """Turn the event loop (each turn timed) until no background work is left."""
        deadline = time.perf_counter() + self.settle_s
        self._timed(QApplication.processEvents)
        time.sleep(0.002)
        self._timed(QApplication.processEvents)
        said_slow = False
        while self._busy():
            if self.progress_every and not said_slow and time.perf_counter() > deadline - self.settle_s + SLOW_ACTION_S:
                said_slow = True  # a slow action: say who is busy
                print(f"busy: {self.current} after {SLOW_ACTION_S:.0f} s: {', '.join(self._who_is_busy())}", flush=True)
            if time.perf_counter() > deadline:
                who = ", ".join(self._who_is_busy()) or "other"
                self.summary.unsettled.append(f"{self.current}: still busy after {self.settle_s:.0f} s ({who})")
                return
            time.sleep(0.005)
            self._timed(QApplication.processEvents)
        QTest.qWait(20)  # throttled renders and zero-delay timers
        self._timed(QApplication.processEvents)

    def wrong(self, text: str) -> None:
        self.summary.wrong.append(f"{self.current}: {text}")

    # ----- actions ----------------------------------------------------------------------------
    def wheel(self, steps: int | None = None) -> None:
        steps = steps if steps is not None else self.rng.choice([-3, -2, -1, 1, 2, 3])
        at = self.viewport_point()
        event = QWheelEvent(
            QPointF(at),
            QPointF(self.w.grid.viewport().mapToGlobal(at)),
            QPoint(0, 0),
            QPoint(0, 120 * steps),
            Qt.MouseButton.NoButton,
            Qt.KeyboardModifier.NoModifier,
            Qt.ScrollPhase.NoScrollPhase,
            False,
        )
        QApplication.sendEvent(self.w.grid.viewport(), event)

    def wheel_far(self) -> None:
        """Many turns in one direction: to the most zoomed-out (or zoomed-in) view and beyond."""
        direction, notches = self.rng.choice([-1, 1]), self.rng.choice([3, 20, 60])
        for _ in range(self.rng.randrange(20, 120)):
            self._event(lambda: self.wheel(direction * notches))

    def _drag(self, modifier: Qt.KeyboardModifier) -> None:
        vp = self.w.grid.viewport()
        a, b = self.viewport_point(), self.viewport_point()
        self._event(lambda: QTest.mousePress(vp, Qt.MouseButton.LeftButton, modifier, a))
        for t in (0.25, 0.5, 0.75, 1.0):
            p = QPoint(int(a.x() + t * (b.x() - a.x())), int(a.y() + t * (b.y() - a.y())))
            self._event(lambda p=p: QTest.mouseMove(vp, p))
        self._event(lambda: QTest.mouseRelease(vp, Qt.MouseButton.LeftButton, modifier, b))

    def drag(self) -> None:
        self._drag(Qt.KeyboardModifier.NoModifier)

    def shift_drag(self) -> None:
        before = len(self.w.session.queries)
        self._drag(Qt.KeyboardModifier.ShiftModifier)
        self.pending_query = ("grid", before)  # type: ignore[assignment]

    def click(self) -> None:
        at = self.viewport_point()
        self.game_seen = self._game_length()
        QTest.mouseClick(self.w.grid.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, at)

    def key(self) -> None:
        key = self.rng.choice(
            [Qt.Key.Key_Plus, Qt.Key.Key_Minus, Qt.Key.Key_Left, Qt.Key.Key_Right, Qt.Key.Key_Up, Qt.Key.Key_Down]
            + [Qt.Key.Key_Home] * 1
        )
        QTest.keyClick(self.w.grid, key)

    def hover(self) -> None:
        QTest.mouseMove(self.w.grid.viewport(), self.viewport_point())
        self.pending_hover = True

    def _type_into(self, edit: Any, text: str) -> None:
        edit.setText(text)  # typing 7 000 digits key by key adds nothing but time

    def type_position(self) -> None:
        ins = self.w.inspector
        junk = False
        texts = [self.rng.choice(JUNK) if self.rng.random() < 0.12 else str(self.number()) for _ in range(2)]
        if self.rng.random() < 0.15:  # far out where an oracle knows G: a cold pair, or a row 0-2
            big = self.rng.randrange(10**3, 10 ** self.rng.randrange(4, 30))
            pair = (oracle.lower(big), oracle.lower(big) + big)
            row = (self.rng.randrange(3), big)
            texts = [str(v) for v in (pair if self.rng.random() < 0.5 else row)]
        for edit, text in zip((ins.position_a, ins.position_b), texts, strict=True):
            junk |= not _reads_as_number(text)
            self._type_into(edit, text)
        # A message must show until the next selection is made (and then go: issue 10 item 4).
        self.expect_message = junk
        self.report_at_junk = self.w.session.report
        QTest.keyClick(ins.position_b, Qt.Key.Key_Return)

    def go_to(self) -> None:
        self.w.ask_go_to()

    def choose_rule(self) -> None:
        combo = self.w.rule_bar.rules
        index = self.rng.randrange(combo.count())
        combo.setCurrentIndex(index)
        combo.activated.emit(index)

    def extend(self) -> None:
        """View ▸ Extend the solved range (a growing rule solves more columns; others say nothing)."""
        before = self.w.session.rule.bound
        self.w.growth.extend()
        self.pending_extend = (self.w.session.rule, before)

    def panel_key(self) -> None:
        """Ctrl+1 … Ctrl+7: the panel comes to the front."""
        from explorer.session.views import PANELS

        i = self.rng.randrange(len(PANELS))
        QTest.keyClick(self.w, Qt.Key(Qt.Key.Key_1 + i), Qt.KeyboardModifier.ControlModifier)
        dock = self.w.docks[PANELS[i]]
        if not dock.isVisible() or dock.visibleRegion().isEmpty():
            self.wrong(f"Ctrl+{i + 1} did not bring the {dock.windowTitle()} panel to the front")

    def build(self) -> None:
        """Build mode: start from the view, step, scrub, play a moment, or close."""
        w = self.w
        choice = self.rng.random()
        if w.session.build is None or choice < 0.25:
            w.build_mode()
        elif choice < 0.5:
            for _ in range(self.rng.randint(1, 5)):
                QTest.keyClick(w.grid, self.rng.choice([Qt.Key.Key_BracketRight, Qt.Key.Key_BracketLeft]))
        elif choice < 0.7:
            timeline = w.build_panel.timeline
            timeline.setValue(self.rng.randint(timeline.minimum(), timeline.maximum()))
        elif choice < 0.85:
            w.builder.toggle_play()
        else:
            w.builder.close()
        self.pending_build = True

    def why(self) -> None:
        """Why? on the selection (W, or the inspector's button)."""
        if self.rng.random() < 0.5:
            QTest.keyClick(self.w.grid, Qt.Key.Key_W)
        else:
            self.w.inspector.why_button.click()
        self.pending_why = True

    def perfect_play(self) -> None:
        self.w.session.demo = ()
        self.w.show_perfect_play()
        self.w.demo.set_move_ms(5)  # the monkey does not wait a second a move
        self.pending_demo = True

    def export_animation(self) -> None:
        """File ▸ Export animation…, cancelled at once (or by the dialog): nothing written, nothing stuck."""
        import os
        import tempfile

        path = os.path.join(tempfile.gettempdir(), f"soak-{os.getpid()}.gif")
        if os.path.exists(path):
            os.remove(path)
        what = self.rng.choice(["build", "play"])
        steps, size = self.rng.choice([(120, (800, 600)), (600, (1024, 768))])  # the second is refused: too big
        self.w.dialogs.animation = lambda: None if self.rng.random() < 0.2 else (what, steps, size, path)  # type: ignore[assignment]
        self.w.export_animation()
        self.w.exporter.cancel()
        self.pending_export = path

    def compare_fresh(self) -> None:
        """History independence (issue 35): a fresh window brought straight to this window's rule,
        colour mode, selection and view (its centre and width) says the same in the inspector and draws the same
        selection and overlays. Only where no overlay of the walk is on (build mode, Why?, a game
        shown or played): those have no direct path to compare with."""
        import tempfile

        from PySide6.QtCore import QSettings

        self._segmented = True  # building a second window is the soak's own work, not a stall a person sees
        w, s = self.w, self.w.session
        if s.build is not None or s.why is not None or s.demo or s.game is not None or s.selection is None:
            return
        if s.report is None or s.message:
            return
        settings = QSettings(tempfile.mktemp(prefix="soak-fresh-", suffix=".ini"), QSettings.Format.IniFormat)
        fresh = type(w)(settings=settings)
        try:
            fresh.resize(w.size())
            fresh.show()
            fresh.rules.request(s.rule.key)
            self._settle_window(fresh)
            if fresh.session.rule != s.rule:
                self.wrong(f"a fresh window could not be brought to {s.rule.key}")
                return
            combo = fresh.rule_bar.mode
            combo.setCurrentIndex(combo.findData(s.mode))
            combo.activated.emit(combo.findData(s.mode))
            fresh.select_position(*s.selection)
            fresh.grid.show_centred(*w.grid.view_centre_and_span())  # arrows are clipped to the view
            self._settle_window(fresh)
            walked, direct = _shown(w), _shown(fresh)
            if w.grid.size() != fresh.grid.size():  # panels moved: another view height, other arrows
                walked, direct = walked[:2] + walked[3:], direct[:2] + direct[3:]
            if walked != direct:
                which = "the inspector" if walked[0] != direct[0] else f"the grid: {walked[1:]} / {direct[1:]}"
                self.wrong(f"a fresh window brought straight to the same state differs in {which}")
        finally:
            fresh.close()
            fresh.deleteLater()
            QApplication.processEvents()
            # the walked window is the active one again: its shortcuts (Ctrl+1 …) work only there
            w.activateWindow()
            QApplication.setActiveWindow(w)
            QApplication.processEvents()

    def _settle_window(self, window: Any) -> None:
        deadline = time.perf_counter() + self.settle_s
        QApplication.processEvents()
        while window.busy and time.perf_counter() < deadline:
            time.sleep(0.005)
            QApplication.processEvents()
        QTest.qWait(20)
        QApplication.processEvents()

    def export_file(self) -> None:
        """An export over an old file (the view's PNG, the query history or the sequence as CSV, the
        session): afterwards the file is whole and new, or the old one, never half of either."""
        import os
        import tempfile

        what = self.rng.choice(["png", "queries", "sequence", "session"])
        path = os.path.join(tempfile.gettempdir(), f"soak-{os.getpid()}-{what}")
        with open(path, "wb") as old:
            old.write(OLD_FILE)
        rows = 0
        if what == "png":
            self.w.export_png(path)
        elif what == "queries":
            rows = sum(len(r) for r in self.w.session.queries)
            self.w.query_panel.exportRequested.emit(path)
        elif what == "sequence":  # rows of thousands of digits take a while: fewer of them
            rows = self.rng.choice([1, 50] if self.w.sequence_panel.model.start.bit_length() > 300 else [1, 50, 2000])
            self.w.sequence_panel.export_csv(path, rows)
        else:
            self.w.save_session(path)
        self.pending_file = (what, path, rows)

    def _check_file(self, what: str, path: str, rows: int) -> None:
        import os

        from PySide6.QtGui import QImage

        from explorer.session import store

        with open(path, "rb") as f:
            data = f.read()
        os.remove(path)
        if data == OLD_FILE:
            self.wrong(f"the {what} export left the old file without a word")
        elif what == "png" and QImage.fromData(data, "PNG").isNull():
            self.wrong("the exported PNG does not load")
        elif what in ("queries", "sequence") and data.count(b"\n") != rows + 1:
            written = data.count(b"\n") - 1
            self.wrong(f"the {what} CSV holds {written} rows, not {rows}")
        elif what == "session":
            with open(path, "wb") as f:
                f.write(data)
            try:
                if store.load(path).rule != self.w.session.rule.key:
                    self.wrong("the saved session names another rule")
            except store.SessionFileError as exc:  # the window wrote what it cannot read back
                self.wrong(f"the saved session does not load: {exc}")
            finally:
                os.remove(path)

    def strip_hover(self) -> None:
        from PySide6.QtCore import QPoint

        strip = self.w.strip
        if strip.isVisible():
            QTest.mouseMove(strip, QPoint(self.rng.randrange(max(1, strip.width())), strip.height() // 2))
            self.pending_strip = True

    def vectors_dialog(self) -> str | None:
        """The Vectors… dialog, shown without a modal loop: junk must disable OK with a message;
        a valid set must give the rule it means."""
        from explorer.gui.panels.rule_dialog import VectorRuleDialog

        dialog = VectorRuleDialog(self.w)
        try:
            for _ in range(self.rng.randint(0, 2)):
                rays, jumps, n = self.rng.choice(VECTOR_JUNK)
                dialog.rays.setText(rays)
                dialog.jumps.setText(jumps)
                dialog.bound.setValue(n)
                if dialog.rule_text is not None or not dialog.error.text():
                    self.wrong(f"the Vectors dialog took rays {rays!r} jumps {jumps!r} without a message")
            if self.rng.random() < 0.25:
                return None  # cancelled
            (rays, jumps, n), key = self.rng.choice(list(VECTOR_DIALOG.items()))
            dialog.rays.setText(rays)
            dialog.jumps.setText(jumps)
            dialog.bound.setValue(n)
            if dialog.error.text() or dialog.rule_text is None:
                self.wrong(f"the Vectors dialog refused rays {rays!r} jumps {jumps!r}: {dialog.error.text()!r}")
                return None
            if dialog.rule_text != key:
                self.wrong(f"the Vectors dialog made {dialog.rule_text!r} of rays {rays!r} jumps {jumps!r}")
            return dialog.rule_text
        finally:
            dialog.deleteLater()

    def choose_mode(self) -> None:
        combo = self.w.rule_bar.mode
        index = self.rng.randrange(combo.count())
        if not combo.model().item(index).isEnabled():
            return
        combo.setCurrentIndex(index)
        combo.activated.emit(index)

    def _rectangle(self) -> tuple[int, int, int, int]:
        r = self.rng.random()
        if r < 0.5:
            x0, y0 = self.rng.randrange(0, 80), self.rng.randrange(0, 80)
            return x0, y0, x0 + self.rng.randrange(0, 60), y0 + self.rng.randrange(0, 60)
        if r < 0.8:
            x1, y1 = self.number(), self.number()
            return self.rng.randrange(0, x1 + 1), self.rng.randrange(0, y1 + 1), x1, y1
        base = self.number()
        return base, base // 2, base + self.rng.randrange(0, 10**6), base + base // 3

    def query(self) -> None:
        p = self.w.query_panel
        x0, y0, x1, y1 = self._rectangle()
        if self.rng.random() < 0.08:
            x0, x1 = x1 + 1, x0  # an empty rectangle: refused with a message
        for edit, v in ((p.x0, x0), (p.y0, y0), (p.x1, x1), (p.y1, y1)):
            self._type_into(edit, str(v) if self.rng.random() > 0.03 else self.rng.choice(JUNK))
        self._type_into(p.value, "")
        before = len(self.w.session.queries)
        QTest.mouseClick(p.run, Qt.MouseButton.LeftButton)
        self.pending_query = ("typed", before)  # type: ignore[assignment]

    def value_query(self) -> None:
        p = self.w.query_panel
        x0, y0 = self.rng.randrange(0, 40), self.rng.randrange(0, 40)
        x1, y1 = x0 + self.rng.randrange(0, 30), y0 + self.rng.randrange(0, 30)
        g = self.rng.randrange(0, 6)
        kind = self.rng.choice([GRUNDY, REMOTENESS])
        p.value_kind.setCurrentIndex(p.value_kind.findData(kind))
        for edit, v in ((p.x0, x0), (p.y0, y0), (p.x1, x1), (p.y1, y1), (p.value, g)):
            self._type_into(edit, str(v))
        QTest.mouseClick(p.run, Qt.MouseButton.LeftButton)
        self._type_into(p.value, "")
        self.pending_value = (kind, g, x0, y0, x1, y1)

    def value_batch(self) -> None:
        """Import batch… with a value typed: each rectangle counts the cells of that value (small
        rectangles, checked against G and R by their definitions; a wide one past the corner)."""
        import os
        import tempfile

        rects = []
        for _ in range(self.rng.randrange(1, 12)):
            x0, y0 = self.rng.randrange(0, 40), self.rng.randrange(0, 40)
            rects.append((x0, y0, x0 + self.rng.randrange(0, 25), y0 + self.rng.randrange(0, 25)))
        if self.rng.random() < 0.3:
            rects.append((self.rng.randrange(0, 30), 0, self.number(), self.rng.randrange(0, 30)))
        kind = GRUNDY if self.rng.random() < 0.75 else REMOTENESS
        g = self.rng.randrange(0, 6)
        path = os.path.join(tempfile.gettempdir(), f"soak-{os.getpid()}-values.txt")
        with open(path, "w") as handle:
            handle.write(f"{len(rects)}\n" + "".join(f"{a} {b} {c} {d}\n" for a, b, c, d in rects))
        before = len(self.w.session.queries)
        self.w.query_panel.valueImportRequested.emit(path, kind, g)
        self.pending_value_batch = (kind, g, rects, before)

    def grid_heap(self) -> None:
        """Sums panel ▸ the game plus a heap of h on the grid (or back to the game alone)."""
        self.w.show_panel("sums")
        h = 0 if self.rng.random() < 0.3 else self.rng.randrange(1, 16)
        self.w.sums_panel.grid_heap.setValue(h)
        self.pending_heap = True

    def play(self) -> None:
        panel = self.w.play_panel
        if self.rng.random() < 0.35 or self.w.session.game is None:
            big = self.rng.random() < 0.3
            a = self.number() if big else self.rng.randrange(0, 40)
            b = self.number() if big else self.rng.randrange(0, 40)
            self._type_into(panel.a, str(a))
            self._type_into(panel.b, str(b))
            panel.human_first.setChecked(self.rng.random() < 0.6)
            QTest.mouseClick(panel.start, Qt.MouseButton.LeftButton)
            self.watch_game = True
        else:
            game = self.w.session.game
            x, y = game.position
            # a click near the position: often a legal move, sometimes not
            tx, ty = max(0, x - self.rng.randrange(0, 5)), max(0, y - self.rng.randrange(0, 5))
            self.w.grid.center_on(x, y) if max(x, y) < 10**6 else None
            self.game_seen = self._game_length()
            self.w.cell_clicked(tx, ty)

    def play_buttons(self) -> None:
        panel = self.w.play_panel
        button = self.rng.choice([panel.hint, panel.undo, panel.redo, panel.random])
        if button.isEnabled():
            QTest.mouseClick(button, Qt.MouseButton.LeftButton)

    def sequence(self) -> None:
        panel = self.w.sequence_panel
        if self.rng.random() < 0.6:
            text = self.rng.choice(JUNK) if self.rng.random() < 0.1 else str(self.number())
            self._type_into(panel.start, text)
            QTest.mouseClick(panel.go, Qt.MouseButton.LeftButton)
        else:
            bar = panel.table.verticalScrollBar()
            bar.setValue(self.rng.randrange(0, max(1, bar.maximum())))
        self.pending_sequence = 1

    def array(self) -> None:
        panel = self.w.array_panel
        self.w.findChild(type(panel.parentWidget()), "arrayDock").raise_()
        if self.rng.random() < 0.5:
            row = self.rng.choice(JUNK) if self.rng.random() < 0.1 else str(self.number() + 1)
            col = str(self.rng.choice([1, 2, 3, self.rng.randrange(1, 60), self.rng.randrange(1, 3000)]))
            self._type_into(panel.row_field, row)
            self._type_into(panel.col_field, col)
            QTest.mouseClick(panel.go, Qt.MouseButton.LeftButton)
            want = _typed_number(row)
            self.pending_array = ("jump", (want, int(col)) if want else None)
            return
        table = panel.table
        vp = table.viewport()
        point = QPoint(self.rng.randrange(2, max(3, vp.width() - 2)), self.rng.randrange(2, max(3, vp.height() - 2)))
        index = table.indexAt(point)
        if not index.isValid():
            return
        QTest.mouseClick(vp, Qt.MouseButton.LeftButton, pos=point)
        self.pending_array = ("click", (panel.model.start + index.row(), index.column() + 1))

    def npiles(self) -> None:
        panel = self.w.npiles_panel
        n = self.rng.randrange(1, 7)
        if self.rng.random() < 0.1:
            text = self.rng.choice(JUNK)
            piles = None
        else:
            piles = tuple(
                self.rng.randrange(0, 12) if self.rng.random() < 0.7 else self.rng.randrange(0, 200) for _ in range(n)
            )
            if self.rng.random() < 0.1:
                piles = tuple(self.number() for _ in range(n))
            text = " ".join(map(str, piles))
        self._type_into(panel.piles, text)
        QTest.mouseClick(panel.go, Qt.MouseButton.LeftButton)
        self.pending_npiles = piles

    def sums(self) -> None:
        """The Sums panel: heaps typed (or junk), added or removed, a second position, a move played."""
        panel = self.w.sums_panel
        r = self.rng.random()
        if r < 0.15 and panel.moves.count():
            panel.moves.itemActivated.emit(panel.moves.item(self.rng.randrange(panel.moves.count())))
        elif r < 0.3:
            QTest.mouseClick(self.rng.choice([panel.add, panel.remove]), Qt.MouseButton.LeftButton)
        elif r < 0.4:
            panel.use_second.setChecked(not panel.use_second.isChecked())
            self._type_into(panel.second, f"{self.rng.randrange(0, 30)} {self.rng.randrange(0, 30)}")
            QTest.mouseClick(panel.go, Qt.MouseButton.LeftButton)
        else:
            n = self.rng.randrange(0, 4)
            text = (
                self.rng.choice(JUNK)
                if self.rng.random() < 0.1
                else " ".join(
                    str(self.rng.randrange(0, 20) if self.rng.random() < 0.8 else self.number()) for _ in range(n)
                )
            )
            self._type_into(panel.heaps, text)
            QTest.mouseClick(panel.go, Qt.MouseButton.LeftButton)
        self.pending_sums = True

    def activate_move(self) -> None:
        moves = self.w.inspector.moves
        if moves.count():
            item = moves.item(self.rng.randrange(moves.count()))
            moves.itemActivated.emit(item)

    def toggle_overlay(self) -> None:
        action = self.rng.choice([self.w.menus.grid_lines, self.w.menus.phi_lines])
        action.toggle()

    # ----- checks -----------------------------------------------------------------------------
    def _game_length(self) -> int:
        game = self.w.session.game
        return len(game.movers) if game is not None else 0

    def _check(self) -> None:
        self.summary.checks += 1
        self._check_rule_everywhere()
        cpp = self.w.grid.cells_per_pixel_exact() if hasattr(self.w.grid, "cells_per_pixel_exact") else None
        self.summary.zoom_out_digits = max(self.summary.zoom_out_digits, len(str(int(cpp))) if cpp else 0)
        self._check_selection()
        if self.pending_query is not None:
            self._check_query(*self.pending_query)  # type: ignore[misc]
            self.pending_query = None
        if self.pending_extend is not None:
            rule, before = self.pending_extend
            self.pending_extend = None
            limit = self.w.growth.limit(rule)
            grew = before is None or limit is None or limit <= before or rule.bound > before
            if rule == self.w.session.rule and not grew and not self.w.growth.failure:
                self.wrong(f"Extend the solved range left {rule.key} at {before:,} columns")
        if self.pending_build:
            self.pending_build = False
            self._check_build()
        if self.pending_why:
            self.pending_why = False
            self._check_why()
        if self.pending_demo:
            self.pending_demo = False
            self._check_demo()
        if self.pending_strip:
            self.pending_strip = False
            self._check_strip()
        if self.pending_export is not None:
            import os

            path, self.pending_export = self.pending_export, None
            if self.w.exporter.busy:
                self.wrong("an export still runs after Cancel")
            if os.path.exists(path) and self.w.exporter.last == "cancelled":
                self.wrong("a cancelled export wrote its file")
        if self.pending_file is not None:
            self._check_file(*self.pending_file)
            self.pending_file = None
        if self.pending_value is not None:
            self._check_value(*self.pending_value)
            self.pending_value = None
        if self.pending_heap:
            self._check_heap()
            self.pending_heap = False
        if self.pending_value_batch is not None:
            self._check_value_batch(*self.pending_value_batch)
            self.pending_value_batch = None
        if self.pending_hover:
            self._check_hover()
            self.pending_hover = False
        if self.pending_npiles is not None:
            self._check_npiles(self.pending_npiles)
            self.pending_npiles = None
        if self.pending_sums:
            self._check_sums()
            self.pending_sums = False
        if self.pending_sequence is not None:
            self._check_sequence()
            self.pending_sequence = None
        if self.pending_array is not None:
            self._check_array(*self.pending_array)
            self.pending_array = None
        self._check_array_place()
        self._check_game()

    def _check_rule_everywhere(self) -> None:
        from explorer.core.rules import parse_rule  # naming only: the oracle knows the rule by its text

        w, s = self.w, self.w.session
        key = s.rule.key
        if not hasattr(self, "_keys"):  # once: making a rule again and again would churn the sequences' memory
            self._keys = {parse_rule(text).key: (text, d) for text, d in RULES.items()}
        expected = self._keys
        if key not in expected:
            self.wrong(f"the session holds a rule the monkey never asked for: {key}")
            return
        self.rule_text, self.definition = expected[key]
        if w.rule_bar.rules.currentData() != key:
            self.wrong(f"the selector shows {w.rule_bar.rules.currentText()!r} while {key} is in effect")
        if w.grid.rule != s.rule:
            self.wrong(f"the grid draws {w.grid.rule.key} while {key} is in effect")
        if w.query_panel.rule_label.text() != f"Rule: {s.rule.title}":
            self.wrong(f"the query panel says {w.query_panel.rule_label.text()!r} under {key}")
        if w.rule_bar.mode.currentData() != s.mode or w.grid.mode != s.mode:
            self.wrong(f"mode shown {w.rule_bar.mode.currentData()} / drawn {w.grid.mode}, in effect {s.mode}")

    def _inside(self, x: int, y: int) -> bool:
        """Whether the rule in effect answers about (x, y): its square, or (a growing rule) the
        columns solved so far."""
        n = self.w.session.rule.bound if self.definition.grows else self.definition.n
        return n is None or max(x, y) < n

    def _checkable(self, x: int, y: int) -> bool:
        """Inside, and within what the oracle itself can answer."""
        return self._inside(x, y) and oracle.knows(self.definition, x, y)

    def _check_selection(self) -> None:
        w, s = self.w, self.w.session
        if s.selection is None:
            return
        x, y = s.selection
        self._check_values_text(x, y)
        text = w.inspector.status.text()
        error = w.inspector.error.text() if w.inspector.error.isVisible() else ""
        if not self._inside(x, y):
            if "P-position" in text or "N-position" in text:
                self.wrong(f"a verdict for ({x}, {y}) outside the rule's square [0, {self.definition.n})²")
            if not error:
                self.wrong(f"no message for ({x}, {y}) outside the rule's square")
            return
        if self.expect_message and s.report is self.report_at_junk:
            if not error:
                self.wrong("junk typed into the inspector, and no message says so")
            return
        self.expect_message = False
        if error:
            self.wrong(f"a message while a valid position ({_short(x)}, {_short(y)}) is selected: {error!r}")
        if s.report is None:
            self.wrong(f"no report shown for ({_short(x)}, {_short(y)}) once settled")
            return
        if s.report.position != (x, y) or s.report.rule_key != s.rule.key:
            self.wrong(f"the report is for {s.report.rule_key} at another position")
        if not oracle.knows(self.definition, x, y):
            return  # a growing rule, beyond what the oracle solves itself
        cold = oracle.is_cold(self.definition, x, y)
        shown_cold = "P-position" in text
        if shown_cold != cold or ("N-position" in text) == cold:
            self.wrong(f"({_short(x)}, {_short(y)}) shown {'cold' if shown_cold else 'hot'}; the oracle says {cold}")
        targets = [w.inspector.moves.item(i).data(Qt.ItemDataRole.UserRole) for i in range(w.inspector.moves.count())]
        targets = [t for t in targets if t is not None]
        for t in targets:
            if not oracle.legal(self.definition, (x, y), t) or (
                oracle.knows(self.definition, *t) and not oracle.is_cold(self.definition, *t)
            ):
                self.wrong(f"winning move ({_short(x)}, {_short(y)}) → {t} is illegal or not to a cold cell")
        if max(x, y) < 120:
            want = {t for t in oracle.moves_small(self.definition, x, y) if oracle.is_cold(self.definition, *t)}
            if set(map(tuple, targets)) != want:
                self.wrong(f"winning moves from ({x}, {y}): shown {sorted(targets)}, oracle {sorted(want)}")
        elif not cold and not targets and self._has_move(x, y):
            self.wrong(f"hot ({_short(x)}, {_short(y)}) with no winning move listed")

    def _has_move(self, x: int, y: int) -> bool:
        return bool(oracle.moves_small(self.definition, min(x, 200), min(y, 200)))

    def _check_query(self, source: str, before: int) -> None:
        w, s = self.w, self.w.session
        result = w.query_panel.result.text()
        if len(s.queries) == before:  # refused, or asked for outside a bounded rule's square
            return
        record = s.queries[-1]
        if not hasattr(record, "count") or hasattr(record, "__len__"):
            return
        if record.rule_key != s.rule.key:
            self.wrong(f"a query answered under {record.rule_key} while {s.rule.key} is in effect")
            return
        x0, y0, x1, y1 = record.x0, record.y0, record.x1, record.y1
        if not oracle.knows(self.definition, x1, y1):
            return  # a growing rule, beyond what the oracle solves itself
        want = oracle.count_rect(self.definition, x0, y0, x1, y1)
        if (x1 - x0 + 1) * (y1 - y0 + 1) <= 900:
            small = oracle.count_rect_small(self.definition, x0, y0, x1, y1)
            if small != want:
                self.wrong(f"the oracle disagrees with itself on [{x0}, {x1}] × [{y0}, {y1}]")
        if record.count != want:
            self.wrong(f"[{_short(x0)}, {_short(x1)}] × [{_short(y0)}, {_short(y1)}]: {record.count}, oracle {want}")
        shown = re.search(r"<b>([^<]*)</b> cold cells", result)
        if shown is None or not _shows(shown.group(1), want):
            self.wrong(f"the result text does not show {want}: {result[:200]!r}")
        share = re.search(r"\(([^()]*)\), by the", result)
        if want and share and re.fullmatch(r"0(\.0*)?( %)?", share.group(1).strip()):
            self.wrong(f"a share of zero shown for {want} cold cells: {share.group(1)!r}")

    def _check_value(self, kind: str, g: int, x0: int, y0: int, x1: int, y1: int) -> None:
        result = self.w.query_panel.result.text()
        name = "G" if kind == GRUNDY else "R"
        m = re.search(rf"<b>(\d+)</b> cells? with {name} = (\d+)", result)
        if m is None:
            return  # refused with a message (a table still growing, a rectangle beyond it)
        values = _values(self.definition, max(x1, y1) + 1)[0 if kind == GRUNDY else 1]
        want = sum(values[x][y] == g for x in range(x0, x1 + 1) for y in range(y0, y1 + 1))
        if int(m.group(1)) != want or int(m.group(2)) != g:
            self.wrong(f"{name} = {g} count in [{x0}, {x1}] × [{y0}, {y1}]: shown {m.group(1)}, oracle {want}")

    def _check_value_batch(self, kind: str, g: int, rects: list[tuple[int, int, int, int]], before: int) -> None:
        """Every rectangle answered (or the batch refused with a message) and each count right: the
        small ones by the definition; a wide one reaching past every column by its rows (each row
        holds each value once under Nim's rays)."""
        records = self.w.session.queries[before:]
        counts = [int(c) for r in records if hasattr(r, "__len__") for c in r.counts]
        if not counts:
            return  # refused (a rule without these values, a corner still growing): said on the panel
        if len(counts) != len(rects):
            self.wrong(f"a value batch of {len(rects)} rectangles gave {len(counts)} answers")
            return
        name = "G" if kind == GRUNDY else "R"
        small = [r for r in rects if max(r) < 80]
        values = _values(self.definition, max((max(r) for r in small), default=0) + 1)[0 if kind == GRUNDY else 1]
        for (x0, y0, x1, y1), count in zip(rects, counts, strict=True):
            if count < 0 or ((x1 < x0 or y1 < y0) and count != 0):
                self.wrong(f"value batch: {name} = {g} in [{x0}, {x1}] × [{y0}, {y1}] (empty or not): {count}")
                continue
            if max(x0, y0, x1, y1) >= 80:
                continue
            want = sum(values[x][y] == g for x in range(x0, x1 + 1) for y in range(y0, y1 + 1))
            if count != want:
                self.wrong(f"value batch: {name} = {g} in [{x0}, {x1}] × [{y0}, {y1}]: {count}, oracle {want}")

    def _check_heap(self) -> None:
        """The game plus a heap of h: the grid's cold texels are the cells of value h (cells near the
        origin, by the definition), and the heap is drawn only in hot/cold colouring."""
        s, grid = self.w.session, self.w.grid
        if s.heap and s.mode != "hot/cold":
            self.wrong(f"a heap of {s.heap} kept while colouring by {s.mode}")
        drawn, r = grid.raster_heap, grid.raster
        if not s.heap or drawn is None or drawn[0] != s.heap or r is None or r.step != 1 or self.definition.misere:
            return
        cold = {(int(c), int(j)) for c, j in zip(r.cols, r.rows, strict=True)}
        size = 60
        g = _values(self.definition, size)[0]
        for i in range(r.nx):
            for j in range(r.ny):
                x, y = r.x0 + i, r.y0 + j
                inside = 0 <= x < size and 0 <= y < size and max(x, y) < drawn[1]
                if inside and ((i, j) in cold) != (g[x][y] == s.heap):
                    shown = "cold" if (i, j) in cold else "hot"
                    self.wrong(f"heap {s.heap}: ({x}, {y}) drawn {shown}, G = {g[x][y]}")
                    return

    def _check_values_text(self, x: int, y: int) -> None:
        """The inspector's remoteness ("wins in 7 moves") and G, for small positions; far out, its G
        wherever an oracle of the soak's own knows it (cold cells, Nim, Wythoff's rows 0-2), in any
        colour mode: it must be shown exactly, never refused or said to be above a bound."""
        text = self.w.inspector.values.text() if self.w.inspector.values.isVisible() else ""
        if text and max(x, y) >= 60 and len(str(max(x, y))) < 40 and not self.w.values.busy:
            want = oracle.grundy_far(self.definition, x, y)
            shown = re.search(r"G\([^=<]*\) = (\d+)", text)  # the piles may be shortened ("7792…1055")
            if want is not None and "working it out" not in text:
                if shown is None and "not known yet" not in text:
                    self.wrong(f"G({x}, {y}) is {want} (an oracle's), the inspector says: {text[:160]!r}")
                elif shown is not None and int(shown.group(1)) != want:
                    self.wrong(f"G({x}, {y}) shown {shown.group(1)}, oracle {want}")
        if not text or max(x, y) >= 60 or not self._inside(x, y):
            return
        g_table, r_table = _values(self.definition, max(x, y) + 1)
        m = re.search(r"G\((\d+), (\d+)\) = (\d+)", text)
        if m and (int(m.group(1)), int(m.group(2))) == (x, y) and int(m.group(3)) != g_table[x][y]:
            self.wrong(f"G({x}, {y}) shown {m.group(3)}, oracle {g_table[x][y]}")
        m = re.search(r"(Wins|Loses) in (\d+) moves?", text)
        if m:
            cold = oracle.is_cold(self.definition, x, y)
            if int(m.group(2)) != r_table[x][y] or (m.group(1) == "Loses") != cold:
                self.wrong(f"({x}, {y}): {m.group(0)!r}, oracle R = {r_table[x][y]}, cold = {cold}")

    def _check_hover(self) -> None:
        from explorer.gui.menus import START_HINT

        text = self.w.hover_label.text()
        if not text or "outside" in text or "beyond" in text or text.startswith("n = ") or text == START_HINT:
            return  # (a number of the Beatty strip: _check_strip; nothing hovered or selected: the hint)
        m = re.match(r"\((\d+), (\d+)\) plus a heap of (\d+)(  (cold|hot)|: being drawn)", text)
        if m:  # the game plus a heap of h: cold exactly where G = h
            x, y, h = (int(v) for v in m.groups()[:3])
            if m.group(5) and max(x, y) < 60 and not self.definition.misere:
                g = _values(self.definition, max(x, y) + 1)[0][x][y]
                if (m.group(5) == "cold") != (g == h):
                    self.wrong(f"hover says ({x}, {y}) plus a heap of {h} is {m.group(5)}; G = {g}")
            return
        m = re.match(r"pixel \[(\d+), (\d+)\] × \[(\d+), (\d+)\] plus a heap of (\d+): (\d+) cold cells", text)
        if m:
            x0, x1, y0, y1, h, n = (int(v) for v in m.groups())
            if max(x1, y1) < 60 and not self.definition.misere:
                g = _values(self.definition, max(x1, y1) + 1)[0]
                want = sum(g[x][y] == h for x in range(x0, x1 + 1) for y in range(y0, y1 + 1))
                if n != want:
                    self.wrong(f"hover pixel [{x0}…] plus a heap of {h} says {n} cold cells; G = h in {want}")
            return
        m = re.match(r"\((\d+), (\d+)\)  (cold|hot)", text)
        if m:
            x, y = int(m.group(1)), int(m.group(2))
            if self._checkable(x, y) and (m.group(3) == "cold") != oracle.is_cold(self.definition, x, y):
                self.wrong(f"hover says ({_short(x)}, {_short(y)}) is {m.group(3)}")
            v = re.search(r"; (G|R) = (\d+)$", text)
            if v and max(x, y) < 60 and self._inside(x, y):
                want = _values(self.definition, max(x, y) + 1)[0 if v.group(1) == "G" else 1][x][y]
                if int(v.group(2)) != want:
                    self.wrong(f"hover says {v.group(1)}({x}, {y}) = {v.group(2)}; the oracle {want}")
            return
        m = re.match(r"pixel \[(\d+), (\d+)\] × \[(\d+), (\d+)\]: (\d+) cold cells", text)
        if m:
            x0, x1, y0, y1, n = (int(v) for v in m.groups())
            bound = self.w.session.rule.bound if self.definition.grows else self.definition.n
            if bound is not None:  # counted in the solved square only
                x1, y1 = min(x1, bound - 1), min(y1, bound - 1)
            if x1 >= x0 and y1 >= y0 and oracle.knows(self.definition, x1, y1):
                want = oracle.count_rect(self.definition, x0, y0, x1, y1)
                if n != want:
                    self.wrong(f"hover pixel [{_short(x0)}…] says {n} cold cells; the oracle {want}")
            return
        self.wrong(f"unreadable hover text {text[:120]!r}")

    def _check_npiles(self, piles: tuple[int, ...] | None) -> None:
        text = self.w.npiles_panel.result.text()
        if piles is None or not piles:
            if "G =" in text:
                self.wrong(f"n piles: junk answered with {text[:80]!r}")
            return
        m = re.search(r"G = (\d+(?:…\d+ \(\d+ digits\))?)", text)
        if m is None:
            if not re.search(r"b00020|more than|too many|Working", text):
                self.wrong(f"n piles {piles}: neither a value nor a message: {text[:120]!r}")
            return
        if len(piles) % 2 == 1:
            want = reduce(xor, piles, 0)
        elif sum(piles) <= 24:
            want = _npiles_grundy(tuple(sorted(piles)))
        else:
            return
        if not _shows(m.group(1), want):
            self.wrong(f"n piles {piles}: G shown {m.group(1)}, oracle {want}")

    def _check_sums(self) -> None:
        """The answer shown is for the sum and rule in effect, and, for small positions, agrees with
        G by its definition: each part's value, and every move listed leads to a sum of value 0."""
        controller = self.w.sums
        if controller.answer is None or self.w.sums.busy:
            return
        question, answer = controller.answer
        if question.rule != self.w.session.rule or question.position.piles[0] != self.w.session.selection:
            self.wrong(f"sums: an answer for {question.position} shown after the sum or rule changed")
            return
        parts = self.w.session.sum_parts
        if parts.error or question.position.heaps != parts.heaps:
            self.wrong(f"sums: an answer for {question.position} shown while the parts are {parts}")
            return
        d = self.definition
        numbers = [v for p in question.position.piles for v in p]
        drawn = {(m.after[0], m.after[1]) for m in answer.winning_moves if m.part == 0}
        if "sums" in self.w.session.front and set(self.w.session.sum_moves) != drawn:
            self.wrong(
                f"sums {question.position}: the grid draws {self.w.session.sum_moves}, the moves lead to {drawn}"
            )
        if d.misere or max(numbers, default=0) > 40:  # G by its definition: small positions only
            return
        parts = [oracle.grundy_small(d, *p) for p in question.position.piles]
        if tuple(parts) != answer.parts[: len(parts)]:
            self.wrong(f"sums {question.position}: parts {answer.parts}, oracle {parts}")
        k = len(question.position.piles)
        for move in answer.winning_moves:
            after = move.after
            total = 0
            for i in range(k):
                total ^= oracle.grundy_small(d, after[2 * i], after[2 * i + 1])
            for h in after[2 * k :]:
                total ^= h
            if total:
                self.wrong(f"sums {question.position}: the move to {after} leaves value {total}")

    def _check_sequence(self) -> None:
        panel = self.w.sequence_panel
        model = panel.table.model()
        top = panel.table.rowAt(0)
        if top < 0:
            return
        for r in (top, top + 1):
            k_text = model.data(model.index(r, 0))
            a_tip = model.data(model.index(r, 1), Qt.ItemDataRole.ToolTipRole)
            b_tip = model.data(model.index(r, 2), Qt.ItemDataRole.ToolTipRole)
            k = model.start + r
            if "…" in a_tip or len(str(k)) > 2000:
                continue
            a = oracle.lower(k)
            if int(a_tip) != a or int(b_tip) != a + k or (k_text and "…" not in k_text and int(k_text) != k):
                self.wrong(f"sequence row k = {_short(k)}: shown {a_tip[:30]}, {b_tip[:30]}; oracle a_k = {_short(a)}")

    def _check_array(self, kind: str, cell: tuple[int, int] | None) -> None:
        panel = self.w.array_panel
        if cell is None:
            if not panel.error.text():
                self.wrong("junk typed as an array row, and no message says so")
            return
        row, col = cell
        if kind == "jump":
            if panel.error.text() or panel.selected_cells() != [cell]:
                shown = panel.selected_cells()
                self.wrong(f"array Go to ({_short(row)}, {col}): selected {shown}, {panel.error.text()!r}")
                return
            tip = panel.model.data(panel.model.index(row - panel.model.start, col - 1), Qt.ItemDataRole.ToolTipRole)
            m = re.match(r"W\(.*?\) = (\d+)\n", tip)
            if m and int(m.group(1)) != oracle.array_entry(row, col):
                self.wrong(f"array W({_short(row)}, {col}) shown {m.group(1)[:30]}, not the oracle's")
            return
        first = col if col % 2 else col - 1
        if row.bit_length() > 12_000:
            return
        want = (oracle.array_entry(row, first), oracle.array_entry(row, first + 1))
        if self.w.session.selection != want:
            self.wrong(f"array W({_short(row)}, {col}) clicked: selected {self.w.session.selection}, not its pair")

    def _check_array_place(self) -> None:
        """A newly selected cold pair of Wythoff's game is shown in the array, in columns 2j - 1, 2j
        (until the person moves the array elsewhere with Go)."""
        s, panel = self.w.session, self.w.array_panel
        if s.selection == self.placed_for:
            return
        self.placed_for = s.selection
        if s.selection is None or max(s.selection).bit_length() > 12_000:
            return
        a, b = sorted(s.selection)
        cold = a >= 1 and oracle.lower(b - a) == a
        cells = panel.selected_cells()
        if not cold:
            if cells and "not" not in panel.place.text():
                self.wrong(f"({_short(a)}, {_short(b)}) is not a cold pair, yet the array shows {cells}")
            return
        if len(cells) != 2 or cells[0][1] % 2 != 1 or cells[1] != (cells[0][0], cells[0][1] + 1):
            self.wrong(f"cold pair ({_short(a)}, {_short(b)}) selected; the array shows {cells}")
            return
        row, col = cells[0]
        if (oracle.array_entry(row, col), oracle.array_entry(row, col + 1)) != (a, b):
            self.wrong(f"cold pair ({_short(a)}, {_short(b)}) placed at W({_short(row)}, {col}), which holds another")

    def _check_build(self) -> None:
        """What build mode shows: the steps' cells are cold, and each step's cells are its pair
        (or, for a square, the cell it decides), by the oracle where it knows."""
        s, w, d = self.w.session, self.w, self.definition
        if s.build is None:
            if w.grid.overlay is not None and s.why is None:
                self.wrong("build mode closed but its overlay stays")
            return
        _, k = s.build
        overlay = w.grid.overlay
        if overlay is None:
            self.wrong("build mode on, and nothing drawn over the grid")
            return
        for c in overlay.cells[:400]:
            if max(c) < 200 and oracle.knows(d, *c) and self._inside(*c) and not oracle.is_cold(d, *c):
                self.wrong(f"build mode draws {c} as placed, and the oracle says it is hot")
        m = re.search(r"Step ([0-9…]+(?: \(\d+ digits\))?)</b>", w.build_panel.caption.text())
        if m is None or not _shows(m.group(1), k):
            self.wrong(f"build mode at step {_short(k)} says {w.build_panel.caption.text()[:80]!r}")

    def _check_why(self) -> None:
        s, w, d = self.w.session, self.w, self.definition
        if s.why is None:
            return
        x, y = s.why
        overlay = w.grid.overlay
        if not self._inside(x, y):  # beyond what the rule answers: a refusal, in words, and no drawing
            if overlay is not None or not w.inspector.why.text():
                self.wrong(f"Why? beyond the rule's bound at {(_short(x), _short(y))}: no refusal shown")
            return
        if overlay is None:
            self.wrong(f"Why? is on for {(_short(x), _short(y))} and nothing is drawn")
            return
        if max(x, y) < 120 and self._inside(x, y) and oracle.knows(d, x, y):
            want = {t for t in oracle.moves_small(d, x, y) if oracle.is_cold(d, *t)}
            if set(overlay.ringed) != want:
                self.wrong(f"Why? at ({x}, {y}) rings {sorted(overlay.ringed)}; the oracle's targets {sorted(want)}")

    def _check_demo(self) -> None:
        """A perfect game shown: legal moves, and never a won position thrown away (oracle)."""
        d = self.definition
        path = list(self.w.session.demo)
        for src, dst in pairwise(path):
            if not oracle.legal(d, src, dst):
                self.wrong(f"perfect play moved illegally {src} → {dst}")
            elif (
                self._checkable(*src)
                and self._checkable(*dst)
                and not oracle.is_cold(d, *src)
                and not oracle.is_cold(d, *dst)
            ):
                self.wrong(f"perfect play threw a win away: {src} → {dst}")

    def _check_strip(self) -> None:
        """A hovered number's pair, outlined on the grid, is cold (Beatty rules, by the oracle)."""
        text = self.w.hover_label.text()
        m = re.search(r"cold pair \((\d+), (\d+)\)", text)
        if m and self.definition.closed:
            a, b = int(m.group(1)), int(m.group(2))
            if not oracle.is_cold(self.definition, a, b):
                self.wrong(f"the strip names ({a}, {b}) a cold pair; the oracle says it is hot")

    def _check_game(self) -> None:
        game = self.w.session.game
        if game is None:
            return
        d = self.definition
        if game.rule != self.w.session.rule:
            if not game.over:
                self.wrong("a game under an old rule is still being played")
            return
        for i, (who, src, dst) in enumerate(zip(game.movers, game.path, game.path[1:], strict=False)):
            if i < self.game_seen - 2:
                continue
            if not oracle.legal(d, src, dst):
                self.wrong(f"{who} made an illegal move {src} → {dst}")
            elif (
                who == "computer"
                and self._checkable(*src)
                and self._checkable(*dst)
                and not oracle.is_cold(d, *src)
                and not oracle.is_cold(d, *dst)
            ):
                self.wrong(f"the computer threw away a won position {src} → {dst}")
        self.game_seen = len(game.movers)


def _typed_number(text: str) -> int | None:
    """A typed row as the explorer's fields read it, worked out here independently: ASCII digits
    with an optional + and spaces, commas or underscores between them; blank means the first row.
    None for anything else (which must bring a message)."""
    t = text.strip()
    if not t:
        return 1
    if not re.fullmatch(r"\+?[0-9](?:[0-9 ,_]*[0-9])?", t):
        return None
    return int(re.sub(r"[+ ,_]", "", t))


def _reads_as_number(text: str) -> bool:
    """What a person may type for a pile: digits, an optional +, separators between digits."""
    return re.fullmatch(r"\+?[0-9]+([\s_,'\u00a0\u202f]*[0-9]+)*", text.strip()) is not None


def _short(n: int) -> str:
    s = str(n) if n.bit_length() < 200 else f"{str(n)[:8]}…({len(str(n))} digits)"
    return s


def _shows(text: str, value: int) -> bool:
    """Whether an (elided) decimal shown as `text` is `value`."""
    text = text.replace(",", "").replace(" ", "")
    if "…" not in text:
        return text.isdigit() and int(text) == value
    m = re.fullmatch(r"(\d+)…(\d+)\((\d+)digits\)", text)
    digits = str(value)
    return bool(m) and digits.startswith(m.group(1)) and digits.endswith(m.group(2)) and len(digits) == int(m.group(3))


_VALUES: dict[tuple[Definition, int], tuple[list[list[int]], list[list[int]]]] = {}


def _values(d: Definition, n: int) -> tuple[list[list[int]], list[list[int]]]:
    """G and remoteness on [0, n)² by their definitions, over the oracle's own moves and cold set."""
    n = max(n, 8)
    for (dd, m), tables in _VALUES.items():
        if dd == d and m >= n:
            return tables
    g = [[0] * n for _ in range(n)]
    r = [[0] * n for _ in range(n)]
    cold = oracle.solved(d, n)
    for x in range(n):
        for y in range(n):
            moves = oracle.moves_small(d, x, y)
            seen = {g[i][j] for i, j in moves}
            v = 0
            while v in seen:
                v += 1
            g[x][y] = v
            to_cold = [r[i][j] for i, j in moves if cold[i][j]]
            r[x][y] = 0 if not moves else 1 + (min(to_cold) if to_cold else max(r[i][j] for i, j in moves))
    _VALUES[(d, n)] = (g, r)
    return g, r


_NPILES: dict[tuple[int, ...], int] = {}


def _npiles_grundy(piles: tuple[int, ...]) -> int:
    """n piles, a move takes from one pile or the same from all: the mex over every move."""
    if piles in _NPILES:
        return _NPILES[piles]
    options = set()
    for i, p in enumerate(piles):
        for k in range(1, p + 1):
            options.add(tuple(sorted((*piles[:i], p - k, *piles[i + 1 :]))))
    for k in range(1, min(piles) + 1):
        options.add(tuple(sorted(p - k for p in piles)))
    seen = {_npiles_grundy(o) for o in options}
    v = 0
    while v in seen:
        v += 1
    _NPILES[piles] = v
    return v
