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

from explorer.core.rules.presentation import custom_text, vectors_text
from explorer.core.rules.registry import DEFAULT_SIDE, MAX_SIDE, Amounts, MoveSpec


def _error_label(name: str) -> QLabel:
    """The red line under a dialog's fields that says what is wrong with them."""
    error = QLabel(objectName=name)
    error.setStyleSheet("color: #b00020; font-weight: bold;")
    error.setWordWrap(True)
    return error


def _ok_cancel(dialog: QDialog, form: QFormLayout) -> QDialogButtonBox:
    buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
    buttons.accepted.connect(dialog.accept)
    buttons.rejected.connect(dialog.reject)
    form.addRow(buttons)
    return buttons


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
        self.error = _error_label("customError")
        form.addRow(self.error)
        self.buttons = _ok_cancel(self, form)
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


class VectorRuleDialog(QDialog):
    """Any two-pile invariant game: its rays and jumps, validated as they are typed."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Move vectors")
        self.setObjectName("vectorRuleDialog")
        form = QFormLayout(self)
        note = QLabel(
            "A <b>ray</b> P,Q takes k·P from pile A and k·Q from pile B, for any k ≥ 1; a <b>jump</b> I,J takes "
            "exactly I and J. Each comes with its mirror. Wythoff: rays 1,0 1,1. Maharaja Nim: rays 1,0 1,1 and "
            "jumps 1,2. With the ray 1,0 the cold cells form a sequence, solved as far as you look; without "
            "it the rule is solved on a square."
        )
        note.setWordWrap(True)
        form.addRow(note)
        self.rays = QLineEdit("1,0 1,1", objectName="vectorRays", placeholderText="e.g. 1,0 1,1 1,2")
        self.jumps = QLineEdit("1,2", objectName="vectorJumps", placeholderText="e.g. 1,2 (or empty)")
        self.bound = QSpinBox(objectName="vectorBound", minimum=8, maximum=MAX_SIDE, value=DEFAULT_SIDE, singleStep=128)
        form.addRow("Rays", self.rays)
        form.addRow("Jumps", self.jumps)
        form.addRow("Without the ray 1,0: solve on [0, n)², n =", self.bound)
        self.error = _error_label("vectorError")
        form.addRow(self.error)
        self.buttons = _ok_cancel(self, form)
        for edit in (self.rays, self.jumps):
            edit.textChanged.connect(self.validate)
        self.bound.valueChanged.connect(self.validate)
        self.rule_text: str | None = None
        self.validate()

    def validate(self) -> None:
        """The rule's text form for the registry in `rule_text` (None while the fields are invalid)."""
        try:
            self.rule_text = vectors_text(self.rays.text(), self.jumps.text(), self.bound.value())
            self.error.setText("")
        except ValueError as exc:
            self.rule_text = None
            self.error.setText(str(exc))
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(self.rule_text is not None)


class AnimationDialog(QDialog):
    """What to animate: the construction of the view, or a perfect game from the selection."""

    def __init__(self, parent: QWidget | None = None) -> None:
        from PySide6.QtWidgets import QComboBox

        super().__init__(parent)
        self.setWindowTitle("Export animation")
        self.setObjectName("animationDialog")
        form = QFormLayout(self)
        self.what = QComboBox(objectName="animationWhat")
        self.what.addItem("The construction of the cold cells in view", "build")
        self.what.addItem("A perfect game from the selected position", "play")
        self.steps = QSpinBox(objectName="animationSteps", minimum=1, maximum=600, value=24)
        self.size_choice = QComboBox(objectName="animationSize")
        for text in ("640x480", "800x600", "1024x768"):
            self.size_choice.addItem(text, text)
        self.size_choice.setCurrentIndex(1)
        form.addRow("Animate", self.what)
        form.addRow("Steps (frames)", self.steps)
        form.addRow("Size", self.size_choice)
        _ok_cancel(self, form)

    def choice(self) -> tuple[str, int, tuple[int, int]]:
        w, h = (int(v) for v in self.size_choice.currentData().split("x"))
        return self.what.currentData(), self.steps.value(), (w, h)
