"""Integers of any size, to and from text.

Python refuses to convert integers of more than 4 300 decimal digits to or from text
unless told otherwise. The explorer promises answers for at least 100 000 digits, so it
lifts that limit once, on import, and offers a forgiving parser for what people type.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable

_SEPARATORS = re.compile(r"[\s_,'\u00a0\u202f]")
_DIGITS = re.compile(r"[0-9]+")


def allow_huge_integers() -> None:
    """Lift CPython's int<->str digit limit (3.11+); a no-op where it does not exist."""
    if hasattr(sys, "set_int_max_str_digits"):
        sys.set_int_max_str_digits(0)


def parse_natural(text: str, what: str = "value", below_zero: str = "piles hold 0 or more counters") -> int:
    """Parse a non-negative integer typed by a person.

    Spaces, underscores, commas, apostrophes and thin spaces between digits are tolerated
    ("1 000 000", "1_000_000", "1,000,000"). Raises ValueError with a sentence a person can
    read for anything else: empty text, a sign, a decimal point, letters (`below_zero` says why
    a negative number has no meaning here).
    """
    stripped = text.strip()
    if not stripped:
        raise ValueError(f"{what} is empty: type a whole number such as 42")
    if stripped.startswith("-"):
        raise ValueError(f"{what} is negative: {below_zero}")
    if stripped.startswith("+"):
        stripped = stripped[1:]
    compact = _SEPARATORS.sub("", stripped)
    if not _DIGITS.fullmatch(compact):
        raise ValueError(f"{what} is not a whole number: {short_text(stripped)!r}")
    return int(compact)


def short_text(text: str, width: int = 30) -> str:
    """What a person typed, for quoting in a message: cut to `width` characters ("..." ending)
    so that a pasted 100 000-digit number or word never makes a 100 000-character message."""
    return text if len(text) <= width else text[: width - 3] + "..."


_LOG10_2 = 0.30102999566398120


def digit_count(n: int) -> int:
    """Decimal digits of |n| (1 for 0) without building the string (str() of a
    100 000-digit number takes ~0.2 s; this takes a few ms)."""
    n = abs(n)
    if n < 10**18:
        return len(str(n))
    d = int(n.bit_length() * _LOG10_2)  # the count is d or d + 1
    return d + 1 if n >= 10**d else d


