"""How rules are presented, and the window's list of them: what belongs to a rule's family, not to
the rule (whether Zeckendorf forms mean something, what G means under misère play, whether making
it takes time, the labels of the rules listed, the text forms the dialogs write). Apart from the
registry (explorer.core.rules.registry), which names and makes the rules."""

from __future__ import annotations

from explorer.core.exact.bigint import short_text
from explorer.core.game.spec import MoveSpec
from explorer.core.protocol import Rule, RuleError, Slice, UnknownRule
from explorer.core.rules.custom import CustomRule
from explorer.core.rules.registry import _BY_NAME, ASK_NOTHING, FAMILIES, _vector_spec, family_of, parse_rule


def shows_zeckendorf(rule: Rule) -> bool:
    """Whether Zeckendorf forms say something about the rule's cold set (Wythoff's: a cold pair
    is a lower number ending in an even count of zeros and its left shift)."""
    return rule.key in family_of(rule).zeckendorf


MISERE_NOTE = "G is the Sprague-Grundy value of the same moves under normal play; misère play is decided by hot/cold"


def grundy_note(rule: Rule) -> str:
    """What G means under this rule, for people: "" under normal play."""
    return "" if rule.last_mover_wins else MISERE_NOTE


def takes_time(text: str) -> bool:
    """Whether making the rule `text` names takes noticeable time (a custom rule is solved)."""
    family = _BY_NAME.get(text.strip().partition(":")[0].lower())
    return family is not None and family.costly


def solve_peak(text: str) -> int:
    """The bytes making the rule `text` may hold at its peak, over what it keeps once made (0 where
    its family does not say, or the text is not a rule: making it will say why). The window makes
    room in its memory pool for that much before it solves the rule."""
    name, _, param = text.strip().partition(":")
    family = _BY_NAME.get(name.lower())
    if family is None or family.peak is None:
        return 0
    try:
        return family.peak(param or None)
    except RuleError:  # a text its family refuses (block:2;m=3, alter:hot=): making it says why
        return 0


def example_rules() -> list[tuple[str, str]]:
    """(label, key) for the rules the window lists directly."""
    return [(label, key) for label, key, _ in rule_list()]


def rule_list() -> list[tuple[str, str, str]]:
    """(label, key, one-line description) for the rules the window lists directly (rules whose
    examples would be solved to be made are labelled without making them)."""
    out = []
    for family in FAMILIES:
        for i, key in enumerate(family.examples):
            if i < len(family.example_titles):
                label = family.example_titles[i]
            else:
                label = parse_rule(key).title if family.ask != ASK_NOTHING else family.label
            out.append((label, key, family.description))
    return out


def custom_text(spec: MoveSpec, n: int, misere: bool = False) -> str:
    """The text form of a custom rule with these moves, solved on [0, n)^2 (nothing is solved here)."""
    return CustomRule.text_for(spec, n, misere)


def vectors_text(rays: str, jumps: str, n: int) -> str:
    """The text form of the vector rule with these rays and jumps (as typed: '1,0 1,1'), checked
    but not solved; n is the square of a rule without Nim's ray (1, 0). UnknownRule if invalid."""
    for what, field in (("rays", rays), ("jumps", jumps)):
        if any(c in field for c in ";=:"):  # read as the text form's separators, they would change other fields
            raise UnknownRule(
                f"the {what} field holds vectors such as 1,2 separated by spaces, not {short_text(field)!r}"
            )
    spec = _vector_spec(f"rays={rays};jumps={jumps}")
    text = f"vectors:{spec.text()}"
    return text if spec.has_nim_rays else f"{text};n={n}"


def axis_names(rule: Rule) -> tuple[str, str]:
    """What the grid's axes count: the two piles, or heaps 2 and 3 of a slice of three heaps."""
    if isinstance(rule, Slice):
        return f"heap 2 (first heap {rule.first})", "heap 3"
    return "pile A", "pile B"
