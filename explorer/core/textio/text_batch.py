"""Wythoff's batches from text to text with no numpy loaded: `count --batch [--rect]` and `judge` of a
rule whose answers Wythoff's closed forms give (explorer.core.protocol.TextAnswers).

`stream_text` reads the input in chunks into one bytearray and hands each to the compiled
`answer_text` (explorer.core.textio.answer_jit, built ahead of time without numpy by
explorer.core.kernels, group "text"), which reads its numbers, answers its whole records and writes their
lines. The answers are kept as `stream_records` keeps them (explorer.core.textio.batch_stream), and
what the compiled reader does not take as it is comes back as a `Replay` in the same way, for the
exact reader. Python then starts, reads and writes, and numpy's import (0.12-0.15 s, half of a
10^6-query batch) is never paid.
"""

from __future__ import annotations

from typing import Any, BinaryIO

from explorer.core.kernels import kernel
from explorer.core.textio.batch_stream import MAX_CARRY, Answers, Replay, streamed
from explorer.core.textio.text_layout import (
    ANNOUNCED,
    CONSUMED,
    COUNTS,
    HELD,
    RECORDS,
    RECTANGLES,
    STATE_WORDS,
    STATUS,
    UNCOUNTED,
    VERDICTS,
    room,
)

__all__ = ["COUNTS", "RECTANGLES", "VERDICTS", "compiled", "stream_text"]

CHUNK = 1 << 20  # bytes read at a time: their answers need up to 5.25 times as many


def compiled() -> Any:
    """The compiled `answer_text` (explorer.core.kernels, group "text": built ahead of time, else under
    numba's JIT), or None where neither is to be had (the caller keeps to its arrays)."""
    return kernel("text", "answer_text")


def stream_text(
    kernel: Any, handle: BinaryIO, kind: int, counted: bool, words: tuple[bytes, bytes] = (b"", b"")
) -> Answers | Replay:
    """Answer a batch of `kind` (COUNTS, RECTANGLES or VERDICTS, whose `words` are the hot and the
    cold answer) with `kernel` (`compiled()`, or answer_jit's JIT). With `counted`, the first number
    is how many records follow."""
    return streamed(handle, lambda h, copy, answers: _stream(kernel, h, copy, kind, counted, words, answers))


def _stream(
    kernel: Any,
    handle: BinaryIO,
    copy: Any,
    kind: int,
    counted: bool,
    words: tuple[bytes, bytes],
    answers: Answers,
) -> bool:
    """The chunks of `stream_text`, into `answers` (and a pipe's bytes into `copy`); False where the
    exact reader must take over."""
    raw = bytearray(CHUNK + MAX_CARRY)
    view = memoryview(raw)
    out = bytearray(room(CHUNK + MAX_CARRY, kind))
    state = bytearray(8 * STATE_WORDS)
    numbers = memoryview(state).cast("q")
    numbers[ANNOUNCED] = -1 if counted else UNCOUNTED
    yes, no = bytearray(words[0]), bytearray(words[1])
    carry, final = 0, False
    while not final:
        got = handle.readinto(view[carry : carry + CHUNK])  # type: ignore[attr-defined]
        if copy is not None and got:
            copy.write(view[carry : carry + got])
        final = not got
        size = carry + (got or 0)
        written = kernel(raw, size, final, kind, state, out, yes, no)
        if numbers[STATUS] != 0:
            return False
        consumed = numbers[CONSUMED]
        carry = size - consumed
        if carry > MAX_CARRY:  # a number too long to carry: not one to read here
            return False
        raw[:carry] = raw[consumed:size]  # a copy first: the two may overlap
        if written:
            answers.add(out[:written])
    records = numbers[RECORDS]
    return not (numbers[HELD] or (counted and records != numbers[ANNOUNCED]) or (not counted and records == 0))
