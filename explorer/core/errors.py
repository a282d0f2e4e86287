"""The errors a rule answers with: each message is one sentence for a person. At the bottom of the
core (it imports nothing), so every package can raise them without an import cycle."""

from __future__ import annotations


class RuleError(ValueError):
    """A question the rule in effect cannot answer; the message is one sentence for a person."""


class OutOfBounds(RuleError):
    """A position outside what a rule has solved (a square, or a sequence's columns so far). `bound`:
    where what is answered ends (a cell with a pile at or past it is beyond), where the rule knows it,
    so that a caller can say which of its questions lies beyond (a batch's line) and what would solve it."""

    def __init__(self, message: str, bound: int | None = None) -> None:
        super().__init__(message)
        self.bound = bound


class NotAvailable(RuleError):
    """A question a rule has no answer to (a counting method it does not have, say)."""


class CornerTooLarge(RuleError):
    """A corner table of values too large for the memory or time bounds (the message names them);
    far from the origin a `ValueSequences` rule answers from its value sequences instead."""


class UnknownRule(RuleError):
    """A rule name the registry does not know."""
