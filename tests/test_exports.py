"""Exports never leave half a file (issue 39): each writes a temporary file beside the target
and then replaces it; a failure keeps the old file and says why in one line."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from explorer.api import view
from explorer.core.rules import parse_rule
from explorer.core.textio.atomic import replaced
from tests.files import OLD, read_only_folder, unchanged


def test_a_write_replaces_the_file_whole_and_keeps_its_permissions(tmp_path):
    target = tmp_path / "out.csv"
    target.write_bytes(OLD)
    target.chmod(0o640)
    with replaced(target, "w") as f:
        f.write("new\n")
        assert target.read_bytes() == OLD  # not yet: the old file stays until the end
    assert target.read_text() == "new\n"
    assert (target.stat().st_mode & 0o777) == 0o640
    assert os.listdir(tmp_path) == ["out.csv"]


def test_a_failure_part_way_keeps_the_old_file(tmp_path):
    target = tmp_path / "out.csv"
    target.write_bytes(OLD)
    with pytest.raises(RuntimeError), replaced(target, "w") as f:
        f.write("half a file")
        raise RuntimeError("the export stopped")
    assert target.read_bytes() == OLD and os.listdir(tmp_path) == ["out.csv"]


@contextmanager
def disk_full_after(size: int) -> Iterator[None]:
    """Writes past `size` bytes of a file fail as on a full disk (EFBIG), for real: a file-size
    limit with its signal ignored. No byte code is written meanwhile: Python does not check that
    a .pyc was written whole, and a module first imported under the limit would be cut short."""
    resource = pytest.importorskip("resource")
    soft, hard = resource.getrlimit(resource.RLIMIT_FSIZE)
    old_handler = signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    kept, sys.dont_write_bytecode = sys.dont_write_bytecode, True
    resource.setrlimit(resource.RLIMIT_FSIZE, (size, hard))
    try:
        yield
    finally:
        resource.setrlimit(resource.RLIMIT_FSIZE, (soft, hard))
        sys.dont_write_bytecode = kept
        signal.signal(signal.SIGXFSZ, old_handler)


def test_a_module_first_imported_while_the_disk_is_full_leaves_no_short_byte_code(tmp_path, monkeypatch):
    """Python writes a module's byte code without checking that the write was whole: a module
    first imported under the limit (the window builds its panels when first shown) left a
    73-byte .pyc, and every later import of it in any process failed ("marshal data too short")."""
    import importlib.util

    monkeypatch.setattr(sys, "dont_write_bytecode", False)  # as on a person's machine
    monkeypatch.syspath_prepend(str(tmp_path))
    (tmp_path / "freshly_imported_module.py").write_text("NAMES = " + repr([f"name {i}" for i in range(200)]) + "\n")
    with disk_full_after(len(OLD) + 16):
        import freshly_imported_module  # type: ignore[import-not-found]  # noqa: F401
    monkeypatch.delitem(sys.modules, "freshly_imported_module")
    cached = importlib.util.cache_from_source(str(tmp_path / "freshly_imported_module.py"))
    if os.path.exists(cached):  # written whole, or not at all
        import marshal

        with open(cached, "rb") as f:
            marshal.loads(f.read()[16:])


def _csv(path: Path) -> None:
    with replaced(path, "w") as f:
        for _ in range(1000):
            f.write("0123456789" * 10)


def _png(path: Path) -> None:
    view(0, 0, 200, 200, size=(200, 200)).save(path)


def _gif(path: Path) -> None:
    from explorer.core.render import animation

    animation.save_gif(animation.build_frames(parse_rule("wythoff"), (0, 0, 10, 10), 3, (120, 100)), str(path))


@pytest.mark.parametrize("write", [_csv, _png, _gif])
def test_a_full_disk_keeps_the_old_file(tmp_path, write):
    target = tmp_path / "out"
    target.write_bytes(OLD)
    with pytest.raises(OSError) as caught, disk_full_after(len(OLD) + 16):
        write(target)
    assert caught.value.filename == str(target)  # the target is named, not a temporary file
    assert target.read_bytes() == OLD and os.listdir(tmp_path) == ["out"]


def test_a_read_only_folder_keeps_the_old_files(tmp_path):
    names = ("view.png", "out.csv", "build.gif")
    with read_only_folder(tmp_path, names) as folder:
        with pytest.raises(OSError) as caught, replaced(folder / "out.csv", "w") as f:
            f.write("new")
        assert caught.value.filename == str(folder / "out.csv")
        with pytest.raises(OSError):
            view(0, 0, 20, 20, size=(20, 20)).save(folder / "view.png")
        from explorer.core.render import animation

        frames = animation.build_frames(parse_rule("wythoff"), (0, 0, 10, 10), 3, (120, 100))
        with pytest.raises(OSError):
            animation.save_gif(frames, str(folder / "build.gif"))
        assert unchanged(folder, names)


def test_the_animate_command_refuses_in_one_line(tmp_path):
    with read_only_folder(tmp_path, ("build.gif",)) as folder:
        proc = subprocess.run(
            [sys.executable, "-m", "explorer", "animate", str(folder / "build.gif"), "--steps", "3"],
            capture_output=True,
            text=True,
            timeout=300,
        )
        assert proc.returncode == 2
        lines = proc.stderr.strip().splitlines()
        assert len(lines) == 1 and "cannot write" in lines[0] and "Traceback" not in proc.stderr
        assert unchanged(folder, ("build.gif",))
