"""Session files: what an exploration holds, saved as versioned JSON and read back exactly.

A file holds the rule (its registry key, custom specs included), the view (exact integers),
the colour mode, the selection, the query history, the game in progress, the bookmarks, the Sums
panel's parts, the rule compared with, whether Alter mode is on and the lines drawn over the grid.
Integers are written as decimal strings, so that any size survives any JSON reader.

Reading checks everything before anything is used: a damaged file, a file from another
version, numbers past MAX_DIGITS or a rule this version does not know raise SessionFileError
with one sentence for a person, and the caller's session stays as it was. Writing goes to a
temporary file in the same folder, then replaces the target, so no half-written file is left.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from typing import Any

from explorer.core.protocol import RuleError
from explorer.core.rules.registry import check_rule
from explorer.core.textio.atomic import replaced
from explorer.core.values import MODES

FORMAT = "wythoff-explorer-session"
VERSION = 1
MAX_FILE_BYTES = 64 << 20
MAX_DIGITS = 100_000  # the largest numbers the explorer answers about
MAX_NAME = 200
MAX_HEAPS = 1000  # the Sums panel's heaps
MAX_SAVED_QUERIES = 100_000  # the newest rows of the history are saved (imported batches can be millions)


class SessionFileError(ValueError):
    """A session file that cannot be opened; the message says why."""


@dataclass(frozen=True)
class Bookmark:
    name: str
    view: tuple[int, int, int, int]  # cells [x0, x1) x [y0, y1)


@dataclass(frozen=True)
class QueryRecord:
    """One answered rectangle question: [x0, x1] x [y0, y1] held `count` cold cells of `cells`,
    under the rule `rule_key` (the session's history and its files hold the same records)."""

    x0: int
    y0: int
    x1: int
    y1: int
    count: int
    cells: int
    method: str
    rule_key: str

    @property
    def nbytes(self) -> int:
        return 200

    def __len__(self) -> int:
        return 1


SavedQuery = QueryRecord  # a saved query is the session's own record


@dataclass(frozen=True)
class SavedGame:
    start: tuple[int, int]
    human_first: bool
    path: tuple[tuple[int, int], ...]  # start first
    movers: tuple[str, ...]  # who made the move into path[i + 1]


@dataclass(frozen=True)
class Tables:
    """The table tabs' state, saved with the session: where the Sequence and Array tabs start, the
    cell the Rows tab was last asked about, and the file last exported from one of them."""

    sequence_start: int = 0  # k of the Sequence tab's first row
    array_start: int = 1  # the Array tab's first row (rows start at 1)
    rows_asked: tuple[int, int] | None = None  # the Rows tab's last G(x, y) asked
    last_export: str = ""  # the path of the last CSV or b-file written from these tabs


@dataclass(frozen=True)
class SavedSession:
    rule: str = "wythoff"
    view: tuple[int, int, int, int] | None = None
    mode: str = MODES[0]
    selection: tuple[int, int] | None = None
    queries: tuple[QueryRecord, ...] = ()
    game: SavedGame | None = None
    bookmarks: tuple[Bookmark, ...] = field(default=())
    heaps: tuple[int, ...] = ()  # the Sums panel's Nim heaps
    second: tuple[int, int] | None = None  # and its second position
    compare: str | None = None  # View ▸ Compare with…: the other rule's key, or None
    altering: bool = False  # View ▸ Alter cells by clicking was on
    cell_borders: bool = True  # View ▸ Cell borders
    golden_lines: bool = False  # View ▸ Golden lines
    tables: Tables = field(default_factory=Tables)  # the Sequence, Array and Rows tabs


# ----- writing ----------------------------------------------------------------------------------
def _ints(values: Any) -> list[str]:
    return [str(int(v)) for v in values]


def to_document(s: SavedSession) -> dict[str, Any]:
    game = None
    if s.game is not None:
        game = {
            "start": _ints(s.game.start),
            "human_first": s.game.human_first,
            "path": [_ints(p) for p in s.game.path],
            "movers": list(s.game.movers),
        }
    return {
        "format": FORMAT,
        "version": VERSION,
        "rule": s.rule,
        "view": None if s.view is None else _ints(s.view),
        "mode": s.mode,
        "selection": None if s.selection is None else _ints(s.selection),
        "queries": [
            {
                "rect": _ints((q.x0, q.y0, q.x1, q.y1)),
                "count": str(q.count),
                "cells": str(q.cells),
                "method": q.method,
                "rule": q.rule_key,
            }
            for q in s.queries
        ],
        "game": game,
        "bookmarks": [{"name": b.name, "view": _ints(b.view)} for b in s.bookmarks],
        "sum": {"heaps": _ints(s.heaps), "second": None if s.second is None else _ints(s.second)},
        "compare": s.compare,
        "alter_mode": s.altering,
        "lines": {"borders": s.cell_borders, "golden": s.golden_lines},
        "tables": {
            "sequence_start": str(s.tables.sequence_start),
            "array_start": str(s.tables.array_start),
            "rows_asked": None if s.tables.rows_asked is None else _ints(s.tables.rows_asked),
            "last_export": s.tables.last_export,
        },
    }


def save(path: str | os.PathLike[str], s: SavedSession) -> None:
    """Write atomically (explorer.core.textio.atomic): the old file stays if writing fails."""
    import json  # here, not at the top: the window's start reads no file (4 ms)

    text = json.dumps(to_document(s), indent=1)
    with replaced(path, "w", encoding="utf-8") as f:
        f.write(text)


# ----- reading ----------------------------------------------------------------------------------
def _int(value: Any, what: str, low: int | None = 0) -> int:
    if isinstance(value, bool) or not isinstance(value, (str, int)):
        raise SessionFileError(f"{what} should be a whole number, not {type(value).__name__}")
    text = str(value).strip()
    digits = text[1:] if text.startswith("-") else text
    if not digits.isascii() or not digits.isdigit():
        raise SessionFileError(f"{what} should be a whole number, not {text[:40]!r}")
    if len(digits) > MAX_DIGITS:
        raise SessionFileError(f"{what} has {len(digits):,} digits; the explorer takes at most {MAX_DIGITS:,}")
    n = int(text)
    if low is not None and n < low:
        raise SessionFileError(f"{what} should be at least {low}, not {text[:40]}")
    return n


def _list(value: Any, what: str, length: int | None = None) -> list[Any]:
    if not isinstance(value, list) or (length is not None and len(value) != length):
        size = f" of {length}" if length is not None else ""
        raise SessionFileError(f"{what} should be a list{size}")
    return value


def _text(value: Any, what: str, limit: int = MAX_NAME) -> str:
    if not isinstance(value, str) or len(value) > limit:
        raise SessionFileError(f"{what} should be a text of at most {limit} characters")
    return value


def _view(value: Any, what: str) -> tuple[int, int, int, int]:
    x0, y0, x1, y1 = (_int(v, what, low=None) for v in _list(value, what, 4))
    if x1 <= x0 or y1 <= y0:
        raise SessionFileError(f"{what} is empty (it needs x0 < x1 and y0 < y1)")
    return x0, y0, x1, y1


def _pair(value: Any, what: str) -> tuple[int, int]:
    a, b = (_int(v, what) for v in _list(value, what, 2))
    return a, b


def _rule(value: Any, what: str) -> str:
    key = _text(value, what, 2000)
    try:
        check_rule(key)
    except RuleError as exc:
        raise SessionFileError(f"{what} this version does not know: {exc}") from None
    return key


def from_document(doc: Any) -> SavedSession:
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise SessionFileError("this is not a Wythoff Explorer session file")
    version = doc.get("version")
    if not isinstance(version, int) or isinstance(version, bool):
        raise SessionFileError("the session file has no format version")
    if version > VERSION:
        raise SessionFileError(
            f"the session was saved by a newer Wythoff Explorer (format {version}); this one reads format {VERSION}"
        )
    if version < VERSION:
        raise SessionFileError(f"format {version} is older than any this program reads (format {VERSION})")
    rule = _rule(doc.get("rule"), "the file names a rule")
    compare = doc.get("compare")  # files saved before comparisons were kept have none
    if compare is not None:
        compare = _rule(compare, "the file compares with a rule")
    altering = doc.get("alter_mode", False)
    if not isinstance(altering, bool):
        raise SessionFileError("Alter mode should be true or false")
    lines = doc.get("lines", {})  # files saved before the lines were kept have none
    if not isinstance(lines, dict):
        raise SessionFileError("the lines over the grid are damaged")
    borders, golden = lines.get("borders", True), lines.get("golden", False)
    if not isinstance(borders, bool) or not isinstance(golden, bool):
        raise SessionFileError("the lines over the grid (cell borders, golden lines) should be true or false")
    mode = doc.get("mode", MODES[0])
    if mode not in MODES:
        raise SessionFileError(f"unknown colour mode {str(mode)[:40]!r}; modes are {', '.join(MODES)}")
    view = None if doc.get("view") is None else _view(doc["view"], "the view")
    selection = None if doc.get("selection") is None else _pair(doc["selection"], "the selection")
    queries = []
    for i, q in enumerate(_list(doc.get("queries", []), "the queries")):
        what = f"query {i + 1}"
        if not isinstance(q, dict):
            raise SessionFileError(f"{what} is damaged")
        x0, y0, x1, y1 = (_int(v, what, low=None) for v in _list(q.get("rect"), what, 4))
        method = _text(q.get("method"), f"{what}'s method")
        rule_key = _text(q.get("rule"), f"{what}'s rule", 2000)
        queries.append(
            SavedQuery(x0, y0, x1, y1, _int(q.get("count"), what), _int(q.get("cells"), what), method, rule_key)
        )
    game = None
    g = doc.get("game")
    if g is not None:
        if not isinstance(g, dict) or not isinstance(g.get("human_first"), bool):
            raise SessionFileError("the game is damaged")
        path = tuple(_pair(p, "a position of the game") for p in _list(g.get("path"), "the game's path"))
        movers = tuple(_text(m, "a player of the game", 20) for m in _list(g.get("movers"), "the game's players"))
        start = _pair(g.get("start"), "the game's start")
        if not path or path[0] != start or len(movers) != len(path) - 1:
            raise SessionFileError("the game is damaged (its moves and its players do not match)")
        game = SavedGame(start, g["human_first"], path, movers)
    bookmarks = []
    for i, b in enumerate(_list(doc.get("bookmarks", []), "the bookmarks")):
        if not isinstance(b, dict):
            raise SessionFileError(f"bookmark {i + 1} is damaged")
        bookmarks.append(Bookmark(_text(b.get("name"), f"bookmark {i + 1}'s name"), _view(b.get("view"), "a bookmark")))
    heaps: tuple[int, ...] = ()
    second = None
    summed = doc.get("sum")  # files saved before the Sums panel's parts were kept have none
    if summed is not None:
        if not isinstance(summed, dict):
            raise SessionFileError("the sum's parts are damaged")
        listed = _list(summed.get("heaps", []), "the sum's heaps")
        if len(listed) > MAX_HEAPS:
            raise SessionFileError(f"the sum has {len(listed):,} heaps; a session holds at most {MAX_HEAPS:,}")
        heaps = tuple(_int(h, f"heap {i + 1}") for i, h in enumerate(listed))
        if summed.get("second") is not None:
            second = _pair(summed["second"], "the sum's second position")
    return SavedSession(
        rule,
        view,
        mode,
        selection,
        tuple(queries),
        game,
        tuple(bookmarks),
        heaps,
        second,
        compare,
        altering,
        cell_borders=borders,
        golden_lines=golden,
        tables=_tables(doc.get("tables")),
    )


def _tables(value: Any) -> Tables:
    """The table tabs' state (files saved before it was kept have none: the defaults)."""
    if value is None:
        return Tables()
    if not isinstance(value, dict):
        raise SessionFileError("the tables' state is damaged")
    asked = value.get("rows_asked")
    array_start = _int(value.get("array_start", "1"), "the Array tab's first row")
    if array_start < 1:
        raise SessionFileError("the Array tab's first row should be 1 or more")
    return Tables(
        _int(value.get("sequence_start", "0"), "the Sequence tab's first k"),
        array_start,
        None if asked is None else _pair(asked, "the Rows tab's cell"),
        _text(value.get("last_export", ""), "the last export's path", 4096),
    )


def load(path: str | os.PathLike[str]) -> SavedSession:
    """Read and check a session file (SessionFileError with the reason if it cannot be used)."""
    import json

    try:
        size = os.path.getsize(path)
        if size > MAX_FILE_BYTES:
            raise SessionFileError(
                f"the file holds {size >> 20} MiB; a session file is at most {MAX_FILE_BYTES >> 20} MiB"
            )
        with open(path, "rb") as f:
            data = f.read()
    except OSError as exc:
        raise SessionFileError(f"cannot read {os.fspath(path)}: {exc.strerror or exc}") from None
    try:
        doc = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError, RecursionError) as exc:
        raise SessionFileError(f"the file is damaged (not JSON: {str(exc)[:80]})") from None
    except ValueError as exc:  # a number past Python's int-conversion limit
        raise SessionFileError(f"the file is damaged ({str(exc)[:80]})") from None
    return from_document(doc)
