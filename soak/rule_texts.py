"""The registry's text forms, read by the soak's own parser (nothing of the program's): so the
soak and the conformance suite take whatever examples the registry lists, each with its
Definition in soak.oracle's words."""

from __future__ import annotations

from soak.oracle import (
    ANY,
    MISERE,
    NIM,
    WYTHOFF,
    Definition,
    altered,
    blocking,
    fraenkel,
    one_pass,
    star,
    three_heaps,
    vector_rule,
)


def definition_of(text: str) -> Definition:
    """The Definition a rule's text names, read by this module's own parser (nothing of the
    program's): so the soak and the conformance suite take whatever examples the registry lists,
    and a form this reader does not know fails loudly instead of being skipped."""
    name, _, param = text.strip().partition(":")
    name = name.lower()
    if name in ("wythoff", "fraenkel"):
        return fraenkel(int(param)) if param else WYTHOFF
    if name in ("nim", "misere") and not param:
        return NIM if name == "nim" else MISERE
    if name == "maharaja":
        i, j = _pair_of(param or "1,2")
        return vector_rule([(1, 0), (1, 1)], [(i, j)])
    if name == "gdwn":
        return vector_rule([(1, 0), (1, 1), _pair_of(param)])
    if name == "vectors":
        fields = _fields(param)
        rays = [_pair_of(v) for v in fields.get("rays", "").split()]
        jumps = [_pair_of(v) for v in fields.get("jumps", "").split()]
        nim = any(v in ((1, 0), (0, 1)) for v in rays)
        return vector_rule(rays, jumps, None if nim else int(fields.get("n", "512")))
    if name == "custom":
        parts = [p.strip() for p in param.split(";") if p.strip()]
        misere = any(p.lower() in ("misere", "misère") for p in parts)
        fields = _fields(";".join(p for p in parts if p.lower() not in ("misere", "misère")))
        n = int(fields.get("n", "512"))
        one, both = (_amounts(fields.get(k, "any"), n) for k in ("one", "both"))
        return Definition(one, both, int(fields.get("a", "1")), n, misere)
    if name == "block":
        head, base = _based(param)
        k_text, _, rest = head.partition(";")
        side = _fields(rest).get("n")
        return blocking(int(k_text), base, int(side) if side else None)
    if name == "alter":
        head, base = _based(param)
        fields = _fields(head)
        terminal = int(fields["terminal"]) if "terminal" in fields else None
        cells = {k: tuple(_cells(fields.get(k, ""))) for k in ("cold", "hot")}
        side = fields.get("n")
        return altered(cells["cold"], cells["hot"], terminal, base, int(side) if side else None)
    if name in ("pass", "star"):
        side: int | None = None if name == "pass" else 2048
        fields_first = param.lower().replace(" ", "").startswith("n=")  # star:block:3/maharaja: all base
        if "/" in param and fields_first:
            head, _, rest = param.partition("/")
            side, base = int(_fields(head)["n"]), definition_of(rest)
        elif fields_first:
            side, base = int(_fields(param)["n"]), WYTHOFF
        else:
            base = definition_of(param or "wythoff")
        return one_pass(base, side) if name == "pass" else star(base, side or 2048)
    if name in ("wythoff3", "subset3"):
        return three_heaps(name, int(param.split(";")[0]))
    raise ValueError(f"the oracle cannot read the rule {text!r}: teach soak.oracle.definition_of its form")


def _pair_of(text: str) -> tuple[int, int]:
    a, b = text.replace(" ", "").split(",")
    return int(a), int(b)


def _fields(text: str) -> dict[str, str]:
    out = {}
    for part in text.split(";"):
        if part.strip():
            key, _, value = part.partition("=")
            out[key.strip().lower()] = value.strip()
    return out


def _based(param: str) -> tuple[str, Definition]:
    head, slash, base = param.partition("/")
    return head, definition_of(base) if slash else WYTHOFF


def _cells(text: str) -> list[tuple[int, int]]:
    return [_pair_of(part) for part in text.replace("(", " ").replace(")", " ").split()]


def _amounts(text: str, n: int) -> object:
    words = text.strip().lower()
    if words in ("any", "none"):
        return ANY if words == "any" else None
    if words.startswith("powers of"):
        b = int(words.removeprefix("powers of"))
        powers, v = set(), 1
        while v < 2 * n:
            powers.add(v)
            v *= b
        return frozenset(powers)
    return frozenset(int(v) for v in words.replace(",", " ").split())
