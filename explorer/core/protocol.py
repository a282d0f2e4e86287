"""What a rule is: one small protocol every rule implements, and small capability protocols.

This module sits at the bottom of the rules: it imports nothing of the core at run time (the
types it names are imported for type checking only), so any package can type against a rule.

- `Rule` (16 members): what every rule answers, exactly, for integers of any size inside its
  `bound` — its name, its moves, whether a position is cold, the winning moves, counts,
  rasters, their batch forms, and what answering costs.
- Capabilities, each tested with `isinstance` (never discovered by catching an exception):
  `Valued` (Grundy values and remoteness by a sweep), `KnownValues` (G and R by a closed form at
  any size), `KnownOptions` (the options of each value by a closed form),
  `CertifiedRows` (Wythoff's rows at any distance), `ColdPairs` (a sequence of cold
  pairs x <= y, one per index), `Constructed` (the construction of the cold set, step by step),
  `Growing` (a generated sequence, solved further on demand up to a memory budget).

What follows from the moves alone (legal moves, the lines of moves back from a cell) belongs to
the move set (`Rule.spec`, explorer.core.game.spec.MoveSet); what a rule is called and how it is
presented belongs to its family in the registry (explorer.core.rules.registry).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from explorer.core.errors import CornerTooLarge, NotAvailable, OutOfBounds, RuleError, UnknownRule

__all__ = [  # the rules' errors are part of the protocol
    "CornerTooLarge",
    "NotAvailable",
    "OutOfBounds",
    "RuleError",
    "UnknownRule",
]

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray

    from explorer.core.counting.closed_form import Count
    from explorer.core.counting.cold_index import Counter
    from explorer.core.counting.raster import Raster
    from explorer.core.game.lines import Step
    from explorer.core.game.moves import Move
    from explorer.core.game.sequence import NumberRole
    from explorer.core.game.spec import MoveSet
    from explorer.core.game.value_sequences import ValueEngine
    from explorer.core.values.rows import GrundyRows
    from explorer.core.values.table import ValueTable

Position = tuple[int, int]
Progress = Callable[[int, int], bool]


@runtime_checkable
class Rule(Protocol):
    """Every rule answers these, exactly, for integers of any size (inside `bound` if it has one)."""

    @property
    def key(self) -> str: ...  # the registry's name for it: parse_rule(rule.key) == rule
    @property
    def title(self) -> str: ...  # for people
    @property
    def spec(self) -> MoveSet: ...  # its moves: legal moves and the lines of moves follow from them
    @property
    def last_mover_wins(self) -> bool: ...  # normal play True; misère (taking the last counter loses) False
    @property
    def bound(self) -> int | None: ...  # None: exact everywhere; n: solved on [0, n)² (so far)
    @property
    def nbytes(self) -> int: ...  # memory the rule holds (a solved table, a sequence), for the budget

    def check(self, x: int, y: int) -> None: ...  # RuleError (OutOfBounds) where it cannot answer
    def is_cold(self, x: int, y: int) -> bool: ...
    def winning_moves(self, x: int, y: int) -> list[Move]: ...
    def cold_count(self, x: int, y: int) -> int: ...  # cold cells in [0, x] × [0, y]
    def count_rect(self, x0: int, y0: int, x1: int, y1: int) -> Count: ...
    def is_cold_many(self, xs: Any, ys: Any) -> NDArray[np.bool_]: ...
    def cold_count_many(self, xs: Any, ys: Any) -> NDArray | list[int]: ...
    def raster(self, x_lo: int, y_lo: int, x_hi: int, y_hi: int, step: int) -> Raster: ...
    def counter(self, method: str = "auto", max_cells: int = 0) -> Counter: ...  # answers many rectangle counts
    # About how many nanoseconds drawing [x_lo, x_hi] × [y_lo, y_hi] (or, for one cell, reporting
    # on it: coldness and winning moves) takes: the GUI thresholds it, in one place.
    def cost(self, x_lo: int, y_lo: int, x_hi: int, y_hi: int) -> int: ...


@runtime_checkable
class Valued(Protocol):
    """Grundy values and remoteness on a corner of the board, by a sweep over the moves."""

    def value_table(self, nx: int, ny: int, progress: Progress | None = None) -> ValueTable: ...
    def value_cost(self, nx: int, ny: int) -> tuple[int, int]: ...  # (bytes a cell, work), known before
    def grundy_window(self, x0: int, y0: int, w: int, h: int, progress: Progress | None = None) -> NDArray: ...
    def remoteness_window(self, x0: int, y0: int, w: int, h: int, progress: Progress | None = None) -> NDArray: ...


@runtime_checkable
class KnownValues(Protocol):
    """G and R by a closed form, at any size (Nim: G = x XOR y)."""

    def closed_values(self, x: int, y: int) -> tuple[int, int]: ...


@runtime_checkable
class KnownOptions(Protocol):
    """The options of (x, y) whose value is t, by a closed form at any size (Nim: x' = t XOR y)."""

    def options_of_value(self, x: int, y: int, t: int) -> list[Position]: ...


@runtime_checkable
class NumberRoles(Protocol):
    """The roles of many consecutive numbers at once, cheaper than one at a time (closed forms:
    one square root for the range)."""

    def number_roles(self, first: int, count: int) -> list[NumberRole | None]: ...


@runtime_checkable
class Noted(Protocol):
    """A sentence on (x, y) that the moves do not say: how the rule's recursion decides it (k-blocking:
    the cold options and how many the opponent may block; one pass: whether passing wins)."""

    def position_note(self, x: int, y: int) -> str: ...
    def cold_option_cells(self, x: int, y: int) -> list[Position]: ...  # every cold cell one move away


@runtime_checkable
class OptionCounts(Protocol):
    """k-blocking: how many options of each cell are cold (a cell is cold iff fewer than k are), for the
    colour mode "cold options"; int64 arrays of cells within the rule's bound."""

    k: int

    def cold_options_many(self, xs: Any, ys: Any) -> NDArray[np.int64]: ...


@runtime_checkable
class ExtraSteps(Protocol):
    """A game of the rule has steps the board does not show: a position carries whether its pass
    is used, the opponent blocks options before a move, declared cells end or decide the game.
    The board shows its cold cells; a game, which moves on the board alone, is not played."""

    def extra_steps(self) -> str: ...  # what the board does not show, for people


@runtime_checkable
class Altered(Protocol):
    """A game over another (its `base`) whose recursion is changed: k-blocking, altered cells, one
    pass, the ⋆-operator. The window compares it with its base in one step."""

    base: Rule


@runtime_checkable
class DeclaredCells(Protocol):
    """Cells declared cold (terminal) or hot over a base game, and every cell with x + y <=
    `terminal` terminal: the window's Alter mode adds and removes cells by clicking."""

    base: Rule
    cold_cells: tuple[Position, ...]
    hot_cells: tuple[Position, ...]
    terminal: int | None

    def is_terminal(self, x: int, y: int) -> bool: ...  # declared terminal, or no move left on the board


@runtime_checkable
class Slice(Protocol):
    """Three heaps seen as a slice (docs/math.md, "Three heaps as slices"): the board's cells (x, y)
    are heaps 2 and 3, the first heap fixed; winning moves may go into other slices (`Move.first`)."""

    first: int

    def heaps(self, x: int, y: int) -> tuple[int, int, int]: ...  # the whole position of a cell
    def slice_key(self, first: int) -> str: ...  # the rule of another first heap, on the same columns


@runtime_checkable
class CertifiedRows(Protocol):
    """Rows of G near the axes at any distance, certified additively periodic (Wythoff)."""

    def grundy_rows(
        self, rows: int, progress: Progress | None = None, budget_bytes: int | None = None
    ) -> GrundyRows: ...


@runtime_checkable
class ColdPairs(Protocol):
    """The cold cells are the pairs (x_k, y_k), x_k <= y_k, k = 0, 1, …, and their mirrors."""

    def cold_pair(self, k: int) -> Position: ...
    def cold_pairs(self, start: int, count: int) -> tuple[Any, Any]: ...  # (smaller, larger) sequences
    def cold_index(self, x: int, y: int) -> int | None: ...  # k if (x, y) is pair k or its mirror
    def number_role(self, n: int) -> NumberRole | None: ...  # n as a lower or upper number, and its partner


@runtime_checkable
class Constructed(Protocol):
    """The construction of the cold set, step by step (build mode, animations, Why?)."""

    def construction_step(self, k: int) -> Step: ...
    def construction_placed(self, k: int) -> tuple[Position, ...]: ...  # step k's cells placed cold, cheaply
    def construction_start(self, x: int, y: int) -> int: ...  # the first step about the view from (x, y)
    def construction_order(self, x: int, y: int) -> int | None: ...  # the step that places or decides (x, y)


@runtime_checkable
class Growing(Protocol):
    """Solved further on demand (a generated sequence): `bound` grows as `reach` solves."""

    def reach(self, m: int, progress: Progress | None = None, budget_bytes: int | None = None) -> None: ...
    def reach_limit(self, budget_bytes: int) -> int: ...  # the farthest `bound` reach can make
    def reach_bytes(self, m: int) -> int: ...  # the memory `reach(m)` needs at its peak, known before


@runtime_checkable
class WorkingCopies(Protocol):
    """A growing rule that a worker grows in a copy: the rule changes only on its owner's thread,
    when it adopts the copy (the window's rule is read by the GUI thread while a worker grows)."""

    def working_copy(self) -> Rule: ...  # the same rule, over a copy of what it solved
    def adopt(self, copy: Rule) -> bool: ...  # take what a working copy solved beyond this rule


@runtime_checkable
class ValueSequences(Protocol):
    """Grundy values 0 … H anywhere in the solved columns, each value one generated sequence
    (rules whose moves hold Nim's rays, under normal play: docs/math.md, "Grundy values as sequences, and sums")."""

    @property
    def value_engine(self) -> ValueEngine: ...


@runtime_checkable
class TextAnswers(Protocol):
    """Counts and a cold test that Wythoff's closed forms give at every int64 position: a batch of
    them is answered from text to text by one compiled kernel, with no numpy loaded
    (explorer.core.textio.text_batch; the command line's `count --batch` and `judge`)."""

    def answers_text(self) -> bool: ...  # False where this rule's cells differ from Wythoff's


def answers_text(rule: Rule) -> bool:
    """Whether `rule`'s batches may be answered from text to text (TextAnswers)."""
    return isinstance(rule, TextAnswers) and rule.answers_text()


def reach(rule: Rule, m: int, progress: Progress | None = None, budget_bytes: int | None = None) -> None:
    """Make positions up to m answerable: a growing rule solves further; any other rule answers
    there already or refuses (OutOfBounds, naming its bound)."""
    if isinstance(rule, Growing):
        rule.reach(m, progress, budget_bytes)
    elif rule.bound is not None and m >= rule.bound:
        rule.check(m, m)


def grown(rule: Rule, m: int, progress: Progress | None = None, budget_bytes: int | None = None) -> Rule:
    """`reach` on a worker: a growing rule solves up to m in a working copy, which it returns; the
    rule itself is unchanged until its owner's thread `adopt`s the copy (any other rule is its
    own answer: it answers there already, or refuses naming its bound)."""
    copy = working_copy(rule)
    reach(copy, m, progress, budget_bytes)
    return copy


def working_copy(rule: Rule) -> Rule:
    """A copy of a growing rule for a worker to `reach` with; any other rule is its own."""
    return rule.working_copy() if isinstance(rule, WorkingCopies) else rule


def adopt(rule: Rule, copy: Rule) -> bool:
    """On the thread that owns `rule`: take what a working copy of it (`grown`) solved beyond it.
    False where nothing was taken (a rule that does not grow, or no more columns)."""
    return isinstance(rule, WorkingCopies) and copy is not rule and rule.adopt(copy)


def reach_limit(rule: Rule, budget_bytes: int) -> int | None:
    """The farthest `bound` the rule can reach within budget_bytes (None: no bound at all)."""
    return rule.reach_limit(budget_bytes) if isinstance(rule, Growing) else rule.bound
