"""The Beatty strip (issue 30): a number line under the grid, in step with its columns, that
colours each n as a lower number a_k or an upper number b_k of the rule's cold pairs, with k.
The two kinds split the positive integers (Beatty): every n is one or the other, once.

Hovering n asks the window to highlight its cold pair on the grid (`numberHovered`); zoomed out
past a few pixels a number it says so instead of drawing a blur. Rules without a lower/upper
split (Nim's pairs are (k, k); a solved square has no sequence) hide the strip.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QRectF, Qt, Signal
from PySide6.QtGui import QColor, QFont, QMouseEvent, QPainter, QPaintEvent
from PySide6.QtWidgets import QWidget

from explorer.core.game.sequence import NumberKind, NumberRole
from explorer.core.protocol import ColdPairs, NumberRoles, Rule, RuleError
from explorer.gui.jobs import LatestJob
from explorer.session.model import Session

LOWER = QColor(70, 130, 200)
UPPER = QColor(230, 150, 60)
ZERO = QColor(120, 120, 120)
MIN_PX = 4  # a number narrower than this is not drawn
MAX_NUMBERS = 600


STRIP_LABEL = "n: a/b"  # each number n a lower (a_k) or an upper (b_k) Wythoff number


class BeattyStrip(QWidget):
    numberHovered = Signal(object)  # n (a Python int), or None when the mouse leaves

    def __init__(self, grid, parent: QWidget | None = None) -> None:  # type: ignore[no-untyped-def]
        super().__init__(parent)
        self.setObjectName("beattyStrip")
        self.grid = grid
        self.setFixedHeight(30)
        # hidden (a rule without cold pairs), it keeps its room: the grid above keeps its place, and a
        # second click in Alter mode lands on the cell the first one did (issue 64: it moved ~30 px)
        policy = self.sizePolicy()
        policy.setRetainSizeWhenHidden(True)
        self.setSizePolicy(policy)
        self.setAttribute(Qt.WidgetAttribute.WA_OpaquePaintEvent)  # it fills its rectangle first
        self.setMouseTracking(True)
        self.setToolTip("Each n: a lower number a_k (blue) or an upper number b_k (orange). Hover to see its pair.")
        self._roles: dict[int, tuple[str, int] | None] = {}
        self.jobs = LatestJob(self)  # the roles of numbers whose square roots take long
        grid.viewChanged.connect(self.update)

    @property
    def rule(self) -> Rule:
        """The rule it shows the numbers of: the grid's, which is the session model's."""
        return self.grid.rule  # type: ignore[no-any-return]

    def bind(self, session: Session) -> None:
        """Follow the session model's rule (the strip keeps no copy of it)."""
        self.session = session
        self.rule_changed()

    def listens(self) -> list[tuple[Any, Callable[[Any], object]]]:
        return [(self.session.events.rule, lambda _: self.rule_changed())]

    def rule_changed(self) -> None:
        self.jobs.cancel()
        self._roles.clear()
        self.setVisible(self.role(0) is not None and self.role(1) is not None)
        self.update()

    def role(self, n: int) -> tuple[str, int] | None:
        """('a' or 'b' or '', k) for n, or None where the rule has no split there."""
        if n not in self._roles:
            self._keep(n, role_of(self.rule, n))
        return self._roles[n]

    def known_role(self, n: int) -> tuple[str, int] | None:
        """n's role where it is known already or cheap to know; else None, and its range is asked
        of a worker (each role of a number of 100 000 digits takes a square root of 0.3 s)."""
        if n not in self._roles and self._cheap(n, n + 1):
            return self.role(n)
        return self._roles.get(n)

    def _cheap(self, first: int, end: int) -> bool:
        return self.rule.cost(first, first, end, end) * max(1, end - first) <= ROLES_ON_GUI_NS

    def _keep(self, n: int, role: tuple[str, int] | None) -> None:
        if len(self._roles) > 4 * MAX_NUMBERS:
            self._roles.clear()
        self._roles[n] = role

    def _ask_roles(self, first: int, end: int) -> None:
        """The roles of [first, end) that are not known, on a worker; drawn when they arrive."""
        missing = [n for n in range(first, end) if n not in self._roles]
        if not missing:
            return
        rule = self.rule
        self.jobs.submit(
            lambda: roles_of(rule, missing),
            done=lambda roles: self._roles_arrived(rule, roles),
            failed=lambda _exc: self._roles_arrived(rule, [(n, None) for n in missing]),  # drawn blank, not asked again
            background=True,
        )

    def _roles_arrived(self, rule: Rule, roles: list[tuple[int, tuple[str, int] | None]]) -> None:
        if rule == self.rule:
            for n, role in roles:
                self._keep(n, role)
            self.update()

    def _geometry(self) -> tuple[float, float, float, float, int, int]:
        """(left px, width px, u0, u1) of the grid's view box in this widget, and the cells in view."""
        vb = self.grid.vb
        rect = self.grid.mapFromScene(vb.sceneBoundingRect()).boundingRect()
        (u0, u1), _ = vb.viewRange()
        x0, _, x1, _ = self.grid.visible_cells()
        return float(rect.left()), float(rect.width()), u0, u1, x0, x1

    def _px(self, n: int, left: float, width: float, u0: float, u1: float) -> float:
        from fractions import Fraction

        return left + (self.grid.frame.sx(Fraction(n)) - u0) / (u1 - u0) * width

    def number_at(self, px: float) -> int | None:
        left, width, u0, u1, x0, x1 = self._geometry()
        if width <= 0 or not left <= px <= left + width or x1 - x0 > MAX_NUMBERS:
            return None
        best = None
        for n in range(max(0, x0), max(0, min(x1, x0 + MAX_NUMBERS))):
            if abs(self._px(n, left, width, u0, u1) - px) <= width / max(1, x1 - x0) / 2 + 0.5:
                best = n
                break
        return best

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        try:
            self._paint(painter)
        finally:
            painter.end()  # an error inside must not leave the painter open (Qt then crashes)

    def _paint(self, painter: QPainter) -> None:
        painter.fillRect(self.rect(), QColor(250, 250, 250))
        left, width, u0, u1, x0, x1 = self._geometry()
        # its name, in the margin under the grid's vertical axis: whole, or shorter where the margin
        # is narrow (a cut "n: a/" said nothing), or not at all
        fits = [t for t in (STRIP_LABEL, "a/b") if painter.fontMetrics().horizontalAdvance(t) <= left - 8]
        if fits:
            painter.setPen(QColor(90, 90, 90))
            margin = QRectF(2, 0, left - 6, self.height())
            painter.drawText(margin, int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter), fits[0])
        count = x1 - x0  # any size: zoomed out it passes what a float holds
        cell = width / max(1, count) if count <= MAX_NUMBERS else 0.0
        if cell < MIN_PX:
            painter.setPen(QColor(90, 90, 90))
            painter.drawText(self.rect(), int(Qt.AlignmentFlag.AlignCenter), "Zoom in to see each number as a_k or b_k")
            return
        font = QFont(self.font())
        font.setPointSizeF(7.5)
        painter.setFont(font)
        # a view that starts mid-cell puts the first box's left part over the margin: cut it there
        painter.setClipRect(QRectF(left, 0, max(0.0, width), self.height()))
        first = max(0, x0)
        start = self._px(first, left, width, u0, u1)  # one exact position; the rest a cell apart
        step = width / (u1 - u0) * float(self.grid.frame.length(1))
        end = max(0, x1)
        cheap = self._cheap(first, end)
        if not cheap:
            self._ask_roles(first, end)
        for n in range(first, end):
            role = self.role(n) if cheap else self._roles.get(n)
            if role is None:
                continue
            name, k = role
            centre = start + (n - first) * step
            box = QRectF(centre - cell / 2 + 0.5, 3, max(1.0, cell - 1), self.height() - 6)
            painter.fillRect(box, LOWER if name == "a" else UPPER if name == "b" else ZERO)
            if cell >= 18:
                painter.setPen(QColor(255, 255, 255))
                label = f"{name}{k}" if name else "0"
                painter.drawText(box, int(Qt.AlignmentFlag.AlignCenter), label if len(label) <= cell / 6 else name)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        self.numberHovered.emit(self.number_at(event.position().x()))

    def leaveEvent(self, event) -> None:  # type: ignore[no-untyped-def]
        self.numberHovered.emit(None)
        super().leaveEvent(event)


ROLES_ON_GUI_NS = 20_000_000  # the roles a paint works out on the GUI thread at most (about 20 ms)


def role_of(rule: Rule, n: int) -> tuple[str, int] | None:
    """('a' or 'b' or '', k) for n under the rule, or None where it has no split there."""
    if not isinstance(rule, ColdPairs):
        return None
    try:
        r = rule.number_role(n)
    except RuleError:
        return None
    return _named(r)


def roles_of(rule: Rule, numbers: list[int]) -> list[tuple[int, tuple[str, int] | None]]:
    """(n, its role) for each of these numbers: from one square root for their whole range where
    the rule gives roles in bulk (`NumberRoles`), else one at a time."""
    if isinstance(rule, NumberRoles) and len(numbers) > 1:
        first = min(numbers)
        bulk = rule.number_roles(first, max(numbers) - first + 1)
        wanted = set(numbers)
        return [(first + i, _named(r)) for i, r in enumerate(bulk) if first + i in wanted]
    return [(n, role_of(rule, n)) for n in numbers]


def _named(r: NumberRole | None) -> tuple[str, int] | None:
    return None if r is None else ({NumberKind.LOWER: "a", NumberKind.UPPER: "b"}.get(r.kind, ""), r.index)
