from __future__ import annotations

from itertools import pairwise

import numpy as np
import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from explorer.core import parallel
from explorer.core.exact.bigint import parse_natural
from explorer.core.textio import intstream
from explorer.core.textio.intstream import InputError, read_integers


def test_fast_path_is_exact():
    rng = np.random.default_rng(0)
    vals = rng.integers(0, 2**63 - 1, 10000, dtype=np.int64)
    text = "\n".join(f"{a} {b}" for a, b in vals.reshape(-1, 2)).encode()
    r = read_integers(text)
    assert r.fits_int64 and r.values.tolist() == vals.tolist()


@pytest.mark.parametrize(
    ("value", "fits"), [(2**63 - 2, True), (2**63 - 1, True), (2**63, False), (2**64, False), (0, True)]
)
def test_the_int64_boundary_is_one_constant(value, fits):
    """A value fits the int64 path when it is at most INT64_MAX, whichever path read it: 2^63 - 1
    goes down the exact path (numpy saturates there) and still comes back as int64."""
    assert intstream.INT64_MAX == 2**63 - 1 == np.iinfo(np.int64).max
    for text in (f"{value}".encode(), f"1 {value} 2\n".encode()):
        got = read_integers(text)
        assert got.fits_int64 is fits
        assert [int(v) for v in got.values] == [int(t) for t in text.split()]


def test_huge_and_saturated_values_are_exact():
    r = read_integers(b"9223372036854775807 9223372036854775808\n" + b"7" * 5000)
    assert not r.fits_int64
    assert r.values == [2**63 - 1, 2**63, int("7" * 5000)]
    assert read_integers(b"0000000000000000000000012 3").values.tolist() == [12, 3]


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (b"1 2\n3 x\n", "line 2: not a whole number: 'x'"),
        (b"1\n2\n-3", "line 3: negative"),
        (b"1 2.5", "line 1: not a whole number: '2.5'"),
        (b"\n\n1e5", "line 3: not a whole number"),
    ],
)
def test_errors_name_the_line(data, message):
    with pytest.raises(InputError, match=message):
        read_integers(data)


def test_line_of_token():
    r = read_integers(b"1 2\n\n3 4\n5")
    assert [r.line_of(i) for i in range(5)] == [1, 1, 3, 3, 4]


def test_parse_natural_tolerates_separators_and_refuses_the_rest():
    assert parse_natural(" 1 000 000 ") == 10**6
    assert parse_natural("1_000,000") == 10**6
    assert parse_natural("9" * 100_000) == 10**100_000 - 1
    for bad in ["", "  ", "-3", "1.5", "abc", "1e9", "0x10"]:
        with pytest.raises(ValueError):
            parse_natural(bad)


def test_digit_helpers_agree_with_str():
    import random

    from explorer.core.exact.bigint import digit_count, leading_digits, short_decimal, tail_decimal, trailing_digits

    rng = random.Random(2)
    cases = [0, 9, 10, 99, 100, 10**18 - 1, 10**18, 10**100, 10**100 - 1, 10**5000 + 7]
    cases += [rng.randrange(10 ** rng.randrange(1, 3000)) for _ in range(200)]
    for n in cases:
        s = str(n)
        assert digit_count(n) == len(s)
        assert leading_digits(n, 5) == s[:5]
        assert trailing_digits(n, 5) == s[-5:].rjust(5, "0")
        short = short_decimal(n, 24)
        assert short == s if len(s) <= 24 else short == f"{s[:10]}…{s[-10:]} ({len(s)} digits)"
        for width in (2, 5, 12):
            tail = tail_decimal(n, width)
            assert len(tail) <= width and (tail == s if len(s) <= width else tail == "…" + s[-(width - 1) :])


# ----- pieces: large inputs are cut at whitespace and parsed on every core at once -----------
_WHITESPACE = [b" ", b"\t", b"\n", b"\r", b"\x0b", b"\x0c", b"  \n", b"\r\n"]


@pytest.fixture
def many_pieces(monkeypatch):
    """Pieces of 64 bytes and four cores, so small texts are cut as 38 MB ones are."""
    monkeypatch.setattr(intstream, "PIECE_BYTES", 64)
    monkeypatch.setattr(intstream, "cores", lambda: 4)
    monkeypatch.setattr(parallel, "cores", lambda: 4)


