"""A read-only folder holding an old file, for the tests of exports (issue 39).

As root, permission bits do not stop a write: the folder is then a small tmpfs mounted
read-only, a folder no one can write to. Elsewhere it is a folder without write permission."""

from __future__ import annotations

import os
import subprocess
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

OLD = b"the old file, which a failed export must leave as it was\n"


@contextmanager
def read_only_folder(tmp_path: Path, names: tuple[str, ...]) -> Iterator[Path]:
    folder = tmp_path / "read-only"
    folder.mkdir()
    mounted = False
    if os.geteuid() == 0:
        made = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", str(folder)], capture_output=True)
        if made.returncode != 0:
            pytest.skip(f"cannot make a read-only folder as root here: {made.stderr.decode().strip()}")
        mounted = True
    try:
        for name in names:
            (folder / name).write_bytes(OLD)
        if mounted:
            subprocess.run(["mount", "-o", "remount,ro", str(folder)], check=True, capture_output=True)
        else:
            folder.chmod(0o555)
        probe = folder / ".probe"
        try:
            probe.write_bytes(b"")
        except OSError:
            pass
        else:
            probe.unlink()
            pytest.skip("the folder is still writable")
        yield folder
    finally:
        if mounted:
            subprocess.run(["umount", "-l", str(folder)], capture_output=True)
        else:
            folder.chmod(0o755)


def unchanged(folder: Path, names: tuple[str, ...]) -> bool:
    """Every old file as it was, and nothing else in the folder."""
    return sorted(os.listdir(folder)) == sorted(names) and all((folder / n).read_bytes() == OLD for n in names)
