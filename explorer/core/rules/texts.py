"""Rule texts for people and for questions: a rule's title in a sentence, why a text names no rule,
and a rule's text solved on a chosen side (what a refusal suggests, and what a single question
needs). Beside the registry, whose reading of texts they use."""

from __future__ import annotations

from explorer.core.protocol import Rule, RuleError
from explorer.core.rules.recursion import cells_text
from explorer.core.rules.registry import _BY_NAME, check_rule


def plain_title(rule: Rule) -> str:
    """A rule's title for sentences, without how far it is solved ("3-blocking Wythoff", not its key
    `block:3` nor "…, solved on 1,048,576 columns"): issue 64 found keys in the Queries tab's sentences."""
    return rule.title.split(", solved on")[0]


ASKED_SIDE_FLOOR = 1024  # the fewest columns a rule is solved on for a question that names a side


def sized_for(text: str, need: int) -> str:
    """The rule `text` solved only as far as a question about piles up to `need` asks, where its
    family is solved on columns it chooses and the text names none: `moves 40 50 --rule block:60`
    solves 1,024 columns, not the default 32,768 (12-36 s). Else `text` as it is."""
    name, colon, param = text.strip().partition(":")
    family = _BY_NAME.get(name.strip().lower())
    if family is None or family.default_side is None or need < 0:
        return text
    try:
        default = family.default_side(param if colon else None)
    except RuleError:
        return text  # the text is no rule: making it says why
    n = max(ASKED_SIDE_FLOOR, 1 << (need + 1).bit_length()) if need >= ASKED_SIDE_FLOOR else ASKED_SIDE_FLOOR
    if default is None or n >= default:
        return text
    return sized_text(text, n) or text


def rule_refusal(text: str) -> str:
    """Why `text` names no rule (one sentence), or "" where it names one; solves nothing costly."""
    try:
        check_rule(text)
    except RuleError as exc:
        return str(exc)
    return ""


def sized_text(key: str, n: int) -> str | None:
    """The text of the rule `key` solved on n columns (or [0, n)²), where its family takes a side
    (`block:2;n=2097152`, `pass:n=4096/maharaja`), checked; None where it takes none (a rule that
    grows by itself, or a closed form) or that side is refused."""
    import re

    name, colon, param = key.strip().partition(":")
    if re.search(r"(^|[;:])n=\d+", key):
        text = re.sub(r"(^|[;:])n=\d+", lambda m: f"{m.group(1)}n={n}", key, count=1)
    elif name in ("pass", "star"):
        text = f"{name}:n={n}" + (f"/{param}" if param else "")
    elif colon and name in ("block", "alter", "custom", "vectors"):
        fields, slash, base = param.partition("/")
        text = f"{name}:{fields};n={n}" + (f"/{base}" if slash else "")
    else:
        return None
    try:
        check_rule(text)
    except RuleError:
        return None
    return text


def altered_text(base: Rule, cold: set[tuple[int, int]], hot: set[tuple[int, int]], terminal: int | None) -> str:
    """The text of `base` with these cells declared (nothing solved); the base itself when none is."""
    if not cold and not hot and terminal is None:
        return base.key
    parts = [f"cold={cells_text(tuple(sorted(cold)))}"] if cold else []
    parts += [f"hot={cells_text(tuple(sorted(hot)))}"] if hot else []
    parts += [f"terminal={terminal}"] if terminal is not None else []
    over = "" if base.key == "wythoff" else f"/{base.key}"
    return f"alter:{';'.join(parts)}{over}"
