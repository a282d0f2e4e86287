"""What the controllers may ask of each view (the panels implement these; tests mock them).

Views show state through these `set_*` methods and emit requests (Qt signals in the window);
they never change the session themselves.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from explorer.core.analysis.position import PositionReport
from explorer.core.protocol import Rule
from explorer.session.marks import Marks, Overlay, Position

__all__ = ["HISTORY_SHOWN", "PANELS", "PANEL_ALIASES", "Marks", "Overlay", "Position"]

# The window's panels by the names the command line uses (`screenshot --panel NAME`).
PANELS = ("inspector", "queries", "play", "sequence", "array", "sums", "rows", "structure", "build")
# Names that bring up a panel shown within another's tab: the n-piles calculator sits under the
# Sums panel (ten tabs did not fit down the sidebar of a 700-pixel window).
PANEL_ALIASES = {"npiles": "sums"}
HISTORY_SHOWN = 2000  # rows of the query history a table lists, the newest; every row is kept and exported


class Request(Protocol):
    """What a view asks for: a signal the composition root connects (`connect(slot)`)."""

    def connect(self, slot: Callable[..., Any]) -> Any: ...


REQUESTS: dict[
    str, tuple[str, ...]
] = {}  # filled below: each view protocol's requests, by protocol name (for a test to check)


class InspectorView(Protocol):
    # requests (Qt signals in the window; the composition root connects them)
    positionRequested: Request
    positionTextRequested: Request
    moveActivated: Request
    inputRejected: Request
    whyRequested: Request
    perfectPlayRequested: Request

    def set_report(self, report: PositionReport | None) -> None: ...
    def set_error(self, message: str) -> None: ...
    def set_busy(self, a: int, b: int) -> None: ...
    def set_values(self, text: str) -> None: ...
    def set_mode(self, mode: str) -> None: ...  # the legend follows the colour mode
    def set_comparing(self, rule_key: str, other_key: str | None) -> None: ...  # the legend: two rules compared
    def set_why(self, text: str) -> None: ...
    def set_why_on(self, on: bool) -> None: ...
    def order_moves(self, targets: list[tuple[int, int]]) -> None: ...


class GridView(Protocol):
    """The grid as controllers see it (it draws the rule, the values and the colour mode from the
    session model by itself: controllers never hand it those)."""

    # requests (Qt signals in the window; the composition root connects them)
    cellClicked: Request
    hoverText: Request
    busy: Request
    valuesNeeded: Request
    farValuesNeeded: Request
    rectangleSelected: Request
    navigated: Request
    limitReached: Request

    def visible_cells(self) -> tuple[int, int, int, int]: ...
    def set_view(self, x0: int, y0: int, x1: int, y1: int) -> None: ...
    def center_on(self, x: int, y: int, span: int = ...) -> None: ...
    def set_highlight(self, cells: tuple[tuple[int, int], ...]) -> None: ...


class RuleSelectorView(Protocol):
    # requests (Qt signals in the window; the composition root connects them)
    ruleRequested: Request
    askRequested: Request
    modeRequested: Request

    def set_rule(self, rule: Rule) -> None: ...
    def set_mode(self, mode: str) -> None: ...


class StatusView(Protocol):
    def show_message(self, text: str) -> None: ...


class QueryView(Protocol):
    # requests (Qt signals in the window; the composition root connects them)
    queryRequested: Request
    valueQueryRequested: Request
    importRequested: Request
    valueImportRequested: Request
    exportRequested: Request
    cancelRequested: Request

    def show_count(self, x0: int, y0: int, x1: int, y1: int, answer: Any) -> None: ...
    def show_value_count(self, kind: str, v: int, x0: int, y0: int, x1: int, y1: int, count: int) -> None: ...
    def show_comparison(
        self, x0: int, y0: int, x1: int, y1: int, counts: Any, first: str, second: str, shifts: Any = ()
    ) -> None: ...
    def show_error(self, message: str) -> None: ...
    def show_busy(self, message: str) -> None: ...
    def show_progress(self, done: int, total: int) -> None: ...
    def set_rectangle(self, x0: int, y0: int, x1: int, y1: int) -> None: ...
    def add_history_rows(self, rows: list[tuple[int, int, int, int, int, int, str, str]]) -> None: ...
    def set_history(self, rows: list[tuple[int, int, int, int, int, int, str, str]]) -> None: ...
    def set_rule_title(self, title: str) -> None: ...


class PlayView(Protocol):
    """The Play panel: a game's status line, Undo and Redo, its log of moves and its history chart."""

    # requests (Qt signals in the window; the composition root connects them)
    startRequested: Request
    hintRequested: Request
    undoRequested: Request
    redoRequested: Request

    def set_status(self, text: str) -> None: ...  # rich text
    def set_turns(self, undo: bool, redo: bool) -> None: ...  # which of Undo and Redo can be pressed
    def clear_log(self) -> None: ...
    def add_log(self, text: str) -> None: ...
    def show_error(self, message: str) -> None: ...
    def set_history(self, history: list[tuple[int, int | None, str]]) -> None: ...


