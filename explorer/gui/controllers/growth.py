"""Grows a rule's generated sequence (move-vector rules with Nim's rays) to cover what the person
looks at, off the GUI thread, with progress and Cancel in the status bar.

A rule says how far it is solved (`bound`) and how far it can grow in the window's budget
(`reach_limit`); rules with a closed form or a fixed square never need this. Moving the view past
the solved columns grows them by itself up to AUTO_COLUMNS (a second at most, for (1,2)-GDWN);
View ▸ Extend the solved range goes on to the window's budget (2^24 columns). A worker grows a
working copy of the rule; the rule (whose sequence every rule of its moves shares) takes the
copy's columns on the GUI thread when the answer arrives, so a cancelled growth leaves it as it
was. The status bar always says how far the rule is solved. When the sequence has grown, the
session model hears how far (`Session.solved`): the grid draws it again and a position refused for lying beyond is
asked about again, each by itself.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from explorer.core import budget
from explorer.core.protocol import Growing, OutOfBounds, Rule, adopt, reach, reach_limit, working_copy
from explorer.session.jobs import Event, Jobs, Scheduler
from explorer.session.model import Session
from explorer.session.views import GridView, WorkView

AUTO_COLUMNS = 1 << 22  # grown by itself as the view moves on; beyond, only when asked


def _grown(rule: Rule, m: int, progress: Callable[[int, int], bool] | None = None) -> tuple[Rule, OutOfBounds | None]:
    """On a worker: the rule grown in a working copy (the rule itself changes on the GUI thread,
    when the answer arrives), and why it stopped short, if it did (the memory ran out after
    solving part of the way: that part is kept)."""
    copy = working_copy(rule)
    try:
        reach(copy, m, progress, budget.GENERATED_WINDOW_BYTES)
    except OutOfBounds as exc:
        return copy, exc
    return copy, None


class GrowthController:
    def __init__(
        self,
        session: Session,
        grid: GridView,
        work: WorkView,
        jobs: Jobs,
        scheduler: Scheduler,
        make_room: Callable[[int], object] = lambda need: None,
    ) -> None:
        """`make_room(bytes)`: the window's memory pool, asked before a sweep grows."""
        self.session = session
        self.grid = grid
        self.work = work
        self.jobs = jobs
        self.scheduler = scheduler
        self.make_room = make_room
        self.grown = Event()  # the new bound
        self.target = 0  # the bound being grown to (0: none)
        self._sequence = self.grows(session.rule)  # the model may hold a growing rule already
        self.failure = ""  # why the last growth stopped, shown until the next one

    def listens(self) -> list[tuple[Any, Callable[[Any], object]]]:
        return [(self.jobs.busyChanged, self._busy_changed), (self.session.events.rule, self._rule_changed)]

    @property
    def busy(self) -> bool:
        return self.jobs.busy

    def limit(self, rule: Rule) -> int | None:
        """How far the rule can be solved in the window (None: it needs no solving)."""
        return reach_limit(rule, budget.GENERATED_WINDOW_BYTES)

    def grows(self, rule: Rule) -> bool:
        limit = self.limit(rule)
        return limit is not None and rule.bound is not None and rule.bound < limit

    def view_moved(self) -> None:
        """Cover the view, as far as AUTO_COLUMNS (once the move has landed: the grid says it is
        moving before its new range is set)."""
        if self._sequence:
            self.scheduler.later(0, self._cover_view)

    def _cover_view(self) -> None:
        _, _, x_hi, y_hi = self.grid.visible_cells()
        self.request(min(max(x_hi, y_hi), AUTO_COLUMNS - 1))  # columns below AUTO_COLUMNS: 2^22 exactly

    def extend(self) -> None:
        """View ▸ Extend the solved range: cover the view, or double, up to the window's budget."""
        rule = self.session.rule
        if not self.grows(rule):
            self._show_state(rule)
            return
        _, _, x_hi, y_hi = self.grid.visible_cells()
        self.request(max(max(x_hi, y_hi), 2 * (rule.bound or 0)))

    def request(self, m: int) -> None:
        """Solve the columns below m (at most the window's limit) in the background."""
        rule = self.session.rule
        limit = self.limit(rule)
        if limit is None or rule.bound is None or m <= rule.bound or rule.bound >= limit:
            return
        m = min(m, limit - 1)
        if self.jobs.busy and self.target > m:
            return  # what is under way covers it
        self.target = m
        self.failure = ""
        if isinstance(rule, Growing):
            self.make_room(rule.reach_bytes(m))  # the sweep's peak, counted before it starts
        self.work.working(f"Solving the sequence to {m:,} columns…")
        self.jobs.submit(
            _grown,
            rule,
            m,
            done=lambda answer: self._done(rule, *answer),
            failed=lambda exc: self._failed(rule, exc),
            progress=self._progress,
        )

    def cancel(self) -> None:
        if self.jobs.busy:
            self.jobs.cancel()

    def _progress(self, done: int, total: int) -> None:
        self.work.progress(done, total)

    def _done(self, rule: Rule, copy: Rule, stopped: OutOfBounds | None) -> None:
        if rule != self.session.rule:
            return
        adopt(rule, copy)
        if stopped is not None:
            self._failed(rule, stopped)
        self.session.rule_grew(rule)  # the grid draws it, a position refused before is asked again
        self.grown.emit(rule.bound or 0)

    def _failed(self, rule: Rule, exc: BaseException) -> None:
        if rule == self.session.rule:
            self.failure = f"Solving the sequence stopped: {exc}"

    def _busy_changed(self, busy: bool) -> None:
        if busy:
            return
        self.target = 0
        self.work.done()
        rule = self.session.rule
        self.session.rule_grew(rule)  # the model says how far (a cancelled growth's copy is dropped)
        self._show_state(rule)

    def _show_state(self, rule: Rule, extra: str = "") -> None:
        """How far the rule is solved, in the status bar (only for rules that grow)."""
        limit = self.limit(rule)
        if not self._sequence or limit is None or rule.bound is None:
            self.work.hide()
            return
        more = (
            " (the window's budget; commands go further)"
            if rule.bound >= limit
            else f" of up to {limit:,}: View ▸ Extend the solved range"
        )
        self.work.say(self.failure or f"Solved on [0, {rule.bound:,})²{more}{extra}")

    def _rule_changed(self, rule: Rule) -> None:
        self.jobs.cancel()
        self.work.done()
        self._sequence = self.grows(rule)  # a rule that grows: the status bar says how far it is solved
        self._show_state(rule)
        if self._sequence:
            self._cover_view()  # the view is where it is: no need to wait for it to land
