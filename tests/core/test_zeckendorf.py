from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from explorer.core.game.zeckendorf import fibonacci, zeckendorf_digits, zeckendorf_indices, zeckendorf_terms
from tests.oracles import fib, greedy_zeckendorf


def test_small_numbers_against_greedy():
    for n in range(20000):
        assert zeckendorf_indices(n) == greedy_zeckendorf(n)


def test_digits_and_terms():
    assert zeckendorf_digits(0) == "0"
    assert zeckendorf_digits(1) == "1"
    assert zeckendorf_digits(12) == "10101"  # 8 + 3 + 1
    assert zeckendorf_terms(12) == "8 + 3 + 1"
    assert fibonacci(100) == fib(100)


@pytest.mark.slow
@settings(max_examples=200, deadline=None)
@given(st.integers(min_value=0, max_value=10**3000))
def test_big_numbers_against_greedy(n):
    assert zeckendorf_indices(n) == greedy_zeckendorf(n)


def test_fibonacci_boundaries_on_the_divide_and_conquer_path():
    for i in range(290, 2000, 97):
        for n in (fib(i) - 1, fib(i), fib(i) + 1, fib(i) + fib(i - 2), fib(i + 1) - fib(i - 3)):
            assert zeckendorf_indices(n) == greedy_zeckendorf(n)


@pytest.mark.slow
def test_hundred_thousand_digits_is_a_valid_representation():
    n = 7**118_000  # 99 723 digits
    idx = zeckendorf_indices(n)
    assert all(a - b >= 2 for a, b in itertools.pairwise(idx))
    assert sum(fibonacci(i) for i in idx[:5]) < n
    # The whole sum, with Fibonacci numbers made by the test's own recurrence.
    total, wanted = 0, set(idx)
    a, b, i = 0, 1, 0
    while i <= idx[0]:
        if i in wanted:
            total += a
        a, b, i = b, a + b, i + 1
    assert total == n
