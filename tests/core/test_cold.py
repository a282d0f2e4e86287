"""The cold set, partners and lower/upper numbers against the game's definition."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from explorer.core import (
    NumberKind,
    classify_number,
    cold_pair,
    count_lower_upto,
    is_cold,
    lower,
    partner,
    upper,
)
from tests.oracles import cold_table, fib, greedy_zeckendorf

N = 500


def test_cold_set_matches_definition_on_500x500():
    cold = cold_table(N)
    mismatches = [(x, y) for x in range(N) for y in range(N) if is_cold(x, y) != cold[x][y]]
    assert mismatches == []


def test_partner_is_the_unique_cold_cell_of_each_row():
    cold = cold_table(N)
    for x in range(N):
        in_row = [y for y in range(N) if cold[x][y]]
        p = partner(x)
        if p < N:
            assert in_row == [p]
        else:
            assert in_row == []


def test_cold_pairs_enumerate_the_cold_set_in_order():
    cold = cold_table(N)
    from_table = sorted((x, y) for x in range(N) for y in range(x, N) if cold[x][y])
    from_pairs = [cold_pair(k) for k in range(len(from_table))]
    assert from_pairs == from_table
    assert all(upper(k) - lower(k) == k for k in range(1000))


def test_mex_definition_of_the_sequence():
    seen: set[int] = set()
    for k in range(2000):
        a = 0
        while a in seen:
            a += 1
        assert (a, a + k) == cold_pair(k)
        seen.update((a, a + k))


def test_classify_number_against_the_pairs():
    role_of = {0: (NumberKind.ZERO, 0, 0)}
    for k in range(1, 3000):
        a, b = cold_pair(k)
        role_of[a] = (NumberKind.LOWER, k, b)
        role_of[b] = (NumberKind.UPPER, k, a)
    for n in range(4000):
        r = classify_number(n)
        assert (r.kind, r.index, r.partner) == role_of[n]


def test_count_lower_upto_counts():
    lowers = sorted(lower(k) for k in range(1, 3000))
    for m in range(-3, 4000):
        assert count_lower_upto(m) == sum(1 for a in lowers if a <= m)


@pytest.mark.parametrize("n", [40, 41, 48, 78, 79, 80, 200, 1001, 5000, 20000])
def test_lower_at_fibonacci_indices_second_formula(n):
    # F_n * phi = F_{n+1} - psi^n, psi = -1/phi: the floor is F_{n+1} - 1 for even n.
    k = fib(n)
    assert lower(k) == fib(n + 1) - (1 if n % 2 == 0 else 0)


def test_float_phi_is_wrong_where_math_md_says():
    phi = (1 + 5**0.5) / 2
    k = fib(40)  # 102 334 155
    assert math.floor(k * phi) != lower(k)
    assert all(math.floor(j * phi) == lower(j) for j in range(1, 100_000))


def _trailing_zeros(indices: list[int]) -> int:
    return indices[-1] - 2  # digits over F_2, F_3, ...: zeros below the lowest 1


@pytest.mark.slow  # 300 numbers of up to 1 000 digits (2 s): make test's, not the inner loop's
@settings(max_examples=300, deadline=None)
@given(st.integers(min_value=1, max_value=10**1000))
def test_lower_upper_agree_with_zeckendorf_characterisation(n):
    # Fraenkel: n is a lower number iff its Zeckendorf form ends in an even number of zeros.
    role = classify_number(n)
    z = greedy_zeckendorf(n)
    assert (role.kind is NumberKind.LOWER) == (_trailing_zeros(z) % 2 == 0)
    # ...and the upper partner's form is the lower one's shifted left by one place.
    low = n if role.kind is NumberKind.LOWER else role.partner
    high = role.partner if role.kind is NumberKind.LOWER else n
    assert greedy_zeckendorf(high) == [i + 1 for i in greedy_zeckendorf(low)]


@pytest.mark.slow  # 300 pairs of up to 1 000 digits (2 s)
@settings(max_examples=300, deadline=None)
@given(st.integers(min_value=0, max_value=10**1000), st.integers(min_value=0, max_value=10**1000))
def test_is_cold_agrees_with_zeckendorf_oracle(x, y):
    def oracle(x: int, y: int) -> bool:
        if x == y:
            return x == 0
        lo, hi = min(x, y), max(x, y)
        if lo == 0:
            return False  # (0, h) with h > 0: take the whole pile
        zl = greedy_zeckendorf(lo)
        return _trailing_zeros(zl) % 2 == 0 and greedy_zeckendorf(hi) == [i + 1 for i in zl]

    assert is_cold(x, y) == oracle(x, y)
    p = partner(x)
    assert is_cold(x, p) and oracle(x, p)


@pytest.mark.slow  # a few seconds: `make test` runs it, the quick tier does not
def test_hundred_thousand_digits():
    n = 478_500  # F_n has 100 001 decimal digits
    k = fib(n)
    assert len(str(k)) >= 100_000
    a = fib(n + 1) - (n % 2 == 0)
    assert lower(k) == a
    assert is_cold(a, a + k) and is_cold(a + k, a)
    assert not is_cold(a, a + k + 1)
    assert partner(a) == a + k and partner(a + k) == a


def test_rejects_negative_and_non_integers():
    with pytest.raises(ValueError):
        is_cold(-1, 2)
    with pytest.raises(TypeError):
        lower(2.0)  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        classify_number(-5)
