"""A batch read, answered and written in chunks, so memory does not grow with the batch.

`stream_records` reads "Q, then Q records of `width` numbers" (or, uncounted, records to the end) a
few MiB at a time with the compiled reader (explorer.core.kernels, group "batch"), hands each run of whole
records to `answer`, and keeps the answers: in memory up to `KEPT_IN_MEMORY`, past that in a
temporary file. Nothing is written until the whole input has been read and answered, so bad input
still writes nothing.

Whatever the compiled reader does not take as it is (a byte other than a digit or whitespace, a
number past 2^63 - 1, a count that does not match line 1, or no compiled reader at all) comes back as
a `Replay`: the input from its start, for the exact reader (explorer.core.textio.intstream), which
names the line at fault or reads numbers of any size. A pipe is copied to a temporary file as it is
read, so it can be read again.
"""

from __future__ import annotations

import io
import os
import stat
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import IO, TYPE_CHECKING, Any, BinaryIO

from explorer.core.kernels import kernels as kernel_group

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray

    Columns = tuple[NDArray[np.int64], ...]

CHUNK = 1 << 22  # bytes of input read at a time
MAX_CARRY = 64  # a number cut by a chunk's end longer than this is not one the compiled reader takes
KEPT_IN_MEMORY = 1 << 25  # bytes of answers kept in memory; past that they wait in a temporary file


@dataclass
class Replay:
    """The input again from its start, for the exact reader."""

    handle: BinaryIO


@dataclass
class Answers:
    """The answers of a batch, in order: in memory, then in a temporary file past KEPT_IN_MEMORY."""

    parts: list[bytes | bytearray] = field(default_factory=list)
    size: int = 0
    spill: IO[bytes] | None = None

    def add(self, data: bytes | bytearray) -> None:
        if self.spill is None and self.size + len(data) > KEPT_IN_MEMORY:
            import tempfile  # here: 6 ms of every start otherwise

            self.spill = tempfile.TemporaryFile()  # noqa: SIM115  # closed by write_to
            for part in self.parts:
                self.spill.write(part)
            self.parts = []
        if self.spill is not None:
            self.spill.write(data)
        else:
            self.parts.append(data)
        self.size += len(data)

    def close(self) -> None:
        if self.spill is not None:
            self.spill.close()

    def write_to(self, out: BinaryIO) -> None:
        if self.spill is None:
            for part in self.parts:
                out.write(part)
        else:
            self.spill.seek(0)
            while block := self.spill.read(CHUNK):
                out.write(block)
            self.spill.close()
        out.flush()


def _source(handle: BinaryIO) -> tuple[BinaryIO, int | None, IO[bytes] | None]:
    """(what to read, where a regular file starts, a copy kept of a pipe's bytes)."""
    try:
        if stat.S_ISREG(os.fstat(handle.fileno()).st_mode):
            return handle, handle.tell(), None
    except (OSError, ValueError, io.UnsupportedOperation):
        pass
    import tempfile  # only for a pipe

    return handle, None, tempfile.TemporaryFile()


def _replay(handle: BinaryIO, start: int | None, copy: IO[bytes] | None) -> Replay:
    if copy is None:
        handle.seek(start or 0)
        return Replay(handle)
    while block := handle.read(CHUNK):  # the rest of a pipe, after what was read
        copy.write(block)
    copy.seek(0)
    return Replay(copy)  # type: ignore[arg-type]


Reader = Callable[[BinaryIO, "IO[bytes] | None", Answers], bool]


def streamed(handle: BinaryIO, read: Reader | None) -> Answers | Replay:
    """Run `read(handle, copy, answers)` over the input (None: there is no compiled reader here),
    which fills `answers` chunk by chunk and copies a pipe's bytes into `copy`; its False, or no
    reader, hands the input from its start to the exact reader."""
    handle, start, copy = _source(handle)
    if read is None:
        return _replay(handle, start, copy)
    answers = Answers()
    try:
        done = read(handle, copy, answers)
    except BaseException:
        answers.close()
        if copy is not None:
            copy.close()
        raise
    if not done:
        answers.close()
        return _replay(handle, start, copy)
    if copy is not None:
        copy.close()
    return answers


def stream_records(handle: BinaryIO, width: int, counted: bool, answer: Callable[[Columns], bytes]) -> Answers | Replay:
    """Read records of `width` numbers in chunks and answer each run of them (see the module's
    docstring). With `counted`, the first number is how many records follow."""
    k = kernel_group("batch")
    if k is None:
        return streamed(handle, None)
    return streamed(handle, lambda h, copy, answers: _stream(k, h, copy, width, counted, answer, answers))


def _stream(
    k: Any,
    handle: BinaryIO,
    copy: IO[bytes] | None,
    width: int,
    counted: bool,
    answer: Callable[[Columns], bytes],
    answers: Answers,
) -> bool:
    """The chunks of `stream_records`, into `answers` (and a pipe's bytes into `copy`); False where
    the exact reader must take over."""
    import numpy as np  # here: `stream_text` runs without it

    raw = np.empty(CHUNK + MAX_CARRY, dtype=np.uint8)
    values = np.empty(raw.size // 2 + 1, dtype=np.int64)
    info = np.zeros(3, dtype=np.int64)
    carry = 0  # bytes of a number cut by the end of the last chunk, moved to the front
    left = np.empty(0, dtype=np.int64)  # numbers of a record cut by the end of the last chunk
    announced, records, final = -1, 0, False
    while not final:
        got = handle.readinto(raw.data[carry : carry + CHUNK])  # type: ignore[attr-defined]
        if copy is not None and got:
            copy.write(raw.data[carry : carry + got])
        final = not got
        size = carry + (got or 0)
        n = k.parse(raw[:size], final, values, info)
        carry = size - int(info[0])
        if info[1] != 0 or carry > MAX_CARRY:  # not a number to read here, or one too long to carry
            return False
        raw[:carry] = raw[int(info[0]) : size]
        got_values = values[:n]
        if counted and announced < 0 and n:
            announced, got_values = int(got_values[0]), got_values[1:]
        pending = np.concatenate([left, got_values]) if left.size else got_values
        whole = pending.size - pending.size % width
        if whole:
            table = pending[:whole].reshape(-1, width)
            records += table.shape[0]
            if counted and records > announced:
                return False
            answers.add(answer(tuple(np.ascontiguousarray(table[:, i]) for i in range(width))))
        left = pending[whole:].copy()
    return not (left.size or (counted and records != announced) or (not counted and records == 0))
