"""Grows a rule's generated sequence (move-vector rules with Nim's rays) to cover what the person
looks at, off the GUI thread, with progress and Cancel in the status bar.

A rule says how far it is solved (`bound`) and how far it can grow in the window's budget
(`reach_limit`); rules with a closed form or a fixed square never need this. Moving the view past
the solved columns grows them by itself up to AUTO_COLUMNS (a second at most, for (1,2)-GDWN);
View ▸ Extend the solved range goes on to the window's budget (2^24 columns). The status bar
always says how far the rule is solved. When the sequence has grown, the grid is drawn again
and a position that was refused for lying beyond is asked about again.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject, QTimer, Signal
from PySide6.QtWidgets import QLabel, QProgressBar, QPushButton, QStatusBar

from explorer.core import budget
from explorer.core.rules.base import Rule
from explorer.gui.grid.view import GridView
from explorer.gui.jobs import LatestJob
from explorer.session.model import Session

AUTO_COLUMNS = 1 << 22  # grown by itself as the view moves on; beyond, only when asked


def _reach(rule: Rule, m: int, progress: Callable[[int, int], bool] | None = None) -> None:
    rule.reach(m, progress, budget.GENERATED_WINDOW_BYTES)


class GrowthController(QObject):
    grown = Signal(int)  # the new bound

    def __init__(self, session: Session, grid: GridView, status: QStatusBar, reselect: Callable[[], None]) -> None:
        super().__init__(grid)
        self.session = session
        self.grid = grid
        self.reselect = reselect
        self.jobs = LatestJob(self)
        self.target = 0  # the bound being grown to (0: none)
        self._sequence = False
        self.failure = ""  # why the last growth stopped, shown until the next one
        self.label = QLabel(objectName="growthLabel")
        self.bar = QProgressBar(objectName="growthProgress")
        self.bar.setMaximumWidth(160)
        self.cancel_button = QPushButton("Cancel", objectName="growthCancel")
        for widget in (self.label, self.bar, self.cancel_button):
            status.addPermanentWidget(widget)
            widget.setVisible(False)
        self.cancel_button.clicked.connect(self.cancel)
        self.jobs.busyChanged.connect(self._busy_changed)
        session.events.rule.connect(self._rule_changed)
        grid.navigated.connect(self.view_moved)

    @property
    def busy(self) -> bool:
        return self.jobs.busy

    def limit(self, rule: Rule) -> int | None:
        """How far the rule can be solved in the window (None: it needs no solving)."""
        return rule.reach_limit(budget.GENERATED_WINDOW_BYTES)

    def grows(self, rule: Rule) -> bool:
        limit = self.limit(rule)
        return limit is not None and rule.bound is not None and rule.bound < limit

    def view_moved(self) -> None:
        """Cover the view, as far as AUTO_COLUMNS (once the move has landed: the grid says it is
        moving before its new range is set)."""
        if self._sequence:
            QTimer.singleShot(0, self, self._cover_view)

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
        self.label.setText(f"Solving the sequence to {m:,} columns…")
        for widget in (self.label, self.bar, self.cancel_button):
            widget.setVisible(True)
        self.bar.setValue(0)
        self.jobs.submit(
            _reach,
            rule,
            m,
            done=lambda _: self._done(rule),
            failed=lambda exc: self._failed(rule, exc),
            progress=self._progress,
        )

    def cancel(self) -> None:
        if self.jobs.busy:
            self.jobs.cancel()

    def _progress(self, done: int, total: int) -> None:
        self.bar.setMaximum(max(total, 1))
        self.bar.setValue(done)

    def _done(self, rule: Rule) -> None:
        if rule != self.session.rule:
            return
        self.grid.render_now()
        self.reselect()
        self.grown.emit(rule.bound or 0)

    def _failed(self, rule: Rule, exc: BaseException) -> None:
        if rule == self.session.rule:
            self.failure = f"Solving the sequence stopped: {exc}"

    def _busy_changed(self, busy: bool) -> None:
        if busy:
            return
        self.target = 0
        self.bar.setVisible(False)
        self.cancel_button.setVisible(False)
        rule = self.session.rule
        self.grid.render_now()  # a cancelled growth keeps what it solved: show it
        self.reselect()  # and a position refused before may lie inside it now
        self._show_state(rule)

    def _show_state(self, rule: Rule, extra: str = "") -> None:
        """How far the rule is solved, in the status bar (only for rules that grow)."""
        limit = self.limit(rule)
        if not self._sequence or limit is None or rule.bound is None:
            self.label.setVisible(False)
            return
        more = (
            " (the window's budget; commands go further)"
            if rule.bound >= limit
            else f" of up to {limit:,}: View ▸ Extend the solved range"
        )
        self.label.setText(self.failure or f"Solved on [0, {rule.bound:,})²{more}{extra}")
        self.label.setVisible(True)

    def _rule_changed(self, rule: Rule) -> None:
        self.jobs.cancel()
        self.bar.setVisible(False)
        self.cancel_button.setVisible(False)
        self._sequence = self.grows(rule)  # a rule that grows: the status bar says how far it is solved
        self._show_state(rule)
        if self._sequence:
            self._cover_view()  # the view is where it is: no need to wait for it to land
