"""Wythoff Explorer: see and question Wythoff's game, exactly, for numbers of any size."""

from __future__ import annotations

from explorer.core.exact.bigint import allow_huge_integers

__version__ = "0.1.0"

allow_huge_integers()