def _text(values: list[int], seps: list[bytes], lead: bytes) -> bytes:
    return lead + b"".join(str(v).encode() + seps[i % len(seps)] for i, v in enumerate(values))


# the fixtures only set constants and a directory the test overwrites: safe to share
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    values=st.lists(st.integers(0, 2**64), max_size=120),
    seps=st.lists(st.sampled_from(_WHITESPACE), min_size=1, max_size=5),
    lead=st.sampled_from([b"", b" ", b"\n\n"]),
)
@example(values=[2**63 - 2], seps=[b" "], lead=b"")
@example(values=[2**63 - 1], seps=[b" "], lead=b"")  # numpy saturates here: the exact path reads it
@example(values=[2**63], seps=[b" "], lead=b"")
@example(values=[2**64], seps=[b" "], lead=b"")
@example(values=[0, 2**63 - 1, 2**63 - 2], seps=[b"\n"], lead=b" ")
def test_pieces_read_every_token_once_and_exactly(many_pieces, tmp_path, values, seps, lead):
    """Cut at whitespace, no token is split or lost, from bytes and from a file; the oracle is
    int() of each token. Values past int64 send everything down the exact path."""
    text = _text(values, seps, lead)
    path = tmp_path / "in.txt"
    path.write_bytes(b"junk! " + text)  # the file is read from where the handle stands
    with open(path, "rb") as handle:
        handle.read(6)
        from_file = intstream.read_integers_from(handle)
        assert handle.read() == b""  # the whole rest was consumed
    for got in (intstream.read_integers(text), from_file):
        assert list(got.values) == [int(t) for t in text.split()]
        assert b"".join(got.pieces) == text
        assert got.fits_int64 == all(v <= intstream.INT64_MAX for v in values)


def test_a_pipe_is_read_then_cut(many_pieces):
    import io

    text = _text(list(range(500)), [b" ", b"\n"], b"")
    got = intstream.read_integers_from(io.BufferedReader(io.BytesIO(text)))  # no fileno
    assert got.values.tolist() == list(range(500)) and len(got.pieces) == 4


def test_a_bad_token_in_a_later_piece_names_its_line(many_pieces, tmp_path):
    lines = [f"{i} {i + 1}" for i in range(200)]
    lines[150] = "7 +8"
    path = tmp_path / "in.txt"
    path.write_bytes("\n".join(lines).encode())
    with open(path, "rb") as handle, pytest.raises(InputError, match=r"line 151: not a whole number: '\+8'"):
        intstream.read_integers_from(handle)
    with pytest.raises(InputError, match="line 151"):
        intstream.read_integers("\n".join(lines).encode())


def test_the_byte_check_agrees_with_its_definition():
    """Every byte value, alone and at each place of numpy's blocks (their edges included)."""
    allowed = set(b"0123456789 \t\n\r\x0b\x0c")
    for byte in range(256):
        assert intstream._digits_and_whitespace(bytes([byte])) == (byte in allowed), byte
    block = intstream._CHECK_BLOCK
    clean = (b"12 3\n" * (3 * block // 5 + 1))[: 3 * block]
    assert intstream._digits_and_whitespace(clean)
    for at in (0, 1, block - 1, block, block + 1, 2 * block, 3 * block - 1):
        for bad in (b"+", b"\x00", b"\xa0", b"/", b":"):
            assert not intstream._digits_and_whitespace(clean[:at] + bad + clean[at + 1 :]), (at, bad)


def test_map_parallel_keeps_order_and_raises_what_a_part_raised():
    assert parallel.map_parallel(lambda v: v * v, list(range(7))) == [v * v for v in range(7)]

    def boom(v: int) -> int:
        if v == 5:
            raise KeyError("five")
        return v

    with pytest.raises(KeyError, match="five"):
        parallel.map_parallel(boom, list(range(7)))
    for n in (0, 1, 5, 2**18, 2**18 + 7):
        cut = parallel.spans(n)
        assert cut[0][0] == 0 and cut[-1][1] == n and all(a[1] == b[0] for a, b in pairwise(cut))
