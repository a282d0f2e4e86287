"""The window's questions to a person, in one replaceable object.

Every modal question the main window asks (a parameter, a custom rule, a position, a warning)
goes through `Dialogs`, so tests and the soak driver can answer (or cancel) them without a
modal event loop: they swap in an object with the same methods.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import QFileDialog, QInputDialog, QMessageBox, QWidget

from explorer.gui.panels.rule_dialog import AnimationDialog, CustomRuleDialog, VectorRuleDialog


class Dialogs:
    def __init__(self, parent: QWidget) -> None:
        self.parent = parent

    def integer(self, title: str, label: str, value: int, lo: int, hi: int) -> int | None:
        number, ok = QInputDialog.getInt(self.parent, title, label, value, lo, hi)
        return number if ok else None

    def custom_rule(self) -> str | None:
        """The text form of a custom rule, or None if the dialog was cancelled."""
        dialog = CustomRuleDialog(self.parent)
        try:
            return dialog.rule_text if dialog.exec() else None
        finally:
            dialog.deleteLater()

    def vector_rule(self) -> str | None:
        """The text form of a move-vector rule, or None if the dialog was cancelled."""
        dialog = VectorRuleDialog(self.parent)
        try:
            return dialog.rule_text if dialog.exec() else None
        finally:
            dialog.deleteLater()

    def animation(self) -> tuple[str, int, tuple[int, int], str] | None:
        """(what, steps, size, path) of an animation to export, or None if cancelled."""
        from PySide6.QtWidgets import QFileDialog

        dialog = AnimationDialog(self.parent)
        try:
            if not dialog.exec():
                return None
            what, steps, size = dialog.choice()
        finally:
            dialog.deleteLater()
        path, _ = QFileDialog.getSaveFileName(self.parent, "Export animation", "wythoff.gif", "GIF animations (*.gif)")
        return (what, steps, size, path) if path else None

    def rule(self, title: str, label: str, choices: list[tuple[str, str]], refusal: Callable[[str], str]) -> str | None:
        """A rule's text, picked from `choices` ((title, key)) or typed, that `refusal` takes; None if
        the dialog was cancelled. A text refused keeps the dialog open, the reason beside the field."""
        from explorer.gui.panels.rule_choice import RuleChoiceDialog

        dialog = RuleChoiceDialog(title, label, choices, refusal, self.parent)
        try:
            return dialog.rule_text if dialog.exec() else None
        finally:
            dialog.deleteLater()

    def text(self, title: str, label: str) -> str | None:
        text, ok = QInputDialog.getText(self.parent, title, label)
        return text if ok else None

    def save_path(self, title: str, default: str, filters: str) -> tuple[str, str] | None:
        """Where to write (and the filter chosen), or None if cancelled."""
        path, chosen = QFileDialog.getSaveFileName(self.parent, title, default, filters)
        return (path, chosen) if path else None

    def open_path(self, title: str, filters: str) -> str | None:
        path, _ = QFileDialog.getOpenFileName(self.parent, title, "", filters)
        return path or None

    def warn(self, title: str, message: str) -> None:
        QMessageBox.warning(self.parent, title, message)
