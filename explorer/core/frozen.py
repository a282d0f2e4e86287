"""Immutable value classes that compare by their parameters, without `dataclasses`.

`dataclasses` imports `inspect` (and with it ast, dis and tokenize): 9 ms of a 50 ms `moves`
command on these machines, more than the answer. Plain records are `typing.NamedTuple`s; the
classes that validate their arguments or inherit behaviour (move specs, rules) derive from
`Frozen`: each states its parameters once, in `_params`, and gets equality, hashing, a repr
and read-only attributes from it, as a frozen dataclass would.
"""

from __future__ import annotations

from typing import Any, NoReturn


class Frozen:
    """Equal when of the same class with equal `_params()`; hashable; no attribute changes
    after `__init__` (which sets them with `object.__setattr__`)."""

    __slots__ = ()

    def _params(self) -> tuple[Any, ...]:
        """The values that make this object what it is, in the order `__init__` takes them."""
        return ()

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return self._params() == other._params()  # type: ignore[attr-defined]

    def __hash__(self) -> int:
        return hash((self.__class__.__name__, self._params()))

    def __repr__(self) -> str:
        return f"{type(self).__name__}({', '.join(map(repr, self._params()))})"

    def __setattr__(self, name: str, value: object) -> NoReturn:
        raise AttributeError(f"{type(self).__name__} is immutable: cannot set {name}")

    def __delattr__(self, name: str) -> NoReturn:
        raise AttributeError(f"{type(self).__name__} is immutable: cannot delete {name}")
