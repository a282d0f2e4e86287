"""Wires the query panel and the grid to the rule's counter.

Each rule supplies its counter: a Fenwick index over the generated sequence (Wythoff,
Fraenkel, misère), or its own prefix count (Nim's closed form, a custom rule's table).
Questions the counter answers at once are answered at once; a question that makes the index
grow, and whole batch files, run through the job helper (the latest request wins) with
progress and cancel. Every answer carries the rule it was computed for and is dropped if the
rule changed meanwhile.
"""

from __future__ import annotations

import csv
from collections.abc import Callable
from typing import Any

import numpy as np

from explorer.core.counting.closed_form import Count, cells_in
from explorer.core.counting.cold_index import Counter
from explorer.core.protocol import Rule, RuleError
from explorer.core.rules.texts import plain_title
from explorer.core.textio.atomic import replaced
from explorer.core.textio.query_file import QueryBatch, parse_query_file
from explorer.core.value_counts import Rects, ValueCount, count_by_value
from explorer.core.value_source import ValueCache
from explorer.session.jobs import Event, Jobs
from explorer.session.model import GRUNDY, BatchRecord, QueryRecord, Session
from explorer.session.views import HISTORY_SHOWN, QueryView

BATCH_CHUNK = 50_000
SYNC_VALUE_CELLS = 1 << 18  # value counts over more cells than this run on a worker


