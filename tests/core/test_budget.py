"""The window's one memory pool (explorer.core.budget.Pool), against fake caches."""

from __future__ import annotations

from explorer.core.budget import MiB, Pool


class Cache:
    def __init__(self, held: int, floor: int = 0) -> None:
        self.bytes, self.floor, self.released = held, floor, 0

    def held(self) -> int:
        return self.bytes

    def release(self) -> None:
        self.released += 1
        self.bytes = self.floor


def test_room_is_made_from_the_least_recently_used_caches_first_and_never_from_the_asker():
    pool = Pool(100 * MiB)
    a, b, c = Cache(40 * MiB), Cache(40 * MiB), Cache(10 * MiB)
    pool.add("a", a)
    pool.add("b", b)
    pool.add("c", c)
    pool.touch("a")  # now b is the oldest, then c, then a
    assert pool.make_room("c", 30 * MiB) == ["b"]  # 90 + 30 > 100: b goes; 50 + 30 fits
    assert (a.released, b.released, c.released) == (0, 1, 0)
    assert pool.make_room("c", 95 * MiB) == ["a"]  # c asks: a goes, c (the asker) stays though it does not fit
    assert c.released == 0 and pool.total() == 10 * MiB
    assert pool.make_room("z", 1 * MiB) == []  # it fits: nothing is asked
    assert pool.releases == 2 and pool.requests == 3


def test_a_cache_that_cannot_give_back_is_not_counted_and_the_pool_says_what_each_holds():
    pool = Pool(10 * MiB)
    fixed, loose = Cache(8 * MiB, floor=8 * MiB), Cache(5 * MiB, floor=1 * MiB)
    pool.add("the rule's solved cells", fixed)
    pool.add("values", loose)
    assert pool.make_room("sweep", 4 * MiB) == ["values"]  # the rule's own cells cannot go
    assert fixed.released == 1 and pool.releases == 1
    text = pool.describe()
    assert "9.0 MiB in use of one pool of 10 MiB" in text and "values: 1.0 MiB" in text
