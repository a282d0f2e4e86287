"""A small dialog that defines a custom two-pile rule, validated as it is typed."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QSpinBox,
    QWidget,
)

from explorer.core.rules.registry import DEFAULT_SIDE, MAX_SIDE, Amounts, MoveSpec, custom_text


class CustomRuleDialog(QDialog):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Custom rule")
        self.setObjectName("customRuleDialog")
        form = QFormLayout(self)
        form.addRow(QLabel("Amounts: <i>any</i>, <i>none</i>, a list such as <i>1, 2, 5</i>, or <i>powers of 4</i>."))
        self.one = QLineEdit("any", objectName="customOne")
        self.both = QLineEdit("any", objectName="customBoth")
        self.difference = QSpinBox(objectName="customDifference", minimum=1, maximum=1000, value=1)
        self.bound = QSpinBox(objectName="customBound", minimum=8, maximum=MAX_SIDE, value=DEFAULT_SIDE, singleStep=128)
        self.misere = QCheckBox("Misère: whoever takes the last counter loses", objectName="customMisere")
        form.addRow("From one pile", self.one)
        form.addRow("From both piles", self.both)
        form.addRow("Both-pile amounts differ by less than", self.difference)
        form.addRow("Solve on the square [0, n)², n =", self.bound)
        form.addRow(self.misere)
        self.error = QLabel(objectName="customError")
        self.error.setStyleSheet("color: #b00020; font-weight: bold;")
        self.error.setWordWrap(True)
        form.addRow(self.error)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        form.addRow(self.buttons)
        for edit in (self.one, self.both):
            edit.textChanged.connect(self.validate)
        self.difference.valueChanged.connect(self.validate)
        self.spec: MoveSpec | None = None
        self.validate()

    def validate(self) -> None:
        try:
            self.spec = MoveSpec(
                Amounts.parse(self.one.text()), Amounts.parse(self.both.text()), self.difference.value()
            )
            self.error.setText("")
        except ValueError as exc:
            self.spec = None
            self.error.setText(str(exc))
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(self.spec is not None)

    @property
    def rule_text(self) -> str | None:
        """The rule's text form for the registry (None while the fields are invalid)."""
        if self.spec is None:
            return None
        return custom_text(self.spec, self.bound.value(), self.misere.isChecked())
