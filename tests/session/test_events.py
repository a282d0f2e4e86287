"""The session's events: a signal per field, emitted with the new value on a change only."""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
import pytest

from explorer.core.rules.registry import parse_rule
from explorer.session.events import evented
from explorer.session.model import BatchRecord, Session


@evented
@dataclass
class Pair:
    a: int = 0
    b: list[int] = field(default_factory=list)


def test_a_change_emits_the_new_value_to_each_slot_in_order():
    p = Pair()
    seen: list[tuple[str, object]] = []
    p.events.a.connect(lambda v: seen.append(("first", v)))
    p.events.a.connect(lambda v: seen.append(("second", v)))
    p.a = 3
    assert seen == [("first", 3), ("second", 3)]
    assert p.a == 3


def test_an_equal_value_emits_nothing_and_other_fields_stay_quiet():
    p = Pair(a=2, b=[1])
    seen: list[object] = []
    p.events.a.connect(seen.append)
    p.a = 2
    p.b = [1, 2]
    assert seen == []
    p.a = 5
    p.a = 5
    assert seen == [5]


def test_each_instance_has_its_own_slots_and_disconnect_stops_them():
    one, two = Pair(), Pair()
    seen: list[object] = []
    one.events.a.connect(seen.append)
    two.a = 7
    assert seen == []
    one.a = 1
    one.events.a.disconnect(seen.append)
    one.a = 2
    assert seen == [1]


def test_a_slot_may_disconnect_itself_while_the_signal_is_emitted():
    p = Pair()
    seen: list[object] = []

    def once(v: object) -> None:
        seen.append(v)
        p.events.a.disconnect(once)

    p.events.a.connect(once)
    p.events.a.connect(seen.append)
    p.a = 1
    p.a = 2
    assert seen == [1, 1, 2]


def test_an_error_in_a_slot_reaches_the_assignment_and_the_value_is_set():
    p = Pair()

    def broken(v: object) -> None:
        raise RuntimeError("slot failed")

    p.events.a.connect(broken)
    with pytest.raises(RuntimeError, match="slot failed"):
        p.a = 4
    assert p.a == 4


def test_an_unknown_field_has_no_signal():
    with pytest.raises(AttributeError, match="nope"):
        Pair().events.nope  # noqa: B018


def test_values_that_cannot_be_compared_count_as_a_change():
    s = Session()
    seen: list[object] = []
    s.events.queries.connect(seen.append)
    cols = [np.arange(3) for _ in range(5)]
    first = (BatchRecord(*cols, method="closed-form", rule_key="wythoff"),)
    s.queries = first
    again = (BatchRecord(*[c.copy() for c in cols], method="closed-form", rule_key="wythoff"),)
    s.queries = again  # equal arrays, but `==` on them has no single truth value
    assert [len(v) for v in seen] == [1, 1]
    assert seen[1] is again


def test_the_session_emits_rule_mode_and_selection_changes():
    s = Session()
    seen: list[tuple[str, object]] = []
    for name in ("rule", "mode", "selection"):
        getattr(s.events, name).connect(lambda v, name=name: seen.append((name, v)))
    nim = parse_rule("nim")
    s.rule = nim
    s.rule = parse_rule("nim")  # an equal rule: no event
    s.mode = "grundy"
    s.selection = (3, 5)
    s.selection = (3, 5)
    assert seen == [("rule", nim), ("mode", "grundy"), ("selection", (3, 5))]
