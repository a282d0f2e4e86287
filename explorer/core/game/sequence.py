"""Cold positions of Wythoff's game, exactly, for integers of any size.

Everything here rests on one identity (docs/math.md, "Cold positions"): floor(k*phi) = (k + isqrt(5*k*k)) // 2.
Fraenkel's a-Wythoff generalises it: A_n = floor(n * alpha_a) = (n(2 - a) + isqrt(n^2 (a^2 + 4))) // 2,
alpha_a = (2 - a + sqrt(a^2 + 4)) / 2, B_n = A_n + a n; a = 1 is Wythoff (alpha_1 = phi). These two
formulas (`lower`, `count_lower_upto`) are the only place the constants are written.
No floating point is used anywhere; each function costs a few big-integer
multiplications and one integer square root.
"""

from __future__ import annotations

import enum
from functools import lru_cache
from math import isqrt as _isqrt
from typing import NamedTuple

HUGE_BITS = 4096  # past numbers this long a square root takes milliseconds (0.14 s at 100 000 digits)


@lru_cache(maxsize=32)
def _huge_isqrt(v: int) -> int:
    return _isqrt(v)


def isqrt(v: int) -> int:
    """math.isqrt, with the last 32 roots of huge numbers kept: a rectangle's count asks LA of each
    corner twice, and a raster's texels share their corners (about 80 KB an entry at 100 000 digits)."""
    return _isqrt(v) if v.bit_length() < HUGE_BITS else _huge_isqrt(v)


def _check_natural(n: int, what: str) -> None:
    if not isinstance(n, int) or isinstance(n, bool):
        raise TypeError(f"{what} must be an int, not {type(n).__name__}")
    if n < 0:
        raise ValueError(f"{what} must be >= 0, got {n}")


def lower(k: int, a: int = 1) -> int:
    """a_k = floor(k * phi), the smaller number of the k-th cold pair (with a > 1: Fraenkel's A_k)."""
    _check_natural(k, "k")
    if a == 1:
        return (k + isqrt(5 * k * k)) >> 1
    return (k * (2 - a) + isqrt(k * k * (a * a + 4))) // 2


def upper(k: int) -> int:
    """b_k = floor(k * phi^2) = a_k + k, the larger number of the k-th cold pair."""
    return lower(k) + k


def cold_pair(k: int) -> tuple[int, int]:
    """The k-th cold pair (a_k, b_k), k = 0, 1, 2, ...: (0, 0), (1, 2), (3, 5), (4, 7), ..."""
    a = lower(k)
    return a, a + k


def count_lower_upto(m: int, a: int = 1) -> int:
    """LA(m) = #{k >= 1 : a_k <= m} = floor((m + 1) / phi); 0 for m < 0.
    With a > 1: #{n >= 1 : A_n <= m} = floor((m + 1) / alpha_a), 1/alpha_a = (sqrt(a^2+4) + a - 2) / 2a.

    It is also the Zeckendorf right shift of m (tested), which `zeckendorf` relies on.
    """
    if m < 0:
        return 0
    n = m + 1
    if a == 1:
        return (isqrt(5 * n * n) - n) >> 1
    return (isqrt(n * n * (a * a + 4)) + n * (a - 2)) // (2 * a)


BULK_BITS = 4096  # past numbers this long, consecutive LA(m) come from one square root, not one each


def lower_counts(first: int, count: int, a: int = 1) -> list[int]:
    """LA(m) for m = first, ..., first + count - 1, exactly, as `count_lower_upto` gives each.

    LA(m) = floor((m + 1) / alpha). Past BULK_BITS one integer square root bounds 1 / alpha between
    two fractions with a common denominator, 12 digits finer than m needs; stepping m by one adds
    each numerator, and where the two floors agree they are LA(m) exactly (1 / alpha is
    irrational and lies strictly between them). Where they differ ((m + 1) / alpha within 10^-12
    of a whole number) LA(m) is computed on its own. A number of 100 000 digits costs one square
    root (0.3 s) for the range, then a few additions each, instead of a square root each."""
    top = first + count
    if count <= 0:
        return []
    if top.bit_length() <= BULK_BITS or count == 1 or first < 0:
        return [count_lower_upto(m, a) for m in range(first, top)]
    digits = top.bit_length() * 30103 // 100_000 + 12
    scale = 10**digits
    root = isqrt((a * a + 4) * scale * scale)  # root <= sqrt(a² + 4) * scale < root + 1
    den = 2 * a * scale
    step_lo = root + (a - 2) * scale  # 1 / alpha lies in (step_lo / den, (step_lo + 1) / den)
    step_hi = step_lo + 1
    q_lo, r_lo = divmod((first + 1) * step_lo, den)
    q_hi, r_hi = divmod((first + 1) * step_hi, den)
    out = []
    for m in range(first, top):
        out.append(q_lo if q_lo == q_hi else count_lower_upto(m, a))
        r_lo += step_lo  # the steps are below den: at most one carry each
        if r_lo >= den:
            r_lo -= den
            q_lo += 1
        r_hi += step_hi
        if r_hi >= den:
            r_hi -= den
            q_hi += 1
    return out


def is_cold(x: int, y: int) -> bool:
    """True when (x, y) is a P-position: the player to move loses with best play."""
    _check_natural(x, "x")
    _check_natural(y, "y")
    small, d = (x, y - x) if x <= y else (y, x - y)
    return small == lower(d)


class NumberKind(enum.Enum):
    ZERO = "zero"
    LOWER = "lower"
    UPPER = "upper"


class NumberRole(NamedTuple):
    """Where n stands in the cold sequence: n = a_index (lower) or n = b_index (upper).
    (A NamedTuple, not a dataclass: `number` then starts without importing dataclasses.)"""

    kind: NumberKind
    index: int  # type: ignore[assignment]  # the field hides tuple.index, which nothing here calls
    partner: int


def classify_number(n: int) -> NumberRole:
    """Whether n >= 0 is a lower number a_k or an upper number b_k, its k, and its partner."""
    _check_natural(n, "n")
    if n == 0:
        return NumberRole(NumberKind.ZERO, 0, 0)
    here = count_lower_upto(n)
    if here != count_lower_upto(n - 1):
        return NumberRole(NumberKind.LOWER, here, n + here)
    return NumberRole(NumberKind.UPPER, n - here, here)


def partner(x: int) -> int:
    """p(x): the unique y with (x, y) cold. Every row and every column holds exactly one."""
    return classify_number(x).partner
