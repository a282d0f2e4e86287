"""Fraenkel's conjectures on three heaps, checked slice by slice over a solved range (docs/math.md,
"Three heaps as slices"): evidence up to an index N, never a proof.

In slice a, the cold positions (a, b, c) with a <= b <= c, in increasing b, are the pairs (b_n, c_n).
The index n is the papers': the one with c_n − b_n = n where the pairs have settled (Sun's
"Wythoff's sequence": A_n = mex({A_i, B_i : i < n} ∪ T), B_n − A_n = n). The report gives
- N1: the last n with c_n − b_n ≠ n (conjecture (i) holds for n > N1);
- α: the integer with b_n − ⌊nφ⌋ − α in {−1, 0, 1} over the last half of the range;
- N2: the last n where it is not (conjecture (ii) holds for n > N2);
- T: the numbers below the last b_n that no pair after N1 takes (Sun's finite set);
- the largest |ε_n| = |b_n − ⌊nφ⌋ − α| over the whole range.
A conjecture "holds over the range" when its last exception lies in the first half of the range.
⌊nφ⌋ is (n + isqrt(5n²)) // 2, exactly.
"""

from __future__ import annotations

from math import isqrt
from typing import TYPE_CHECKING, NamedTuple

from explorer.core.exact.lazy import lazy_numpy
from explorer.core.game.heaps3 import Game3, SliceTable

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray
else:
    np = lazy_numpy(__name__)

EXACT_FLOAT_N = 1 << 26  # below it 5n² < 2^55: a double's square root is within 1 of isqrt, then corrected


