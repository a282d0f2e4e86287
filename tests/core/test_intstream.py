from __future__ import annotations

import numpy as np
import pytest

from explorer.core.exact.bigint import parse_natural
from explorer.core.textio.intstream import InputError, read_integers


def test_fast_path_is_exact():
    rng = np.random.default_rng(0)
    vals = rng.integers(0, 2**63 - 1, 10000, dtype=np.int64)
    text = "\n".join(f"{a} {b}" for a, b in vals.reshape(-1, 2)).encode()
    r = read_integers(text)
    assert r.fits_int64 and r.values.tolist() == vals.tolist()


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
