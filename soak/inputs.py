"""What the monkey types and chooses (rules, junk, the dialogs' answers), and the helpers that
read numbers back from the window."""

from __future__ import annotations

import re
from random import Random
from typing import Any, Protocol

from explorer.core.rules.registry import FAMILIES
from soak import oracle
from soak.oracle import Definition
from soak.rule_texts import definition_of

# What the window's dialogs type (the custom and vector dialogs, and a typed a or k), beside the
# examples every registry family lists: each read by the oracle's own parser of the text forms.
TYPED = (
    "wythoff:7",
    "wythoff:1000000",
    "custom:one=any;both=any;a=1;n=512",  # the dialog's defaults
    "custom:one=2 3;both=none;a=1;n=16",
    "custom:one=1 2 5;both=1 2 4 8;a=2;n=48",
    "custom:one=any;both=1 3;a=1;n=40;misere",
    "custom:one=none;both=any;a=3;n=64",
    "vectors:rays=1,0 3,1;jumps=1,2",
    "vectors:rays=1,1;jumps=0,1;n=96",
    "block:7",
    "star:block:3/maharaja",  # issue 62: a star of a rule with '/'
    "pass:n=64/vectors:rays=1,1;n=64",  # terminal cells besides (0, 0): no pass there
    *(f"{game}:{a}" for game in ("wythoff3", "subset3") for a in (2, 3, 7)),  # issue 66: a first heap typed
)
RULES: dict[str, Definition] = {
    text: definition_of(text) for text in (*(t for f in FAMILIES for t in f.examples), *TYPED)
}
VECTOR_DIALOG = {  # what the monkey types in the Vectors… dialog (rays, jumps, n) -> the text it means
    ("1,0 3,1", "1,2", 512): "vectors:rays=1,0 3,1;jumps=1,2",
    ("1,1", "1,0", 96): "vectors:rays=1,1;jumps=0,1;n=96",
    ("3,1 1,0", "1,2 2,1", 64): "vectors:rays=1,0 3,1;jumps=1,2",  # mirrors, order and an unused n
    ("1,0 1,1", "2,3", 512): "vectors:rays=1,0 1,1;jumps=2,3",  # Maharaja's (2,3)-knight, by its vectors
}
VECTOR_JUNK = [
    ("2,2", "", 512),
    ("1,0 0,0", "", 512),
    ("x", "1,2", 512),
    ("", "", 512),
    ("1,0", "1,2,3", 512),
    ("65,1", "", 64),
    ("1,0 1,1", "2,3;rays=1,1", 512),  # a separator of the text form typed into a field
]
COMPARE_JUNK = [
    "bogus",
    "block:0",
    "star:",
    "pass:n=0",
    "alter:",
    "wythoff:x",
    "٣",
    # issue 62: field parsers' refusals once escaped the peak estimate, and the person saw nothing
    "block:2;m=3",
    "alter:cold=(3,4",
    "alter:foo=1",
    "alter:hot=",
    "alter:hot=(1,1);terminal=2",
]
JUNK = ["", "  ", "-5", "+7", "abc", "٣", "1e5", "3.0", "0x10", "12 34", "1,000", "1_000_000", "∞", "\t9\t", "-0"]


class Person(Protocol):
    """What the scripted dialogs ask of the one who answers them (the soak's driver): a random
    source, numbers as a person types them, the vectors dialog typed into, and a count of the
    texts a dialog refused. A protocol, so that this module needs nothing of the driver: before,
    inputs imported the driver, which imports the parts that import inputs."""

    rng: Random
    refused_in_dialog: int

    def number(self) -> int: ...
    def vectors_dialog(self) -> str | None: ...


