"""What the window asks of the person before it acts: the parameters of a rule chosen from the list,
another rule to compare with, a position to go to, a bookmark's name, an animation to export. A
plain object (no Qt), given the dialogs as a view (`DialogsView`: the window's, the soak's scripted
person, a test's stand-in), asked for when it asks; before, the window did this itself."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from explorer.core.exact.bigint import parse_natural
from explorer.core.rules.presentation import example_rules
from explorer.core.rules.registry import ASK_INTEGER, ASK_VECTORS, family_named
from explorer.core.rules.texts import rule_refusal
from explorer.session.model import Session


class DialogsView(Protocol):
    """The dialogs a person answers (explorer.gui.dialogs.Dialogs in the window)."""

    def integer(self, title: str, label: str, value: int, lo: int, hi: int) -> int | None: ...
    def custom_rule(self) -> str | None: ...
    def vector_rule(self) -> str | None: ...
    def animation(self) -> tuple[str, int, tuple[int, int], str] | None: ...
    def rule(
        self, title: str, label: str, choices: list[tuple[str, str]], refusal: Callable[[str], str]
    ) -> str | None: ...
    def text(self, title: str, label: str) -> str | None: ...
    def warn(self, title: str, message: str) -> None: ...


class Asks:
    def __init__(
        self,
        session: Session,
        dialogs: Callable[[], DialogsView],
        rules: Any,
        sessions: Any,
        exporter: Any,
        values: Any,
        go_to: Callable[[int, int], None],
    ) -> None:
        """`dialogs`: the dialogs in use, asked for each time (a script may stand in for the person);
        `rules`, `sessions`, `exporter`, `values`: the controllers that act on the answers; `go_to`:
        select a position and show it on the grid."""
        self.session = session
        self.dialogs = dialogs
        self.rules = rules
        self.sessions = sessions
        self.exporter = exporter
        self.values = values
        self.go_to = go_to

    def ask_rule(self, family_name: str) -> None:
        """A rule entry that needs parameters was chosen: ask for them, then request the rule."""
        family = family_named(family_name)
        if family.ask == ASK_INTEGER and family.question is not None:
            value = self.dialogs().integer(*family.question)
            text = None if value is None else f"{family.name}:{value}"
        elif family.ask == ASK_VECTORS:
            text = self.dialogs().vector_rule()
        else:
            text = self.dialogs().custom_rule()
        if text is None:
            self.rules.cancelled()
        else:
            self.rules.request(text)

    def ask_compare(self) -> None:
        """View ▸ Compare with another rule…: the grid then shows where the two differ."""
        text = self.dialogs().rule(
            "Compare with another rule",
            "Pick a rule, or type its text (such as block:2, pass, nim or wythoff:2):",
            example_rules(),
            rule_refusal,
        )
        if text is not None and text.strip():
            self.rules.request_compare(text)

    def ask_go_to(self) -> None:
        """Go ▸ Position…: two whole numbers of any size, or a warning that says what to type."""
        text = self.dialogs().text("Go to position", "Position as 'A B' (any size):")
        if text is None:
            return
        parts = text.replace(",", " ").split()
        try:
            if len(parts) != 2:
                raise ValueError("type two whole numbers, A and B, such as 5 7")
            a, b = parse_natural(parts[0], "Pile A"), parse_natural(parts[1], "Pile B")
        except ValueError as exc:
            self.dialogs().warn("Go to position", str(exc))
            return
        self.go_to(a, b)

    def ask_bookmark(self) -> None:
        name = self.dialogs().text("Add bookmark", "Name for this view:")
        if name is not None:
            self.sessions.add_bookmark(name)

    def export_animation(self) -> None:
        """File ▸ Export animation…: ask what, then write the GIF in the background."""
        choice = self.dialogs().animation()
        if choice is None:
            return
        what, steps, size, path = choice
        cache = self.values.cache
        s = self.session
        known = s.selection is not None and cache.remoteness(*s.selection) is not None
        self.exporter.export(what, steps, size, path, cache.remoteness if known else None)
