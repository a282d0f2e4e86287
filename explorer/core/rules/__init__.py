"""Rules of two-pile games as types: one protocol, one class per rule, one registry that names them."""

from __future__ import annotations

from explorer.core.counting.closed_form import Count
from explorer.core.game.spec import ANY, NONE, Amounts, MoveSpec
from explorer.core.rules.base import NotAvailable, OutOfBounds, Rule, RuleError, UnknownRule
from explorer.core.rules.closed import Fraenkel, Misere, Nim, Wythoff
from explorer.core.rules.custom import CustomRule
from explorer.core.rules.registry import FAMILIES, parse_rule

__all__ = [
    "ANY",
    "FAMILIES",
    "NONE",
    "Amounts",
    "Count",
    "CustomRule",
    "Fraenkel",
    "Misere",
    "MoveSpec",
    "Nim",
    "NotAvailable",
    "OutOfBounds",
    "Rule",
    "RuleError",
    "UnknownRule",
    "Wythoff",
    "parse_rule",
]
