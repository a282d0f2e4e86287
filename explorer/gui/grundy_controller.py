"""Grows the Grundy table in the background when the grid asks for more of it.

The computation runs on a worker thread (the compiled sweep releases the GIL), reports its
progress through a queued signal, and stops at the next block of rows when cancelled.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QLabel, QProgressBar, QPushButton, QStatusBar
from superqt.utils import create_worker

from explorer.core.grundy.cache import GrundyCache
from explorer.gui.grid_view import GridView


class GrundyController(QObject):
    progressed = Signal(int, int)  # rows done, rows in all (emitted from the worker)
    grown = Signal(int)

    def __init__(self, grid: GridView, status: QStatusBar, cache: GrundyCache | None = None) -> None:
        super().__init__(grid)
        self.grid = grid
        self.cache = cache or GrundyCache()
        grid.grundy = self.cache
        self.label = QLabel(objectName="grundyLabel")
        self.bar = QProgressBar(objectName="grundyProgress")
        self.bar.setMaximumWidth(180)
        self.cancel_button = QPushButton("Cancel", objectName="grundyCancel")
        for widget in (self.label, self.bar, self.cancel_button):
            status.addPermanentWidget(widget)
            widget.setVisible(False)
        self.cancel_button.clicked.connect(self.cancel)
        self.progressed.connect(self._show_progress)
        grid.grundyNeeded.connect(self.request)
        self._worker: Any = None
        self._cancelled = False
        self._refused: set[int] = set()

    @property
    def busy(self) -> bool:
        return self._worker is not None

    def request(self, side: int) -> None:
        """Compute the square [0, side)^2 unless it is there, under way, or was cancelled."""
        if self.busy or side <= self.cache.side or side in self._refused:
            return
        self._cancelled = False
        self.label.setText(f"Computing Grundy values on [0, {side})²…")
        for widget in (self.label, self.bar, self.cancel_button):
            widget.setVisible(True)
        self.bar.setValue(0)

        def progress(done: int, total: int) -> bool:
            self.progressed.emit(done, total)
            return not self._cancelled

        worker = create_worker(self.cache.grow, side, progress, _start_thread=False, _ignore_errors=True)
        worker.returned.connect(lambda _: self._done(side))
        worker.errored.connect(lambda exc: self._done(-1 if isinstance(exc, InterruptedError) else -2, side))
        self._worker = worker
        worker.start()

    def _show_progress(self, done: int, total: int) -> None:
        self.bar.setMaximum(total)
        self.bar.setValue(done)

    def _done(self, side: int, asked: int | None = None) -> None:
        self._worker = None
        self.bar.setVisible(False)
        self.cancel_button.setVisible(False)
        if side > 0:
            self.label.setVisible(False)
            self.grid.render_now()
        else:
            self._refused.add(asked or 0)  # do not restart it by itself; the mode switch retries
            self.label.setText("Grundy computation cancelled" if side == -1 else "Grundy computation failed")
        self.grown.emit(side)

    def cancel(self) -> None:
        self._cancelled = True

    def retry(self) -> None:
        self._refused.clear()
