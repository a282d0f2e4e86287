"""The rule and the colour mode: requests from the selector and the dialogs, into the session.

A rule is requested by its text form (the registry's key). Rules that take time to make (a
custom rule is solved by dynamic programming) are made off the GUI thread; whatever happens
(refused, cancelled, failed), the selector always shows the rule in effect.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from explorer.core.analysis.modes import mode_refusal
from explorer.core.exact.bigint import short_text
from explorer.core.protocol import Altered, DeclaredCells, Rule, Slice
from explorer.core.rules.presentation import grundy_note, solve_peak, takes_time
from explorer.core.rules.registry import parse_rule
from explorer.core.rules.texts import altered_text
from explorer.session.jobs import Jobs
from explorer.session.model import GRUNDY, MODES, Session
from explorer.session.views import RuleSelectorView, StatusView, WorkView


class RuleController:
    def __init__(
        self,
        session: Session,
        selector: RuleSelectorView,
        status: StatusView,
        jobs: Jobs,
        work: WorkView,
        make_room: Callable[[int], object] = lambda need: None,
    ) -> None:
        self.session = session
        self.make_room = make_room  # the memory pool: caches give back what a solve will hold at its peak
        self.selector = selector
        self.status = status
        self.jobs = jobs
        self.work = work  # a long solve's progress and Cancel
        selector.set_rule(session.rule)  # at start the status bar gives its hint, not the rule the toolbar names

    def listens(self) -> list[tuple[Any, Callable[[Any], object]]]:
        events = self.session.events
        return [(events.rule, self._rule_changed), (events.mode, self.selector.set_mode)]

    def request(self, text: str) -> None:
        """Make the rule named `text` current (e.g. 'nim', 'wythoff:5', 'custom:one=2 3;n=64')."""
        if takes_time(text):
            self.status.show_message("Solving the rule…")
            self.session.solving = text  # the grid marks its picture as the rule in effect's meanwhile
        self._solve(text, self._made)

    def _solve(self, text: str, done: Callable[[Rule], None]) -> None:
        """Make the rule named `text`, off the GUI thread with progress and Cancel if it takes time."""
        costly = takes_time(text)
        if costly:
            self.work.working(f"Solving {short_text(text)}…")
            if peak := solve_peak(text):
                self.make_room(peak)
        self.jobs.submit(
            parse_rule,
            text,
            done=done,
            failed=self._refused,
            background=costly,
            progress=self.work.progress if costly else None,
        )

    def request_first_heap(self, first: int, then: Callable[[], None] | None = None) -> None:
        """Three heaps as slices: the slice of this first heap, on the same columns; `then` runs once
        it is in effect (a move into another slice selects the cell it leads to, as a click does:
        setting the session's selection alone left that cell without a report)."""
        rule = self.session.rule
        if not isinstance(rule, Slice) or (first == rule.first and then is None):
            return
        try:
            text = rule.slice_key(first)
        except ValueError as exc:
            self.status.show_message(str(exc))
            self.selector.set_rule(rule)
            return

        def made(new: Rule) -> None:
            self._made(new)
            if then is not None:
                then()

        if takes_time(text):
            self.status.show_message(f"Solving slice {first}…")
            self.session.solving = text
        self._solve(text, made)

    def cancel(self) -> None:
        """Cancel was clicked while a rule is solved: the rule in effect stays."""
        if self.jobs.busy:
            self.jobs.cancel()
        self.work.hide()
        self.session.solving = ""
        self.selector.set_rule(self.session.rule)

    def request_compare(self, text: str) -> None:
        """Compare the rule in effect with the rule named `text` (made off the GUI thread if costly)."""
        self._solve(text, self._compare_made)

    def compare_with_base(self) -> None:
        """Compare a game that changes another's recursion with that game (its `base`)."""
        rule = self.session.rule
        if not isinstance(rule, Altered):
            self.status.show_message(
                f"{rule.title} is no game over another: View ▸ Compare with another rule… compares it with any"
            )
            return
        self._compare_made(rule.base)

    def set_altering(self, on: bool) -> None:
        self.session.altering = on
        if on:
            self.status.show_message(
                "Alter: a click declares the cell and its mirror cold, a second click hot, a third as they were"
            )

    def toggle_cell(self, x: int, y: int) -> None:
        """Alter mode's click: (x, y) and its mirror go from as they were to declared cold, to declared
        hot, and back; the rule in effect becomes that alteration of its base (solved off the GUI thread)."""
        rule = self.session.rule
        if isinstance(rule, DeclaredCells):
            base, cold, hot, terminal = rule.base, set(rule.cold_cells), set(rule.hot_cells), rule.terminal
        else:
            base, cold, hot, terminal = rule, set(), set(), None
        pair = {(x, y), (y, x)}
        if pair & cold:
            cold -= pair
            if terminal is None or x + y > terminal:  # a terminal cell is never hot: back as it was
                hot |= pair
        elif pair & hot:
            hot -= pair
        else:
            cold |= pair
        if max(x, y) >= 10**7:
            self.status.show_message("Alter: cells are declared with coordinates below 10,000,000")
            return
        self.request(altered_text(base, cold, hot, terminal))

    def stop_comparing(self) -> None:
        if self.session.compare is not None:
            self.session.compare = None
            self.status.show_message(f"Rule: {self.session.rule.title}")

    def _compare_made(self, other: Rule) -> None:
        self.work.hide()
        self.session.compare = other
        self.status.show_message(
            f"Comparing with {other.key}: blue cold under both, orange under {self.session.rule.key} only, "
            f"teal under {other.key} only, purple some of each (View ▸ Stop comparing)"
        )

    def cancelled(self) -> None:
        """A dialog asking for a rule's parameters was closed: nothing changes."""
        self.selector.set_rule(self.session.rule)

    def request_mode(self, mode: str) -> None:
        if mode not in MODES:
            self.status.show_message(f"Unknown colour mode {mode!r}")
        elif mode_refusal(self.session.rule, mode):
            refusal = mode_refusal(self.session.rule, mode)
            self.status.show_message(refusal[0].upper() + refusal[1:])
            self.selector.set_mode(self.session.mode)
        else:
            self.session.mode = mode
            if mode == GRUNDY and grundy_note(self.session.rule):
                self.status.show_message(grundy_note(self.session.rule))

    def _made(self, rule: Rule) -> None:
        self.work.hide()
        self.session.solving = ""
        self.session.rule = rule
        self.selector.set_rule(rule)  # also when it equals the rule in effect (a re-chosen entry)

    def _refused(self, exc: BaseException) -> None:
        self.work.hide()
        self.session.solving = ""
        self.status.show_message(str(exc))
        self.selector.set_rule(self.session.rule)

    def _rule_changed(self, rule: Rule) -> None:
        self.selector.set_rule(rule)
        self.status.show_message(f"Rule: {rule.title}")
