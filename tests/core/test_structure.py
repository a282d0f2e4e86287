"""The Structure view's figures (issue 29) against independent facts: Wythoff's upper numbers
satisfy b_k = ⌊φ·a_k⌋ + 1 (so every offset is 1), and the pairs of other rules come from the
brute-force square."""

from __future__ import annotations

from decimal import Decimal, getcontext

import numpy as np
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from explorer.core.analysis.structure import structure
from explorer.core.rules import RuleError, parse_rule
from tests.oracles import Vectors, vector_cold_square


def _floor_phi(x: int) -> int:
    getcontext().prec = 60
    return int((Decimal(x) * (1 + Decimal(5).sqrt()) / 2).to_integral_value(rounding="ROUND_FLOOR"))


def test_wythoffs_offsets_are_all_one():
    s = structure(parse_rule("wythoff"), 1 << 16)
    assert s.size == 1 << 16 and int(s.offset[0]) == 0  # (0, 0)
    assert np.all(s.offset[1:] == 1)
    for k in (1, 2, 17, 4000, (1 << 16) - 1):  # the offset's ⌊φx⌋ by decimal arithmetic
        assert int(s.ys[k]) - _floor_phi(int(s.xs[k])) == int(s.offset[k])


@pytest.mark.slow
def test_maharaja_pairs_and_offsets_from_the_brute_force_square():
    n = 1500
    cold = vector_cold_square(n, Vectors([(1, 0), (1, 1)], [(1, 2)]))
    upper = sorted((x, y) for x in range(n) for y in range(x, n) if cold[x][y])
    s = structure(parse_rule("maharaja"), 200)
    assert list(zip(s.xs.tolist(), s.ys.tolist(), strict=True)) == upper[:200]
    assert [int(o) for o in s.offset] == [y - _floor_phi(x) for x, y in upper[:200]]
    assert int(s.largest_offset[-1]) == max(abs(y - _floor_phi(x)) for x, y in upper[:200])


def test_thinning_keeps_each_runs_extremes_and_the_csv_reads_back():
    s = structure(parse_rule("gdwn:1,2"), 1 << 14)
    x, v = s.thinned(s.ratio, bins=64)
    assert x.size == v.size <= 128
    ratio = s.ratio
    assert np.nanmax(ratio) == pytest.approx(v.max()) and np.nanmin(ratio) == pytest.approx(v.min())
    lines = s.csv_lines(50)
    assert lines[0] == "k,x,y,ratio,offset_from_phi_x" and len(lines) == 51
    for line in lines[1:]:
        k, xx, yy, _, off = line.split(",")
        assert (int(xx), int(yy), int(off)) == (int(s.xs[int(k)]), int(s.ys[int(k)]), int(s.offset[int(k)]))


def test_the_pairs_kept_take_12_bytes_each_where_they_fit_in_32_bits():
    """The tab keeps its pairs for export: x, y and the offset in 32 bits each while they fit (they
    are below 10^9 for every rule's first 2^20 pairs), in 64 where a number does not."""
    from explorer.core.analysis.structure import narrowed

    s = structure(parse_rule("wythoff"), 1 << 16)
    assert s.nbytes == 12 * s.size and s.xs.dtype == s.ys.dtype == s.offset.dtype == np.int32
    wide = np.array([0, 2**31 - 1, -(2**31)], dtype=np.int64)
    assert narrowed(wide).dtype == np.int32 and narrowed(wide).tolist() == wide.tolist()
    for past in (2**31, -(2**31) - 1, 10**12):
        big = np.array([3, past], dtype=np.int64)
        assert narrowed(big).dtype == np.int64 and narrowed(big).tolist() == [3, past]
    assert narrowed(np.zeros(0, dtype=np.int64)).size == 0


def test_a_rule_without_pairs_says_so():
    with pytest.raises(RuleError):
        structure(parse_rule("custom:one=2 3;both=none;n=32"))


