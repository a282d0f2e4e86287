"""Roles of many consecutive numbers at once (the Beatty strip far out): `lower_counts` and a
closed rule's `number_roles` against the one-at-a-time answers, which are checked against the
Zeckendorf and decimal oracles elsewhere."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from explorer.core.game.sequence import BULK_BITS, count_lower_upto, lower_counts
from explorer.core.protocol import NumberRoles
from explorer.core.rules import parse_rule
from tests.oracles import fib

HUGE = 1 << (BULK_BITS + 1)


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10**1500), st.integers(1, 30), st.sampled_from([1, 2, 3, 7, 10**6]))
def test_consecutive_lower_counts_are_each_ones(offset, count, a):
    first = HUGE + offset
    assert lower_counts(first, count, a) == [count_lower_upto(m, a) for m in range(first, first + count)]


@pytest.mark.parametrize("n", [6000, 7001, 9000])
def test_next_to_fibonacci_numbers_where_the_bounds_are_tightest(n):
    """(m + 1) / phi comes nearest a whole number at m + 1 = F_n: the two floors may differ there,
    and the count is then worked out on its own."""
    f = fib(n)
    assert lower_counts(f - 12, 24) == [count_lower_upto(m) for m in range(f - 12, f + 12)]


@pytest.mark.parametrize("key", ["wythoff", "wythoff:2", "wythoff:7"])
@pytest.mark.parametrize("first", [0, 1, 10**18, HUGE + 12345, 10**2000])
def test_a_rules_roles_in_bulk_are_its_roles_one_at_a_time(key, first):
    rule = parse_rule(key)
    assert isinstance(rule, NumberRoles)
    assert rule.number_roles(first, 25) == [rule.number_role(n) for n in range(first, first + 25)]


def test_misere_shows_no_roles_in_bulk_either():
    rule = parse_rule("misere")
    assert rule.number_roles(5, 3) == [None, None, None] == [rule.number_role(n) for n in (5, 6, 7)]
