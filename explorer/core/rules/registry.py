"""The one place that names rules: `--rule` values, the window's rule list, custom specs.

A rule's text form is its `key`; `parse_rule(rule.key) == rule` for every rule. A new rule is
one class (implementing `Rule`) and one `Family` line in FAMILIES: it then gets the CLI, the
window's list, and the whole conformance suite (tests/core/test_rule_conformance.py).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

from explorer.core.exact.bigint import short_text, whole_number
from explorer.core.game.spec import Amounts, MoveSpec
from explorer.core.game.vector_spec import VectorSpec
from explorer.core.protocol import Progress, Rule, RuleError, UnknownRule
from explorer.core.rules.closed import Fraenkel, Misere, Nim, Wythoff
from explorer.core.rules.custom import DEFAULT_SIDE, MAX_SIDE, CustomRule

__all__ = ["DEFAULT_SIDE", "MAX_SIDE", "Amounts", "MoveSpec", "parse_rule"]

ASK_NOTHING, ASK_INTEGER, ASK_SPEC, ASK_VECTORS = "nothing", "integer", "spec", "vectors"


class Family(NamedTuple):
    """A kind of rule: its name before ':', what its parameter is, how to make one."""

    name: str
    label: str  # in the window's rule list
    make: Callable[[str | None], Rule]  # from the text after ':' (None if there is none)
    ask: str = ASK_NOTHING  # what the window asks for before making one
    examples: tuple[str, ...] = ()  # keys offered directly in the window's list
    syntax: str = ""
    costly: bool = False  # making one takes noticeable time (solving): do it off the GUI thread
    description: str = ""  # one line for the window's rule list (its tooltip)
    check: Callable[[str | None], object] | None = None  # reads a costly rule's text without solving it
    example_titles: tuple[str, ...] = ()  # labels of the examples, where making them would solve them
    zeckendorf: tuple[str, ...] = ()  # keys of its rules whose cold set Zeckendorf forms describe
    # what the window asks of a family that takes a whole number: (title, label, default, low, high)
    question: tuple[str, str, int, int, int] | None = None
    # `make` with progress reports (done, total) -> bool (False: stop), for a family whose solve is long
    solve: Callable[[str | None, Progress], Rule] | None = None
    # the bytes its solve may hold at its peak, from the text after ':' (checked, not solved)
    peak: Callable[[str | None], int] | None = None
    default_side: Callable[[str | None], int | None] | None = None  # columns solved on where the text names none


def _no_parameter(rule: Callable[[], Rule], name: str) -> Callable[[str | None], Rule]:
    def make(param: str | None) -> Rule:
        if param is not None:
            raise UnknownRule(f"rule {name!r} takes no parameter")
        return rule()

    return make


MAX_A = 10**9


def _wythoff(param: str | None) -> Rule:
    if param is None:
        return Wythoff()
    a = whole_number(param, "a in wythoff:A", 1, MAX_A)
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
            whole_number(fields.get("a", "1"), "the difference bound a", 1, 10**6),
        )
    except UnknownRule:
        raise
    except ValueError as exc:
        raise UnknownRule(str(exc)) from None
    n = whole_number(fields.get("n", str(DEFAULT_SIDE)), "the side n", 1, MAX_SIDE)
    return spec, n, misere


def _vector_spec(text: str) -> VectorSpec:
    try:
        return VectorSpec.parse(text)
    except ValueError as exc:
        raise UnknownRule(str(exc)) from None


def vector_fields(param: str | None) -> tuple[VectorSpec, int | None]:
    """The vectors and side of 'rays=1,0 1,1;jumps=1,2[;n=N]', checked but not solved."""
    parts = [p for p in (param or "").split(";") if p.strip()]
    sides = [p for p in parts if p.strip().lower().startswith("n=")]
    n = whole_number(sides[-1].partition("=")[2], "the side n", 1, MAX_SIDE) if sides else None
    spec = _vector_spec(";".join(p for p in parts if p not in sides))
    if n is not None and spec.has_nim_rays:
        raise UnknownRule("a vector rule with the ray (1, 0) grows as a generated sequence: it takes no n")
    return spec, n


def parse_vectors(param: str | None) -> Rule:
    """'rays=1,0 1,1;jumps=1,2[;n=N]' (n: the square of a rule without Nim's ray (1, 0))."""
    return make_vector_rule(*vector_fields(param))


def _pair(param: str | None, name: str, form: str) -> tuple[int, int]:
    parts = (param or "").replace(" ", "").split(",")
    if len(parts) != 2 or not all(p.isdigit() and len(p) <= 6 for p in parts):
        raise UnknownRule(f"{name}:{form} needs two whole numbers such as {name}:1,2, not {short_text(param or '')!r}")
    return int(parts[0]), int(parts[1])


def maharaja_spec(param: str | None) -> VectorSpec:
    """Maharaja Nim: Wythoff's rays and the knight's jumps (1, 2), or (i, j) with maharaja:I,J."""
    i, j = (1, 2) if param is None else _pair(param, "maharaja", "I,J")
    return _vector_spec(f"rays=1,0 1,1;jumps={i},{j}")


def gdwn_spec(param: str | None) -> VectorSpec:
    """Larsson's Generalized Diagonal Wythoff Nim: Wythoff plus the ray (P, Q) (gdwn:P,Q)."""
    if param is None:
        raise UnknownRule("GDWN needs its extra ray: write gdwn:P,Q such as gdwn:1,2")
    p, q = _pair(param, "gdwn", "P,Q")
    if (p, q) in ((1, 0), (0, 1), (1, 1)):
        raise UnknownRule(
            f"gdwn:{p},{q} adds nothing to Wythoff: ({p}, {q}) is one of its own rays; "
            "give another ray, such as gdwn:1,2"
        )
    return _vector_spec(f"rays=1,0 1,1 {p},{q}")


# ----- games that change the recursion (explorer.core.rules.recursion) -------------------------------
# Their module (and the move vectors') is imported when a rule of theirs is read: the window's start
# makes Wythoff's only.
MAX_BLOCK = 1000
MAX_COLUMNS = 1 << 22  # k-blocking's column sweep (its memory is checked when it is made)


def _recursion() -> Any:
    from explorer.core.rules import recursion

    return recursion


def make_vector_rule(spec: VectorSpec, bound: int | None = None) -> Rule:
    from explorer.core.rules.vector_rules import make_vector_rule as make

    return make(spec, bound)


BLOCK_FORM = "block:K[;n=N][/RULE]"
ALTER_FORM = "alter:cold=(x,y)…;hot=(x,y)…;terminal=K[;n=N][/RULE]"


def block_fields(param: str | None) -> tuple[int, int | None, str]:
    """(k, n, base key) of 'K[;n=N][/RULE]', checked but not solved (n: the columns over a rule
    with Nim's rays, else the square's side; None for the default)."""
    head, base = _recursion().split_base(param)
    k_text, _, rest = head.partition(";")
    k = whole_number(k_text or "?", "k in block:K", 1, MAX_BLOCK)
    fields = _recursion().fields_of(rest, ("n",), BLOCK_FORM)
    n = whole_number(fields["n"], "the side n", 1, MAX_COLUMNS) if "n" in fields else None
    check_rule(base)
    return k, n, base


def alter_fields(param: str | None) -> tuple[Any, ...]:
    """(cold cells, hot cells, terminal, n, base key) of an alter rule's text, checked, not solved
    (n: the columns over a rule with Nim's rays, else the square's side; None for the default)."""
    head, base = _recursion().split_base(param)
    fields = _recursion().fields_of(head, ("cold", "hot", "terminal", "n"), ALTER_FORM)
    n = whole_number(fields["n"], "the side n", 1, MAX_COLUMNS << 1) if "n" in fields else None
    cold = _recursion().parse_cells(fields["cold"], "cold") if "cold" in fields else ()
    hot = _recursion().parse_cells(fields["hot"], "hot") if "hot" in fields else ()
    terminal = whole_number(fields["terminal"], "terminal=K", 0, 2 * MAX_SIDE) if "terminal" in fields else None
    if not cold and not hot and terminal is None:
        raise UnknownRule(f"alter needs cells to change: write {ALTER_FORM}")
    _recursion().check_declared(cold, hot, terminal)
    check_rule(base)
    return cold, hot, terminal, n, base


def _pass_fields(param: str | None) -> tuple[int | None, str]:
    """(n, base key) of 'RULE', 'n=N/RULE' or 'n=N' (n: None for the default, which depends on the base)."""
    n, base = _recursion().given_side_and_base(param, MAX_COLUMNS << 2)
    check_rule(base)
    return n, base


def _star_fields(param: str | None) -> tuple[int, str]:
    if not param:
        raise UnknownRule("the star operator needs its rule: write star:RULE, such as star:wythoff")
    n, base = _recursion().side_and_base(param, _recursion().STAR_SIDE)
    check_rule(base)
    return n, base


def _block_peak(param: str | None) -> int:
    from explorer.core.rules.blocking import solve_peak

    k, n, _ = block_fields(param)
    return solve_peak(k, n)


def _alter_peak(param: str | None) -> int:
    from explorer.core.rules.altered import solve_peak

    return solve_peak(alter_fields(param)[3])


def _block_default_side(param: str | None) -> int | None:
    """The columns k-blocking is solved on unless told (fewer for a large k: 32,768 at k = 60)."""
    from explorer.core.rules.blocking import default_columns, has_closed_form

    k, n, base = block_fields(param)
    spec = _recursion().rays_and_jumps(parse_rule(base))
    if n is not None or has_closed_form(k, spec):  # a side named, or an answer at any size
        return None
    return default_columns(k, spec) if spec.has_nim_rays else _recursion().DEFAULT_SIDE


def _block(param: str | None, progress: Progress | None = None) -> Rule:
    from explorer.core.rules.blocking import make_blocking

    k, n, base = block_fields(param)
    return make_blocking(k, parse_rule(base), n, progress)


def _alter(param: str | None, progress: Progress | None = None) -> Rule:
    from explorer.core.rules.altered import make_altered

    cold, hot, terminal, n, base = alter_fields(param)
    return make_altered(parse_rule(base), cold, hot, terminal, n, progress)


def _pass(param: str | None, progress: Progress | None = None) -> Rule:
    from explorer.core.rules.passing import make_pass

    n, base = _pass_fields(param)
    return make_pass(parse_rule(base), n, progress)


def _slices() -> Any:
    from explorer.core.rules import slices

    return slices


def _slice_family(name: str, label: str, description: str, cls: str) -> Family:
    """A three-heap game as slices (explorer.core.rules.slices): one family, its class named."""

    def game() -> Any:
        return getattr(_slices(), cls).game

    def make(param: str | None, progress: Progress | None = None) -> Rule:
        a, n = _slices().slice_fields(game(), param)
        return getattr(_slices(), cls)(a, n, progress)  # type: ignore[no-any-return]

    return Family(
        name,
        label,
        make,
        ask=ASK_INTEGER,
        examples=(f"{name}:1",),
        example_titles=(f"{label}, first heap 1",),
        question=(label, "the first heap A (the board: heaps 2 and 3):", 1, 0, 256),
        syntax=f"{name}:A",  # [;n=N] as well: the list of every rule keeps to one readable line
        costly=True,
        check=lambda param: _slices().slice_fields(game(), param),
        solve=make,
        peak=lambda param: _slices().slice_peak(game(), param),
        description=description,
    )


def _star(param: str | None, progress: Progress | None = None) -> Rule:
    n, base = _star_fields(param)
    return _recursion().StarRule(parse_rule(base), n, progress)


FAMILIES: tuple[Family, ...] = (
    Family("wythoff", "Wythoff", _wythoff, examples=("wythoff",), syntax="wythoff", zeckendorf=("wythoff",)),
    Family("nim", "Nim (no move on both piles)", _no_parameter(Nim, "nim"), examples=("nim",), syntax="nim"),
    Family("misere", "Misère Wythoff", _no_parameter(Misere, "misere"), examples=("misere",), syntax="misere"),
    Family(
        "fraenkel",
        "Fraenkel a = …",
        _fraenkel,
        ask=ASK_INTEGER,
        examples=("wythoff:2", "wythoff:3"),
        syntax="wythoff:A",
        question=("Fraenkel's a-Wythoff", "a (both-pile amounts differ by less than a):", 4, 1, MAX_A),
    ),
    Family(
        "maharaja",
        "Maharaja Nim",
        lambda param: make_vector_rule(maharaja_spec(param)),
        examples=("maharaja", "maharaja:2,3"),
        example_titles=("Maharaja Nim (queen + knight)", "Maharaja Nim, (2,3)-knight"),
        syntax="maharaja[:I,J]",
        costly=True,
        check=maharaja_spec,
        description="Wythoff's queen that also moves as a knight: its cold cells stay near Wythoff's two lines",
    ),
    Family(
        "gdwn",
        "GDWN",
        lambda param: make_vector_rule(gdwn_spec(param)),
        examples=("gdwn:1,2", "gdwn:1,3"),
        example_titles=("(1,2)-GDWN (Wythoff + ray (1, 2))", "(1,3)-GDWN (Wythoff + ray (1, 3))"),
        syntax="gdwn:P,Q",
        costly=True,
        check=gdwn_spec,
        description="Wythoff plus the ray (P, Q): the upper cold cells split into beams",
    ),
    Family(
        "vectors",
        "Move vectors…",
        parse_vectors,
        ask=ASK_VECTORS,
        syntax="vectors:rays=P,Q …;jumps=I,J …[;n=N]",
        costly=True,
        check=vector_fields,
        description="any rays (k·(p, q) for any k) and jumps (exactly (i, j)), each with its mirror",
    ),
    Family(
        "custom",
        "Custom rule…",
        parse_custom,
        ask=ASK_SPEC,
        syntax="custom:one=…;both=…",  # ;a=…;n=…[;misere] as well (the README has the whole form)
        costly=True,
        check=custom_fields,
    ),
    Family(
        "block",
        "k-blocking Wythoff…",
        _block,
        ask=ASK_INTEGER,
        examples=("block:2", "block:3"),
        example_titles=("2-blocking Wythoff", "3-blocking Wythoff"),
        question=("k-blocking Wythoff", "k (the opponent may block k − 1 of the options):", 2, 1, MAX_BLOCK),
        syntax="block:K[/RULE]",
        costly=True,
        check=block_fields,
        solve=_block,
        peak=_block_peak,
        default_side=_block_default_side,
        description="the opponent may forbid up to k − 1 options: cold iff fewer than k options are cold",
    ),
    Family(
        "alter",
        "Altered positions",
        _alter,
        examples=("alter:terminal=2",),
        example_titles=("Wythoff with x + y ≤ 2 terminal",),
        syntax="alter:cold=…;hot=…",  # ;terminal=K[;n=N][/RULE] as well (ALTER_FORM)
        costly=True,
        check=alter_fields,
        solve=_alter,
        peak=_alter_peak,
        description="cells declared cold (terminal) or hot; the rest follow the recursion",
    ),
    Family(
        "pass",
        "One pass",
        _pass,
        examples=("pass",),
        example_titles=("Wythoff with one pass",),
        syntax="pass[:RULE]",
        costly=True,
        check=_pass_fields,
        solve=_pass,
        description="either player may pass once per game, never from (0, 0)",
    ),
    Family(
        "star",
        "⋆-operator",
        _star,
        examples=("star:wythoff", "star:star:wythoff"),
        example_titles=("Wythoff⋆ (moves: Wythoff's cold cells)", "Wythoff⋆⋆"),
        syntax="star:RULE",
        costly=True,
        check=_star_fields,
        solve=_star,
        description="the game whose moves are RULE's non-zero cold cells, each one jump",
    ),
    _slice_family(
        "wythoff3",
        "Three-heap Wythoff",
        "Fraenkel's three heaps, first heap fixed: one heap, or (d1, d2, d3) with d1 ⊕ d2 ⊕ d3 = 0",
        "Wythoff3",
    ),
    _slice_family(
        "subset3",
        "Three heaps, any subset",
        "three heaps, first heap fixed: the same amount from one, two or all three",
        "Subset3",
    ),
)
_BY_NAME = {f.name: f for f in FAMILIES}


def rule_syntax() -> str:
    return ", ".join(f.syntax for f in FAMILIES)


def parse_rule(text: str, progress: Progress | None = None) -> Rule:
    """A rule from its text form (its key): 'wythoff', 'nim', 'misere', 'wythoff:A', 'custom:…'.
    `progress` hears how a long solve goes, and stops it by returning False."""
    name, colon, param = text.strip().partition(":")
    family = _BY_NAME.get(name.strip().lower())
    if family is None:
        raise UnknownRule(f"unknown rule {short_text(text)!r}: valid rules are {rule_syntax()}")
    try:
        if progress is not None and family.solve is not None:
            return family.solve(param if colon else None, progress)
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
        if family.check is not None:
            family.check(param if colon else None)
        else:
            parse_rule(text)
    except UnknownRule:
        raise
    except RuleError as exc:
        raise UnknownRule(str(exc)) from None


def family_named(name: str) -> Family:
    return _BY_NAME[name]


def family_of(rule: Rule) -> Family:
    """The family that made this rule (the name before ':' in its key)."""
    return _BY_NAME[rule.key.partition(":")[0]]
