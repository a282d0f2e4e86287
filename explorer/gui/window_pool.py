"""The window's one memory pool (explorer.core.budget.Pool), built from the controllers whose
caches draw from it: before the values' corner or a sequence's sweep grows, the caches used
least recently give back what they hold. The rule's own solved cells are counted but cannot be
given back while the rule is in effect."""

from __future__ import annotations

from collections.abc import Callable

from explorer.core import budget
from explorer.core.analysis.value_cache import INSPECT_SIDE
from explorer.gui.controllers.growth import GrowthController
from explorer.gui.controllers.queries import QueryController
from explorer.gui.controllers.values import ValuesController
from explorer.session.model import Session

POOL_VALUES, POOL_INDEX, POOL_SOLVED = "Grundy values and rows", "Fenwick index", "the rule's solved cells"


class Held:
    """A cache as the pool sees it: what it holds, and how to give it back."""

    def __init__(self, held: Callable[[], int], release: Callable[[], None]) -> None:
        self.held = held
        self.release = release


def window_pool(
    session: Session, values: ValuesController, queries: QueryController, growth: GrowthController
) -> budget.Pool:
    pool = budget.Pool()

    def release_values() -> None:
        """The values' corner, down to what the inspector needs (not while it grows)."""
        cache = values.cache
        if not values.jobs.busy:
            cache.rest(INSPECT_SIDE)
            session.values_changed(cache)

    def release_index() -> None:
        """The Fenwick index (a new one grows again with the next query)."""
        if not queries.busy:
            queries.counter = session.rule.counter()

    pool.add(POOL_VALUES, Held(lambda: values.cache.nbytes, release_values))
    pool.add(POOL_INDEX, Held(lambda: queries.counter.nbytes, release_index))
    pool.add(POOL_SOLVED, Held(lambda: session.rule.nbytes, lambda: None))
    values.make_room = lambda need: pool.make_room(POOL_VALUES, need)
    growth.make_room = lambda need: pool.make_room(POOL_SOLVED, need)
    queries.answered.connect(lambda _: pool.touch(POOL_INDEX))
    return pool
