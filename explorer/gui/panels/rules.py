"""The toolbar's two choices: the colour mode and the rule. A view: it shows the session's
rule and mode (`set_*`) and emits requests; it never sets them itself."""

from __future__ import annotations

from PySide6.QtCore import QSignalBlocker, Signal
from PySide6.QtWidgets import QComboBox, QHBoxLayout, QLabel, QSpinBox, QWidget

from explorer.core.analysis.modes import mode_refusal
from explorer.core.protocol import Rule, Slice
from explorer.core.rules.presentation import rule_list
from explorer.core.rules.registry import ASK_NOTHING, FAMILIES
from explorer.session.model import COLD_OPTIONS, GRUNDY, HOT_COLD, REMOTENESS

ASK = "ask:"  # item data of entries that ask for parameters first


SHOWN_TITLE = 34  # characters of a rule's title in the box; the tooltip has all of it


def shown_title(title: str) -> str:
    """A rule's title as the box shows it: without how far it is solved (the tooltip says), and where
    still too long, its middle elided, so that two alterations differ by their declared cells
    ("60-blocking Wythoff, solved on 32…" and "Wythoff altered (cold=(…), sol…" said nothing: issue 64)."""
    short = title.split(", solved on")[0]
    if len(short) <= SHOWN_TITLE:
        return short
    half = (SHOWN_TITLE - 1) // 2
    return short[:half] + "…" + short[-(SHOWN_TITLE - 1 - half) :]


class RuleBar(QWidget):
    ruleRequested = Signal(str)  # a rule's text form
    askRequested = Signal(str)  # a family name: ask for its parameters, then request
    modeRequested = Signal(str)
    firstHeapRequested = Signal(int)  # three heaps as slices: the slice of this first heap

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(QLabel(" Colour by: "))
        self.mode = QComboBox(objectName="colorMode")
        self.mode.addItem("Hot / cold (P and N positions)", HOT_COLD)
        self.mode.addItem("Grundy values G(x, y)", GRUNDY)
        self.mode.addItem("Remoteness (moves left with best play)", REMOTENESS)
        self.mode.addItem("Cold options (k-blocking: 0 … k and more)", COLD_OPTIONS)
        self.mode.model().item(self.mode.count() - 1).setEnabled(False)  # type: ignore[attr-defined]  # set_rule says
        self.mode.activated.connect(lambda i: self.modeRequested.emit(self.mode.itemData(i)))
        layout.addWidget(self.mode)
        layout.addWidget(QLabel("  Rule: "))
        self.rules = QComboBox(objectName="ruleSelector")
        # as wide as its longest entry, and no wider: a long title is shortened, not the toolbar widened
        self.rules.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        for label, key, description in rule_list():
            self.rules.addItem(label, key)
            if description:
                self.rules.setItemData(self.rules.count() - 1, description, 3)  # its tooltip
        for family in FAMILIES:
            if family.ask != ASK_NOTHING:
                self.rules.addItem(family.label, ASK + family.name)
                if family.description:
                    self.rules.setItemData(self.rules.count() - 1, family.description, 3)
        # `activated` fires even when the entry shown is chosen again ("Fraenkel a = …" twice).
        self.rules.activated.connect(self._chosen)
        layout.addWidget(self.rules)
        # three heaps as slices (issue 66): the first heap, beside the rule; shown under such a rule only
        self.first_label = QLabel("  First heap: ")
        self.first_heap = QSpinBox(objectName="firstHeap", minimum=0, maximum=256, keyboardTracking=False)
        self.first_heap.setToolTip("The first heap a: the board shows heaps 2 and 3 of (a, b, c)")
        self.first_heap.valueChanged.connect(self.firstHeapRequested)
        layout.addWidget(self.first_label)
        layout.addWidget(self.first_heap)
        self.first_label.setVisible(False)
        self.first_heap.setVisible(False)

    def _chosen(self, index: int) -> None:
        data = self.rules.itemData(index)
        if data.startswith(ASK):
            self.askRequested.emit(data.removeprefix(ASK))
        else:
            self.ruleRequested.emit(data)

    def set_rule(self, rule: Rule) -> None:
        """Show `rule` as the one in effect (adding an entry for it if the list has none)."""
        with QSignalBlocker(self.rules):
            index = self.rules.findData(rule.key)
            if index < 0:
                first_ask = next(i for i in range(self.rules.count()) if self.rules.itemData(i).startswith(ASK))
                # short enough for the box (a vector rule's title ran past its drop-down button)
                title = shown_title(rule.title)
                self.rules.insertItem(first_ask, title, rule.key)
                self.rules.setItemData(first_ask, rule.title, 3)  # tooltip: the whole title
                index = first_ask
            self.rules.setCurrentIndex(index)
            self.rules.setToolTip(f"The rule in effect: {rule.title}")
            view = self.rules.view()
            view.setMinimumWidth(view.sizeHintForColumn(0) + 24)  # the list shows whole entries
        self.first_label.setVisible(isinstance(rule, Slice))
        self.first_heap.setVisible(isinstance(rule, Slice))
        if isinstance(rule, Slice):
            with QSignalBlocker(self.first_heap):
                self.first_heap.setValue(rule.first)
        # a mode the rule cannot answer (cold options beyond k-blocking, values of a game that has none)
        for i in range(self.mode.count()):
            refusal = mode_refusal(rule, self.mode.itemData(i))
            item = self.mode.model().item(i)  # type: ignore[attr-defined]
            item.setEnabled(not refusal)
            item.setToolTip(refusal[0].upper() + refusal[1:] if refusal else "")

    def set_mode(self, mode: str) -> None:
        with QSignalBlocker(self.mode):
            self.mode.setCurrentIndex(self.mode.findData(mode))
