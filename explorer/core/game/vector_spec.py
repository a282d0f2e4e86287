"""Move vectors: what a two-pile invariant game's moves are (rays and jumps, each with its
mirror), read from and written to the registry's text, and asked exactly at any size. The rules
made of them are in explorer.core.rules.vectors."""

from __future__ import annotations

import math
from collections.abc import Iterator
from typing import Any

from explorer.core.exact.bigint import short_text
from explorer.core.frozen import Frozen
from explorer.core.game.lines import Line

Position = tuple[int, int]
Vector = tuple[int, int]
MAX_COMPONENT = 64  # a vector's parts: larger ones say nothing a grid can show, and cost memory


class VectorSpec(Frozen):
    """The moves of an invariant game: rays and jumps, each with its mirror (sorted, distinct)."""

    __slots__ = ("jumps", "rays")
    rays: tuple[Vector, ...]
    jumps: tuple[Vector, ...]

    def __init__(self, rays: Any = (), jumps: Any = ()) -> None:
        ray_set: set[Vector] = set()
        for p, q in rays:
            if p < 0 or q < 0 or (p, q) == (0, 0):
                raise ValueError(f"a ray ({p}, {q}) must have parts >= 0, not both 0")
            if math.gcd(p, q) != 1:
                raise ValueError(
                    f"a ray ({p}, {q}) needs gcd(p, q) = 1: write ({p // math.gcd(p, q)}, {q // math.gcd(p, q)})"
                )
            ray_set |= {(p, q), (q, p)}
        jump_set: set[Vector] = set()
        for i, j in jumps:
            if i < 0 or j < 0 or (i, j) == (0, 0):
                raise ValueError(f"a jump ({i}, {j}) must have parts >= 0, not both 0")
            jump_set |= {(i, j), (j, i)}
        if max((max(v) for v in ray_set | jump_set), default=0) > MAX_COMPONENT:
            raise ValueError(f"vector parts are at most {MAX_COMPONENT}")
        # a jump along a ray is one of its moves already
        jump_set = {(i, j) for i, j in jump_set if not any(_on_ray(i, j, p, q) for p, q in ray_set)}
        if not ray_set and not jump_set:
            raise ValueError("a rule needs at least one ray or jump")
        object.__setattr__(self, "rays", tuple(sorted(ray_set)))
        object.__setattr__(self, "jumps", tuple(sorted(jump_set)))

    def _params(self) -> tuple[tuple[Vector, ...], tuple[Vector, ...]]:
        return self.rays, self.jumps

    @property
    def has_nim_rays(self) -> bool:
        return (1, 0) in self.rays

    # ----- text ----------------------------------------------------------------------------
    @classmethod
    def parse(cls, text: str) -> VectorSpec:
        """'rays=1,0 1,1;jumps=1,2' (either field may be left out)."""
        fields: dict[str, list[Vector]] = {"rays": [], "jumps": []}
        for part in text.split(";"):
            if not part.strip():
                continue
            name, eq, value = part.partition("=")
            name = name.strip().lower()
            if not eq or name not in fields:
                raise ValueError(f"vector rule field {short_text(part.strip())!r}: write rays=P,Q …;jumps=I,J …")
            fields[name] += [_vector(v) for v in value.split()]
        return cls(fields["rays"], fields["jumps"])

    def text(self) -> str:
        """The form `parse` reads back: one vector of each mirrored pair (the larger part first for rays)."""
        rays = sorted({max((p, q), (q, p)) for p, q in self.rays}, key=lambda v: (v[1], v[0]))
        jumps = sorted({min((i, j), (j, i)) for i, j in self.jumps})
        parts = []
        if rays:
            parts.append("rays=" + " ".join(f"{p},{q}" for p, q in rays))
        if jumps:
            parts.append("jumps=" + " ".join(f"{i},{j}" for i, j in jumps))
        return ";".join(parts)

    def describe(self) -> str:
        rays = " ".join(f"({p},{q})" for p, q in self.rays) or "none"
        jumps = " ".join(f"({i},{j})" for i, j in self.jumps) or "none"
        return f"rays {rays}; jumps {jumps}"

    # ----- moves ---------------------------------------------------------------------------
    def allows(self, start: Position, target: Position) -> bool:
        k, l = start[0] - target[0], start[1] - target[1]
        if k < 0 or l < 0 or target[0] < 0 or target[1] < 0 or (k == 0 and l == 0):
            return False
        return (k, l) in self.jumps or any(_on_ray(k, l, p, q) for p, q in self.rays)

    def has_move(self, x: int, y: int) -> bool:
        return any(p <= x and q <= y for p, q in self.rays + self.jumps)

    def targets(self, x: int, y: int) -> Iterator[Position]:
        """Every position one move away, lazily: each ray nearest first, then the jumps."""
        for p, q in self.rays:
            t = 1
            while t * p <= x and t * q <= y:
                yield x - t * p, y - t * q
                t += 1
        for i, j in self.jumps:
            if i <= x and j <= y:
                yield x - i, y - j

    def move_lines(self, x: int, y: int) -> tuple[tuple[Line, ...], tuple[Position, ...]]:
        """Each ray back from (x, y) as a line, each jump as a single cell."""
        lines = tuple(Line((x - p, y - q), (-p, -q)) for p, q in self.rays if p <= x and q <= y)
        dots = tuple((x - i, y - j) for i, j in self.jumps if i <= x and j <= y)
        return lines, dots

    def lines_from(self, cell: Position) -> tuple[Line, ...]:
        """Each ray's line of cells that move onto `cell`."""
        cx, cy = cell
        return tuple(Line((cx + p, cy + q), (p, q)) for p, q in self.rays)

    def dots_from(self, cell: Position) -> tuple[Position, ...]:
        """The cells one jump away from `cell`."""
        cx, cy = cell
        return tuple((cx + i, cy + j) for i, j in self.jumps)


def _on_ray(k: int, l: int, p: int, q: int) -> bool:
    """Whether (k, l) = t·(p, q) for some t >= 1."""
    if p == 0:
        return k == 0 and l > 0 and l % q == 0
    return k > 0 and k % p == 0 and k // p * q == l


def _vector(text: str) -> Vector:
    parts = text.replace("(", "").replace(")", "").split(",")
    if len(parts) != 2 or not all(p.strip().isdigit() and len(p.strip()) <= 6 for p in parts):
        raise ValueError(f"{short_text(text)!r} is not a vector: write P,Q such as 1,2")
    return int(parts[0]), int(parts[1])
