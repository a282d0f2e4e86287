"""The selected position: requests from the inspector and the grid, the report, errors.

A request makes the position the selection at once (clearing the old verdict and any old
message), then the report is computed for (rule, position), off the GUI thread when the numbers
are large, and shown only if the session still holds that rule and position when it arrives.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from explorer.core import budget
from explorer.core.analysis.position import PositionReport, report
from explorer.core.exact.bigint import parse_natural
from explorer.core.protocol import OutOfBounds, Rule, RuleError, reach_limit
from explorer.session.jobs import Jobs, off_thread
from explorer.session.model import Session
from explorer.session.views import InspectorView


def _read_and_report(rule: Rule, a_text: str, b_text: str) -> PositionReport:
    return report(rule, parse_natural(a_text, "Pile A"), parse_natural(b_text, "Pile B"))


class SelectionController:
    def __init__(self, session: Session, inspector: InspectorView, jobs: Jobs) -> None:
        self.session = session
        self.inspector = inspector
        self.jobs = jobs

    def listens(self) -> list[tuple[Any, Callable[[Any], object]]]:
        events = self.session.events
        return [
            (events.report, self._show_report),
            (events.message, self.inspector.set_error),
            (events.rule, self._rule_changed),
            (events.solved, self._solved_changed),
            (events.mode, self.inspector.set_mode),
            (events.compare, self._compare_changed),
        ]

    def _compare_changed(self, other: Rule | None) -> None:
        """The legend says what the comparison's colours mean, or the colour mode's again."""
        if other is None:
            self.inspector.set_mode(self.session.mode)
        else:
            self.inspector.set_comparing(self.session.rule.key, other.key)

    def request(self, a: int, b: int) -> None:
        """Select (a, b) (from the inspector's fields, a click, a move in the list)."""
        s = self.session
        s.selection = (a, b)
        s.report = None
        s.message = ""
        self.session.mark(cell=(a, b), moves=())
        rule = s.rule
        background = off_thread(rule.cost(a, b, a, b))
        if background:
            self.inspector.set_busy(a, b)
        self.jobs.submit(
            report,
            rule,
            a,
            b,
            done=lambda r: self._arrived(rule, r),
            failed=lambda exc: self._failed(rule, (a, b), exc),
            background=background,
        )

    def request_text(self, a_text: str, b_text: str, then: Callable[[int, int], None] | None = None) -> None:
        """Select the position typed as (very long) text: read and analysed on a worker; `then`
        is called with the position once it is read (the window centres the grid on it)."""
        rule = self.session.rule
        self.session.report = None
        self.jobs.submit(
            _read_and_report,
            rule,
            a_text,
            b_text,
            done=lambda answer: self._read(rule, answer, then),
            failed=lambda exc: self._failed(rule, None, exc),
            background=True,
        )

    def _read(self, rule: Rule, r: PositionReport, then: Callable[[int, int], None] | None) -> None:
        if rule != self.session.rule:
            return
        s = self.session
        s.selection = r.position
        s.message = ""
        s.report = r
        if then is not None:
            then(r.a, r.b)

    def clear(self) -> None:
        """No position selected (an opened session without one)."""
        self.jobs.cancel()
        self.session.selection = None
        self.session.report = None
        self.session.message = ""
        self.session.mark(cell=None, moves=())
        self.inspector.set_report(None)

    def input_error(self, message: str) -> None:
        """The inspector could not read what was typed: the error, and nothing selected (the old
        verdict stayed under the error, as if it answered what was typed)."""
        self.jobs.cancel()
        self.session.selection = None  # the session drops the report, its message, the game shown
        self.session.message = message
        self.session.mark(cell=None, moves=())

    def _arrived(self, rule: Rule, r: PositionReport) -> None:
        if self.session.accepts(rule, r.position):
            self.session.report = r

    def _failed(self, rule: Rule, position: tuple[int, int] | None, exc: BaseException) -> None:
        if not self.session.accepts(rule, position):
            return
        self.inspector.set_report(None)  # whatever ends the work clears "Working out …"
        if isinstance(exc, OutOfBounds):
            self.session.message = f"{exc}{self._how_further(rule, position)}"
        elif isinstance(exc, (RuleError, ValueError)):
            self.session.message = str(exc)  # digits that are not a number
        else:
            self.session.message = f"Could not analyse the position: {exc}"

    @staticmethod
    def _how_further(rule: Rule, position: tuple[int, int] | None) -> str:
        """What the window can do about a position beyond the solved square: View ▸ Extend, up to
        the window's own budget (the command line's is larger)."""
        limit = reach_limit(rule, budget.GENERATED_WINDOW_BYTES)
        if limit is None or rule.bound is None or limit <= rule.bound:
            return ""
        if position is not None and max(position) >= limit:
            return f". The window solves up to {limit:,} columns; the command line goes further"
        return f". View ▸ Extend the solved range (up to {limit:,} columns in the window)"

    def _show_report(self, r: PositionReport | None) -> None:
        self.inspector.set_report(r)
        if r is not None:
            self.session.mark(cell=(r.a, r.b), moves=r.moves)

    def _solved_changed(self, solved: int | None) -> None:
        """The rule answers further now: a selection it refused is asked about again."""
        s = self.session
        if s.selection is not None and s.report is None and s.message:
            self.request(*s.selection)

    def _rule_changed(self, rule: Rule) -> None:
        if self.session.compare is not None:  # the legend names the rule in effect
            self.inspector.set_comparing(rule.key, self.session.compare.key)
        if self.session.selection is not None:
            self.request(*self.session.selection)
