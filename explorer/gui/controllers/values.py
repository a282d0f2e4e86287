"""Grows the table of Grundy values and remoteness of the rule in effect when the grid asks for
more of it, solves Wythoff's Grundy rows once (for the strips at any distance), and says G and
R of the selected position in the inspector.

Both computations run through the window's job helper (the compiled sweeps release the GIL),
report progress and stop at the next block when cancelled. A new rule gets a new cache; an
answer for the old rule is dropped.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from explorer.core.analysis.position import PositionReport
from explorer.core.analysis.values import ranked_winning_moves, values_text
from explorer.core.exact.bigint import short_decimal
from explorer.core.game import value_sequences
from explorer.core.protocol import Rule
from explorer.core.value_limits import has_rows, values_far_out
from explorer.core.value_source import Need, ValueCache
from explorer.core.values import shared_strip
from explorer.session.jobs import Event, Jobs, Scheduler
from explorer.session.model import VALUE_MODES, Session
from explorer.session.views import InspectorView, WorkView

SHOW_WORK_AFTER_MS = 150  # a small corner's progress is shown only if it takes this long


class ValuesController:
    def __init__(
        self,
        session: Session,
        inspector: InspectorView,
        work: WorkView,
        channel: Callable[[], Jobs],
        scheduler: Scheduler,
        make_room: Callable[[int], object] = lambda need: None,
        give_back: Callable[[], None] = lambda: None,
    ) -> None:
        """`channel` makes a background channel; `make_room(bytes)` asks the window's memory pool
        for room before a table grows; `give_back()` returns freed memory to the system."""
        self.session = session
        self.inspector = inspector
        self.work = work
        self.scheduler = scheduler
        self.make_room = make_room
        self.give_back = give_back
        self.jobs = channel()
        self.row_jobs = channel()
        self.far_jobs = channel()  # the value sequences far out
        self.cell_jobs = channel()  # what the selection's G needs, in every colour mode
        self.grown = Event()  # the corner's new side; -1 cancelled; -2 failed
        self.rowsSolved = Event()  # the GrundyRows, or None
        self._cell_refused: set[tuple[str, int, int]] = set()
        self.cell_working: tuple[int, int] | None = None
        self._far_refused: set[int] = set()
        self._cancelling = False
        self._refused: set[int] = set()
        self._asked = 0
        self.growing = 0  # the side of the corner under way (0: none)
        self._rows_tried = False

    def listens(self) -> list[tuple[Any, Callable[[Any], object]]]:
        events = self.session.events
        return [
            (self.jobs.busyChanged, self._busy_changed),
            (events.rule, self._rule_changed),
            (events.report, self._show_values),
            (events.mode, self._mode_changed),
        ]

    @property
    def busy(self) -> bool:
        return self.jobs.busy or self.row_jobs.busy or self.far_jobs.busy or self.cell_jobs.busy

    @property
    def cache(self) -> ValueCache:
        """The values of the rule in effect: the session's (made anew when the rule changes)."""
        cache = self.session.values
        assert cache is not None
        return cache

    def request(self, side: int) -> None:
        """Compute the corner [0, side)² unless it is there, under way, or was cancelled."""
        if self.jobs.busy or side <= self.cache.side or side in self._refused:
            return
        self.make_room(self.cache.bytes_for(side))
        self._asked = side
        self.growing = side
        text = f"Computing Grundy values and remoteness on [0, {side})²…"
        if not self.cache.cheap_side(side):
            self.work.working(text)
        else:  # milliseconds, usually: a progress bar that flashes on each click says nothing
            self.scheduler.later(SHOW_WORK_AFTER_MS, lambda: self.work.working(text) if self.growing == side else None)
        cache = self.cache
        work = cache.working_copy()  # the worker solves into its copy; the cache changes here, on done
        self.jobs.submit(
            work.grow,
            side,
            done=lambda _: self._done(cache, side, work),
            failed=lambda exc: self._failed(side, exc),
            progress=self._show_progress,
        )

    def request_cover(self, x: int, y: int) -> None:
        """Compute a corner that covers (x, y), if the rule's cap allows (a game started there)."""
        if max(x, y) < self.cache.max_side:
            side = self.cache.side_for(x, y)
            if side is not None:
                self.request(side)

    def request_far(self, columns: int) -> None:
        """Solve the values 0-15 as sequences on `columns` columns (the view lies past the corner),
        unless they are, or it is under way, or it was cancelled or failed."""
        cache = self.cache
        if self.far_jobs.busy or columns in self._far_refused or not values_far_out(cache.rule):
            return
        if cache.far is not None and columns <= cache.far.n:
            return
        self.make_room(cache.far_bytes_for(columns))
        self.work.working(
            f"Solving Grundy values 0–{cache.limits.far_values - 1} far out, each as a sequence, on "
            f"{columns:,} columns…"
        )
        work = cache.working_copy()
        self.far_jobs.submit(
            work.solve_far,
            columns,
            done=lambda _: self._far_done(cache, work),
            failed=lambda exc: self._far_failed(columns, exc),
            progress=self._show_progress,
        )

    def _far_done(self, cache: ValueCache, work: ValueCache) -> None:
        """Values solved in the background (far out, or for the selection): taken into the cache
        (on this thread) and shown, if still the rule's."""
        self.work.done()
        if cache is not self.cache:
            return
        cache.adopt(work)
        self.work.hide()
        self.session.values_changed(cache)
        self._show_values(self.session.report)

    def _far_failed(self, columns: int, exc: BaseException) -> None:
        self._far_refused.add(columns)  # not restarted by itself; a mode switch retries
        if isinstance(exc, InterruptedError):
            self.work.say("Solving values far out cancelled")
        else:
            self.work.say(f"Values far out: {exc}")

    def solve_rows(self, force: bool = False) -> None:
        """Solve Wythoff's Grundy rows (for the strips far out) once per rule, in the background: when
        the grid shows cells far along an axis (`GridView.rowsNeeded`), or the Rows tab asks (`force`)."""
        if self.cache.rows is not None and force:
            self.rowsSolved.emit(self.cache.rows)
            return
        if (self._rows_tried and not force) or self.row_jobs.busy:
            return
        self._rows_tried = True
        cache = self.cache
        work = cache.working_copy()
        self.row_jobs.submit(
            work.solve_rows,
            done=lambda rows: self._rows_done(cache, rows, work),
            failed=self._rows_failed,
            progress=lambda done, total: None,  # lets Cancel (and closing the window) stop it
        )

    def row_value(self, x: int, y: int) -> tuple[str, bool]:
        """G(x, y) from the solved rows, as text for the Rows tab (and whether it is an error)."""
        found = self.cache.known(x, y)  # the one place: rows, cold cells, the corner, the sequences
        rows = self.cache.rows
        if (found is None or found.value is None) and rows is None:
            return "Solve the rows first (Wythoff's game).", True
        if found is None or found.value is None:
            solved = f"rows 0–{rows.rows - 1} are solved" if rows is not None else "no rows are solved"
            return f"G({short_decimal(x)}, {short_decimal(y)}) is not known: {solved}.", True
        g = found.value
        return f"G({short_decimal(x, 40)}, {short_decimal(y, 40)}) = <b>{short_decimal(g, 60)}</b>", False

    def row_bfile(self, path: str, x: int, count: int) -> tuple[str, bool]:
        """An OEIS b-file of G(x, 0) … G(x, count − 1) from the solved rows (explorer.core.textio.bfile),
        written whole, then renamed; the text to show and whether it is an error."""
        from explorer.core.textio.atomic import write_bytes
        from explorer.core.textio.bfile import bfile_text

        rows = self.cache.rows
        if rows is None:
            return "Solve the rows first (Wythoff's game).", True
        if not rows.knows(x, count - 1):
            known = f"row {x} is not solved" if x >= rows.rows else f"row {x} is known for y < {rows.length:,} only"
            return f"No b-file of {count:,} terms: {known}.", True
        try:
            write_bytes(path, bfile_text(0, (rows.value(x, y) for y in range(count))))
        except OSError as exc:
            return f"Cannot write {path}: {exc.strerror or exc} (nothing was changed)", True
        return f"Wrote the b-file of row {x} ({count:,} terms) to {path}", False

    def _rows_done(self, cache: ValueCache, rows: object, work: ValueCache) -> None:
        if cache is not self.cache:
            return
        cache.adopt(work)
        if rows is not None:
            self.session.values_changed(cache)
            self._show_values(self.session.report)
        self.rowsSolved.emit(rows)

    def _rows_failed(self, exc: BaseException) -> None:
        self.work.say(f"Grundy rows failed: {exc}")

    def _show_progress(self, done: int, total: int) -> None:
        self.work.progress(done, total)

    def _done(self, cache: ValueCache, side: int, work: ValueCache) -> None:
        self.work.done()
        if cache is not self.cache:
            return
        cache.adopt(work)
        if cache.at_cap and self.session.mode in VALUE_MODES:
            self.work.say(
                f"Values are computed on [0, {cache.side})², as far as the memory budget and the "
                "work bound allow for this rule"
            )
        else:
            self.work.hide()
        self.session.values_changed(cache)
        self._show_values(self.session.report)
        self.grown.emit(side)

    def _failed(self, side: int, exc: BaseException) -> None:
        self._refused.add(side)  # do not restart it by itself; a mode switch retries
        self.work.say(f"Computing values failed: {exc}")
        self.grown.emit(-2)

    def cancel(self) -> None:
        """Stop the growth; `grown(-1)` follows once the worker has stopped."""
        if self.jobs.busy:
            self._cancelling = True
            self.jobs.cancel()
            self._refused.add(self._asked)
            self.work.say("Computing values cancelled")
        self.row_jobs.cancel()
        if self.far_jobs.busy:
            self.far_jobs.cancel()
            self.work.say("Solving values far out cancelled")
        if self.cell_jobs.busy and self.cell_working is not None:
            self._cell_refused.add((self.cache.rule.key, *self.cell_working))
            self.cell_jobs.cancel()
            self.cell_working = None
            self.work.say("Working out the position's Grundy value cancelled")

    def _busy_changed(self, busy: bool) -> None:
        if busy:
            return
        self.growing = 0
        if self._cancelling:
            self._cancelling = False
            self.grown.emit(-1)
        self._show_values(self.session.report)  # whatever ended the work, "working it out" goes

    def _mode_changed(self, mode: str) -> None:
        self._refused.clear()
        self._far_refused.clear()
        if mode not in VALUE_MODES:  # the big table and the rows are for drawing: keep what the inspector needs
            self.jobs.cancel()
            self.far_jobs.cancel()
            self.work.hide()
            self._rows_tried = False
            self.cache.rest()
            self.session.values_changed(self.cache)
            self.give_back()
            return
        if mode in VALUE_MODES and self.cache.side == 0:
            self.request(self.cache.side_for(0, 0) or 0)

    def _rule_changed(self, rule: Rule) -> None:
        self.jobs.cancel()
        self.row_jobs.cancel()
        self.far_jobs.cancel()
        self.cell_jobs.cancel()
        self.cell_working = None
        value_sequences.release_all()  # the values far out belonged to the rule before
        if not has_rows(rule):  # Wythoff's strip of rows is kept for the rules sharing it
            shared_strip.release()
        self._far_refused.clear()
        self.work.hide()
        self._refused.clear()
        self._rows_tried = False  # the grid asks for the rows again where a view needs them
        # The report of the selection under the new rule may have arrived before this slot ran
        # (slots run in the order they were connected): show its values with the new cache.
        self._show_values(self.session.report)

    def _show_values(self, r: PositionReport | None) -> None:
        """G and R of the reported position, whatever the colour mode: known ones at once; a cheap
        corner that covers it, or what the one place says G needs next, worked out in the
        background (its end shows the values again)."""
        if r is None or r.rule_key != self.cache.rule.key:
            self.inspector.set_values("")
            return
        cache = self.cache
        if cache.grundy(r.a, r.b) is None or cache.remoteness(r.a, r.b) is None:
            side = cache.cheap_side_for(r.a, r.b)
            if side is not None:
                self.request(side)  # its end shows the values again
            elif cache.grundy(r.a, r.b) is None:
                self._request_cell(r.a, r.b)
        working = self.growing or (self.cell_working == (r.a, r.b))
        self.inspector.set_values(values_text(cache, r, self.growing, bool(working)))
        if not r.cold:  # the list below says the same as the text: fastest win first
            self.inspector.order_moves([m.target for m, _ in ranked_winning_moves(cache, r.moves)])

    def _request_cell(self, x: int, y: int) -> None:
        """Solve what G(x, y) needs next (sized first, the pool asked for room), on a worker."""
        cache = self.cache
        if self.cell_working == (x, y) or (cache.rule.key, x, y) in self._cell_refused:
            return
        need = cache.next_need([(x, y)])
        if not isinstance(need, Need):
            return  # known to be above the values solved, or refused: values_text says which
        self.cell_working = (x, y)
        self.make_room(need.bytes)
        self.work.working(f"Working out G({short_decimal(x, 24)}, {short_decimal(y, 24)}): {need.describe()}…")
        work = cache.working_copy()
        self.cell_jobs.submit(
            work.answer_many,
            [(x, y)],
            done=lambda _: self._cell_done(cache, (x, y), work),
            failed=lambda exc: self._cell_failed(cache, (x, y), exc),
            progress=self._show_progress,
        )

    def _cell_done(self, cache: ValueCache, cell: tuple[int, int], work: ValueCache) -> None:
        if self.cell_working == cell:
            self.cell_working = None
        self._far_done(cache, work)  # the same end: the model hears of the values, the inspector shows them

    def _cell_failed(self, cache: ValueCache, cell: tuple[int, int], exc: BaseException) -> None:
        if self.cell_working == cell:
            self.cell_working = None
        self._cell_refused.add((cache.rule.key, *cell))  # not restarted by itself
        if cache is self.cache and not isinstance(exc, InterruptedError):
            self.work.say(f"Grundy value: {exc}")
        self._show_values(self.session.report)