class BuildView(Protocol):
    """The Build panel: the construction's timeline."""

    # requests (Qt signals in the window; the composition root connects them)
    startRequested: Request
    stepRequested: Request
    scrubRequested: Request
    playRequested: Request
    speedRequested: Request
    closeRequested: Request

    def set_step(self, index: int, count: int, caption: str, playing: bool) -> None: ...
    def set_off(self, message: str = "") -> None: ...


class StructureView(Protocol):
    # requests (Qt signals in the window; the composition root connects them)
    refreshRequested: Request
    exportRequested: Request
    bfileRequested: Request
    valueChosen: Request

    def set_busy(self, text: str) -> None: ...
    def set_structure(
        self, summary: str, ratio: tuple[Any, Any], offset: tuple[Any, Any], largest: tuple[Any, Any]
    ) -> None: ...
    def set_unavailable(self, text: str) -> None: ...


class NPilesView(Protocol):
    # requests (Qt signals in the window; the composition root connects them)
    evaluateRequested: Request
    cancelRequested: Request

    def set_error(self, message: str) -> None: ...
    def set_result(self, html: str) -> None: ...
    def set_busy(self, busy: bool, done: int = 0, total: int = 0) -> None: ...


class SumsView(Protocol):
    """The Sums panel: a two-pile position plus Nim heaps (and optionally a second position)."""

    # requests (Qt signals in the window; the composition root connects them)
    partsChanged: Request
    partsRejected: Request
    playRequested: Request
    cancelRequested: Request
    gridHeapChanged: Request

    def set_position(self, text: str) -> None: ...  # the two-pile part, as the selection gives it
    def set_parts(self, heaps: tuple[int, ...], second: tuple[int, int] | None) -> None: ...  # the session's
    def set_result(self, html: str, moves: list[str]) -> None: ...  # the answer and each winning move
    def set_error(self, message: str) -> None: ...
    def set_busy(self, busy: bool, done: int = 0, total: int = 0) -> None: ...
    def set_grid_heap(self, heap: int) -> None: ...  # the heap the grid adds to the game (0: none)


class WorkView(Protocol):
    """A line about long work in the status bar: a text, a progress bar and a Cancel button."""

    def say(self, text: str) -> None: ...  # the text alone (progress and Cancel hidden)
    def working(self, text: str) -> None: ...  # the text, progress from 0, and Cancel
    def progress(self, done: int, total: int) -> None: ...
    def done(self) -> None: ...  # progress and Cancel hidden; the text stays
    def hide(self) -> None: ...  # all of it hidden
    def on_cancel(self, slot: Callable[[], None]) -> None: ...  # Cancel was clicked


class ArrayView(Protocol):
    # requests (Qt signals in the window; the composition root connects them)
    entryChosen: Request
    goRequested: Request  # (row text, column text): go to the entry typed
    startMoved: Request  # the table's first row moved (scrolled to a selection's place, or gone to)
    cellsWanted: Request  # (start, [(row, column)]): cells too large to work out on the GUI thread

    def show_place(self, row: int | None, col: int | None, text: str) -> None: ...
    def set_busy(self, text: str) -> None: ...
    def show_error(self, text: str) -> None: ...
    def show_cells(self, row: int, col: int, count: int) -> None: ...  # select and scroll to them
    def set_start(self, row: int) -> None: ...
    def cells_arrived(self, start: int, found: dict[tuple[int, int], Any]) -> None: ...


class SequenceView(Protocol):
    """The Sequence tab: the cold pairs from any k, and their exports."""

    startTyped: Request  # (text): the first k, as typed
    rowsWanted: Request  # (start, [rows]): rows too large to work out on the GUI thread
    exportRequested: Request  # (count): a CSV of that many rows from the start
    bfileRequested: Request  # (count): a b-file of that many terms from the start
    exportCancelled: Request

    def set_start(self, k0: int) -> None: ...
    def show_error(self, text: str) -> None: ...
    def show_export(self, text: str, running: bool) -> None: ...
    def rows_arrived(self, start: int, found: dict[int, tuple[Any, ...]]) -> None: ...


class RowsView(Protocol):
    """The Rows tab: Wythoff's certified Grundy rows, a value from them, a b-file of a row."""

    solveRequested: Request
    positionRequested: Request  # (x, y): select it on the grid
    valueRequested: Request  # (x, y): G(x, y) from the solved rows
    bfileRequested: Request  # (path, x, count): a b-file of row x's first values

    def set_rows(self, rows: Any, note: str = "") -> None: ...
    def set_busy(self, text: str) -> None: ...
    def set_answer(self, text: str, error: bool = False) -> None: ...
    def show_asked(self, x: int, y: int) -> None: ...  # the cell asked about, in its fields


REQUESTS.update(
    {
        name: tuple(k for k, v in proto.__annotations__.items() if v in ("Request", Request))
        for name, proto in list(globals().items())
        if name.endswith("View") and isinstance(proto, type) and "__annotations__" in vars(proto)
    }
)
