"""The memory budget: how much each of the program's large caches may hold, in one place.

Every large structure is sized from this table before it is built, so the whole program stays
within about a gigabyte at its peak (and about half that at rest), whatever a person asks:

- the Fenwick index over the cold sequence (one per rule, replaced when the rule changes):
  a count needs no index beyond it, the closed form answers exactly;
- the Grundy and remoteness tables of the corner (one per rule, dropped when the rule changes;
  the window's corner has a smaller budget than a command, which runs alone);
- the strip of Wythoff's Grundy rows (kept once solved: it is the same for every view);
- a custom rule's solved square and its prefix sums (the side is bounded when it is made);
- the sequence table's rows (cleared when full);
- the query history kept for export (the oldest imported batches are dropped first).

`describe(in_use)` writes the budget and what is in use for Help ▸ About.

In the window the caches also draw from one `Pool` (WINDOW_POOL_BYTES): before one grows, the
least recently used others give back what they hold, so together they stay within it.
"""

from __future__ import annotations

from typing import Protocol

MiB = 1 << 20

FENWICK_BYTES = 160 * MiB  # an int32 tree, plus int8 marks and int32 prefix sums while it grows
FENWICK_BYTES_PER_NUMBER = 9
VALUES_BYTES = 400 * MiB  # G, R and cold of the corner, plus the sweep's prefix tables (5-11 bytes a cell)
VALUES_WINDOW_BYTES = 192 * MiB  # the window's corner: Wythoff 4096² (80 MiB), a-Wythoff 4096² (144 MiB)
ROWS_BYTES = 128 * MiB  # the strip of Wythoff's Grundy rows in the window (rows 0-117 certify in it, ~3 s)
ROWS_CLI_BYTES = 768 * MiB  # `grundy-row` runs alone: rows 0-200 certify in ~1.7 million columns
CUSTOM_BYTES = 100 * MiB  # a bool table and int32 prefix sums: 5 bytes per cell
CUSTOM_BYTES_PER_CELL = 5
SEQUENCE_BYTES = 24 * MiB
# Rules solved as a generated sequence (move vectors with Nim's rays): the sweep's peak, the
# sequence (4 bytes a row) and a bit per line of each ray; only the sequence is kept after it.
GENERATED_WINDOW_BYTES = 224 * MiB  # 2^24 columns of (1,2)-GDWN (~205 MiB) or of Maharaja (~115)
GENERATED_CLI_BYTES = 1024 * MiB  # a command runs alone: 2^26 columns of (1,2)-GDWN (~780 MiB)
GENERATED_COLUMNS_MAX = 1 << 26
ANIMATION_PIXELS = 160 * MiB  # an animation's frames, a byte a pixel (a palette image each) until written
ARRAY_BYTES = 24 * MiB  # the array tab's computed cells (cleared when full)
STRUCTURE_BYTES = 24 * MiB  # the Structure tab's first 2^20 pairs (x, y and offset, int64), kept for export
HISTORY_BYTES = 96 * MiB  # answered queries kept for export; the oldest imported batches go first
# Grundy values far out, one sequence a value (4 bytes a row of each value, rows ~1.75 x the columns):
FAR_VALUES_WINDOW = 16  # values 0-15 ...
FAR_COLUMNS_WINDOW = 1 << 20  # ... on 2^20 columns in the window: 112 MiB
FAR_VALUES_WINDOW_BYTES = 128 * MiB
FAR_VALUES_CLI = 32  # values 0-31 ...
FAR_COLUMNS_CLI = 1 << 21  # ... on 2^21 columns in a command, which runs alone: 448 MiB
FAR_VALUES_CLI_BYTES = 512 * MiB
SUM_VALUES_BYTES = 256 * MiB  # a sum's own table, when its parts' values pass the shared table's
SUM_VALUES_WINDOW_BYTES = 64 * MiB  # ... in the window, beside the pool (a sum's table is dropped once answered)


def _power_of_two_at_most(n: int) -> int:
    return 1 << (max(1, n).bit_length() - 1)


