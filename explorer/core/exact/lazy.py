"""numpy, imported when first used: commands that never touch an array (`moves`, `number`,
`zeckendorf`) start in a fraction of the time (`import numpy` alone is ~0.1 s here).

A module writes `np = lazy_numpy(__name__)` (with the real import under TYPE_CHECKING for the
type checker); the first attribute read imports numpy and puts the real module in place of the
stand-in in every module that asked, so later reads cost nothing extra.
"""

from __future__ import annotations

import sys
from typing import Any

_WAITING: list[str] = []


class _LazyNumpy:
    __slots__ = ()

    def __getattr__(self, name: str) -> Any:
        import numpy

        for module_name in _WAITING:
            module = sys.modules.get(module_name)
            if module is not None and module.__dict__.get("np") is self:
                module.np = numpy  # type: ignore[attr-defined]
        return getattr(numpy, name)


_STAND_IN = _LazyNumpy()


def lazy_numpy(module_name: str) -> Any:
    """The stand-in for numpy in `module_name` (replaced by numpy at its first use)."""
    if "numpy" in sys.modules:
        return sys.modules["numpy"]
    _WAITING.append(module_name)
    return _STAND_IN
