"""The Sequence tab's controller: where the table starts, the rows too large for the GUI thread,
and the exports (a CSV of rows, an OEIS b-file of terms), each on a worker with progress and Cancel.

The tab's state lives in the session (`Session.tables`: the first k and the last export), so a
saved session opens where it was left. The view only shows rows and asks.
"""

from __future__ import annotations

import csv
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from explorer.core.analysis.tables import sequence_row
from explorer.core.exact.bigint import digit_count, parse_natural
from explorer.core.textio.atomic import replaced
from explorer.session.jobs import Cancelled, Jobs
from explorer.session.model import Session
from explorer.session.views import SequenceView

EXPORT_LIMIT = 400_000_000  # digits written by one export (a file of about 1 GB at most)


class SequenceController:
    def __init__(
        self,
        session: Session,
        view: SequenceView,
        rows: Jobs,
        exports: Jobs,
        ask_csv: Callable[[], str | None] = lambda: None,
        ask_bfile: Callable[[], tuple[str, bool] | None] = lambda: None,
    ) -> None:
        """`rows`: the channel of rows worked out for the table; `exports`: of the exports;
        `ask_csv`, `ask_bfile`: where to write (the window's file dialogs; None: cancelled)."""
        self.session = session
        self.view = view
        self.rows = rows
        self.exports = exports
        self.ask_csv = ask_csv
        self.ask_bfile = ask_bfile
        self._shown = session.tables.sequence_start
        view.set_start(self._shown)

    def listens(self) -> list[tuple[Any, Callable[[Any], object]]]:
        return [(self.session.events.tables, self._tables_changed)]

    @property
    def busy(self) -> bool:
        return self.rows.busy or self.exports.busy

    @property
    def start(self) -> int:
        return self.session.tables.sequence_start

    def _tables_changed(self, tables: Any) -> None:
        if tables.sequence_start != self._shown:  # a session opened, or a start typed
            self._shown = tables.sequence_start
            self.rows.cancel()
            self.view.set_start(self._shown)

    def jump(self, text: str) -> None:
        """Start the table at the k typed (any size)."""
        try:
            k0 = parse_natural(text, "k")
        except ValueError as exc:
            self.view.show_error(str(exc))
            return
        self.view.show_error("")
        self.session.tables = replace(self.session.tables, sequence_start=k0)

    def fetch(self, start: int, rows: list[int]) -> None:
        """Rows of numbers with hundreds of digits or more, worked out on a worker."""
        self.rows.submit(_rows, start, rows, done=lambda found: self._arrived(start, found), failed=lambda exc: None)

    def _arrived(self, start: int, found: dict[int, tuple[Any, ...]]) -> None:
        if start == self.start:
            self.view.rows_arrived(start, found)

    # ----- exports -------------------------------------------------------------------------------
    def export_csv(self, count: int) -> None:
        path = self.ask_csv()
        if path:
            self.export_csv_to(path, count)

    def export_bfile(self, count: int) -> None:
        chosen = self.ask_bfile()
        if chosen:
            self.export_bfile_to(chosen[0], count, upper=chosen[1])

    def export_csv_to(self, path: str, count: int) -> None:
        """`count` rows from the start to a CSV file."""
        self._export("rows", self.start, count, _write_rows, path, self.start, count)

    def export_bfile_to(self, path: str, count: int, upper: bool) -> None:
        """An OEIS b-file of `count` lower (or upper) numbers from the start (from n = 1 when the start
        is 0: pair 0 is the corner, which OEIS leaves out)."""
        start = max(1, self.start)
        self._export("terms", start, count, _write_bfile, path, start, count, upper)

    def _export(self, what: str, start: int, count: int, write: Callable[..., str], *args: Any) -> None:
        """Start an export of `count` `what` (rows, terms) from `start`, refused past EXPORT_LIMIT digits."""
        digits = digit_count(start + count)
        if count * (digits + 8) > EXPORT_LIMIT:
            self.view.show_error(
                f"{count:,} {what} of {digits:,}-digit numbers is more than this export writes "
                f"(about {EXPORT_LIMIT // 10**6:,} million digits): export fewer {what}"
            )
            return
        self.view.show_export(f"Exporting {count:,} {what}…", True)
        self.exports.submit(
            write,
            *args,
            done=self._exported,
            failed=self._export_failed,
            progress=lambda done, total: self.view.show_export(f"Exporting… {done:,} of {total:,} {what}", True),
        )

    def _exported(self, path: str) -> None:
        self.view.show_export(f"Exported to {path}.", False)
        self.session.tables = replace(self.session.tables, last_export=path)

    def _export_failed(self, exc: BaseException) -> None:
        self.view.show_export("", False)
        if isinstance(exc, OSError):
            self.view.show_error(f"Cannot write {exc.filename}: {exc.strerror or exc}")
        else:
            self.view.show_error(f"The export failed: {exc}")

    def cancel_export(self) -> None:
        self.exports.cancel()
        self.view.show_export("Export cancelled (the file was left as it was).", False)

    def cancel(self) -> None:
        self.rows.cancel()
        self.exports.cancel()


def _rows(start: int, rows: list[int]) -> dict[int, tuple[Any, ...]]:
    return {r: sequence_row(start + r) for r in rows}


def _write_rows(path: str, start: int, count: int, progress: Callable[[int, int], bool]) -> str:
    with replaced(path, "w", newline="") as handle:
        writer = csv.writer(handle)
        writer.writerow(["k", "a_k", "b_k", "zeckendorf_a", "zeckendorf_b", "gap"])
        for i, k in enumerate(range(start, start + count)):
            writer.writerow(sequence_row(k))
            if i % 256 == 255 and not progress(i + 1, count):
                raise Cancelled
    return path


def _write_bfile(path: str, start: int, count: int, upper: bool, progress: Callable[[int, int], bool]) -> str:
    from explorer.core.analysis.tables import cold_number_terms
    from explorer.core.textio.bfile import LINES_A_PIECE, bfile_chunks

    with replaced(path, "wb") as handle:
        for i, piece in enumerate(bfile_chunks(start, cold_number_terms(start, count, upper))):
            handle.write(piece)
            if not progress(min(count, (i + 1) * LINES_A_PIECE), count):
                raise Cancelled
    return path