def test_thinned_points_go_in_order_of_x():
    """Issue 35: the thinned curve listed every run's low and then every run's high, so a line
    through them went from the last x back to the first."""
    rng = np.random.default_rng(3)
    s = structure(parse_rule("wythoff"), 1 << 14)
    xs, ys = s.thinned(rng.normal(size=s.size), bins=100)
    assert np.all(np.diff(xs) >= 0)
    assert xs.size == 200 and np.all(ys[0::2] <= ys[1::2])  # each run: its least, then its largest


def test_a_structure_says_when_the_rule_knows_more_pairs():
    assert structure(parse_rule("wythoff"), 1000).more  # a closed form: pairs without end
    rule = parse_rule("maharaja")
    lo, hi = 1, 1 << 30  # how many pairs the solved columns hold, by asking for them
    while lo < hi:
        mid = (lo + hi + 1) // 2
        try:
            rule.cold_pairs(0, mid)
            lo = mid
        except RuleError:
            hi = mid - 1
    assert not structure(rule, lo).more and structure(rule, lo).size == lo
    assert structure(rule, lo - 1).more


def test_the_csv_in_chunks_is_the_csv_in_one_piece_and_each_chunk_is_bounded():
    """Exports are written a chunk at a time (a million pairs at once took ~200 MiB more): the
    chunks join to the same lines, the header first, each chunk at most its rows."""
    from explorer.core.analysis.structure import structure
    from explorer.core.rules import Wythoff

    s = structure(Wythoff(), 5000)
    chunks = list(s.csv_chunks(4321, rows=1000))
    assert chunks[0] == ["k,x,y,ratio,offset_from_phi_x"]
    assert [len(c) for c in chunks[1:]] == [1000, 1000, 1000, 1000, 321]
    lines = [line for c in chunks for line in c]
    assert lines == s.csv_lines(4321)
    k, x, y = (int(v) for v in lines[-1].split(",")[:3])
    assert k == 4320 and (x, y) == (int(s.xs[4320]), int(s.ys[4320]))


@settings(max_examples=25, deadline=None)
@given(st.integers(2, 10**7), st.integers(0, (1 << 20) - 1))
@example(10**6, 3038)  # the first A_k past the int64 formula for a = 10^6
@example(2, (1 << 20) - 1)
def test_a_wythoffs_pairs_past_the_int64_formula_are_exact(a, k):
    """The Structure tab's million pairs of wythoff:10^6 came a pair at a time (2 s holding the GIL
    on its worker: a 393 ms stall of the window in a soak); now by complementarity, checked here
    against the closed form by isqrt at any k."""
    from explorer.core.game.bulk import lower_prefix
    from explorer.core.game.sequence import lower

    assert int(lower_prefix(k + 1, a)[-1]) == lower(k, a)
    xs, ys = parse_rule(f"wythoff:{a}").cold_pairs(k, 2)
    assert [(int(x), int(y)) for x, y in zip(xs, ys, strict=True)] == [
        (lower(i, a), lower(i, a) + a * i) for i in (k, k + 1)
    ]


def test_nims_pairs_in_bulk():
    xs, ys = parse_rule("nim").cold_pairs(5, 3)
    assert xs.tolist() == ys.tolist() == [5, 6, 7]


def test_a_wythoffs_pairs_far_out_still_come_as_python_integers():
    """The bulk path must not take a start past int64 (the CLI fuzz found `pairs 3 --start 4·10^20
    --rule wythoff:2` raising OverflowError once the bulk path made its k array first)."""
    from explorer.core.game.sequence import lower

    start = 428094317128561086589
    xs, ys = parse_rule("wythoff:2").cold_pairs(start, 3)
    assert [(x, y) for x, y in zip(xs, ys, strict=True)] == [
        (lower(k, 2), lower(k, 2) + 2 * k) for k in range(start, start + 3)
    ]
