"""The notebook API (`import explorer as wx`): its docstring examples, and its pictures against
the game's definition, an independent big-number oracle and an independent PNG decoder."""

from __future__ import annotations

import doctest
import subprocess
import sys

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import explorer as wx
from explorer.core.protocol import RuleError
from explorer.core.render import palette
from soak import oracle
from tests.oracles import cold_table, values_by_definition


@pytest.mark.parametrize("module", ["explorer.api", "explorer.core.rules.base", "explorer"])
def test_docstring_examples_run(module):
    __import__(module)
    result = doctest.testmod(sys.modules[module], optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
    if module != "explorer":
        assert result.attempted >= 5


def test_the_package_exports_the_api_lazily():
    code = "import sys, explorer; print('explorer.api' in sys.modules, 'numpy' in sys.modules); explorer.view"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.split() == ["False", "False"]  # the CLI and the window start without them
    assert set(wx.__all__) <= set(dir(wx))
    with pytest.raises(AttributeError):
        wx.nothing_here  # noqa: B018


def _cells(picture, rgb):
    """The cell each pixel shows: (x, y) arrays, y upwards."""
    h, w, _ = rgb.shape
    rows, cols = np.mgrid[0:h, 0:w]
    ny = picture.levels.shape[0]
    return picture.x0 + cols // picture.scale, picture.y0 + (ny - 1 - rows // picture.scale)


def test_a_cold_picture_shows_the_cold_cells_by_definition():
    n = 40
    cold = cold_table(n)
    p = wx.view(0, 0, n, 30, size=(200, 150))
    rgb = p.rgb
    xs, ys = _cells(p, rgb)
    want = np.array([[cold[x][y] for x, y in zip(rx, ry, strict=True)] for rx, ry in zip(xs, ys, strict=True)])
    assert np.array_equal(np.all(rgb == palette.COLD, axis=2), want)
    assert np.array_equal(np.all(rgb == palette.HOT, axis=2), ~want)


@settings(max_examples=15, deadline=None)
@given(digits=st.integers(20, 300), dx=st.integers(0, 10**6), a=st.sampled_from([1, 2, 3]))
def test_a_far_picture_matches_an_independent_oracle(digits, dx, a):
    x0 = 10**digits + dx
    y0 = oracle.lower(10**digits // 3, a) - 20  # near a cold pair's lower number
    rule = wx.Wythoff() if a == 1 else wx.Fraenkel(a)
    p = wx.view(x0, y0, x0 + 48, y0 + 48, rule=rule, size=(48, 48))
    d = oracle.fraenkel(a) if a > 1 else oracle.WYTHOFF
    want = np.array([[oracle.is_cold(d, p.x0 + i, p.y0 + j) for i in range(48)] for j in range(48)])
    assert np.array_equal(p.levels > 0, want)
    assert np.array_equal(p.counts, want.astype(np.int64))


def test_zoomed_out_counts_are_exact():
    p = wx.view(0, 0, 10**6, 10**6, size=(100, 100))
    assert p.step == 10**4
    counts = p.counts
    d = oracle.WYTHOFF
    for j, i in [(0, 0), (61, 99), (99, 61), (50, 30), (10, 10)]:
        x0, y0 = i * p.step, j * p.step
        assert counts[j, i] == oracle.count_rect(d, x0, y0, x0 + p.step - 1, y0 + p.step - 1)


@pytest.mark.parametrize("mode", ["grundy", "remoteness"])
@pytest.mark.parametrize("rule", [wx.Wythoff(), wx.Nim(), wx.Fraenkel(2), wx.Misere()], ids=str)
def test_value_pictures_hold_the_values_by_definition(rule, mode):
    n = 24
    spec = rule.spec
    words = {True: "any", False: None}
    g, _, r = values_by_definition(
        n, n, words[spec.one.every], words[spec.both.every], spec.difference, not rule.last_mover_wins
    )
    p = wx.view(0, 0, n, n, rule=rule, mode=mode, size=(n, n))
    want = np.array(g if mode == "grundy" else r).T  # (y, x)
    values = p.values()
    assert np.array_equal(values.astype(np.int64), want)
    order = np.argsort(want, axis=None, kind="stable")
    assert np.all(np.diff(p.levels.ravel()[order].astype(int)) >= 0)  # brighter = larger value
    assert p.levels.min() >= 1  # all known: nothing grey


def test_a_custom_rule_greys_what_lies_beyond_its_square():
    rule = wx.Custom(one="1 2", both="none", n=16)
    p = wx.view(0, 0, 32, 32, rule=rule, size=(32, 32))
    assert np.all(p.levels[16:, :] == 0) and np.all(p.levels[:, 16:] == 0)
    cold = p.levels[:16, :16] >= 2
    assert np.array_equal(cold, np.array([[(x % 3) == (y % 3) for x in range(16)] for y in range(16)]))


def test_the_png_decodes_to_the_same_pixels_with_an_independent_decoder(tmp_path):
    from PySide6.QtGui import QImage

    p = wx.view(0, 0, 37, 23, mode="grundy", size=(111, 92))
    path = tmp_path / "view.png"
    p.save(path)
    image = QImage(str(path)).convertToFormat(QImage.Format.Format_RGB888)
    assert (image.width(), image.height()) == (p.rgb.shape[1], p.rgb.shape[0])
    stride = image.bytesPerLine()
    raw = np.frombuffer(image.constBits(), dtype=np.uint8, count=stride * image.height()).reshape(
        image.height(), stride
    )
    decoded = raw[:, : 3 * image.width()].reshape(image.height(), image.width(), 3)
    assert np.array_equal(decoded, p.rgb)
    assert p._repr_png_() == path.read_bytes()


@pytest.mark.parametrize(
    ("call", "words"),
    [
        (lambda: wx.view(5, 0, 5, 10), "x0 < x1"),
        (lambda: wx.view(-1, 0, 5, 10), "0 <= x0"),
        (lambda: wx.view(0, 0, 5, 10, mode="heat"), "mode must be"),
        (lambda: wx.view(0, 0, 5, 10, size=(0, 10)), "size must be"),
        (lambda: wx.view(0.5, 0, 5, 10), "whole number"),
        (lambda: wx.view(0, 0, 5, 10, rule="chess"), "unknown rule"),
        (lambda: wx.Custom(one="seven"), "a list such as"),
        (lambda: wx.Wythoff().count(1, 2, 3), "count takes"),
    ],
)
def test_bad_calls_say_what_is_wrong(call, words):
    with pytest.raises(RuleError, match=words):
        call()
