"""LA(m) = floor((m + 1) / phi) along an arithmetic progression m = m0 + i * step, fast.

A viewport needs LA at every pixel boundary: thousands of values of 10^100 or more, which
one math.isqrt each would make too slow for a frame. Along a progression,
    (m0 + 1 + i*step) / phi = (q0 + f0) + i * (qs + fs)
with integer parts q and fractional parts f. Both fractional parts are taken to FRACTION_BITS
bits exactly (two isqrt calls), the carries floor(f0 + i*fs) come from int64 arithmetic,
and the few entries whose fixed-point value lies within its error bound of an integer are
recomputed with math.isqrt. So every value is exact.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from explorer.core.exact.lazy import lazy_numpy
from explorer.core.game.sequence import count_lower_upto

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray
else:
    np = lazy_numpy(__name__)

FRACTION_BITS = 40
_ONE = 1 << FRACTION_BITS


def _scaled_floor(n: int, a: int) -> int:
    """floor(n * 2^FRACTION_BITS / alpha_a) for n >= 0, exactly: 1/alpha_a = (sqrt(a^2+4) + a - 2) / 2a
    (a = 1: 1/phi)."""
    return count_lower_upto((n << FRACTION_BITS) - 1, a)  # floor((m + 1) / alpha) with m + 1 = n 2^40


def lower_counts_along(m0: int, step: int, count: int, a: int = 1) -> tuple[int, NDArray]:
    """LA(m0 + i*step) for i = 0..count-1, as (base, offsets): value_i = base + offsets[i].
    With a > 1, the count of Fraenkel's a-Wythoff lower numbers, floor((m + 1) / alpha_a).

    Needs m0 >= -1, step >= 1, count <= 2^20. The offsets are int64 while count * step
    < 2^61 (a 4096-pixel viewport up to 5e14 cells per pixel), else Python ints in an
    object array.
    """
    if m0 < -1 or step < 1 or count < 0 or count > 1 << 20:
        raise ValueError("lower_counts_along needs m0 >= -1, step >= 1, 0 <= count <= 2^20")
    f0 = _scaled_floor(m0 + 1, a)
    fs = _scaled_floor(step, a)
    base = f0 >> FRACTION_BITS
    q_step = fs >> FRACTION_BITS
    i = np.arange(count, dtype=np.int64)
    frac = (f0 & (_ONE - 1)) + i * (fs & (_ONE - 1))  # < 2^40 * 2^21: fits
    carries = frac >> FRACTION_BITS
    if count * step < 1 << 61:
        offsets = i * q_step + carries
    else:
        offsets = np.arange(count, dtype=object) * q_step + carries.astype(object)
    # The true fraction exceeds the fixed-point one by less than (i + 1) / 2^40; only when
    # that could carry across an integer is the floor in doubt.
    doubtful = np.flatnonzero((frac & (_ONE - 1)) >= _ONE - (i + 1))
    for k in doubtful.tolist():
        offsets[k] = count_lower_upto(m0 + k * step, a) - base
    return base, offsets
