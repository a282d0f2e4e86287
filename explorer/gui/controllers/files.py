"""The window's files: sessions saved and opened (and the recent ones), the view exported as a PNG
or as a figure for a paper. A plain object (no Qt): it asks where through the dialogs (a view), and
is given what writes a PNG of the grid, the status line and the settings by the composition root.
Before, the window did this itself."""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any, Protocol

SESSION_FILES = "Wythoff Explorer sessions (*.json);;All files (*)"
RECENT = 8  # files under File ▸ Open recent
FIGURES = (".pdf", ".svg", ".tex")


class FileDialogsView(Protocol):
    def save_path(self, title: str, default: str, filters: str) -> tuple[str, str] | None: ...  # (path, filter)
    def open_path(self, title: str, filters: str) -> str | None: ...


class SettingsView(Protocol):
    def value(self, key: str, default: Any = None) -> Any: ...
    def setValue(self, key: str, value: Any) -> None: ...


class Files:
    def __init__(
        self,
        dialogs: Callable[[], FileDialogsView],
        sessions: Any,
        exporter: Any,
        write_png: Callable[[str], None],
        status: Callable[[str, int], None],
        settings: SettingsView,
    ) -> None:
        """`dialogs`: the dialogs in use (asked for each time); `sessions`, `exporter`: the
        controllers that write; `write_png(path)`: the grid as a PNG (OSError if it cannot);
        `status(text, ms)`: a passing message; `settings`: where the recent files are kept."""
        self.dialogs = dialogs
        self.sessions = sessions
        self.exporter = exporter
        self.write_png = write_png
        self.status = status
        self.settings = settings

    # ----- sessions ---------------------------------------------------------------------------
    def save_session(self, path: str | None = None) -> bool:
        if not path:
            chosen = self.dialogs().save_path("Save session", "exploration.wythoff.json", SESSION_FILES)
            if chosen is None:
                return False
            path = chosen[0]
        return bool(self.sessions.save(path))

    def open_session(self, path: str | None = None) -> None:
        if not path:
            path = self.dialogs().open_path("Open session", SESSION_FILES)
            if not path:
                return
        self.sessions.open(path)

    def recent_files(self) -> list[str]:
        value = self.settings.value("session/recent", [])
        files = [value] if isinstance(value, str) else list(value or [])
        return [f for f in files if isinstance(f, str) and f][:RECENT]

    def remember_file(self, path: str) -> None:
        path = os.path.abspath(path)
        self.settings.setValue("session/recent", [path, *(f for f in self.recent_files() if f != path)][:RECENT])

    # ----- exports ----------------------------------------------------------------------------
    def export_png(self, path: str | None = None) -> None:
        if not path:
            chosen = self.dialogs().save_path("Export view as PNG", "wythoff.png", "PNG images (*.png)")
            if chosen is None:
                return
            path = chosen[0]
        try:
            self.write_png(path)
        except OSError as exc:
            self.status(f"Could not write {path}: {exc.strerror or exc} (nothing was changed)", 8000)
            return
        self.status(f"Wrote {path}", 6000)

    def export_figure(self, path: str | None = None) -> None:
        """File ▸ Export view as figure…: PDF, SVG or TikZ (.tex), chosen by extension."""
        if not path:
            chosen = self.dialogs().save_path(
                "Export view as a figure", "wythoff.pdf", "PDF (*.pdf);;SVG (*.svg);;TikZ for LaTeX (*.tex)"
            )
            if chosen is None:
                return
            path = chosen[0]
        if os.path.splitext(path)[1].lower() not in FIGURES:
            self.status("A figure is written as .pdf, .svg or .tex: name the file so", 8000)
            return
        self.exporter.export_figure(path)

    def ask_structure_path(self) -> str | None:
        chosen = self.dialogs().save_path("Export the structure", "structure.csv", "CSV files (*.csv)")
        return chosen[0] if chosen else None

    def ask_bfile_path(self) -> tuple[str, bool] | None:
        """Where to write a b-file of the Structure tab's cells, and whether of their upper side (y)."""
        lower, upper = "Lower side x (*.txt)", "Upper side y (*.txt)"
        chosen = self.dialogs().save_path("Export a b-file", "bfile.txt", f"{lower};;{upper}")
        return (chosen[0], chosen[1] == upper) if chosen else None
