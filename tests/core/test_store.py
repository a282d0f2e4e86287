"""Session files: exact round trips, and every kind of bad file refused with a reason."""

from __future__ import annotations

import json
import os

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from explorer.core.rules.presentation import example_rules
from explorer.session import store
from explorer.session.store import Bookmark, SavedGame, SavedQuery, SavedSession, SessionFileError

BIG = 10**100
RULES = [key for _, key in example_rules()] + ["wythoff:1000000", "custom:one=1 2 5;both=powers of 2;a=2;n=64;misere"]


def _full(rule: str) -> SavedSession:
    return SavedSession(
        rule=rule,
        view=(BIG - 7, BIG + 3, BIG + 93, BIG + 63),
        mode="grundy",
        selection=(BIG, BIG + 17),
        queries=(
            SavedQuery(0, 0, 10, 10, 9, 121, "closed-form", rule),
            SavedQuery(BIG, 0, BIG * 3, 5, 12345678901234567890, (2 * BIG + 1) * 6, "fenwick", "nim"),
        ),
        game=SavedGame((5, 7), True, ((5, 7), (3, 5), (2, 5)), ("you", "computer")),
        bookmarks=(Bookmark("far", (BIG, BIG, BIG + 40, BIG + 30)), Bookmark("é 名前", (0, 0, 20, 12))),
        compare="alter:terminal=2",
        altering=True,
        cell_borders=False,
        golden_lines=True,
    )


@pytest.mark.parametrize("rule", RULES)
def test_a_session_comes_back_exactly(tmp_path, rule):
    path = tmp_path / "s.json"
    saved = _full(rule)
    store.save(path, saved)
    assert store.load(path) == saved
    assert [p.name for p in tmp_path.iterdir()] == ["s.json"]  # no temporary file left


def test_the_comparison_and_the_alter_mode_are_saved(tmp_path):
    path = tmp_path / "s.json"
    store.save(path, SavedSession(rule="block:3", compare="wythoff", altering=True))
    doc = json.loads(path.read_text())
    assert doc["compare"] == "wythoff" and doc["alter_mode"] is True
    assert store.load(path) == SavedSession(rule="block:3", compare="wythoff", altering=True)
    del doc["compare"], doc["alter_mode"]  # a file saved before they were kept
    path.write_text(json.dumps(doc))
    assert store.load(path) == SavedSession(rule="block:3")
    doc["compare"] = "block:0"
    path.write_text(json.dumps(doc))
    with pytest.raises(SessionFileError, match="compare"):
        store.load(path)
    doc["compare"], doc["alter_mode"] = None, "yes"
    path.write_text(json.dumps(doc))
    with pytest.raises(SessionFileError, match="Alter"):
        store.load(path)


def test_the_cell_borders_and_the_golden_lines_are_saved(tmp_path):
    path = tmp_path / "s.json"
    store.save(path, SavedSession(rule="nim", cell_borders=False, golden_lines=True))
    doc = json.loads(path.read_text())
    assert doc["lines"] == {"borders": False, "golden": True}
    assert store.load(path) == SavedSession(rule="nim", cell_borders=False, golden_lines=True)
    del doc["lines"]  # a file saved before they were kept: borders on, golden lines off
    path.write_text(json.dumps(doc))
    assert store.load(path) == SavedSession(rule="nim")
    for bad in ({"borders": "no"}, {"golden": 1}, ["borders"]):
        doc["lines"] = bad
        path.write_text(json.dumps(doc))
        with pytest.raises(SessionFileError, match="lines"):
            store.load(path)


@settings(max_examples=40, deadline=None)
@given(
    digits=st.integers(1, 3000),
    sel=st.tuples(st.integers(0, 10**40), st.integers(0, 10**40)),
    mode=st.sampled_from(["hot/cold", "grundy", "remoteness"]),
)
def test_numbers_of_any_size_come_back(tmp_path_factory, digits, sel, mode):
    n = 10**digits - 3
    saved = SavedSession("wythoff", (n, n + 1, n + 50, n + 40), mode, sel)
    path = tmp_path_factory.mktemp("s") / "s.json"
    store.save(path, saved)
    assert store.load(path) == saved


def _doc(**changes):
    doc = store.to_document(_full("wythoff"))
    doc.update(changes)
    return doc


def _write(tmp_path, content) -> str:
    path = tmp_path / "bad.json"
    path.write_bytes(content if isinstance(content, bytes) else json.dumps(content).encode())
    return str(path)


