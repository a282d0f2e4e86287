"""Evented dataclasses: a signal per field, emitted with the new value when an assignment
changes the field (`session.events.rule.connect(slot)`; the slot is called as `slot(new)`).

This is the part of psygnal's `evented` the session used. It replaced psygnal because importing
psygnal imports `importlib.metadata` (and with it `email`, `socket`, `zipfile`, `csv`) to look
up its own version: 35-45 ms of every window's start, a sixth of what the window added to a
bare pyqtgraph plot's start (`make bench` startup, 2-core machine).

Slots are called in the order they were connected, on the thread that made the assignment;
an exception in a slot propagates to the assignment. A value counts as unchanged when it is
the same object or compares equal; a comparison that cannot answer (numpy arrays inside)
counts as a change.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any, TypeVar

T = TypeVar("T")
Slot = Callable[[Any], object]


class FieldSignal:
    """The slots of one field."""

    __slots__ = ("_slots",)

    def __init__(self) -> None:
        self._slots: list[Slot] = []

    def connect(self, slot: Slot) -> Slot:
        self._slots.append(slot)
        return slot

    def disconnect(self, slot: Slot) -> None:
        self._slots.remove(slot)

    def emit(self, value: object) -> None:
        for slot in tuple(self._slots):  # a slot may connect or disconnect others
            slot(value)


class FieldSignals:
    """`instance.events`: a FieldSignal per field of the dataclass, by the field's name."""

    def __init__(self, names: tuple[str, ...]) -> None:
        self._signals = {name: FieldSignal() for name in names}

    def disconnect_all(self) -> None:
        """Every slot of every field goes: a window being closed hears nothing more (its widgets
        may already be deleted while its last changes are made)."""
        for signal in self.__dict__["_signals"].values():
            signal._slots.clear()

    def __getattr__(self, name: str) -> FieldSignal:
        try:
            return self.__dict__["_signals"][name]  # type: ignore[no-any-return]
        except KeyError:
            raise AttributeError(f"no field {name!r} has events") from None


def _unchanged(old: object, new: object) -> bool:
    if old is new:
        return True
    try:
        return bool(old == new)
    except (TypeError, ValueError):  # e.g. an array's truth value: treat as a change
        return False


_ABSENT = object()


def evented(cls: type[T]) -> type[T]:
    """Give a dataclass `events`; each instance gets its signals when first asked for them."""
    names = tuple(f.name for f in dataclasses.fields(cls))  # type: ignore[arg-type]
    watched = frozenset(names)
    plain_setattr = cls.__setattr__

    def __setattr__(self: Any, name: str, value: object) -> None:
        signals = self.__dict__.get("_field_signals")
        if signals is None or name not in watched:  # nobody can be listening yet
            plain_setattr(self, name, value)
            return
        old = self.__dict__.get(name, _ABSENT)
        plain_setattr(self, name, value)
        if not _unchanged(old, value):
            getattr(signals, name).emit(value)

    def events(self: Any) -> FieldSignals:
        signals = self.__dict__.get("_field_signals")
        if signals is None:
            signals = self.__dict__["_field_signals"] = FieldSignals(names)
        return signals  # type: ignore[no-any-return]

    cls.__setattr__ = __setattr__  # type: ignore[assignment,method-assign]
    cls.events = property(events)  # type: ignore[attr-defined]
    return cls


def follow(part: Any) -> Any:
    """Connect what a controller or view follows: each (event, slot) pair its `listens()` lists
    (the composition root calls this for every part; tests for the part they make). Returns it."""
    listens = getattr(part, "listens", None)
    for event, slot in listens() if listens is not None else ():
        event.connect(slot)
    return part
