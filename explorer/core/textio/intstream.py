"""Whitespace-separated non-negative integers from text, fast and exact, with line numbers.

The fast path checks the raw bytes in one C pass (only ASCII digits and whitespace) and
lets numpy parse them; numpy saturates at 2^63 - 1, so a value there is re-read exactly.
Anything else goes through int() token by token, exact for any size. Errors are
`InputError`s that name the line and what is wrong with it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

_ALLOWED = b"0123456789 \t\n\r\x0b\x0c"
_DIGIT = re.compile(rb"[0-9]")
_INT64_MAX = 2**63 - 1


class InputError(ValueError):
    """Malformed input; the message is one line a person can act on."""


@dataclass(frozen=True)
class Integers:
    """Parsed integers: `values` is int64 when every value fits, else a list of ints."""

    values: NDArray[np.int64] | list[int]
    data: bytes

    def __len__(self) -> int:
        return len(self.values)

    @property
    def fits_int64(self) -> bool:
        return isinstance(self.values, np.ndarray)

    def line_of(self, index: int) -> int:
        """The 1-based line on which token number `index` (0-based) stands."""
        return _line_of_token(self.data, index)


def _line_of_token(data: bytes, index: int) -> int:
    pos = 0
    seen = -1
    line = 1
    for line_no, raw in enumerate(data.split(b"\n"), start=1):
        n = len(raw.split())
        if seen + n >= index:
            return line_no
        seen += n
        pos += len(raw) + 1
        line = line_no
    return line + 1 if data.endswith(b"\n") else line


def _describe(token: bytes) -> str:
    text = token.decode("utf-8", "replace")
    return text if len(text) <= 24 else text[:21] + "..."


def _slow_parse(data: bytes) -> Integers:
    values: list[int] = []
    for line_no, raw in enumerate(data.split(b"\n"), start=1):
        for token in raw.split():
            if token.isdigit() and token.isascii():
                values.append(int(token))
            elif token[:1] == b"-" and token[1:].isdigit():
                raise InputError(f"line {line_no}: negative number {_describe(token)}: piles hold 0 or more counters")
            else:
                raise InputError(f"line {line_no}: not a whole number: {_describe(token)!r}")
    if all(v < 2**63 for v in values):
        return Integers(np.array(values, dtype=np.int64), data)
    return Integers(values, data)


def read_integers(data: bytes) -> Integers:
    """Every whitespace-separated token of `data` as a non-negative integer."""
    if data.translate(None, _ALLOWED):
        return _slow_parse(data)  # finds and reports the offending token
    if _DIGIT.search(data) is None:  # blank (numpy reads blank text as one 0); `strip` copied 38 MB
        return Integers(np.empty(0, dtype=np.int64), data)
    values = np.fromstring(data, dtype=np.int64, sep=" ")
    # Only digits and whitespace: numpy cannot stop early or merge tokens, and it
    # saturates on overflow, so a value at the int64 maximum may be a clipped one.
    if values.size and int(values.max()) == _INT64_MAX:
        return _slow_parse(data)
    return Integers(values, data)
