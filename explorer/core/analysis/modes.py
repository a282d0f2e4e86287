"""Which colour modes a rule answers: one place for the window's mode list, its session files and the
command line's `--mode` (a mode the rule cannot answer is refused in one sentence, never painted grey)."""

from __future__ import annotations

from explorer.core.protocol import OptionCounts, Rule, Slice
from explorer.core.values import COLD_OPTIONS, GRUNDY, VALUE_MODES


def mode_refusal(rule: Rule, mode: str) -> str:
    """Why `rule` cannot be coloured by `mode` (one sentence), or "" where it can."""
    if mode == COLD_OPTIONS and not isinstance(rule, OptionCounts):
        return f"colouring by cold options is for k-blocking rules; none are counted under {rule.title}"
    from explorer.core.value_limits import has_values, no_values_text  # numpy and the budget: not for a light command

    if mode in VALUE_MODES and not has_values(rule) and isinstance(rule, Slice):
        return no_values_text(rule)
    if mode in VALUE_MODES and not has_values(rule):
        what = "Grundy values are" if mode == GRUNDY else "remoteness is"
        return f"{what} not defined under {rule.title}: its recursion decides only hot and cold"
    return ""
