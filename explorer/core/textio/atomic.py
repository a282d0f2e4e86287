"""Files written whole or not at all: every export and session file goes through `replaced`.

The text goes to a temporary file beside the target, is flushed to disk, and then renamed over
the target in one step (os.replace). A failure part-way (a read-only folder, a full disk, a
cancelled export, an exception) leaves the old file as it was and no temporary file behind.
"""

from __future__ import annotations

import os
import stat
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from typing import IO, Any

__all__ = ["replaced", "write_bytes"]


@contextmanager
def replaced(path: str | os.PathLike[str], mode: str = "w", **open_args: Any) -> Iterator[IO[Any]]:
    """Open a temporary file beside `path` for writing; when the block ends without an exception
    it replaces `path`. The file gets the permissions a newly created file would (or keeps the
    old file's). An OSError names `path`, not the temporary file."""
    target = os.fspath(path)
    folder = os.path.dirname(os.path.abspath(target))
    tmp = ""
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{os.path.basename(target)}-", suffix=".tmp", dir=folder)
        os.chmod(tmp, _mode_for(target))
        with os.fdopen(fd, mode, **open_args) as handle:
            yield handle
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, target)
    except OSError as exc:
        _remove(tmp)
        raise OSError(exc.errno, exc.strerror or str(exc), target) from exc
    except BaseException:
        _remove(tmp)
        raise


def write_bytes(path: str | os.PathLike[str], data: bytes) -> None:
    """Write `data` to `path` whole or not at all."""
    with replaced(path, "wb") as handle:
        handle.write(data)


def _remove(tmp: str) -> None:
    if tmp:
        with suppress(FileNotFoundError):
            os.unlink(tmp)


def _mode_for(path: str) -> int:
    try:
        return stat.S_IMODE(os.stat(path).st_mode)
    except OSError:
        mask = os.umask(0)  # read the umask (there is no other way) and put it back at once
        os.umask(mask)
        return 0o666 & ~mask