def floor_n_phi(ns: NDArray[np.int64]) -> NDArray[np.int64]:
    """⌊nφ⌋ = (n + isqrt(5n²)) // 2 for each n >= 0, exactly: a double's root corrected by integer
    comparison below EXACT_FLOAT_N, `math.isqrt` beyond."""
    values = np.asarray(ns)
    if values.size and int(values.max()) >= EXACT_FLOAT_N:
        return np.array([(int(n) + isqrt(5 * int(n) * int(n))) // 2 for n in values.tolist()], dtype=object)
    ns = values.astype(np.int64)
    five = 5 * ns * ns
    root = np.sqrt(five.astype(np.float64)).astype(np.int64)
    root -= (root * root > five).astype(np.int64)
    root += ((root + 1) * (root + 1) <= five).astype(np.int64)
    return (ns + root) // 2  # type: ignore[no-any-return]


class SliceReport(NamedTuple):
    first: int
    shift: int  # the papers' n of the k-th pair (k = 0, 1, … in increasing b) is k + shift
    n_first: int  # the index of the first pair (b_n, c_n) with first <= b_n <= c_n
    n_last: int  # the last index solved (the evidence goes up to it)
    n1: int | None  # None: c_n − b_n = n for every n solved
    n2: int | None
    alpha: int
    t: tuple[int, ...]
    max_eps: int
    holds_i: bool
    holds_ii: bool
    ns: NDArray[np.int64]  # the indices n >= 0 and b_n − ⌊nφ⌋ there (for the plot)
    excess: NDArray[np.int64]

    def as_dict(self) -> dict[str, object]:
        return {
            "a": self.first,
            "index_shift": self.shift,
            "n_from": self.n_first,
            "n_to": self.n_last,
            "N1": self.n1,
            "N2": self.n2,
            "alpha": self.alpha,
            "T": list(self.t),
            "max_abs_epsilon": self.max_eps,
            "i_holds": self.holds_i,
            "ii_holds": self.holds_ii,
        }


def slice_report(table: SliceTable, a: int, n_max: int | None = None) -> SliceReport:
    """The report on slice a of a solved table, over the indices up to n_max (all solved if None)."""
    col = table.col[a].astype(np.int64)
    bs = np.arange(col.size, dtype=np.int64)
    keep = (bs >= a) & (col >= bs)
    b, c = bs[keep], col[keep]
    d = c - b
    if b.size < 8:
        raise ValueError(f"slice {a} has {b.size} pairs solved: solve more columns")
    shift = int(d[-1]) - (b.size - 1)  # the papers' n of pair j is j + shift, once the pairs settle
    n = np.arange(b.size, dtype=np.int64) + shift
    if n_max is not None:
        cut = n <= n_max
        b, c, d, n = b[cut], c[cut], d[cut], n[cut]
    n_last = int(n[-1])
    half = int(n[0]) + (n_last - int(n[0])) // 2
    off_i = np.flatnonzero(d != n)
    n1 = int(n[off_i[-1]]) if off_i.size else None
    pos = n >= 0
    ns, excess = n[pos], b[pos] - floor_n_phi(n[pos])
    tail = excess[ns > half]
    lo, hi = int(tail.min()), int(tail.max())
    alpha = (lo + hi) // 2
    eps = excess - alpha
    off_ii = np.flatnonzero(np.abs(eps) > 1)
    n2 = int(ns[off_ii[-1]]) if off_ii.size else None
    after = n > (n1 if n1 is not None else int(n[0]) - 1)
    top = int(b[-1])
    taken = np.zeros(top, dtype=bool)
    for v in (b[after], c[after]):
        v = v[v < top]
        taken[v] = True
    t = tuple(int(v) for v in np.flatnonzero(~taken))
    return SliceReport(
        first=a,
        shift=shift,
        n_first=int(n[0]),
        n_last=n_last,
        n1=n1,
        n2=n2,
        alpha=alpha,
        t=t,
        max_eps=int(np.abs(eps).max()) if eps.size else 0,
        holds_i=n1 is None or n1 < half,
        holds_ii=hi - lo <= 2 and (n2 is None or n2 < half),
        ns=ns,
        excess=excess,
    )


def columns_for(a_max: int, n_max: int) -> int:
    """Columns that hold the pairs up to index n_max of every slice a <= a_max: b_n is about nφ + a."""
    return (n_max * 1618034) // 1000000 + 4 * a_max + 256


def refusal(game: Game3, a_max: int, n_max: int) -> str:
    """Why the report on slices 0 … a_max up to n_max is not made (too much work), or ""."""
    from explorer.core.game.heaps3 import too_much

    if a_max < 0 or n_max < 16:
        return "the report needs a first heap A_MAX >= 0 and an index N >= 16"
    why = too_much(game, a_max, columns_for(a_max, n_max), f"the report up to n = {n_max:,}")
    return why + ": give a smaller N or A_MAX" if why else ""


def reports(game: Game3, a_max: int, n_max: int, progress=None) -> list[SliceReport]:  # type: ignore[no-untyped-def]
    """The report on each slice 0 … a_max up to index n_max (ValueError, before any work, past the limit)."""
    if why := refusal(game, a_max, n_max):
        raise ValueError(why)
    table = SliceTable(game, a_max, columns_for(a_max, n_max), progress)
    return [slice_report(table, a, n_max) for a in range(a_max + 1)]


def ranges_text(values: tuple[int, ...], most: int = 0) -> str:
    """'0–9, 12, 15–16': a set of whole numbers, its runs shortened (the first `most` runs, and how
    many numbers in all, where `most` is given and there are more)."""
    parts: list[str] = []
    i = 0
    while i < len(values):
        j = i
        while j + 1 < len(values) and values[j + 1] == values[j] + 1:
            j += 1
        parts.append(str(values[i]) if i == j else f"{values[i]}–{values[j]}")
        i = j + 1
    if most and len(parts) > most:
        return ", ".join(parts[:most]) + f", … ({len(values):,} numbers, the largest {values[-1]:,})"
    return ", ".join(parts) or "∅"


def report_text(game: Game3, found: list[SliceReport], n_max: int) -> str:
    """The report for people: a line per slice, and what it is evidence of."""
    head = (
        f"{game.title}: Fraenkel's conjectures slice by slice, checked for n <= {n_max:,}.\n"
        "(i) c_n = b_n + n for n > N1;  (ii) b_n = ⌊nφ⌋ + ε_n + α, ε_n in {−1, 0, 1}, for n > N2.\n"
        "n is Sun's index, the one with c_n − b_n = n once the pairs settle (the k-th pair, k from 0, has n = k + s).\n"
        "This is evidence up to n = N, not a proof (Sun and Zeilberger proved both for a <= 10).\n"
        f"{'a':>4} {'s':>4} {'N1':>6} {'N2':>6} {'α':>4} {'max|ε|':>7} {'(i)':>5} {'(ii)':>5}  T\n"
    )
    lines = []
    for r in found:
        n1 = "–" if r.n1 is None else str(r.n1)
        n2 = "–" if r.n2 is None else str(r.n2)
        yes = {True: "holds", False: "fails"}
        t = f"{{{ranges_text(r.t, 4)}}}" if r.holds_i else "– (no Wythoff sequence settles)"
        holds = f"{yes[r.holds_i]:>5} {yes[r.holds_ii]:>5}"
        lines.append(f"{r.first:>4} {r.shift:>4} {n1:>6} {n2:>6} {r.alpha:>4} {r.max_eps:>7} {holds}  {t}")
    return head + "\n".join(lines) + "\n"
