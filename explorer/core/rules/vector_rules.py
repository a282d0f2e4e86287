"""Which rule a set of move vectors makes (`make_vector_rule`): Wythoff's or Nim's own where they
are those, a generated sequence with Nim's rays (explorer.core.rules.vectors), else a square
(`VectorSquareRule`, solved on [0, n)² as custom rules are); and the named presets (Maharaja Nim,
GDWN) they are titled by."""

from __future__ import annotations

from typing import TYPE_CHECKING

from explorer.core.game.vector_spec import VectorSpec
from explorer.core.protocol import Progress, Rule, RuleError
from explorer.core.rules.custom import DEFAULT_SIDE, SquareRule
from explorer.core.rules.vectors import VectorRuleMixin, VectorSequenceRule

if TYPE_CHECKING:
    from explorer.core.values.table import ValueTable


class VectorSquareRule(VectorRuleMixin, SquareRule):
    """A vector rule without Nim's rays: solved on [0, n)² (its cold cells are no sequence)."""

    spec: VectorSpec

    def __init__(self, spec: VectorSpec, bound: int = DEFAULT_SIDE) -> None:
        from explorer.core.values.vectors import vector_value_table

        if spec.has_nim_rays:
            raise RuleError("a vector rule with the ray (1, 0) is solved as a generated sequence")
        object.__setattr__(self, "spec", spec)
        object.__setattr__(self, "bound", bound)
        object.__setattr__(self, "misere", False)
        self._set_table(vector_value_table(spec, bound, bound).cold)

    def _params(self) -> tuple[VectorSpec, int]:
        return self.spec, self.bound

    def value_table(self, nx: int, ny: int, progress: Progress | None = None) -> ValueTable:
        if nx >= 1 and ny >= 1:
            self.check(nx - 1, ny - 1)
        return super().value_table(nx, ny, progress)

    @property
    def key(self) -> str:  # type: ignore[override]
        return f"vectors:{self.spec.text()};n={self.bound}"

    @property
    def title(self) -> str:  # type: ignore[override]
        return f"Move vectors ({self.spec.describe()}), solved on [0, {self.bound})² (no Nim ray: no sequence)"


# ----- presets ---------------------------------------------------------------------------------------
PRESETS: dict[str, tuple[str, str]] = {
    # name -> (vectors text, title)
    "maharaja": ("rays=1,0 1,1;jumps=1,2", "Maharaja Nim (Wythoff's queen + the knight)"),
}


def preset_for(spec: VectorSpec) -> tuple[str, str] | None:
    """The preset name and title of a set of vectors, if it is one."""
    for name, (text, title) in PRESETS.items():
        if VectorSpec.parse(text) == spec:
            return name, title
    extra = tuple(v for v in spec.rays if v not in ((1, 0), (0, 1), (1, 1)))
    if (1, 1) in spec.rays and (1, 0) in spec.rays:
        if not spec.jumps and len(extra) == 2:
            p, q = min(extra)
            return f"gdwn:{p},{q}", f"({p},{q})-GDWN (Wythoff + the ray ({p}, {q}))"
        if not extra and len(spec.jumps) == 2 and spec.jumps[0] != (1, 2):
            i, j = spec.jumps[0]
            return f"maharaja:{i},{j}", f"Maharaja Nim with the ({i},{j})-knight"
    return None


def make_vector_rule(spec: VectorSpec, n: int | None = None) -> Rule:
    """The rule of these vectors: Wythoff's or Nim's own where they are those (closed forms),
    a generated sequence with Nim's rays, else a square of side n."""
    from explorer.core.rules.closed import Nim, Wythoff

    if spec == VectorSpec([(1, 0), (1, 1)]):
        return Wythoff()
    if spec == VectorSpec([(1, 0)]):
        return Nim()
    if spec.has_nim_rays:
        if n is not None:
            raise RuleError("a vector rule with the ray (1, 0) grows as a sequence: it takes no n")
        named = preset_for(spec)
        return VectorSequenceRule(spec, *(named or ("", "")))
    return VectorSquareRule(spec, DEFAULT_SIDE if n is None else n)
