"""View ▸ Compare with another rule…: pick a rule as the rule bar lists them, or type its text. A text
no rule answers to keeps the dialog open with the reason beside the field (issue 64: `terminal 2`
closed it, and the status bar showed a clipped list of names)."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import QComboBox, QDialog, QDialogButtonBox, QFormLayout, QLabel, QWidget

from explorer.gui.panels.rule_dialog import _error_label


class RuleChoiceDialog(QDialog):
    """An editable list of (title, key): the text typed, or the key of the title chosen, is the answer;
    `refusal(text)` says why a text is no rule ("" where it is one)."""

    def __init__(
        self,
        title: str,
        label: str,
        choices: list[tuple[str, str]],
        refusal: Callable[[str], str],
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(title)
        self.setObjectName("ruleChoiceDialog")
        self.refusal = refusal
        self.keys = {f"{name} — {key}": key for name, key in choices}
        form = QFormLayout(self)
        form.addRow(QLabel(label, wordWrap=True))
        self.choice = QComboBox(objectName="ruleChoice", editable=True)
        self.choice.addItems(list(self.keys))
        self.choice.setCurrentIndex(-1)
        self.choice.setMinimumContentsLength(40)
        self.error = _error_label("ruleChoiceError")
        line = self.choice.lineEdit()
        assert line is not None  # editable
        line.setPlaceholderText("block:2, pass, nim, wythoff:2, alter:terminal=2 …")
        self.choice.currentTextChanged.connect(lambda _: self.error.setText(""))
        form.addRow("Rule:", self.choice)
        form.addRow(self.error)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)
        self.rule_text = ""

    def text(self) -> str:
        typed = self.choice.currentText().strip()
        return self.keys.get(typed, typed)

    def accept(self) -> None:
        """OK: the rule's text, or the reason it is none, said here with the dialog left open."""
        text = self.text()
        why = self.refusal(text) if text else "pick a rule, or type its text"
        if why:
            self.error.setText(why)
            return
        self.rule_text = text
        super().accept()
