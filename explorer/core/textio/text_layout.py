"""What a batch from text to text asks and where its compiled kernel keeps its state: shared by the
kernel (explorer.core.textio.answer_jit) and its caller (explorer.core.textio.text_batch), and
importing nothing, so that the caller starts without numba or numpy."""

from __future__ import annotations

COUNTS, RECTANGLES, VERDICTS = 0, 1, 2  # what a record asks: C(X, Y), a rectangle, hot or cold
# The places of the kernel's state (8 int64): see explorer.core.textio.answer_jit
ANNOUNCED, RECORDS, HELD, H0, CONSUMED, STATUS = 0, 1, 2, 3, 6, 7
STATE_WORDS = 8
UNCOUNTED = -2  # ANNOUNCED for input with no count on line 1
TOO_MANY = 3  # STATUS: more records than line 1 says (text_jit's OK, BAD_BYTE and TOO_BIG are 0-2)
LINE_BYTES = 21  # an answer's line at most: a count below 2^63 has 19 digits; the words are shorter


def width_of(kind: int) -> int:
    """The numbers in one record of this kind."""
    return 4 if kind == RECTANGLES else 2


def room(size: int, kind: int) -> int:
    """Bytes of answers a chunk of `size` bytes can make, at most: a record takes two bytes a number
    at least (a digit and a separator), and one may have begun in the chunk before."""
    return (size // (2 * width_of(kind)) + 2) * LINE_BYTES