@pytest.mark.parametrize(
    ("content", "reason"),
    [
        (b"", "not JSON"),
        (b'{"format": "wythoff-explorer-session", "vers', "not JSON"),
        (b"\xff\xfe\x00garbage", "not JSON"),
        (b"[1, 2, 3]", "not a Wythoff Explorer session"),
        ({"format": "something else", "version": 1}, "not a Wythoff Explorer session"),
        (_doc(version=2), "newer Wythoff Explorer"),
        (_doc(version=0), "older than any"),
        (_doc(version="1"), "no format version"),
        (_doc(rule="chess"), "rule this version does not know"),
        (_doc(rule="custom:one=seven"), "rule this version does not know"),
        (_doc(rule="wythoff:0"), "rule this version does not know"),
        (_doc(mode="heat"), "unknown colour mode"),
        (_doc(view=["1", "2", "3"]), "list of 4"),
        (_doc(view=["5", "0", "5", "9"]), "empty"),
        (_doc(view=["1", "2", "x", "4"]), "whole number"),
        (_doc(selection=["-1", "4"]), "at least 0"),
        (_doc(selection=[True, 4]), "whole number"),
        (_doc(selection=["1" * 100_001, "4"]), "100,001 digits"),
        (_doc(queries={"a": 1}), "should be a list"),
        (_doc(queries=[{"rect": ["0", "0", "1"], "count": "1"}]), "list of 4"),
        (_doc(game={"start": ["5", "7"], "human_first": True, "path": [["5", "7"]], "movers": ["you"]}), "damaged"),
        (_doc(game={"start": ["5", "7"], "human_first": "yes", "path": [], "movers": []}), "damaged"),
        (_doc(bookmarks=[{"name": "x" * 500, "view": ["0", "0", "1", "1"]}]), "at most 200"),
        (_doc(bookmarks=[7]), "damaged"),
    ],
)
def test_a_bad_file_is_refused_with_its_reason(tmp_path, content, reason):
    with pytest.raises(SessionFileError, match=reason):
        store.load(_write(tmp_path, content))


def test_json_integers_are_read_up_to_the_digit_limit(tmp_path):
    head = '{"format": "wythoff-explorer-session", "version": 1, "rule": "wythoff", "selection": ['
    assert store.load(_write(tmp_path, (head + "9" * 5000 + ", 1]}").encode())).selection == (10**5000 - 1, 1)
    with pytest.raises(SessionFileError, match="100,001 digits"):
        store.load(_write(tmp_path, (head + "9" * 100_001 + ", 1]}").encode()))


def test_a_missing_file_and_a_too_large_file_are_refused(tmp_path, monkeypatch):
    with pytest.raises(SessionFileError, match="cannot read"):
        store.load(tmp_path / "none.json")
    path = tmp_path / "s.json"
    store.save(path, _full("nim"))
    monkeypatch.setattr(store, "MAX_FILE_BYTES", 100)
    with pytest.raises(SessionFileError, match="at most"):
        store.load(path)


def test_a_failed_write_leaves_the_old_file_whole(tmp_path, monkeypatch):
    path = tmp_path / "s.json"
    store.save(path, _full("nim"))
    before = path.read_bytes()

    def broken(*args):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", broken)
    with pytest.raises(OSError):
        store.save(path, _full("wythoff"))
    assert path.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["s.json"]


def test_a_saved_file_can_be_shared(tmp_path):
    """The temporary file behind the atomic write is owner-only (mkstemp); the saved session
    had those permissions (0600), so a teacher's shared file could not be read by the class."""
    old = os.umask(0o022)
    try:
        path = tmp_path / "s.json"
        store.save(path, SavedSession())
        assert path.stat().st_mode & 0o777 == 0o644
        os.chmod(path, 0o640)
        store.save(path, SavedSession(mode="grundy"))  # saving again keeps what the owner chose
        assert path.stat().st_mode & 0o777 == 0o640
    finally:
        os.umask(old)


@pytest.mark.parametrize("name", ["queries.json", "play.json"])
def test_the_example_sessions_open_and_hold_true_answers(name):
    """docs/sessions: the files the guide's pictures are taken from."""
    from explorer.core.counting.closed_form import cells_in, cold_cells_in_rect
    from explorer.core.rules.registry import parse_rule

    s = store.load(os.path.join(os.path.dirname(__file__), "..", "..", "docs", "sessions", name))
    rule = parse_rule(s.rule)
    for q in s.queries:
        assert q.count == cold_cells_in_rect(q.x0, q.y0, q.x1, q.y1) and q.cells == cells_in(q.x0, q.y0, q.x1, q.y1)
    if s.game is not None:
        assert all(rule.is_cold(*p) for p in s.game.path[2::2])  # the computer moved to cold cells
    assert s.queries or s.game is not None
