"""a-Wythoff's cold pairs by `decimal` square roots, not the integer square roots the program uses:
an oracle of its own for the soak and the tests (Fraenkel's α; the Wythoff array by its definition)."""

from __future__ import annotations

import decimal


def _context(*numbers: int) -> decimal.Context:
    """Twice the digits, and more: α is a quadratic irrational, so k α stays at least about
    1/(sqrt(a² + 4) k) from every integer, but no nearer. Fibonacci-like k come that near
    (k = F_n for φ), so digits + 40 floored them wrong past ~40 digits."""
    digits = max(len(str(abs(v))) for v in numbers) if numbers else 1
    return decimal.Context(prec=2 * digits + 40, rounding=decimal.ROUND_FLOOR)


def _alpha(a: int, ctx: decimal.Context) -> decimal.Decimal:
    """Fraenkel's α = (2 - a + sqrt(a² + 4)) / 2: lower numbers are floor(k α), upper floor(k α) + a k.
    (Every operation in `ctx`: the thread's default context holds only 28 digits.)"""
    return ctx.divide(ctx.add(decimal.Decimal(2 - a), ctx.sqrt(decimal.Decimal(a * a + 4))), 2)


def lower(k: int, a: int = 1) -> int:
    ctx = _context(k, 10 * a)
    return int(
        ctx.multiply(decimal.Decimal(k), _alpha(a, ctx)).to_integral_value(rounding=decimal.ROUND_FLOOR, context=ctx)
    )


def count_upto(m: int, a: int, upper: bool) -> int:
    """#{k >= 1 : lower_k <= m} (or upper_k): floor((m + 1) / γ) for the irrational γ = α (or α + a)."""
    if m < 0:
        return 0
    ctx = _context(m, 10 * a)
    gamma = ctx.add(_alpha(a, ctx), decimal.Decimal(a if upper else 0))
    return int(ctx.divide(decimal.Decimal(m + 1), gamma).to_integral_value(rounding=decimal.ROUND_FLOOR, context=ctx))


def beatty_cold(x: int, y: int, a: int) -> bool:
    lo, hi = min(x, y), max(x, y)
    if (hi - lo) % a:
        return False
    k = (hi - lo) // a
    return lo == lower(k, a) if k else lo == 0


def array_entry(row: int, col: int) -> int:
    """W(row, col) of the Wythoff array by its definition: a(a(m)), a(a(m)) + a(m), then sums,
    with a() by decimal square roots."""
    am = lower(row)
    w1 = lower(am)
    w2 = w1 + am
    for _ in range(col - 1):
        w1, w2 = w2, w1 + w2
    return w1
