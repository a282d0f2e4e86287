"""Bulk text output against str(): the digit tables must write exactly what Python writes."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from explorer.core.textio.textout import numbers_per_line, table_lines, words_by_mask


def _plain_table(rows: list[list[int]]) -> bytes:
    return "".join(" ".join(map(str, row)) + "\n" for row in rows).encode()


@settings(max_examples=200, deadline=None)
@given(
    st.integers(1, 12),
    st.integers(1, 12),
    st.sampled_from([np.uint16, np.uint32, np.int64]),
    st.sampled_from([9, 10, 99, 1000, 65535, 70000, 2**62]),
    st.integers(0, 2**32 - 1),
)
def test_table_lines_write_what_python_writes(rows, cols, dtype, top, seed):
    rng = np.random.default_rng(seed)
    top = min(top, int(np.iinfo(dtype).max))
    t = rng.integers(0, top, size=(rows, cols), endpoint=True, dtype=np.int64).astype(dtype)
    t[0, 0] = 0
    assert table_lines(t) == _plain_table(t.tolist())


def test_table_lines_edges():
    assert table_lines(np.zeros((0, 3), dtype=np.uint16)) == b""
    assert table_lines(np.array([[0]], dtype=np.uint16)) == b"0\n"
    assert table_lines(np.array([[-3, 4]], dtype=np.int64)) == b"-3 4\n"
    big = [[10**30, 7]]
    assert table_lines(np.array(big, dtype=object)) == _plain_table(big)


@settings(max_examples=100, deadline=None)
@given(st.lists(st.integers(0, 2**63 - 1), max_size=50))
def test_numbers_per_line_and_words_write_what_python_writes(values):
    arr = np.array(values, dtype=np.int64)
    assert numbers_per_line(arr) == "".join(f"{v}\n" for v in values).encode()
    mask = arr % 2 == 0
    assert (
        words_by_mask(mask, b"First", b"Second")
        == "".join("First\n" if v % 2 == 0 else "Second\n" for v in values).encode()
    )


@settings(max_examples=100, deadline=None)
@given(st.integers(1, 9), st.integers(1, 9), st.sampled_from([1, 2, 5, 7, 64]), st.integers(0, 2**32 - 1))
def test_tables_written_in_pieces_are_the_same_lines(rows, cols, chunk, seed):
    """The CLI writes big tables in pieces of whole lines (CHUNK values at most, at least a line)."""
    from explorer.core.textio import textout

    t = np.random.default_rng(seed).integers(0, 70000, size=(rows, cols)).astype(np.uint32)
    saved = textout.CHUNK
    textout.CHUNK = chunk
    try:
        pieces = list(textout.table_chunks(t))
    finally:
        textout.CHUNK = saved
    assert b"".join(pieces) == _plain_table(t.tolist())
    assert all(piece.endswith(b"\n") for piece in pieces)


def test_numbers_at_every_digit_count_and_group_edge():
    """Four digits are written per pass: each count of digits from 1 to 19, around each power of 10."""
    values = sorted({max(0, 10**k + d) for k in range(19) for d in (-1, 0, 1)} | {2**63 - 1, 65536})
    arr = np.array(values, dtype=np.int64)
    assert numbers_per_line(arr) == "".join(f"{v}\n" for v in values).encode()
    assert table_lines(arr.reshape(1, -1)) == (" ".join(map(str, values)) + "\n").encode()


@settings(max_examples=100, deadline=None)
@given(
    st.lists(st.booleans(), max_size=80),
    st.sampled_from([(b"First", b"Second"), (b"1", b"0"), (b"", b"no"), (b"1234567", b"x"), (b"a word of 12", b"b")]),
)
def test_words_of_every_length_are_the_lines_python_writes(mask, words):
    """Lines of up to 8 bytes are gathered whole, longer ones byte by byte: both as Python joins them."""
    yes, no = words
    got = words_by_mask(np.array(mask, dtype=bool), yes, no)
    assert got == b"".join((yes if m else no) + b"\n" for m in mask)


def test_a_large_mask_written_in_a_piece_per_core_is_the_lines_python_writes(monkeypatch):
    """From WORTH_SPLITTING answers on, each core writes a piece; joined they are every line, in order."""
    from explorer.core import parallel

    monkeypatch.setattr(parallel, "cores", lambda: 3)
    mask = np.random.default_rng(7).random(parallel.WORTH_SPLITTING + 11) < 0.4
    expected = b"".join(b"First\n" if m else b"Second\n" for m in mask.tolist())
    assert len(parallel.spans(mask.size)) == 3
    assert words_by_mask(mask, b"First", b"Second") == expected


def test_many_numbers_written_in_a_piece_per_core_are_the_lines_python_writes(monkeypatch):
    from explorer.core import parallel

    monkeypatch.setattr(parallel, "cores", lambda: 3)
    rng = np.random.default_rng(8)
    values = rng.integers(0, 10 ** rng.integers(1, 19, parallel.WORTH_SPLITTING + 5), dtype=np.int64)
    assert numbers_per_line(values) == "".join(f"{v}\n" for v in values.tolist()).encode()
