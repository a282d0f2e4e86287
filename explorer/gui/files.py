"""Pictures of the window written whole or not at all (explorer.core.textio.atomic)."""

from __future__ import annotations

from PySide6.QtCore import QBuffer, QByteArray, QIODevice
from PySide6.QtGui import QPixmap

from explorer.core.textio.atomic import write_bytes


def save_png(pixmap: QPixmap, path: str) -> None:
    """Write `pixmap` as a PNG file; OSError (naming `path`) if it cannot be written, the old
    file left as it was."""
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    if not pixmap.save(buffer, "PNG"):
        raise OSError(0, "the picture could not be encoded as PNG", path)
    buffer.close()
    write_bytes(path, bytes(data.data()))
