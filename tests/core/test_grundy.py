"""Grundy values against the definition and the published facts (docs/math.md, "Sprague–Grundy values")."""

from __future__ import annotations

import os
import threading

import numpy as np
import pytest

from explorer.core.game.bulk import is_cold_array
from explorer.core.grundy.kernel import GrundyTooFar, grundy_bitset_baseline, grundy_window
from tests.oracles import grundy_table

N = 90


def test_against_definition():
    want = np.array(grundy_table(N))
    assert np.array_equal(grundy_window(0, 0, N, N), want)


@pytest.mark.parametrize(("x0", "y0", "w", "h"), [(13, 7, 40, 50), (0, 60, 90, 30), (89, 89, 1, 1), (50, 0, 1, 90)])
def test_windows_far_from_the_corner(x0, y0, w, h):
    want = np.array(grundy_table(N))
    assert np.array_equal(grundy_window(x0, y0, w, h), want[x0 : x0 + w, y0 : y0 + h])


def test_published_facts_on_a_larger_table():
    n = 600
    g = grundy_window(0, 0, n, n)
    assert np.array_equal(g, g.T)  # symmetric
    x, y = np.meshgrid(np.arange(n), np.arange(n), indexing="ij")
    assert (g <= x + y).all()  # G <= x + y
    assert ((g == 0) == is_cold_array(x, y)).all()  # G = 0 exactly on the cold cells
    for row in range(n):  # each row holds each value at most once...
        assert np.unique(g[row]).size == n
    # ...and, being a whole row in the limit, every small value early on.
    assert set(range(n // 4)) <= set(g[10].tolist())
    assert g[10, :9].tolist() == [10, 11, 9, 8, 13, 12, 0, 15, 16]


def test_baseline_agrees():
    assert np.array_equal(np.array(grundy_bitset_baseline(120)), grundy_window(0, 0, 120, 120))


def test_bad_windows_and_cancel():
    with pytest.raises(ValueError):
        grundy_window(-1, 0, 3, 3)
    with pytest.raises(ValueError):
        grundy_window(0, 0, 0, 3)
    with pytest.raises(GrundyTooFar):
        grundy_window(10**6, 0, 3, 3)
    with pytest.raises(InterruptedError):
        grundy_window(0, 0, 3000, 3000, progress=lambda done, total: False)


@pytest.mark.slow
def test_the_skip_over_full_words_against_the_general_sweep():
    """Past n ~ 4000 the search for a free value skips whole summary words of full words (64
    words, 4 096 values, at a time); the general sweep of any rule, a separate kernel with no
    second level, is the yardstick there, for the corner and for windows away from it."""
    from explorer.core.game.spec import ANY, MoveSpec
    from explorer.core.values.kernel import value_table

    n = 4500
    want = value_table(MoveSpec(ANY, ANY, 1), n, n).grundy
    assert np.array_equal(grundy_window(0, 0, n, n), want)
    assert np.array_equal(grundy_window(4000, 300, 500, 200), want[4000:4500, 300:500])
    assert np.array_equal(grundy_window(300, 4000, 200, 500), want[300:500, 4000:4500])
    # Windows across the diagonal, whose mirrored half is written a band of rows at a time
    # (bands end every 32 rows and at each block of ~2M cells: 444 rows here), some of its
    # cells mirrors of cells outside the window (y0 < x < x0 <= y): on this thread and a worker.
    for x0, y0, w, h in ((1000, 700, 3500, 3800), (2021, 1990, 77, 2510), (0, 0, 4500, 3), (33, 31, 1, 4469)):
        assert np.array_equal(grundy_window(x0, y0, w, h), want[x0 : x0 + w, y0 : y0 + h]), (x0, y0, w, h)
    answer = []
    worker = threading.Thread(target=lambda: answer.append(grundy_window(1000, 700, 3500, 3800)))
    worker.start()
    worker.join()
    assert np.array_equal(answer[0], want[1000:4500, 700:4500])


def _built() -> bool:
    from explorer.core import kernels

    kernels._BUILT.pop("grundy", None)  # look again: the build may be newer than this process's first look
    return kernels.built("grundy") is not None


def test_the_main_thread_runs_the_ahead_of_time_build_and_workers_the_jit():
    """The command line computes without importing numba; the window's workers run the JIT,
    which lets go of the GIL. `make test` builds the module first (in CI it must be there)."""
    import threading

    from explorer.core.grundy import jit, kernel

    if not _built():
        assert not os.environ.get("CI"), "make test builds the ahead-of-time Grundy module: the build failed"
        pytest.skip("no ahead-of-time build here (python -m explorer.core.aot_build makes one)")
    assert kernel.sweep_for_this_thread() is not jit._sweep
    seen = []
    worker = threading.Thread(target=lambda: seen.append(kernel.sweep_for_this_thread()))
    worker.start()
    worker.join()
    assert seen == [jit._sweep]
    # Both compiled loops, against each other and against the definition, corner and windows
    want = np.array(grundy_table(N))
    for x0, y0, w, h in [(0, 0, N, N), (13, 7, 40, 50), (60, 0, 30, 90)]:
        answers = []
        for where in ("main", "worker"):
            if where == "main":
                answers.append(grundy_window(x0, y0, w, h))
            else:
                worker = threading.Thread(target=lambda: answers.append(grundy_window(x0, y0, w, h)))  # noqa: B023
                worker.start()
                worker.join()
        assert np.array_equal(answers[0], want[x0 : x0 + w, y0 : y0 + h])
        assert np.array_equal(answers[1], answers[0])
    n = 4200  # past the first summary word: the skip of full words, both ways
    main = grundy_window(0, 0, n, n)
    other: list[np.ndarray] = []
    worker = threading.Thread(target=lambda: other.append(grundy_window(0, 0, n, n)))
    worker.start()
    worker.join()
    assert np.array_equal(main, other[0])


def test_a_stale_build_is_never_used(tmp_path, monkeypatch):
    """The module's name is a digest of the sources: once they change, the old build is not
    found and the JIT runs (a build from other code must not answer)."""
    from explorer.core import kernels
    from explorer.core.grundy import jit, kernel

    before = kernels.module_name("grundy")
    changed = tmp_path / "jit.py"
    first = kernels.sources("grundy")[0]
    with open(first, "rb") as source:
        changed.write_bytes(source.read() + b"\n# changed\n")
    real = kernels.sources
    monkeypatch.setattr(kernels, "sources", lambda g: (str(changed), *real(g)[1:]) if g == "grundy" else real(g))
    assert kernels.module_name("grundy") != before
    monkeypatch.setattr(kernels, "_BUILT", {})
    assert kernel.sweep_for_this_thread() is jit._sweep


def test_a_window_too_far_out_is_refused_in_one_short_line():
    """A corner 100 000 digits out is named by its first and last digits, not written out whole
    (`grundy 10^100000 3` printed a 100 000-character error line)."""
    with pytest.raises(GrundyTooFar) as refused:
        grundy_window(10**100_000, 0, 3, 3)
    message = str(refused.value)
    assert len(message) < 200 and "100001 digits" in message and "\n" not in message
