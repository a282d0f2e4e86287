"""The one place that names rules: `--rule` values, the window's rule list, custom specs.

A rule's text form is its `key`; `parse_rule(rule.key) == rule` for every rule. A new rule is
one class (implementing `Rule`) and one `Family` line in FAMILIES: it then gets the CLI, the
window's list, and the whole conformance suite (tests/core/test_rule_conformance.py).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from explorer.core.exact.bigint import short_text
from explorer.core.rules.base import Rule, RuleError, UnknownRule
from explorer.core.rules.closed import Fraenkel, Misere, Nim, Wythoff
from explorer.core.rules.custom import DEFAULT_SIDE, MAX_SIDE, CustomRule
from explorer.core.rules.spec import Amounts, MoveSpec

__all__ = ["DEFAULT_SIDE", "MAX_SIDE", "Amounts", "MoveSpec", "custom_text", "parse_rule"]

ASK_NOTHING, ASK_INTEGER, ASK_SPEC = "nothing", "integer", "spec"


class Family(NamedTuple):
    """A kind of rule: its name before ':', what its parameter is, how to make one."""

    name: str
    label: str  # in the window's rule list
    make: Callable[[str | None], Rule]  # from the text after ':' (None if there is none)
    ask: str = ASK_NOTHING  # what the window asks for before making one
    examples: tuple[str, ...] = ()  # keys offered directly in the window's list
    syntax: str = ""
    costly: bool = False  # making one takes noticeable time (solving): do it off the GUI thread


def _no_parameter(rule: Callable[[], Rule], name: str) -> Callable[[str | None], Rule]:
    def make(param: str | None) -> Rule:
        if param is not None:
            raise UnknownRule(f"rule {name!r} takes no parameter")
        return rule()

    return make


def _whole(text: str, what: str, low: int, high: int) -> int:
    t = text.strip()
    if not t.isdigit() or len(t) > 12 or not low <= int(t) <= high:
        raise UnknownRule(f"{what} must be a whole number from {low} to {high:,}, not {short_text(text)!r}")
    return int(t)


MAX_A = 10**9


def _wythoff(param: str | None) -> Rule:
    if param is None:
        return Wythoff()
    a = _whole(param, "a in wythoff:A", 1, MAX_A)
    return Wythoff() if a == 1 else Fraenkel(a)


def _fraenkel(param: str | None) -> Rule:
    if param is None:
        raise UnknownRule("Fraenkel's game needs its a: write wythoff:A (or fraenkel:A)")
    return _wythoff(param)


def parse_custom(param: str | None) -> CustomRule:
    """'one=2 3;both=none;a=1;n=64[;misere]' (every field optional: any, any, 1, 512, normal)."""
    return CustomRule(*custom_fields(param))


def custom_fields(param: str | None) -> tuple[MoveSpec, int, bool]:
    """The spec, side and play of a custom rule's text, checked but not solved."""
    fields: dict[str, str] = {}
    misere = False
    for part in (param or "").split(";"):
        if not part.strip():
            continue
        if part.strip().lower() in ("misere", "misère"):
            misere = True
            continue
        name, eq, value = part.partition("=")
        name = name.strip().lower()
        if not eq or name not in ("one", "both", "a", "n"):
            raise UnknownRule(f"custom rule field {short_text(part.strip())!r}: write one=…;both=…;a=…;n=…[;misere]")
        fields[name] = value
    try:
        spec = MoveSpec(
            Amounts.parse(fields.get("one", "any")),
            Amounts.parse(fields.get("both", "any")),
            _whole(fields.get("a", "1"), "the difference bound a", 1, 10**6),
        )
    except UnknownRule:
        raise
    except ValueError as exc:
        raise UnknownRule(str(exc)) from None
    n = _whole(fields.get("n", str(DEFAULT_SIDE)), "the side n", 1, MAX_SIDE)
    return spec, n, misere


FAMILIES: tuple[Family, ...] = (
    Family("wythoff", "Wythoff", _wythoff, examples=("wythoff",), syntax="wythoff"),
    Family("nim", "Nim (no move on both piles)", _no_parameter(Nim, "nim"), examples=("nim",), syntax="nim"),
    Family("misere", "Misère Wythoff", _no_parameter(Misere, "misere"), examples=("misere",), syntax="misere"),
    Family(
        "fraenkel",
        "Fraenkel a = …",
        _fraenkel,
        ask=ASK_INTEGER,
        examples=("wythoff:2", "wythoff:3"),
        syntax="wythoff:A",
    ),
    Family(
        "custom",
        "Custom rule…",
        parse_custom,
        ask=ASK_SPEC,
        syntax="custom:one=…;both=…;a=…;n=…[;misere]",
        costly=True,
    ),
)
_BY_NAME = {f.name: f for f in FAMILIES}


def rule_syntax() -> str:
    return ", ".join(f.syntax for f in FAMILIES)


def parse_rule(text: str) -> Rule:
    """A rule from its text form (its key): 'wythoff', 'nim', 'misere', 'wythoff:A', 'custom:…'."""
    name, colon, param = text.strip().partition(":")
    family = _BY_NAME.get(name.strip().lower())
    if family is None:
        raise UnknownRule(f"unknown rule {short_text(text)!r}: valid rules are {rule_syntax()}")
    try:
        return family.make(param if colon else None)
    except UnknownRule:
        raise
    except RuleError as exc:
        raise UnknownRule(str(exc)) from None


def check_rule(text: str) -> None:
    """Raise UnknownRule unless `text` names a rule; solves nothing (custom rules are only read)."""
    name, colon, param = text.strip().partition(":")
    family = _BY_NAME.get(name.strip().lower())
    if family is None or not family.costly:
        parse_rule(text)
        return
    try:
        custom_fields(param if colon else None)
    except UnknownRule:
        raise
    except RuleError as exc:
        raise UnknownRule(str(exc)) from None


def family_named(name: str) -> Family:
    return _BY_NAME[name]


def takes_time(text: str) -> bool:
    """Whether making the rule `text` names takes noticeable time (a custom rule is solved)."""
    family = _BY_NAME.get(text.strip().partition(":")[0].lower())
    return family is not None and family.costly


def example_rules() -> list[tuple[str, str]]:
    """(label, key) for the rules the window lists directly."""
    out = []
    for family in FAMILIES:
        for key in family.examples:
            rule = parse_rule(key)
            out.append((rule.title if family.ask != ASK_NOTHING else family.label, key))
    return out


def custom_text(spec: MoveSpec, n: int, misere: bool = False) -> str:
    """The text form of a custom rule with these moves, solved on [0, n)^2 (nothing is solved here)."""
    return CustomRule.text_for(spec, n, misere)
