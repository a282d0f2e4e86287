"""The inspector sidebar: type a position, read who wins and why, play a winning move.

It shows state and emits requests (`positionRequested`, `moveActivated`); the main window
decides what happens. Big integers travel as Python objects, never through Signal(int).
"""

from __future__ import annotations

import html

from PySide6.QtCore import QSignalBlocker, Qt, Signal
from PySide6.QtWidgets import (
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from explorer.core.analysis.position import NumberKind, NumberRole, PositionReport, no_moves_text, verdict
from explorer.core.exact.bigint import parse_natural, short_decimal
from explorer.gui import palette
from explorer.session.model import COLD_OPTIONS, GRUNDY, HOT_COLD, REMOTENESS

MOVE_ROLE = Qt.ItemDataRole.UserRole
PARSE_ON_WORKER_FROM = 20_000  # characters: reading 100 000 digits takes ~60 ms
MAX_DIGITS = 1_000_000
FULL = 400  # digits written out in full; longer numbers are elided in the middle


SHORT = 28  # digits shown in the status text before eliding (the fields hold the rest)


def _role_text(pile: str, n: int, role: NumberRole) -> str:
    shown = short_decimal(n, SHORT)
    if role.kind is NumberKind.ZERO:
        return f"Pile {pile} = 0, in the cold pair (0, 0)"
    name = "a" if role.kind is NumberKind.LOWER else "b"
    kind = "lower" if role.kind is NumberKind.LOWER else "upper"
    return (
        f"Pile {pile} = {shown}: the {kind} number {name}<sub>k</sub>, k = {short_decimal(role.index, SHORT)};"
        f" partner {short_decimal(role.partner, SHORT)}"
    )


_BOX = "<span style='background:{0}; border:1px solid #777'>&nbsp;&nbsp;&nbsp;&nbsp;</span>"
_VALUE_MEANING = {
    GRUNDY: "the Grundy value G(x, y), between round numbers around the lowest and highest in view (cold cells: 0)",
    REMOTENESS: (
        "the remoteness R, between round numbers around the lowest and highest in view: the moves left when "
        "the winner hurries and the loser delays (even R: cold; odd R: hot)"
    ),
}


def _swatch(rgb) -> str:  # type: ignore[no-untyped-def]  # a tuple or a row of a lookup table
    r, g, b = (int(v) for v in rgb)
    return _BOX.format(palette.hex_colour((r, g, b)))


FAR_GREY = " (far out the Grundy values 0–15 are solved as sequences: grey there means G > 15)"


def legend_html(mode: str) -> str:
    """What the grid's colours mean in a colour mode (the colour bar beside the grid gives the numbers)."""
    if mode == COLD_OPTIONS:
        lut = palette.options_lookup_table(3)
        return (
            f"{_swatch(lut[1])}…{_swatch(lut[3])} cold: fewer than k options cold (0 … k − 1)<br>"
            f"{_swatch(lut[4])} hot: k options cold &nbsp; {_swatch(lut[5])} hot: more than k<br>"
            "zoomed out (over 65,536 cells in view): hot and cold"
        )
    if mode in _VALUE_MEANING:
        lut = palette.value_lookup_table(mode)
        return (
            f"{_swatch(lut[1])}…{_swatch(lut[255])} {_VALUE_MEANING[mode]}. The bar beside the grid gives "
            "the numbers; zoomed out, a pixel shows its corner cell"
            + (
                " (past the corner, in views up to 65,536 columns wide, the mix of all its cells' colours: "
                "each value's exact share, grey for G > 15)"
                if mode == "grundy"
                else ""
            )
            + ".<br>"
            f"{_swatch(palette.NOT_COMPUTED)} grey: not computed for this part of the grid"
            + (
                " (far out, Grundy values 0–15 are solved as sequences: grey there means G > 15)"
                if mode == "grundy"
                else ""
            )
        )
    return (
        f"{_swatch(palette.HOT)} hot (N): the player to move wins<br>"
        f"{_swatch(palette.COLD)} cold (P): the player to move loses<br>"
        f"{_swatch(palette.lookup_table()[1])}…{_swatch(palette.COLD)} zoomed out: share of a pixel's columns "
        "holding a cold cell"
    )


def _wrap(digits: str, width: int = 32) -> str:
    """Break a long digit string so the label can wrap it."""
    return "<br>&nbsp;&nbsp;&nbsp;&nbsp;".join(digits[i : i + width] for i in range(0, len(digits), width))


NO_POSITION = "Choose a position: click a cell on the grid, or type its two piles above."


class Inspector(QWidget):
    positionRequested = Signal(object, object)
    positionTextRequested = Signal(str, str)  # digits too long to read on the GUI thread
    moveActivated = Signal(object, object)
    moveToSliceActivated = Signal(object, object, object)  # three heaps: a move into slice a', to (a', b', c')
    inputRejected = Signal(str)  # what was typed is not a position: the message to show
    whyRequested = Signal()  # draw the selection's moves and say why it is hot or cold
    perfectPlayRequested = Signal()  # play the game out from the selection, perfectly

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("inspector")
        self.setMinimumWidth(300)
        self.setMaximumWidth(560)
        layout = QVBoxLayout(self)

        entry = QGroupBox("Position")
        form = QFormLayout(entry)
        self.position_a = QLineEdit(objectName="positionA", placeholderText="pile A, e.g. 5")
        self.position_b = QLineEdit(objectName="positionB", placeholderText="pile B, e.g. 7")
        for edit in (self.position_a, self.position_b):
            edit.setMaxLength(MAX_DIGITS)  # Qt's default, 32 767, would cut big numbers silently
            edit.setClearButtonEnabled(True)
            edit.returnPressed.connect(self.submit)
        form.addRow("Pile A", self.position_a)
        form.addRow("Pile B", self.position_b)
        buttons = QHBoxLayout()
        self.go = QPushButton("Go", objectName="positionGo")
        self.go.clicked.connect(self.submit)
        buttons.addStretch(1)
        buttons.addWidget(self.go)
        form.addRow(buttons)
        self.error = QLabel(objectName="positionError")
        self.error.setWordWrap(True)
        self.error.setStyleSheet("color: #b00020; font-weight: bold;")
        self.error.setVisible(False)
        form.addRow(self.error)
        layout.addWidget(entry)

        self.status = QLabel(objectName="positionStatus")
        self.status.setWordWrap(True)
        self.status.setTextFormat(Qt.TextFormat.RichText)
        self.status.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.status.setText("Click a cell or type a position.")
        layout.addWidget(self.status)

        self.values = QLabel(objectName="positionValues")
        self.values.setWordWrap(True)
        self.values.setTextFormat(Qt.TextFormat.RichText)  # HTML, always: a one-line text has no tag to tell
        self.values.setVisible(False)
        layout.addWidget(self.values)
        explain = QHBoxLayout()
        self.why_button = QPushButton("Why?", objectName="whyButton")
        self.why_button.setToolTip("Draw every move from this position and the cold cells on them (W)")
        self.why_button.setCheckable(True)  # checked while Why? is on (the window sets it from the model)
        self.why_button.clicked.connect(self.whyRequested.emit)
        self.play_out = QPushButton("Show perfect play", objectName="showPerfectPlay")
        self.play_out.setToolTip("Play the game out on the grid between two perfect players")
        self.play_out.clicked.connect(self.perfectPlayRequested.emit)
        explain.addWidget(self.why_button)
        explain.addWidget(self.play_out)
        explain.addStretch(1)
        layout.addLayout(explain)
        self.why = QLabel(objectName="whyText")
        self.why.setWordWrap(True)
        self.why.setTextFormat(Qt.TextFormat.RichText)
        self.why.setVisible(False)
        layout.addWidget(self.why)
        layout.addWidget(QLabel("<b>Winning moves</b> (double-click or Enter to play)"))
        self.moves = QListWidget(objectName="winningMoves")
        # a line wider than the list wraps (the empty list's hint was cut at the right edge)
        self.moves.setWordWrap(True)
        self.moves.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.moves.setResizeMode(QListWidget.ResizeMode.Adjust)
        self.moves.itemActivated.connect(self._on_item_activated)
        layout.addWidget(self.moves, 1)
        self._say_in_moves(NO_POSITION)
        layout.addWidget(self._legend())

    def _legend(self) -> QLabel:
        self.legend = QLabel(legend_html(HOT_COLD), objectName="legend")
        self.legend.setWordWrap(True)
        return self.legend

    def set_mode(self, mode: str) -> None:
        """The legend says what the grid's colours mean in this colour mode."""
        self.legend.setText(legend_html(mode))

    def set_comparing(self, rule_key: str, other_key: str | None) -> None:
        """The legend while two rules are compared (View ▸ Compare with another rule)."""
        names = {"the rule in effect": html.escape(rule_key), "the other": html.escape(other_key or "")}
        rows = []
        for said, colour in palette.COMPARE_KEY:
            for word, name in names.items():
                said = said.replace(word, name)
            rows.append(f"{_swatch(colour)} {said}")
        rows.append(f"{_swatch(palette.NOT_COMPUTED)} grey: beyond where both are solved")
        self.legend.setText("<br>".join(rows))

    # ----- requests ---------------------------------------------------------------------
    def submit(self) -> None:
        a_text, b_text = self.position_a.text(), self.position_b.text()
        if max(len(a_text), len(b_text)) > PARSE_ON_WORKER_FROM:
            self.status.setText("Reading the numbers…")
            self.positionTextRequested.emit(a_text, b_text)
            return
        try:
            a = parse_natural(self.position_a.text(), "Pile A")
            b = parse_natural(self.position_b.text(), "Pile B")
        except ValueError as exc:
            self.inputRejected.emit(str(exc))
            return
        self.positionRequested.emit(a, b)

    def set_error(self, message: str) -> None:
        self.error.setText(message)
        self.error.setVisible(bool(message))

    def _on_item_activated(self, item: QListWidgetItem) -> None:
        target = item.data(MOVE_ROLE)
        if target is not None and len(target) == 3:  # into another slice of three heaps: it is solved first
            self.moveToSliceActivated.emit(*target)
        elif target is not None:
            self.moveActivated.emit(target[0], target[1])

    # ----- state -> view ------------------------------------------------------------------
    def order_moves(self, targets: list[tuple[int, int]]) -> None:
        """List the winning moves in this order of their targets (fastest win first, once the
        remoteness is known); moves not named keep their order, after those named."""
        rank = {t: i for i, t in enumerate(targets)}
        items = [self.moves.takeItem(0) for _ in range(self.moves.count())]
        items.sort(key=lambda item: rank.get(item.data(MOVE_ROLE), len(rank)))
        for item in items:
            self.moves.addItem(item)

    def set_why_on(self, on: bool) -> None:
        with QSignalBlocker(self.why_button):
            self.why_button.setChecked(on)

    def set_why(self, text: str) -> None:
        """Why the position is hot or cold, or a perfect game's latest move (HTML; "" hides it)."""
        self.why.setText(text)
        self.why.setVisible(bool(text))

    def set_values(self, text: str) -> None:
        """G and remoteness of the position, and the moves ranked by remoteness (HTML)."""
        self.values.setText(text)
        self.values.setVisible(bool(text))

    def set_busy(self, a: int, b: int) -> None:
        self.status.setText(f"Working out ({short_decimal(a)}, {short_decimal(b)})…")
        self.moves.clear()

    def set_report(self, r: PositionReport | None) -> None:
        if r is None:  # no verdict (yet, or the rule cannot answer): nothing stale stays
            self.status.setText("")
            self._say_in_moves(NO_POSITION)
            self.set_values("")
            return
        for edit, text in ((self.position_a, r.a_text), (self.position_b, r.b_text)):
            if edit.text().replace(" ", "").replace("_", "").replace(",", "") != text:
                edit.setText(text)
                edit.setCursorPosition(0)
        pos = "(" + ", ".join(short_decimal(v, SHORT) for v in r.whole) + ")"
        text = html.escape(verdict(r))
        head, _, rest = text.partition(" (")
        text = f"<b>{head}</b> ({rest}"
        if r.cold and r.index is not None:
            text += f" It is the cold pair number k = {short_decimal(r.index, 40)}."
        details = ""
        if r.role_a is not None and r.role_b is not None:
            details = f"<p>{_role_text('A', r.a, r.role_a)}<br>{_role_text('B', r.b, r.role_b)}</p>"
        if r.zeckendorf_a:
            details += (
                f"<p>Zeckendorf (over 1, 2, 3, 5, 8, …):<br><tt>A = {_wrap(r.zeckendorf_a)}<br>"
                f"B = {_wrap(r.zeckendorf_b)}</tt></p>"
            )
        if r.note:
            text += f"<br>{html.escape(r.note)}"
        rule = f"<p><i>Rule: {html.escape(r.rule_title)}</i></p>"
        self.status.setText(f"<p><b>{html.escape(pos)}</b></p>{rule}<p>{text}</p>{details}")
        self.moves.clear()
        for move in r.moves:
            a, b = move.target
            item = QListWidgetItem(move.describe(lambda v: short_decimal(v, FULL)))
            if move.on_board:  # a pass stays on the cell: nothing to play on the board
                item.setData(MOVE_ROLE, (a, b))
            elif move.first is not None:  # into another slice: a click goes there
                item.setData(MOVE_ROLE, move.to)
            item.setToolTip(f"({a}, {b})" if max(a, b).bit_length() < 600 else "")
            self.moves.addItem(item)
        if not r.moves:
            self._say_in_moves(no_moves_text(r), clear=False)
        for a, b in r.cold_options:  # a cold cell's cold options, which the opponent may block: listed, not moves
            self._say_in_moves(f"to ({short_decimal(a, FULL)}, {short_decimal(b, FULL)}): cold, may be blocked", False)

    def _say_in_moves(self, text: str, clear: bool = True) -> None:
        """A line in the moves' list that is not a move (greyed, not playable)."""
        if clear:
            self.moves.clear()
        item = QListWidgetItem(text)
        item.setFlags(Qt.ItemFlag.NoItemFlags)
        self.moves.addItem(item)
