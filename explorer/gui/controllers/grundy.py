"""Grows the Grundy table of the rule in effect when the grid asks for more of it, and says G
of the selected position in the inspector.

The computation runs through the window's job helper (the compiled sweep releases the GIL),
reports progress, and stops at the next block of rows when cancelled. A new rule gets a new
table; an answer for the old rule is dropped.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QLabel, QProgressBar, QPushButton, QStatusBar

from explorer.core.analysis.position import PositionReport
from explorer.core.grundy.cache import GrundyCache
from explorer.core.rules.base import Rule
from explorer.gui.grid.view import GridView
from explorer.gui.jobs import LatestJob
from explorer.session.model import Session
from explorer.session.views import InspectorView


class GrundyController(QObject):
    grown = Signal(int)

    def __init__(self, session: Session, grid: GridView, inspector: InspectorView, status: QStatusBar) -> None:
        super().__init__(grid)
        self.session = session
        self.grid = grid
        self.inspector = inspector
        self.cache = GrundyCache(session.rule)
        grid.grundy = self.cache
        self.jobs = LatestJob(self)
        self._cancelling = False
        self.jobs.busyChanged.connect(self._busy_changed)
        self.label = QLabel(objectName="grundyLabel")
        self.bar = QProgressBar(objectName="grundyProgress")
        self.bar.setMaximumWidth(180)
        self.cancel_button = QPushButton("Cancel", objectName="grundyCancel")
        for widget in (self.label, self.bar, self.cancel_button):
            status.addPermanentWidget(widget)
            widget.setVisible(False)
        self.cancel_button.clicked.connect(self.cancel)
        grid.grundyNeeded.connect(self.request)
        self._refused: set[int] = set()
        self._asked = 0
        session.events.rule.connect(self._rule_changed)
        session.events.report.connect(self._show_value)
        session.events.mode.connect(lambda _: self.retry())

    @property
    def busy(self) -> bool:
        return self.jobs.busy

    def request(self, side: int) -> None:
        """Compute the square [0, side)^2 unless it is there, under way, or was cancelled."""
        rule = self.session.rule
        if not rule.has_grundy or self.busy or side <= self.cache.side or side in self._refused:
            return
        self._asked = side
        self.label.setText(f"Computing Grundy values on [0, {side})²…")
        for widget in (self.label, self.bar, self.cancel_button):
            widget.setVisible(True)
        self.bar.setValue(0)
        cache = self.cache
        self.jobs.submit(
            cache.grow,
            side,
            done=lambda _: self._done(cache, side),
            failed=lambda exc: self._failed(side, exc),
            progress=self._show_progress,
        )

    def _show_progress(self, done: int, total: int) -> None:
        self.bar.setMaximum(total)
        self.bar.setValue(done)

    def _hide(self) -> None:
        self.bar.setVisible(False)
        self.cancel_button.setVisible(False)

    def _done(self, cache: GrundyCache, side: int) -> None:
        self._hide()
        if cache is not self.cache:
            return
        self.label.setVisible(False)
        self.grid.render_now()
        self._show_value(self.session.report)
        self.grown.emit(side)

    def _failed(self, side: int, exc: BaseException) -> None:
        self._hide()
        self._refused.add(side)  # do not restart it by itself; a mode switch retries
        self.label.setText(f"Grundy computation failed: {exc}")
        self.grown.emit(-2)

    def cancel(self) -> None:
        """Stop the growth; `grown(-1)` follows once the worker has stopped."""
        if self.busy:
            self._cancelling = True
            self.jobs.cancel()
            self._hide()
            self._refused.add(self._asked)
            self.label.setText("Grundy computation cancelled")

    def _busy_changed(self, busy: bool) -> None:
        if not busy and self._cancelling:
            self._cancelling = False
            self.grown.emit(-1)

    def retry(self) -> None:
        self._refused.clear()

    def _rule_changed(self, rule: Rule) -> None:
        self.jobs.cancel()
        self._hide()
        self.label.setVisible(False)
        self._refused.clear()
        self.cache = GrundyCache(rule)
        self.grid.grundy = self.cache

    def _show_value(self, r: PositionReport | None) -> None:
        rule = self.session.rule
        if r is None or not rule.has_grundy:
            self.inspector.set_grundy("")
            return
        g = self.cache.value(r.a, r.b)
        if g is None:
            text = f"G{(r.a, r.b)}: not computed yet (the table covers [0, {self.cache.side})²; Grundy mode grows it)"
        else:
            targets = [self.cache.value(*m.target) for m in r.moves]
            shown = ", ".join("?" if t is None else str(t) for t in targets)
            text = f"G{(r.a, r.b)} = {g}" + (f"; G of the move targets: {shown}" if targets else "")
        self.inspector.set_grundy(text)
