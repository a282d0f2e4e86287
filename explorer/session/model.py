"""The session model: everything the window shows, in one evented, Qt-free object.

Controllers change it; views follow its events (`session.events.<field>.connect(...)`) and
never write to it. Answers that arrive from background work carry the rule and inputs they
were computed for; `accepts` tells a controller whether they still belong to the session.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar

import numpy as np

from explorer.core import budget
from explorer.core.analysis.modes import mode_refusal
from explorer.core.analysis.play import Game
from explorer.core.analysis.position import PositionReport
from explorer.core.counting.closed_form import cells_in
from explorer.core.protocol import Rule
from explorer.core.rules.closed import Wythoff
from explorer.core.value_limits import values_far_out
from explorer.core.value_source import ValueCache
from explorer.core.values import COLD_OPTIONS, GRUNDY, HOT_COLD, MODES, REMOTENESS, VALUE_MODES
from explorer.session.events import FieldSignals, evented
from explorer.session.marks import Marks, Overlay
from explorer.session.store import MAX_SAVED_QUERIES, Bookmark, QueryRecord, SavedGame, SavedSession, Tables

__all__ = [
    "COLD_OPTIONS",
    "GRUNDY",
    "HOT_COLD",
    "MODES",
    "REMOTENESS",
    "VALUE_MODES",
    "BatchRecord",
    "Marks",
    "Overlay",
    "QueryRecord",
    "Session",
    "SumParts",
]


@dataclass(frozen=True)
class BatchRecord:
    """A chunk of an imported batch: the rectangles (arrays or lists) and their counts."""

    x0: Any
    y0: Any
    x1: Any
    y1: Any
    counts: Any
    method: str
    rule_key: str

    def __len__(self) -> int:
        return len(self.counts)

    @property
    def nbytes(self) -> int:
        """Memory held by the columns (lists of Python ints: about 40 bytes a value)."""
        columns = (self.x0, self.y0, self.x1, self.y1, self.counts)
        return sum(int(c.nbytes) if isinstance(c, np.ndarray) else 40 * len(c) for c in columns)


@dataclass(frozen=True)
class SumParts:
    """The Sums panel's parts besides the selected position: Nim heaps and a second position. With
    `error`, what was typed last could not be read (its sentence): no sum is answered until it can."""

    heaps: tuple[int, ...] = ()
    second: tuple[int, int] | None = None
    error: str = ""


@evented
@dataclass(eq=False)
class Session:
    rule: Rule = field(default_factory=Wythoff)
    selection: tuple[int, int] | None = None
    report: PositionReport | None = None  # the report of `selection` under `rule`, once known
    message: str = ""  # why there is no report (an error a person can act on), or ""
    mode: str = HOT_COLD
    view: tuple[int, int, int, int] | None = None  # cells [x0, x1) x [y0, y1) on screen
    queries: tuple[QueryRecord | BatchRecord, ...] = ()
    game: Game | None = None
    game_moves: int = 0  # bumped on every change to the game (the Game object changes in place)
    bookmarks: tuple[Bookmark, ...] = ()  # named views, kept with the session
    build: tuple[int, int] | None = None  # build mode: (the view's first step, the step shown), or off
    why: tuple[int, int] | None = None  # the position whose moves "Why?" draws, or None
    demo: tuple[tuple[int, int], ...] = ()  # a perfect game shown from the selection (its positions), or ()
    demo_at: int = 0  # the move of `demo` shown
    # The Sums panel's winning moves in the selected position's part: the cells they lead to,
    # drawn on the grid while the panel is in front; () when there are none to draw.
    sum_moves: tuple[tuple[int, int], ...] = ()
    sum_parts: SumParts = field(default_factory=SumParts)  # saved with the session
    tables: Tables = field(default_factory=Tables)  # the Sequence, Array and Rows tabs (saved)
    marks: Marks = field(default_factory=Marks)  # what the grid marks over the cells
    overlay: Overlay | None = None  # build mode's step or Why?'s lines over the grid
    # The panels in front, by name (explorer.session.views.PANELS): a panel works and draws only
    # while it is in front; a tab behind another is not.
    front: frozenset[str] = frozenset()
    # The grid shows the game plus a Nim heap of this size: the sum's cold cells are the cells of
    # Grundy value `heap` (hot/cold colouring, rules whose values are sequences). 0: the game alone.
    heap: int = 0
    # How far the rule is solved (its `bound`): set again when a growth of its sequence ends, so
    # that views redraw and a position refused before is asked again. None: exact everywhere.
    solved: int | None = None
    values: ValueCache | None = None  # what is known of G and R under `rule` (it grows in place)
    # View ▸ Compare with…: the grid draws the cells cold under `rule` and not this one, and the
    # other way, instead of the rule's colours; None: not comparing. It stays when the rule changes.
    compare: Rule | None = None
    altering: bool = False  # View ▸ Alter cells by clicking: a click declares a cell (and its mirror)
    cell_borders: bool = True  # View ▸ Cell borders: drawn once cells are wide enough
    golden_lines: bool = False  # View ▸ Golden lines y = φx and y = x/φ
    # The text of a rule being solved to take `rule`'s place, or "": the grid marks what it shows as
    # the rule in effect's until the new one arrives (issue 64: the old picture looked like the new)
    solving: str = ""
    values_known: int = 0  # bumped whenever `values` learns or forgets something, so views redraw
    events: ClassVar[FieldSignals]  # set by @evented: `events.<field>.connect(slot)`

    def __post_init__(self) -> None:
        # What depends on the rule or the selection is cleared here, in one place, before any view
        # or controller hears of the change (these slots are connected first).
        self.solved = self.rule.bound
        self.values = ValueCache(self.rule)
        self.events.rule.connect(self._rule_set)
        self.events.selection.connect(self._selection_set)
        self.events.mode.connect(self._mode_set)

    def _rule_set(self, rule: Rule) -> None:
        """Everything worked out under the old rule goes: the report, its message, the overlays
        (build mode, Why?, a perfect game shown), and what was known of values. The selection
        stays, to be reported again."""
        self.values = ValueCache(rule)
        self.report = None
        self.message = ""
        self.demo = ()
        self.sum_moves = ()
        if not values_far_out(rule):  # no values as sequences: no heap to add
            self.heap = 0
        self.build = None
        self.why = None
        if mode_refusal(rule, self.mode):
            self.mode = HOT_COLD  # a mode the new rule cannot answer (cold options, values) is not kept
        self.solved = rule.bound  # last: nothing refused under the old rule is asked again

    def _mode_set(self, mode: str) -> None:
        """A heap added to the game is drawn in hot/cold colouring only."""
        if mode != HOT_COLD:
            self.heap = 0

    def _selection_set(self, selection: tuple[int, int] | None) -> None:
        """The old position's report and perfect game go; Why? follows the selection while it is on."""
        self.report = None
        self.message = ""
        self.demo = ()
        self.sum_moves = ()
        if self.why is not None:
            self.why = selection

    def rule_grew(self, rule: Rule) -> None:
        """The sequence of `rule` was solved further (or a growth stopped, keeping what it solved)."""
        if rule == self.rule:
            self.solved = rule.bound

    def values_changed(self, cache: ValueCache) -> None:
        """The values of the rule in effect changed in place: the corner grew or shrank, rows were solved."""
        if cache is self.values:
            self.values_known += 1

    def accepts(self, rule: Rule, selection: tuple[int, int] | None = None) -> bool:
        """Whether an answer computed for (rule, selection) still belongs to the session."""
        return rule == self.rule and (selection is None or selection == self.selection)

    def add_query(self, record: QueryRecord | BatchRecord) -> int:
        """Keep an answer; the oldest imported batches go when the history passes its budget
        (explorer.core.budget.HISTORY_BYTES). Returns how many answers were dropped."""
        kept = [*self.queries, record]
        dropped = 0
        while sum(r.nbytes for r in kept) > budget.HISTORY_BYTES:
            oldest = next((r for r in kept if isinstance(r, BatchRecord)), None)
            if oldest is None or oldest is record:
                break
            kept.remove(oldest)
            dropped += len(oldest)
        self.queries = tuple(kept)
        return dropped

    def mark(self, **changes: Any) -> None:
        """Change some of the grid's marks (`cell`, `moves`, `path`, `query`)."""
        self.marks = self.marks._replace(**changes)

    def set_front(self, panel: str, shown: bool) -> None:
        """Panel `panel` came to the front (`shown`) or went behind another, was closed or hidden."""
        self.front = self.front | {panel} if shown else self.front - {panel}

    def game_changed(self) -> None:
        self.game_moves += 1

    def saved(self) -> tuple[SavedSession, int]:
        """What a session file holds of this session, and how many of the oldest query rows were
        left out (at most MAX_SAVED_QUERIES rows are kept: imported batches can be millions)."""
        rows: list[QueryRecord] = []
        for r in self.queries:
            if isinstance(r, QueryRecord):
                rows.append(r)
                continue
            for x0, y0, x1, y1, c in zip(r.x0, r.y0, r.x1, r.y1, r.counts, strict=True):
                x0, y0, x1, y1 = int(x0), int(y0), int(x1), int(y1)
                rows.append(QueryRecord(x0, y0, x1, y1, int(c), cells_in(x0, y0, x1, y1), r.method, r.rule_key))
        left_out = max(0, len(rows) - MAX_SAVED_QUERIES)
        game = None
        if self.game is not None:
            g = self.game
            game = SavedGame(g.start, g.human_first, tuple(g.path), tuple(g.movers))
        parts = self.sum_parts
        saved = SavedSession(
            self.rule.key,
            self.view,
            self.mode,
            self.selection,
            tuple(rows[left_out:]),
            game,
            self.bookmarks,
            heaps=parts.heaps if not parts.error else (),
            second=parts.second if not parts.error else None,
            compare=None if self.compare is None else self.compare.key,
            altering=self.altering,
            cell_borders=self.cell_borders,
            golden_lines=self.golden_lines,
            tables=self.tables,
        )
        return saved, left_out
