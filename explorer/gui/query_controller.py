"""Wires the query panel and the grid to the cold-cell index.

Queries inside the index's current size answer at once; a query that makes the index grow
(more than ~50 ms of work) and whole batch files run on worker threads, with progress and
cancel. The index is touched by one worker at a time; requests made meanwhile wait their turn
(only the latest single query is kept).
"""

from __future__ import annotations

import csv
from collections.abc import Iterator
from typing import Any

import numpy as np
from PySide6.QtCore import QObject, Signal
from superqt.utils import create_worker, thread_worker

from explorer.core.counting.cold_index import ColdIndex, Count
from explorer.core.grundy.cache import GrundyCache
from explorer.core.rules.closed import cold_count_rect
from explorer.core.textio.query_file import QueryBatch, parse_query_file
from explorer.gui.grid_view import GridView
from explorer.gui.query_panel import SHOWN_BATCH_ROWS, QueryPanel

SYNC_GROWTH = 1 << 20  # growing the index up to this size takes ~50 ms: do it in place
BATCH_CHUNK = 50_000


class QueryController(QObject):
    answered = Signal(object)
    batchFinished = Signal(int)

    def __init__(self, panel: QueryPanel, grid: GridView, index: ColdIndex | None = None) -> None:
        super().__init__(panel)
        self.panel = panel
        self.grid = grid
        self.index = index or ColdIndex()
        self.records: list[tuple[Any, ...]] = []  # single queries and batch chunks, for CSV
        self._worker: Any = None
        self._queued: tuple[int, int, int, int] | None = None
        panel.queryRequested.connect(self.run_query)
        panel.valueQueryRequested.connect(self.run_value_query)
        self.grundy: GrundyCache | None = None
        self.rule: object = None  # None: Wythoff (the Fenwick index); else its own count
        panel.importRequested.connect(self.import_batch)
        panel.exportRequested.connect(self.export_csv)
        panel.cancelRequested.connect(self.cancel)
        grid.rectangleSelected.connect(self._from_grid)

    @property
    def busy(self) -> bool:
        return self._worker is not None

    # ----- single queries ---------------------------------------------------------------------
    def _from_grid(self, x0: int, y0: int, x1: int, y1: int) -> None:
        self.panel.set_rectangle(x0, y0, x1, y1)
        self.run_query(x0, y0, x1, y1)

    def run_query(self, x0: int, y0: int, x1: int, y1: int) -> None:
        self.grid.set_query_rect(x0, y0, x1, y1)
        if self.rule is not None:
            self._other_rule_query(x0, y0, x1, y1)
            return
        if self.busy:
            self._queued = (x0, y0, x1, y1)
            self.panel.show_busy("Waiting for the index…")
            return
        far = max(x1, y1)
        if far < self.index.size or far < SYNC_GROWTH or not self.index.covers(far):
            self._show(x0, y0, x1, y1, self.index.count_rect(x0, y0, x1, y1))
            return
        self.panel.show_busy(f"Growing the index to {far + 1:,} numbers…")
        worker = create_worker(self.index.count_rect, x0, y0, x1, y1, _start_thread=False, _ignore_errors=True)
        worker.returned.connect(lambda answer: self._show(x0, y0, x1, y1, answer))
        self._start(worker)

    def _other_rule_query(self, x0: int, y0: int, x1: int, y1: int) -> None:
        cells = (x1 - x0 + 1) * (y1 - y0 + 1)
        try:
            if getattr(self.rule, "name", "") == "custom":
                count, method = self.rule.count_rect(x0, y0, x1, y1), "dynamic programming"  # type: ignore[attr-defined]
            else:
                count, method = cold_count_rect(self.rule, x0, y0, x1, y1), "closed-form"  # type: ignore[arg-type]
        except ValueError as exc:
            self.panel.show_error(str(exc))
            return
        self._show(x0, y0, x1, y1, Count(count, cells, method))

    def run_value_query(self, g: int, x0: int, y0: int, x1: int, y1: int) -> None:
        """Cells of Grundy value g in the rectangle (inside the computed Grundy square)."""
        self.grid.set_query_rect(x0, y0, x1, y1)
        side = self.grundy.side if self.grundy is not None else 0
        if self.rule is not None:
            self.panel.show_error("Grundy values are computed for Wythoff's rule only")
            return
        if self.grundy is None or not self.grundy.covers(x1, y1):
            self.panel.show_error(
                f"Grundy values are computed on [0, {side})² so far: switch the colour mode to "
                "Grundy values and view the rectangle to compute further (up to 8192)."
            )
            return
        count = self.grundy.count_value(g, x0, y0, x1, y1)
        self.panel.show_value_count(g, x0, y0, x1, y1, count)
        cells = (x1 - x0 + 1) * (y1 - y0 + 1)
        self.records.append((x0, y0, x1, y1, count, cells, f"G={g} dominance"))

    def _show(self, x0: int, y0: int, x1: int, y1: int, answer: Count) -> None:
        self.panel.show_count(x0, y0, x1, y1, answer)
        self.records.append((x0, y0, x1, y1, answer.count, answer.cells, answer.method))
        self.answered.emit(answer)

    def _start(self, worker: Any) -> None:
        self._worker = worker
        worker.errored.connect(lambda exc: self.panel.show_error(f"The query failed: {exc}"))
        worker.finished.connect(self._finished)
        worker.start()

    def _finished(self) -> None:
        self._worker = None
        self.panel.show_progress(1, 1)
        if self._queued is not None:
            queued, self._queued = self._queued, None
            self.run_query(*queued)

    # ----- batches ----------------------------------------------------------------------------
    def import_batch(self, path: str) -> None:
        if self.busy:
            self.panel.show_error("Busy with another job: cancel it or wait")
            return
        try:
            with open(path, "rb") as handle:
                data = handle.read()
        except OSError as exc:
            self.panel.show_error(f"Cannot read {path}: {exc.strerror or exc}")
            return
        self.panel.show_busy(f"Reading {path}…")
        worker = self._batch_job(data)
        worker.yielded.connect(self._batch_progress)
        worker.returned.connect(self._batch_done)
        worker.aborted.connect(lambda: self._batch_done(None))
        self._start(worker)

    @thread_worker(start_thread=False, ignore_errors=True)
    def _batch_job(self, data: bytes) -> Iterator[tuple[int, int, Any]]:
        batch = parse_query_file(data)  # raises InputError: shown by `errored`
        total = len(batch)
        yield 0, total, None
        for lo in range(0, total, BATCH_CHUNK):
            part = QueryBatch(*(col[lo : lo + BATCH_CHUNK] for col in (batch.x0, batch.y0, batch.x1, batch.y1)))
            counts, method = self.index.count_rect_many(part.x0, part.y0, part.x1, part.y1)
            yield min(total, lo + BATCH_CHUNK), total, (part, counts, method)
        return total

    def _batch_progress(self, step: tuple[int, int, Any]) -> None:
        done, total, chunk = step
        self.panel.show_progress(done, total)
        self.panel.show_busy(f"Answered {done:,} of {total:,} queries…")
        if chunk is None:
            return
        part, counts, method = chunk
        self.records.append(("batch", part, counts, method))
        shown = sum(len(r[1]) for r in self.records if r[0] == "batch")
        first_row = shown - len(part)
        for i in range(max(0, min(len(part), SHOWN_BATCH_ROWS - first_row))):
            x0, y0, x1, y1 = (int(c[i]) for c in (part.x0, part.y0, part.x1, part.y1))
            cells = max(0, x1 - x0 + 1) * max(0, y1 - y0 + 1)
            self.panel.add_history_row(x0, y0, x1, y1, int(counts[i]), cells, method)

    def _batch_done(self, total: int | None) -> None:
        batch_rows = sum(len(r[1]) for r in self.records if r[0] == "batch")
        if total is None:
            self.panel.show_busy(f"Import cancelled after {batch_rows:,} queries (kept for export).")
            self.batchFinished.emit(-1)
            return
        more = max(0, total - SHOWN_BATCH_ROWS)
        note = f"; the table shows the first {SHOWN_BATCH_ROWS:,}, the CSV has all" if more else ""
        self.panel.show_busy(f"Answered {total:,} queries{note}.")
        self.batchFinished.emit(total)

    def cancel(self) -> None:
        if self._worker is not None and hasattr(self._worker, "quit"):
            self._worker.quit()

    # ----- export -----------------------------------------------------------------------------
    def export_csv(self, path: str) -> None:
        try:
            with open(path, "w", newline="") as handle:
                writer = csv.writer(handle)
                writer.writerow(["x0", "y0", "x1", "y1", "cold_cells", "cells", "method"])
                for record in self.records:
                    if record[0] != "batch":
                        writer.writerow(record)
                        continue
                    _, part, counts, method = record
                    cols = [np.asarray(c, dtype=object) for c in (part.x0, part.y0, part.x1, part.y1)]
                    for x0, y0, x1, y1, c in zip(*cols, list(counts), strict=True):
                        cells = max(0, x1 - x0 + 1) * max(0, y1 - y0 + 1)
                        writer.writerow((x0, y0, x1, y1, int(c), cells, method))
        except OSError as exc:
            self.panel.show_error(f"Cannot write {path}: {exc.strerror or exc}")
            return
        self.panel.show_busy(f"Exported to {path}.")