def fenwick_numbers() -> int:
    """How many numbers the index may cover (a power of two): 2^24 with the figures above."""
    return _power_of_two_at_most(FENWICK_BYTES // FENWICK_BYTES_PER_NUMBER)


def custom_side() -> int:
    """The largest side of a custom rule's solved square: 4096 with the figures above."""
    side = 1
    while CUSTOM_BYTES_PER_CELL * (2 * side) ** 2 <= CUSTOM_BYTES:
        side *= 2
    return side


def describe(in_use: dict[str, int]) -> str:
    """Lines for people: each cache's budget and what it holds now (bytes)."""
    limits = {
        "Fenwick index": (FENWICK_BYTES, f"up to {fenwick_numbers():,} numbers; the closed form beyond"),
        "Grundy and remoteness": (VALUES_WINDOW_BYTES, "Wythoff up to 4,096² cells; other rules by their moves"),
        "Grundy rows": (ROWS_BYTES, "Wythoff's rows 0-200 (0-117 certified within it; `grundy-row` certifies 0-200)"),
        "Grundy values far out": (
            FAR_VALUES_WINDOW_BYTES,
            f"values 0-{FAR_VALUES_WINDOW - 1}, each a sequence, on up to {FAR_COLUMNS_WINDOW:,} columns",
        ),
        "the rule's solved cells": (
            GENERATED_WINDOW_BYTES,
            f"a custom rule's square up to {custom_side():,}² ({CUSTOM_BYTES // MiB} MiB); a move-vector rule's "
            "sequence up to 2^24 columns in the window (its sweep's peak), 2^26 in a command",
        ),
        "sequence rows": (SEQUENCE_BYTES, "cleared when full"),
        "array cells": (ARRAY_BYTES, "cleared when full"),
        "query history": (HISTORY_BYTES, "the oldest imported batches go first"),
        "structure pairs": (STRUCTURE_BYTES, "the Structure tab's pairs, kept for export; the rule's in effect only"),
    }
    lines = []
    for name, (limit, what) in limits.items():
        used = in_use.get(name, 0)
        lines.append(f"{name}: {used / MiB:.1f} MiB in use of {limit // MiB} MiB ({what})")
    return "\n".join(lines)


# ----- one pool for the window ---------------------------------------------------------------------
WINDOW_POOL_BYTES = 256 * MiB  # what the window's caches hold together (each also keeps its own cap above);
# with ~440 MiB at rest once numba is loaded, this keeps the window's peak near 700 MiB


class Holder(Protocol):
    """A cache in the pool: what it holds, and how to give it back (down to what it cannot lose)."""

    def held(self) -> int: ...
    def release(self) -> None: ...


class Pool:
    """One memory budget for the window's caches. Before a cache grows it asks `make_room` for the
    bytes it will need at its peak; the caches used least recently give back what they hold
    until the total fits (the asker itself is never asked). Qt-free; the window calls it on its
    GUI thread, where the caches are released."""

    def __init__(self, limit: int = WINDOW_POOL_BYTES) -> None:
        self.limit = limit
        self._holders: dict[str, Holder] = {}
        self._last_used: dict[str, int] = {}
        self._clock = 0
        self.releases = 0  # caches given back so far (the soak reports it)
        self.requests = 0  # growths that asked for room

    def add(self, name: str, holder: Holder) -> None:
        self._holders[name] = holder
        self.touch(name)

    def touch(self, name: str) -> None:
        """`name` was used now: it is the last to be asked to give memory back."""
        self._clock += 1
        self._last_used[name] = self._clock

    def in_use(self) -> dict[str, int]:
        return {name: holder.held() for name, holder in self._holders.items()}

    def total(self) -> int:
        return sum(self.in_use().values())

    def make_room(self, name: str, need: int) -> list[str]:
        """Room for `name` to grow to `need` more bytes: release the other caches, least recently
        used first, until the total and the need fit the limit (or no other cache holds anything).
        Returns the names released, oldest first."""
        self.requests += 1
        self.touch(name)
        released = []
        for other in sorted(self._holders, key=lambda n: self._last_used.get(n, 0)):
            if self.total() + need <= self.limit:
                break
            before = self._holders[other].held()
            if other == name or before == 0:
                continue
            self._holders[other].release()
            if self._holders[other].held() < before:  # a cache that cannot give back is not counted
                self.releases += 1
                released.append(other)
        return released

    def describe(self) -> str:
        """Lines for people: the pool, and what each cache holds, most recently used first."""
        used = self.in_use()
        order = sorted(used, key=lambda n: -self._last_used.get(n, 0))
        lines = [f"all caches: {sum(used.values()) / MiB:.1f} MiB in use of one pool of {self.limit // MiB} MiB"]
        lines += [f"  {name}: {used[name] / MiB:.1f} MiB" for name in order]
        return "\n".join(lines)
