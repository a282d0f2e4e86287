"""Why? (issue 30): the selected position's lines of moves and the cold cells on them, drawn over
the grid and told in the inspector. Worked out on a worker (the winning moves along a ray of a
generated sequence far out take long); shown only while it is still what is asked.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import Any

from explorer.core.analysis.construction import Why, why
from explorer.core.protocol import Rule
from explorer.session.jobs import Jobs
from explorer.session.model import Session
from explorer.session.views import InspectorView, Overlay


class WhyController:
    def __init__(self, session: Session, inspector: InspectorView, jobs: Jobs, say: Callable[[str], None]) -> None:
        self.session = session
        self.inspector = inspector
        self.jobs = jobs
        self.say = say  # the status bar

    def listens(self) -> list[tuple[Any, Callable[[Any], object]]]:
        events = self.session.events
        return [
            (events.why, lambda _: self._show()),
            (events.build, lambda _: self._show()),
            (events.rule, lambda _: self._show()),
        ]

    @property
    def busy(self) -> bool:
        return self.jobs.busy

    def ask_why(self) -> None:
        """Draw the selected position's moves and the cold cells on them (again: turn it off)."""
        s = self.session
        if s.selection is None:
            self.say("Select a position first: then Why? draws its moves")
            return
        s.build = None
        s.why = None if s.why == s.selection else s.selection

    def _show(self) -> None:
        s = self.session
        if s.build is not None:  # build mode draws, and speaks in its own panel
            self.jobs.cancel()
            return
        if s.why is None:
            self.jobs.cancel()
            self.session.overlay = None
            if not s.demo:  # a perfect game shown speaks there
                self.inspector.set_why("")
            return
        rule, position = s.rule, s.why
        self.session.overlay = None
        self.inspector.set_why("Working out why…")
        self.jobs.submit(
            why,
            rule,
            *position,
            done=lambda w: self._why_arrived(rule, position, w),
            failed=lambda exc: self._why_arrived(rule, position, exc),
        )

    def _why_arrived(self, rule: Rule, position: tuple[int, int], w: Why | BaseException) -> None:
        """Why? of `position` under `rule`: shown only if it is still what is asked."""
        s = self.session
        if s.why != position or s.rule != rule or s.build is not None:
            return
        if isinstance(w, BaseException):
            self.inspector.set_why(html.escape(str(w)))
            self.session.overlay = None
            return
        self.session.overlay = Overlay(False, (), (position,), w.lines, w.dots, w.targets)
        self.inspector.set_why("<br>".join(html.escape(t) for t in w.sentences))