def leading_digits(n: int, k: int) -> str:
    """The first k decimal digits of |n| (all of them if it has fewer)."""
    n = abs(n)
    d = digit_count(n)
    return str(n // 10 ** (d - k)) if d > k else str(n)


def trailing_digits(n: int, k: int) -> str:
    """The last k decimal digits of |n|, zero-padded."""
    return str(abs(n) % 10**k).rjust(k, "0")


def kept_digits(width: int) -> int:
    """How many leading and trailing digits short_decimal keeps of a number elided to `width`."""
    return max(4, (width - 3) // 2)


def short_decimal(n: int, width: int = 24) -> str:
    """Decimal form of n, elided in the middle when longer than `width` characters."""
    d = digit_count(n)
    sign = "-" if n < 0 else ""
    if d <= width:
        return sign + str(abs(n))
    keep = kept_digits(width)
    return f"{sign}{leading_digits(n, keep)}…{trailing_digits(n, keep)} ({d} digits)"


def short_decimals_from(start: int, width: int = 24, span: int = 10**6) -> Callable[[int], str]:
    """s -> short_decimal(start + s, width) for 0 <= s < span and start >= 0, at small-number cost.

    Row headers of the Wythoff array count up from a start of any size; short_decimal of a
    7 000-digit number costs ~0.25 ms (its leading digits and length), and Qt asks for hundreds
    of headers at a time. Split start = high * m + low with m = 10^e above span and the kept
    tail: start + s = (high + c) * m + (low + s - c * m) with a carry c of 0 or 1, so the leading
    digits and the length are worked out once for each carry and only low + s changes.
    """
    keep = kept_digits(width)
    e = max(keep, len(str(span))) + 1
    if start < 0 or digit_count(start) <= width + e:
        return lambda s: short_decimal(start + s, width)
    m = 10**e
    high, low = divmod(start, m)
    heads = [(leading_digits(high + c, keep), digit_count(high + c) + e) for c in (0, 1)]
    tail = 10**keep

    def label(s: int) -> str:
        rest = low + s
        head, digits = heads[rest >= m]
        return f"{head}…{rest % tail:0{keep}d} ({digits} digits)"

    return label


def tail_decimal(n: int, width: int) -> str:
    """n >= 0 in at most `width` characters: all its digits, or "…" and its last width - 1 digits
    (what tells neighbouring cells apart; the full number is in the inspector)."""
    if digit_count(n) <= width:
        return str(n)
    return "…" + trailing_digits(n, max(1, width - 1))


def saturating_float(n: int) -> float:
    """n as a float, +-1e300 instead of OverflowError beyond float range (scene coordinates)."""
    try:
        return float(n)
    except OverflowError:
        return 1e300 if n > 0 else -1e300


def ratio_scientific(num: int, den: int, digits: int = 4) -> tuple[str, int]:
    """num / den (0 < num, 0 < den) as (mantissa, exponent): mantissa has `digits` significant
    digits (rounded half up, trailing zeros dropped) and 1 <= mantissa < 10; computed from the
    integers alone, so shares of 10^-4000 are as exact as shares of 1/2."""
    if num <= 0 or den <= 0:
        raise ValueError("ratio_scientific needs positive integers")
    e = digit_count(num) - digit_count(den)  # the exponent is e or e - 1
    if (num * 10 ** (-e) if e <= 0 else num) < (den if e <= 0 else den * 10**e):
        e -= 1
    shift = digits - 1 - e  # q = round(num / den * 10^shift) has `digits` digits
    scaled_num, scaled_den = (num * 10**shift, den) if shift >= 0 else (num, den * 10 ** (-shift))
    q = (2 * scaled_num + scaled_den) // (2 * scaled_den)
    if q >= 10**digits:  # rounded up to the next power of ten
        q //= 10
        e += 1
    text = str(q)
    mantissa = (text[0] + "." + text[1:]).rstrip("0").rstrip(".")
    return mantissa, e


def share_text(count: int, cells: int) -> str:
    """The share count / cells for people, always as a percentage: plain down to 10^-6 %, below
    that scientific with a written exponent (8.2 × 10⁻⁴¹⁵⁰ %: "7.64·10^−17 %" read like a formula),
    exact from the integers; never "0" for a share that is not zero (a bare 3.03·10^−19 stood beside
    0.7548 % in the history)."""
    if cells <= 0:
        return "—"
    if count == 0:
        return "0 %"
    if count * 10**6 >= cells:
        mantissa, e = ratio_scientific(count * 100, cells, 4)
        value = mantissa if e == 0 else f"{float(mantissa) * 10.0**e:.4g}"
        return f"{value} %"
    mantissa, e = ratio_scientific(count * 100, cells, 3)
    return f"{mantissa} × 10{SUPERSCRIPT_MINUS if e < 0 else ''}{str(abs(e)).translate(SUPERSCRIPTS)} %"


SUPERSCRIPTS = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")
SUPERSCRIPT_MINUS = "⁻"


def whole_number(text: str, what: str, low: int, high: int) -> int:
    """A rule's whole-number parameter written as text, from low to high (UnknownRule otherwise:
    the rule's text cannot be read)."""
    from explorer.core.errors import UnknownRule

    t = text.strip()
    if not t.isdigit() or len(t) > 12 or not low <= int(t) <= high:
        raise UnknownRule(f"{what} must be a whole number from {low} to {high:,}, not {short_text(text)!r}")
    return int(t)