class ScriptedDialogs:
    """Answers the window's questions as a random person would (sometimes cancelling)."""

    def __init__(self, monkey: Person) -> None:
        self.monkey = monkey

    def integer(self, title: str, label: str, value: int, lo: int, hi: int) -> int | None:
        rng = self.monkey.rng
        if rng.random() < 0.25:
            return None
        return rng.choice([v for v in (2, 3, 7, 10**6) if lo <= v <= hi])  # the dialog's spin box keeps to its range

    def custom_rule(self) -> str | None:
        rng = self.monkey.rng
        if rng.random() < 0.3:
            return None
        return rng.choice([t for t in RULES if t.startswith("custom:")])

    def vector_rule(self) -> str | None:
        """Types into the real Vectors… dialog (junk first, at times), then accepts or cancels."""
        return self.monkey.vectors_dialog()

    def rule(self, title: str, label: str, choices: list[tuple[str, str]], refusal: Any) -> str | None:
        """View ▸ Compare with another rule: a title picked, a rule's text, or junk, which the dialog
        refuses and keeps open (then a listed rule is picked, or the dialog cancelled)."""
        rng = self.monkey.rng
        if rng.random() < 0.2:
            return None
        text = rng.choice(COMPARE_JUNK) if rng.random() < 0.15 else rng.choice(list(RULES))
        if refusal(text):
            self.monkey.refused_in_dialog += 1
            return rng.choice(choices)[1] if rng.random() < 0.5 else None
        return text

    def text(self, title: str, label: str) -> str | None:
        rng = self.monkey.rng
        if rng.random() < 0.2:
            return None
        if rng.random() < 0.3:
            return rng.choice(JUNK)
        return f"{self.monkey.number()} {self.monkey.number()}"

    def warn(self, title: str, message: str) -> None:
        self.monkey.warnings_shown += 1


def _shown(window: Any) -> tuple[object, ...]:
    """What a comparison of two windows looks at: the inspector's verdict and the grid's marks."""
    return window.inspector.status.text(), window.grid.selection, len(window.grid.arrows), list(window.grid.path)


OLD_FILE = b"an old file, which an export replaces whole or leaves as it was\n"


def _typed_number(text: str) -> int | None:
    """A typed row as the explorer's fields read it, worked out here independently: ASCII digits
    with an optional + and spaces, commas or underscores between them; blank means the first row.
    None for anything else (which must bring a message)."""
    t = text.strip()
    if not t:
        return 1
    if not re.fullmatch(r"\+?[0-9](?:[0-9 ,_]*[0-9])?", t):
        return None
    return int(re.sub(r"[+ ,_]", "", t))


def _reads_as_number(text: str) -> bool:
    """What a person may type for a pile: digits, an optional +, separators between digits."""
    return re.fullmatch(r"\+?[0-9]+([\s_,'\u00a0\u202f]*[0-9]+)*", text.strip()) is not None


def _short(n: int) -> str:
    s = str(n) if n.bit_length() < 200 else f"{str(n)[:8]}…({len(str(n))} digits)"
    return s


def _shows(text: str, value: int) -> bool:
    """Whether an (elided) decimal shown as `text` is `value`."""
    text = text.replace(",", "").replace(" ", "")
    if "…" not in text:
        return text.isdigit() and int(text) == value
    m = re.fullmatch(r"(\d+)…(\d+)\((\d+)digits\)", text)
    digits = str(value)
    return bool(m) and digits.startswith(m.group(1)) and digits.endswith(m.group(2)) and len(digits) == int(m.group(3))


_VALUES: dict[tuple[Definition, int], tuple[list[list[int]], list[list[int]]]] = {}


def _values(d: Definition, n: int) -> tuple[list[list[int]], list[list[int]]]:
    """G and remoteness on [0, n)² by their definitions, over the oracle's own moves and cold set."""
    n = max(n, 8)
    for (dd, m), tables in _VALUES.items():
        if dd == d and m >= n:
            return tables
    g = [[0] * n for _ in range(n)]
    r = [[0] * n for _ in range(n)]
    cold = oracle.solved(d, n)
    for x in range(n):
        for y in range(n):
            moves = oracle.moves_small(d, x, y)
            seen = {g[i][j] for i, j in moves}
            v = 0
            while v in seen:
                v += 1
            g[x][y] = v
            to_cold = [r[i][j] for i, j in moves if cold[i][j]]
            r[x][y] = 0 if not moves else 1 + (min(to_cold) if to_cold else max(r[i][j] for i, j in moves))
    _VALUES[(d, n)] = (g, r)
    return g, r


_NPILES: dict[tuple[int, ...], int] = {}


def _npiles_grundy(piles: tuple[int, ...]) -> int:
    """n piles, a move takes from one pile or the same from all: the mex over every move."""
    if piles in _NPILES:
        return _NPILES[piles]
    options = set()
    for i, p in enumerate(piles):
        for k in range(1, p + 1):
            options.add(tuple(sorted((*piles[:i], p - k, *piles[i + 1 :]))))
    for k in range(1, min(piles) + 1):
        options.add(tuple(sorted(p - k for p in piles)))
    seen = {_npiles_grundy(o) for o in options}
    v = 0
    while v in seen:
        v += 1
    _NPILES[piles] = v
    return v
