"""A calculator for n piles where a move takes from one pile or the same amount from all."""

from __future__ import annotations

from PySide6.QtWidgets import QLabel, QLineEdit, QPushButton, QVBoxLayout, QWidget

from explorer.core.analysis.tables import evaluate_piles
from explorer.core.exact.bigint import parse_natural, short_decimal


class NPilesPanel(QWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("npilesPanel")
        self.setMaximumWidth(560)
        layout = QVBoxLayout(self)
        layout.addWidget(
            QLabel(
                "<b>n piles</b>: a move takes any number from one pile, or the same number from "
                "every pile. Odd n: exact for any size (the XOR, as in Nim). Even n: dynamic "
                "programming over at most 200 000 smaller positions."
            )
        )
        layout.itemAt(0).widget().setWordWrap(True)
        self.piles = QLineEdit(objectName="npilesInput", placeholderText="piles, e.g. 3 5 7")
        self.go = QPushButton("Evaluate", objectName="npilesGo")
        self.result = QLabel(objectName="npilesResult")
        self.result.setWordWrap(True)
        for w in (self.piles, self.go, self.result):
            layout.addWidget(w)
        layout.addStretch(1)
        self.go.clicked.connect(self.evaluate)
        self.piles.returnPressed.connect(self.evaluate)

    def evaluate(self) -> None:
        parts = self.piles.text().replace(",", " ").split()
        try:
            if not parts:
                raise ValueError("type the piles, separated by spaces, e.g. 3 5 7")
            piles = tuple(parse_natural(p, f"pile {i + 1}") for i, p in enumerate(parts))
            value, method, wins = evaluate_piles(piles)
        except ValueError as exc:
            self.result.setText(f"<span style='color:#b00020'><b>{exc}</b></span>")
            return
        verdict = "the player to move <b>wins</b>" if value else "the player to move <b>loses</b>"
        text = f"G = {short_decimal(value, 40)} by {method}: {verdict}."
        if wins:
            shown = "; ".join("(" + ", ".join(short_decimal(p, 20) for p in m) + ")" for m in wins[:8])
            text += f"<br>Winning moves to: {shown}" + (" …" if len(wins) > 8 else "")
        self.result.setText(text)
