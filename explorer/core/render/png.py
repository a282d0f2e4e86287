"""PNG files from RGB arrays with the standard library alone (zlib), so pictures need no Qt."""

from __future__ import annotations

import struct
import zlib

import numpy as np
from numpy.typing import NDArray


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


def png_bytes(rgb: NDArray[np.uint8]) -> bytes:
    """An 8-bit RGB PNG of an (height, width, 3) uint8 array, row 0 at the top."""
    if rgb.ndim != 3 or rgb.shape[2] != 3 or rgb.dtype != np.uint8:
        raise ValueError("png_bytes takes an (height, width, 3) uint8 array")
    h, w, _ = rgb.shape
    raw = np.zeros((h, 1 + 3 * w), dtype=np.uint8)  # each row: filter type 0, then its pixels
    raw[:, 1:] = rgb.reshape(h, 3 * w)
    header = struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0)  # 8 bits, truecolour, no interlace
    return (
        b"\x89PNG\r\n\x1a\n"
        + _chunk(b"IHDR", header)
        + _chunk(b"IDAT", zlib.compress(raw.tobytes(), 6))
        + _chunk(b"IEND", b"")
    )
