"""The window's files with mocked dialogs (issue 65: the window did this itself): where to write is
asked, a cancel writes nothing, a failure is one status line, the recent sessions are kept newest
first without repeats."""

from __future__ import annotations

from unittest.mock import MagicMock

from explorer.gui.controllers.files import RECENT, FileDialogsView, Files


class Settings:
    def __init__(self) -> None:
        self.kept: dict[str, object] = {}

    def value(self, key: str, default: object = None) -> object:
        return self.kept.get(key, default)

    def setValue(self, key: str, value: object) -> None:
        self.kept[key] = value


def _files():  # type: ignore[no-untyped-def]
    dialogs, sessions, exporter, write_png, status = (MagicMock() for _ in range(5))
    dialogs = MagicMock(spec=FileDialogsView)
    files = Files(lambda: dialogs, sessions, exporter, write_png, status, Settings())
    return files, dialogs, sessions, exporter, write_png, status


def test_a_cancelled_dialog_writes_nothing_and_a_chosen_path_is_written(tmp_path):
    files, dialogs, sessions, exporter, write_png, _ = _files()
    dialogs.save_path.return_value = None
    assert files.save_session() is False
    files.export_png()
    files.export_figure()
    sessions.save.assert_not_called()
    write_png.assert_not_called()
    exporter.export_figure.assert_not_called()
    dialogs.save_path.return_value = (str(tmp_path / "s.json"), "")
    sessions.save.return_value = True
    assert files.save_session() is True
    sessions.save.assert_called_once_with(str(tmp_path / "s.json"))
    dialogs.open_path.return_value = str(tmp_path / "s.json")
    files.open_session()
    sessions.open.assert_called_once_with(str(tmp_path / "s.json"))


def test_a_png_that_cannot_be_written_and_a_figure_of_another_kind_are_one_line_each():
    files, _, _, exporter, write_png, status = _files()
    write_png.side_effect = PermissionError(13, "Permission denied")
    files.export_png("/nowhere/view.png")
    assert "Could not write /nowhere/view.png: Permission denied" in status.call_args.args[0]
    files.export_figure("view.jpg")
    assert ".pdf, .svg or .tex" in status.call_args.args[0]
    exporter.export_figure.assert_not_called()
    files.export_figure("view.tex")
    exporter.export_figure.assert_called_once_with("view.tex")


def test_recent_sessions_are_newest_first_without_repeats(tmp_path):
    files, *_ = _files()
    paths = [str(tmp_path / f"{i}.json") for i in range(RECENT + 3)]
    for p in paths:
        files.remember_file(p)
    files.remember_file(paths[2])
    assert files.recent_files()[0] == paths[2]
    assert len(files.recent_files()) == RECENT and len(set(files.recent_files())) == RECENT
