"""OEIS b-files: the lines `n a(n)` of a sequence, from its offset, in OEIS's own format (one term a
line, the index and the term separated by one space, no other text; https://oeis.org/SubmittingB-Files).
Terms of any size are written whole."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

LINES_A_PIECE = 1 << 14


def bfile_chunks(first: int, terms: Iterable[int]) -> Iterator[bytes]:
    """The b-file of `terms`, the first indexed `first`, in pieces of LINES_A_PIECE lines."""
    piece: list[str] = []
    n = first
    for term in terms:
        piece.append(f"{n} {term}\n")
        n += 1
        if len(piece) == LINES_A_PIECE:
            yield "".join(piece).encode()
            piece = []
    if piece:
        yield "".join(piece).encode()


def bfile_text(first: int, terms: Iterable[int]) -> bytes:
    return b"".join(bfile_chunks(first, terms))