class QueryController:
    def __init__(self, session: Session, panel: QueryView, channel: Callable[[], Jobs]) -> None:
        """`channel` makes a background channel (the window's LatestJob; tests' InlineJobs)."""
        self.session = session
        self.panel = panel
        self.counter: Counter = session.rule.counter()
        self.jobs = channel()
        self.export_jobs = channel()
        self.batch_jobs = channel()
        self.answered = Event()  # a rectangle's count arrived (the window's memory pool hears it)
        self.batchFinished = Event()  # a batch ended: how many it answered, -1 if cancelled
        self._dropped = 0
        self._batch_open = False  # a batch asked for and not yet over (its worker may end later)
        self._shown: tuple[QueryRecord | BatchRecord, ...] = ()  # the records the history table lists
        panel.set_rule_title(session.rule.title)
        self._history_changed(session.queries)

    def listens(self) -> list[tuple[Any, Callable[[Any], object]]]:
        return [(self.session.events.rule, self._rule_changed), (self.session.events.queries, self._history_changed)]

    @property
    def busy(self) -> bool:
        return self.jobs.busy or self._batch_open or self.export_jobs.busy

    @property
    def records(self) -> tuple[QueryRecord | BatchRecord, ...]:
        return self.session.queries

    def _rule_changed(self, rule: Rule) -> None:
        pending = self.busy
        self.cancel()
        self.counter = rule.counter()
        self.panel.set_rule_title(rule.title)
        if pending:  # its answer belongs to the old rule and will be dropped: say so
            self.panel.show_progress(1, 1)
            self.panel.show_busy(f"The rule is now {rule.title}: the question asked before was dropped; ask again.")
        else:  # the last answer (or error) was the old rule's: it goes (the history keeps it, by its rule)
            self.panel.show_busy("")

    # ----- single queries ---------------------------------------------------------------------
    def from_grid(self, x0: int, y0: int, x1: int, y1: int) -> None:
        self.panel.set_rectangle(x0, y0, x1, y1)
        self.run_query(x0, y0, x1, y1)

    def run_query(self, x0: int, y0: int, x1: int, y1: int) -> None:
        self.session.mark(query=(x0, y0, x1, y1))
        if self.session.compare is not None:
            self._run_comparison(x0, y0, x1, y1)
            return
        rule, counter = self.session.rule, self.counter
        background = counter.costly(max(x1, y1))
        if background:
            self.panel.show_busy(f"Growing the index to {max(x1, y1) + 1:,} numbers…")
        work = counter.working_copy()  # grown on the worker; taken back here, on this thread
        self.jobs.submit(
            work.count_rect,
            x0,
            y0,
            x1,
            y1,
            done=lambda answer: self._counted(counter, work, rule, x0, y0, x1, y1, answer=answer),
            failed=lambda exc: self._failed(rule, exc),
            background=background,
        )

    def _counted(self, counter: Counter, work: Counter, rule: Rule, *rect: int, answer: Count) -> None:
        """A count arrived (on this thread): the index takes what the worker's copy grew, if still ours."""
        if counter is self.counter:
            counter.adopt(work)
        x0, y0, x1, y1 = rect
        self._show(rule, x0, y0, x1, y1, answer)

    def _run_comparison(self, x0: int, y0: int, x1: int, y1: int) -> None:
        """While two rules are compared, a rectangle's cells of each kind, cell by cell (on a worker)."""
        from explorer.core.analysis.compare import compare_with_shifts

        rule, other = self.session.rule, self.session.compare
        assert other is not None
        # a comparison of [0, 4095]² takes seconds, cell by cell: said at once (the last answer, or a red
        # error, stayed on screen meanwhile: issue 64)
        self.panel.show_busy(
            f"Comparing {plain_title(rule)} with {plain_title(other)} on [{x0:,}, {x1:,}] × [{y0:,}, {y1:,}], "
            "cell by cell…"
        )
        self.jobs.submit(
            compare_with_shifts,
            rule,
            other,
            x0,
            y0,
            x1,
            y1,
            done=lambda found: self._compared(rule, other, x0, y0, x1, y1, *found),
            failed=lambda exc: self._failed(rule, exc),
        )

    def _compared(
        self,
        rule: Rule,
        other: Rule,
        x0: int,
        y0: int,
        x1: int,
        y1: int,
        counts: Any,
        shifts: tuple = (),  # type: ignore[type-arg]
    ) -> None:
        if not self.session.accepts(rule) or other != self.session.compare:
            return
        self.panel.show_comparison(x0, y0, x1, y1, counts, plain_title(rule), plain_title(other), shifts)
        how = f"compared with {other.key}: both {counts.both}, {other.key} only {counts.second_only}"
        self.session.add_query(
            QueryRecord(x0, y0, x1, y1, counts.both + counts.first_only, counts.cells, how, rule.key)
        )

    def _failed(self, rule: Rule, exc: BaseException) -> None:
        if self.session.accepts(rule):
            self.panel.show_error(str(exc) if isinstance(exc, RuleError) else f"The query failed: {exc}")

    def run_value_query(self, kind: str, v: int, x0: int, y0: int, x1: int, y1: int) -> None:
        """Cells whose Grundy value (or remoteness) is v in the rectangle, from the one place that
        plans counts by value (explorer.core.value_counts): on a worker, into a working copy of the
        session's values, unless a corner known now holds a small rectangle."""
        self.session.mark(query=(x0, y0, x1, y1))
        rule, cache = self.session.rule, self.session.values
        if cache is None:
            return
        rects = Rects.of([x0], [y0], [x1], [y1])
        held = cache.corner_block(0, 0, x1 + 1, y1 + 1, kind) is not None
        background = not held or cells_in(x0, y0, x1, y1) > SYNC_VALUE_CELLS
        work = cache.working_copy() if background else cache
        if background:
            self.panel.show_busy(f"Counting the cells with {'G' if kind == GRUNDY else 'R'} = {v}…")
        self.jobs.submit(
            count_by_value,
            work,
            kind,
            v,
            rects,
            done=lambda answer: self._show_value(rule, kind, v, x0, y0, x1, y1, answer, cache, work),
            failed=lambda exc: self._failed(rule, exc),
            progress=(lambda done, total: None) if background else None,
            background=background,
        )

    def _show_value(
        self,
        rule: Rule,
        kind: str,
        v: int,
        x0: int,
        y0: int,
        x1: int,
        y1: int,
        answer: ValueCount,
        cache: ValueCache,
        work: ValueCache,
    ) -> None:
        if not self.session.accepts(rule):
            return
        if work is not cache and cache is self.session.values and cache.adopt(work):
            self.session.values_changed(cache)
        count = int(answer.counts[0])
        self.panel.show_value_count(kind, v, x0, y0, x1, y1, count)
        cells = cells_in(x0, y0, x1, y1)
        self.session.add_query(QueryRecord(x0, y0, x1, y1, count, cells, answer.method, rule.key))

    def _show(self, rule: Rule, x0: int, y0: int, x1: int, y1: int, answer: Count) -> None:
        if not self.session.accepts(rule):
            return
        self.panel.show_count(x0, y0, x1, y1, answer)
        self.session.add_query(QueryRecord(x0, y0, x1, y1, answer.count, answer.cells, answer.method, rule.key))
        self.answered.emit(answer)

    # ----- batches ----------------------------------------------------------------------------
    def import_value_batch(self, path: str, kind: str, v: int) -> None:
        """A batch of rectangles, each answered with its cells whose G (or R) is v."""
        self.import_batch(path, (kind, v))

    def _batch_counter(self, value: tuple[str, int] | None, work: Counter) -> Callable[[QueryBatch], tuple[Any, str]]:
        """How a batch's part is answered: its cold cells by the rule's counter; or its cells of one
        value, by the one place that plans counts by value, solving into its own working copy."""
        if value is None:  # `work`: the batch's worker grows its own copy of the index
            return lambda part: work.count_rect_many(part.x0, part.y0, part.x1, part.y1)
        kind, v = value
        cache = self.session.values
        if cache is None:
            raise ValueError("values are not computed for this rule")
        values = cache.working_copy()

        def by_value(part: QueryBatch) -> tuple[Any, str]:
            answer = count_by_value(values, kind, v, Rects.of(part.x0, part.y0, part.x1, part.y1))
            return answer.counts, answer.method

        return by_value

    def import_batch(self, path: str, value: tuple[str, int] | None = None) -> None:
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
        rule, counter = self.session.rule, self.counter
        work = counter.working_copy()
        try:
            count = self._batch_counter(value, work)
        except ValueError as exc:
            self.panel.show_error(str(exc))
            return
        self._batch_open = True
        self.batch_jobs.submit(
            _batch_job,
            data,
            count,
            done=lambda total: self._batch_ended(counter, work, total),
            failed=lambda exc: self._batch_failed(rule, exc),
            progress=lambda done, total: self._batch_progress(rule, done, total),
            partial=lambda chunk: self._batch_chunk(rule, chunk),
        )

    def _batch_rows(self) -> int:
        return sum(len(r) for r in self.session.queries if isinstance(r, BatchRecord))

    def _batch_progress(self, rule: Rule, done: int, total: int) -> None:
        if not self.session.accepts(rule):
            self.cancel()
            return
        self.panel.show_progress(done, total)
        self.panel.show_busy(f"Answered {done:,} of {total:,} queries…")

    def _batch_chunk(self, rule: Rule, chunk: tuple[QueryBatch, Any, str]) -> None:
        """A part of the batch answered: kept in the session's history (which the table lists)."""
        if not self.session.accepts(rule):
            return
        part, counts, method = chunk
        self._dropped += self.session.add_query(
            BatchRecord(part.x0, part.y0, part.x1, part.y1, counts, method, rule.key)
        )

    def _batch_failed(self, rule: Rule, exc: BaseException) -> None:
        self._batch_open = False
        self.panel.show_progress(1, 1)
        if self.session.accepts(rule):
            self.panel.show_error(f"The import failed: {exc}")
        self.batchFinished.emit(-1)

    def _history_changed(self, records: tuple[QueryRecord | BatchRecord, ...]) -> None:
        """The history table lists the session's answers: the rows of records added since it was
        drawn, or all of it again when records went (a batch dropped, a session opened). The table
        shows the newest HISTORY_SHOWN rows; every row is kept and exported."""
        shown, self._shown = self._shown, records
        grew = len(records) >= len(shown) and all(a is b for a, b in zip(shown, records, strict=False))
        if grew:
            self.panel.add_history_rows(history_rows(records[len(shown) :], HISTORY_SHOWN))
        else:
            self.panel.set_history(history_rows(records, HISTORY_SHOWN))

    def _batch_ended(self, counter: Counter, work: Counter, total: int | None) -> None:
        if counter is self.counter:
            counter.adopt(work)  # what the batch's copy of the index grew, taken here
        self._batch_done(total)

    def _batch_done(self, total: int | None) -> None:
        self._batch_open = False  # a new batch may start at once (its worker may still be ending)
        self.panel.show_progress(1, 1)
        batch_rows = self._batch_rows()
        if total is None:
            self.panel.show_busy(f"Import cancelled after {batch_rows:,} queries (kept for export).")
            self.batchFinished.emit(-1)
            return
        more = max(0, self._batch_rows() - HISTORY_SHOWN)
        note = f"; the table shows the newest {HISTORY_SHOWN:,} rows, the CSV has all" if more else ""
        if self._dropped:
            note += f"; {self._dropped:,} answers of earlier imports were dropped to stay within the memory budget"
            self._dropped = 0
        self.panel.show_busy(f"Answered {total:,} queries{note}.")
        self.batchFinished.emit(total)

    def cancel(self) -> None:
        self.jobs.cancel()
        if self._batch_open:  # its answers so far stay in the history
            self.batch_jobs.cancel()
            self._batch_done(None)

    # ----- export -----------------------------------------------------------------------------
    def export_csv(self, path: str) -> None:
        """Write every answer to a CSV file, on a worker (a history may hold millions of rows)."""
        records = self.session.queries
        self.panel.show_busy(f"Exporting {sum(len(r) for r in records):,} rows…")
        self.export_jobs.submit(
            _write_csv,
            path,
            records,
            done=lambda rows: self.panel.show_busy(f"Exported {rows:,} rows to {path}."),
            failed=lambda exc: self.panel.show_error(
                f"Cannot write {path}: {exc.strerror or exc}" if isinstance(exc, OSError) else f"Export failed: {exc}"
            ),
        )


