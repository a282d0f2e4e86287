"""The Structure tab's figures, computed off the GUI thread for the rule in effect (and again
when its sequence grows); an answer for another rule is dropped. Export writes every pair."""

from __future__ import annotations

from collections.abc import Callable

from explorer.core.analysis.structure import Structure, structure
from explorer.core.exact.bigint import short_decimal
from explorer.core.protocol import Rule, RuleError
from explorer.core.textio.atomic import replaced
from explorer.session.jobs import Jobs
from explorer.session.model import Session
from explorer.session.views import StructureView

EXPORT_ROWS = 1 << 20  # every pair the view holds (a file of ~40 MB)


class StructureController:
    def __init__(self, session: Session, view: StructureView, jobs: Jobs, ask_path: Callable[[], str | None]) -> None:
        self.session = session
        self.view = view
        self.jobs = jobs
        self.ask_path = ask_path
        self.current: Structure | None = None
        self.wanted = False  # computed only once the tab has been looked at
        session.events.rule.connect(lambda _: self.refresh() if self.wanted else self._forget())

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

    def refresh(self) -> None:
        rule = self.session.rule
        self.current = None
        self.view.set_busy(f"Reading the cold pairs of {rule.title}…")
        self.jobs.submit(
            _figures, rule, done=lambda answer: self._arrived(rule, answer), failed=lambda exc: self._failed(rule, exc)
        )

    def _arrived(self, rule: Rule, answer: tuple) -> None:  # type: ignore[type-arg]
        if rule != self.session.rule:
            return
        s, ratio, offset, largest = answer
        self.current = s
        top = int(s.xs[-1]) if s.size else 0
        worst = int(s.largest_offset[-1]) if s.size else 0
        which = f"The first <b>{s.size:,}</b>" if s.more else f"<b>{s.size:,}</b>"
        more = f" (the view reads at most {s.size:,}; the rule knows more)" if s.more else ""
        summary = (
            f"{which} upper cold pairs (x ≤ y) of <i>{rule.title}</i>, x up to {short_decimal(top)}{more}. "
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


def _export_failure(path: str, exc: BaseException) -> str:
    return f"Could not write {path}: {exc.strerror or exc}" if isinstance(exc, OSError) else f"Export failed: {exc}"


def _write_csv(path: str, s: Structure) -> None:
    with replaced(path, "w", encoding="utf-8") as out:
        out.write("\n".join(s.csv_lines(EXPORT_ROWS)) + "\n")


def _figures(rule: Rule) -> tuple:  # type: ignore[type-arg]
    s = structure(rule)
    ratio = s.thinned(s.ratio)
    offset = s.thinned(s.offset)
    largest = s.thinned(s.largest_offset)
    return s, ratio, offset, largest
