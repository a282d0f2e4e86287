"""The Structure tab's figures, computed off the GUI thread for the rule in effect (and again
when its sequence grows); an answer for another rule is dropped. Export writes every pair."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from explorer.core.analysis.structure import Structure, structure, value_structure
from explorer.core.exact.bigint import short_decimal
from explorer.core.protocol import Progress, Rule, RuleError
from explorer.core.textio.atomic import replaced
from explorer.session.jobs import Jobs
from explorer.session.model import Session
from explorer.session.views import StructureView

EXPORT_ROWS = 1 << 20  # every pair the view holds (a file of ~40 MB)


class StructureController:
    def __init__(
        self,
        session: Session,
        view: StructureView,
        jobs: Jobs,
        ask_path: Callable[[], str | None],
        ask_bfile: Callable[[], tuple[str, bool] | None] = lambda: None,
    ) -> None:
        self.session = session
        self.view = view
        self.jobs = jobs
        self.ask_path = ask_path
        self.ask_bfile = ask_bfile
        self.current: Structure | None = None
        self.value: int | None = None  # None: the cold pairs; h: the upper cells of Grundy value h
        self.wanted = False  # computed only once the tab has been looked at

    def listens(self) -> list[tuple[Any, Callable[[Any], object]]]:
        events = self.session.events
        return [
            (events.rule, lambda _: self.refresh() if self.wanted else self._forget()),
            (events.front, lambda front: self.shown() if "structure" in front else None),
        ]

    @property
    def busy(self) -> bool:
        return self.jobs.busy

    def _forget(self) -> None:
        self.current = None

    def shown(self) -> None:
        """The tab came to the front: compute its figures (once per rule)."""
        self.wanted = True
        if self.current is None or self.current.rule_title != self.session.rule.title:
            self.refresh()

    def choose_value(self, h: int | None) -> None:
        """Show the cold pairs (None) or the upper cells of Grundy value h (rules whose values are
        sequences: explorer.core.analysis.far_values)."""
        self.value = h
        self.refresh()

    def refresh(self) -> None:
        rule, h = self.session.rule, self.value
        self.current = None
        what = "the cold pairs" if h is None else f"the cells of value {h}"
        self.view.set_busy(f"Reading {what} of {rule.title}…")
        self.jobs.submit(
            _figures,
            rule,
            h,
            done=lambda answer: self._arrived(rule, answer, h),
            failed=lambda exc: self._failed(rule, exc),
            progress=lambda done, total: None,  # lets Cancel and a newer request stop it
        )

    def _arrived(self, rule: Rule, answer: tuple, h: int | None = None) -> None:  # type: ignore[type-arg]
        if rule != self.session.rule or h != self.value:
            return
        s, ratio, offset, largest = answer
        self.current = s
        top = int(s.xs[-1]) if s.size else 0
        worst = int(s.largest_offset[-1]) if s.size else 0
        which = f"The first <b>{s.size:,}</b>" if s.more else f"<b>{s.size:,}</b>"
        more = f" (the view reads at most {s.size:,}; the rule knows more)" if s.more else ""
        cells = "upper cold pairs" if h is None else f"upper cells of Grundy value <b>{h}</b>"
        summary = (
            f"{which} {cells} (x ≤ y) of <i>{rule.title}</i>, x up to {short_decimal(top)}{more}. "
            f"Top: y / x (dashed: φ). Bottom: the offset y − ⌊φx⌋ from Wythoff's line, and in red the largest "
            f"|offset| so far: <b>{worst:,}</b>."
        )
        self.view.set_structure(summary, ratio, offset, largest)

    def _failed(self, rule: Rule, exc: BaseException) -> None:
        if rule == self.session.rule:
            self.view.set_unavailable(
                str(exc) if isinstance(exc, RuleError) else f"The structure could not be read: {exc}"
            )

    def export(self) -> None:
        s = self.current
        if s is None:
            self.view.set_busy("Nothing to export yet: the figures are still being read.")
            return
        path = self.ask_path()
        if not path:
            return
        rows = min(s.size, EXPORT_ROWS)
        self.view.set_busy(f"Writing {rows:,} pairs to {path}…")
        self.jobs.submit(  # a million lines formatted: a second on the GUI thread
            _write_csv,
            path,
            s,
            done=lambda _: self.view.set_busy(f"Wrote {rows:,} pairs to {path}"),
            failed=lambda exc: self.view.set_busy(_export_failure(path, exc)),
        )

    def export_bfile(self) -> None:
        """An OEIS b-file of the cells shown, x or y: the cold pairs from n = 1 (the corner (0, 0) left
        out, as A000201 and A001950 do), a value's cells from n = 0, as the command line numbers them."""
        s = self.current
        if s is None:
            self.view.set_busy("Nothing to export yet: the figures are still being read.")
            return
        asked = self.ask_bfile()
        if not asked:
            return
        path, upper = asked
        rows = min(s.size, EXPORT_ROWS)
        self.view.set_busy(f"Writing {rows:,} terms to {path}…")
        self.jobs.submit(
            _write_bfile,
            path,
            s,
            upper,
            self.value is None,
            done=lambda _: self.view.set_busy(f"Wrote the b-file of {rows:,} terms to {path}"),
            failed=lambda exc: self.view.set_busy(_export_failure(path, exc)),
        )


def _write_bfile(path: str, s: Structure, upper: bool, pairs: bool) -> None:
    from explorer.core.textio.bfile import bfile_chunks

    side = (s.ys if upper else s.xs)[:EXPORT_ROWS]
    first = 0
    if pairs and s.size and s.xs[0] == 0 and s.ys[0] == 0:
        side, first = side[1:], 1
    with replaced(path, "wb") as out:
        for piece in bfile_chunks(first, side.tolist()):
            out.write(piece)


def _export_failure(path: str, exc: BaseException) -> str:
    return f"Could not write {path}: {exc.strerror or exc}" if isinstance(exc, OSError) else f"Export failed: {exc}"


def _write_csv(path: str, s: Structure) -> None:
    with replaced(path, "w", encoding="utf-8") as out:
        for chunk in s.csv_chunks(EXPORT_ROWS):
            out.write("\n".join(chunk) + "\n")


VALUE_COLUMNS = 1 << 18  # the columns a value's cells are read from (values 0-15: 28 MiB, ~0.5 s)


def _figures(rule: Rule, h: int | None = None, progress: Progress | None = None) -> tuple:  # type: ignore[type-arg]
    s = structure(rule) if h is None else value_structure(rule, h, VALUE_COLUMNS, progress)
    ratio = s.thinned(s.ratio)
    offset = s.thinned(s.offset)
    largest = s.thinned(s.largest_offset)
    return s, ratio, offset, largest