Row = tuple[int, int, int, int, int, int, str, str]


def history_rows(records: tuple[QueryRecord | BatchRecord, ...], newest: int) -> list[Row]:
    """The newest `newest` rows of these records, oldest first: x0, y0, x1, y1, count, cells,
    method, rule key."""
    rows: list[Row] = []
    for record in reversed(records):
        if len(rows) >= newest:
            break
        if isinstance(record, QueryRecord):
            r = record
            rows.append((r.x0, r.y0, r.x1, r.y1, r.count, r.cells, r.method, r.rule_key))
            continue
        for i in range(len(record) - 1, max(-1, len(record) - 1 - (newest - len(rows))), -1):
            x0, y0, x1, y1 = (int(c[i]) for c in (record.x0, record.y0, record.x1, record.y1))
            rows.append(
                (x0, y0, x1, y1, int(record.counts[i]), cells_in(x0, y0, x1, y1), record.method, record.rule_key)
            )
    rows.reverse()
    return rows


def _write_csv(path: str, records: tuple[QueryRecord | BatchRecord, ...]) -> int:
    rows = 0
    with replaced(path, "w", newline="") as handle:
        writer = csv.writer(handle)
        # "cold_cells" while every answer counts cold cells; "count" once some count a value (see method)
        values = any(r.method[:2] in ("G=", "R=") for r in records)
        writer.writerow(["x0", "y0", "x1", "y1", "count" if values else "cold_cells", "cells", "method", "rule"])
        for record in records:
            if isinstance(record, QueryRecord):
                r = record
                writer.writerow((r.x0, r.y0, r.x1, r.y1, r.count, r.cells, r.method, r.rule_key))
                rows += 1
                continue
            cols = [np.asarray(c, dtype=object) for c in (record.x0, record.y0, record.x1, record.y1)]
            for x0, y0, x1, y1, c in zip(*cols, list(record.counts), strict=True):
                cells = cells_in(x0, y0, x1, y1)
                writer.writerow((x0, y0, x1, y1, int(c), cells, record.method, record.rule_key))
                rows += 1
    return rows


def _batch_job(
    data: bytes,
    count: Callable[[QueryBatch], tuple[Any, str]],
    progress: Callable[[int, int], bool],
    partial: Callable[[tuple[QueryBatch, Any, str]], None],
) -> int:
    """Read a batch file and answer it chunk by chunk, each chunk handed over as it is answered;
    stops (InterruptedError) when its progress says so. Returns how many queries it answered."""
    batch = parse_query_file(data)  # raises InputError: the panel shows it
    total = len(batch)
    if progress(0, total) is False:
        raise InterruptedError
    for lo in range(0, total, BATCH_CHUNK):
        part = QueryBatch(*(col[lo : lo + BATCH_CHUNK] for col in (batch.x0, batch.y0, batch.x1, batch.y1)))
        counts, method = count(part)
        partial((part, counts, method))
        if progress(min(total, lo + BATCH_CHUNK), total) is False:
            raise InterruptedError
    return total
