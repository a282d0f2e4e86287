"""The window's one memory pool (explorer.core.budget.Pool), built from the controllers whose
caches draw from it: before the values' corner or a sequence's sweep grows, the caches used
least recently give back what they hold. The rule's own solved cells are counted but cannot be
given back while the rule is in effect."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from explorer import __version__
from explorer.core import budget
from explorer.core.game import value_sequences
from explorer.core.values import shared_strip
from explorer.gui.controllers.values import ValuesController
from explorer.session.model import Session

POOL_VALUES, POOL_INDEX, POOL_SOLVED = "Grundy values and rows", "Fenwick index", "the rule's solved cells"


class Held:
    """A cache as the pool sees it: what it holds, and how to give it back."""

    def __init__(self, held: Callable[[], int], release: Callable[[], None]) -> None:
        self.held = held
        self.release = release


def add_window_caches(
    pool: budget.Pool, session: Session, values: ValuesController, queries: Callable[[], Any]
) -> None:
    """The window's caches, each as the pool sees it (the controllers were given the pool's
    `make_room` when they were made)."""

    def release_values() -> None:
        """The values' corner, down to what the inspector needs, and the values far out (not while
        they grow: what is growing keeps its table)."""
        cache = values.cache
        if not values.jobs.busy and not values.cell_jobs.busy:
            cache.shed()
            value_sequences.release_all()
            if not values.row_jobs.busy:
                shared_strip.release()
            session.values_changed(cache)

    def values_held() -> int:
        """The corner, the rows (Wythoff's strip, counted once: kept for the rules that share it
        even where the cache in use does not hold it) and the values far out."""
        cache = values.cache
        strip = shared_strip.held_bytes() if cache.rows is None else 0
        return cache.nbytes + strip + value_sequences.held_bytes()

    def release_index() -> None:
        """The Fenwick index (a new one grows again with the next query); none before the Queries
        panel is built."""
        made = queries()
        if made is not None and not made.busy:
            made.counter = session.rule.counter()

    def index_held() -> int:
        made = queries()
        return made.counter.nbytes if made is not None else 0

    pool.add(POOL_VALUES, Held(values_held, release_values))
    pool.add(POOL_INDEX, Held(index_held, release_index))
    pool.add(POOL_SOLVED, Held(lambda: session.rule.nbytes, lambda: None))


def caches_in_use(window: Any) -> dict[str, int]:
    """Bytes held by each cache of explorer.core.budget (a panel not built yet holds none)."""
    values = window.values.cache
    built = window.panels.built
    structure = window.structure.current if built("structure") else None
    return {
        "Fenwick index": window.queries.counter.nbytes if built("queries") else 0,
        "Grundy and remoteness": values.table.nbytes if values.table is not None else 0,
        "Grundy rows": values.rows.nbytes if values.rows is not None else shared_strip.held_bytes(),
        "Grundy values far out": value_sequences.held_bytes(),
        "the rule's solved cells": window.session.rule.nbytes,
        "sequence rows": window.sequence_panel.model.nbytes if built("sequence") else 0,
        "array cells": window.array_panel.model.nbytes if built("array") else 0,
        "query history": sum(r.nbytes for r in window.session.queries),
        "structure pairs": structure.nbytes if structure is not None else 0,
    }


def about_html(in_use: dict[str, int], pool: budget.Pool) -> str:
    """Help ▸ About: the version, the pool and what each cache holds against its budget."""
    lines = budget.describe(in_use).replace("\n", "<br>")
    held = pool.describe().replace("\n", "<br>").replace("  ", "&nbsp;&nbsp;")
    return (
        f"<b>Wythoff Explorer</b> {__version__}<br>Wythoff's game, exactly, for numbers of any size."
        f"<p><b>Memory</b>: {held}</p>"
        f"<p><b>Memory budget</b> (each cache is sized before it is built):<br>{lines}</p>"
    )
