"""Zeckendorf representations (sums of non-adjacent Fibonacci numbers) of any size.

Indices follow F_0 = 0, F_1 = 1, F_2 = 1, F_3 = 2, F_4 = 3, F_5 = 5: a representation uses
F_2, F_3, ... (the values 1, 2, 3, 5, 8, ...), never two adjacent ones.

Small numbers use the greedy method. Large ones are split in halves: writing the digits
at indices >= s as a number t shifted up, t * F_{s-1} + LA(t) * F_{s-2} is their value,
because LA, the count of lower Wythoff numbers, is exactly the Zeckendorf right shift.
So t is the largest integer with that value <= n, found from n / phi^(s-2) and corrected
exactly; the rest is < F_s. Cost O(M(n) log n), about a second at 100 000 digits.
"""

from __future__ import annotations

import math

from explorer.core.game.sequence import count_lower_upto

_SMALL_INDEX = 200  # below F_200 (~2.8e41) the greedy loop is fastest


def fibonacci_pair(n: int) -> tuple[int, int]:
    """(F_n, F_{n+1}) by fast doubling, exact."""
    if n == 0:
        return 0, 1
    f, g = fibonacci_pair(n >> 1)
    c = f * (2 * g - f)
    d = f * f + g * g
    return (d, c + d) if n & 1 else (c, d)


def fibonacci(n: int) -> int:
    return fibonacci_pair(n)[0]


_FIB = [fibonacci(i) for i in range(_SMALL_INDEX + 2)]


def top_index(n: int) -> int:
    """The largest i >= 2 with F_i <= n (n >= 1)."""
    if n <= _FIB[_SMALL_INDEX]:
        i = 2
        while _FIB[i + 1] <= n:
            i += 1
        return i
    # F_i ~ phi^i / sqrt 5: log2(phi) = 0.6942...; estimate then correct exactly.
    i = max(2, int((n.bit_length() + 1.16) / 0.69424191363) - 2)
    f, g = fibonacci_pair(i)
    while f > n:
        i -= 1
        f, g = g - f, f
    while g <= n:
        i += 1
        f, g = g, f + g
    return i


def _greedy(n: int, into: list[int], shift: int) -> None:
    i = _SMALL_INDEX
    while n:
        while _FIB[i] > n:
            i -= 1
        into.append(i + shift)
        n -= _FIB[i]
        i -= 2


def _high_part(n: int, s: int) -> tuple[int, int]:
    """(t, rest): the digits of n at indices >= s read as t (index s moved to 2), and the rest."""
    f_sm2, f_sm1 = fibonacci_pair(s - 2)
    lucas = 2 * f_sm1 - f_sm2  # L_k = F_{k-1} + F_{k+1} = 2 F_{k+1} - F_k, k = s - 2

    def value(t: int) -> int:
        return t * f_sm1 + count_lower_upto(t) * f_sm2

    t = n // lucas  # n / phi^k within +-2 (L_k = phi^k + psi^k)
    while t > 0 and value(t) > n:
        t -= 1
    while value(t + 1) <= n:
        t += 1
    return t, n - value(t)


def _split(n: int, into: list[int], shift: int) -> None:
    if n <= _FIB[_SMALL_INDEX]:
        _greedy(n, into, shift)
        return
    m = top_index(n)
    s = max(3, (m + 2) // 2)
    t, rest = _high_part(n, s)
    _split(t, into, shift + s - 2)
    _split(rest, into, shift)


def zeckendorf_indices(n: int) -> list[int]:
    """Fibonacci indices i >= 2 (descending) with n = sum of F_i, no two adjacent."""
    if n < 0:
        raise ValueError(f"Zeckendorf representations are for n >= 0, got {n}")
    out: list[int] = []
    _split(n, out, 0)
    out.sort(reverse=True)
    return out


def zeckendorf_digits(n: int) -> str:
    """Digits over F_2 = 1, F_3 = 2, F_4 = 3, ... most significant first; '0' for 0."""
    idx = zeckendorf_indices(n)
    if not idx:
        return "0"
    digits = bytearray(b"0" * (idx[0] - 1))
    top = idx[0]
    for i in idx:
        digits[top - i] = 49
    return digits.decode()


def zeckendorf_terms(n: int, limit: int = 8) -> str:
    """'12 = 8 + 3 + 1' style sum for display, eliding beyond `limit` terms."""
    return terms_text(zeckendorf_indices(n), limit)


def terms_text(indices: list[int], limit: int = 8, values_upto: int = _SMALL_INDEX) -> str:
    """The sum of F_i over `indices` (descending) for display: values up to F_{values_upto},
    F<i> beyond, eliding past `limit` terms."""
    if not indices:
        return "0"
    upto = min(values_upto, _SMALL_INDEX)
    terms = [str(_FIB[i]) if i <= upto else f"F{i}" for i in indices[:limit]]
    more = len(indices) - limit
    return " + ".join(terms) + (f" + … ({more} more)" if more > 0 else "")


def shift_down(n: int, places: int) -> int:
    """The number t whose Zeckendorf digits are n's moved down `places` places (n's least index
    must be at least places + 2: nothing falls off).

    Moving t up p places gives t F_{p+1} + LA(t) F_p, which is increasing in t and close to
    t phi^p. So t starts from n / phi^p, worked out exactly with an integer square root
    (phi^p = (L_p + F_p sqrt 5) / 2), and is corrected by a step or two."""
    if places < 0:
        raise ValueError("places >= 0")
    if places == 0:
        return n
    f_p, f_p1 = fibonacci_pair(places)

    def up(t: int) -> int:
        return t * f_p1 + count_lower_upto(t) * f_p

    lucas = 2 * f_p1 - f_p  # L_p = F_{p-1} + F_{p+1}
    e = n.bit_length() + 8
    t = (2 * n << e) // ((lucas << e) + math.isqrt(5 * f_p * f_p << 2 * e))
    while t > 0 and up(t) > n:
        t -= 1
    while up(t + 1) <= n:
        t += 1
    if up(t) != n:
        raise ValueError(f"the least Zeckendorf index of n is below {places + 2}")
    return t
