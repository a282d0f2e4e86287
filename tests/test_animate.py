"""`animate` (issue 30): GIFs read back with Pillow — frame count, size, and the last frame's cold
cells against brute force by the definition; perfect play against remoteness by the definition;
bad options exit 2 with one line."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image

from explorer.core.render.animation import COLD, Frame, perfect_game
from explorer.core.rules import parse_rule
from tests.oracles import Vectors, values_by_definition, vector_cold_square, winning_targets
from tests.test_cli import run


@pytest.fixture
def cli(monkeypatch, capsysbinary):  # type: ignore[no-untyped-def]
    return lambda args, stdin=b"": run(args, stdin, monkeypatch, capsysbinary)


def _cold_in_last_frame(path, view, size):  # type: ignore[no-untyped-def]
    with Image.open(path) as image:
        frames = image.n_frames
        image.seek(frames - 1)
        rgb = image.convert("RGB")
    frame = Frame(view, size)
    shown = set()
    for x, y in frame.cells():
        cx, cy = frame.centre(x, y)
        r, g, b = rgb.getpixel((int(cx), int(cy)))
        if abs(r - COLD[0]) + abs(g - COLD[1]) + abs(b - COLD[2]) < 60:
            shown.add((x, y))
    return frames, rgb.size, shown


@pytest.mark.parametrize(
    ("rule", "game"),
    [("wythoff", Vectors([(1, 0), (1, 1)])), ("maharaja", Vectors([(1, 0), (1, 1)], [(1, 2)]))],
)
def test_build_gif_places_exactly_the_cold_cells(cli, tmp_path, rule, game):
    out = tmp_path / "build.gif"
    view, size = (0, 0, 30, 20), (640, 480)
    code, _, err = cli(
        ["animate", str(out), "--rule", rule, "--view", "0", "0", "30", "20", "--steps", "40", "--size", "640x480"]
    )
    assert code == 0, err
    frames, got_size, shown = _cold_in_last_frame(out, view, size)
    cold = vector_cold_square(60, game)
    want = {(x, y) for x in range(31) for y in range(21) if cold[x][y]}
    # one frame per pair x <= y with x within the view (steps past it would repeat the picture)
    pairs = sum(1 for x in range(31) for y in range(x, 60) if cold[x][y])
    assert got_size == size and frames == min(40, pairs) < 40
    assert shown == want


def test_a_square_rules_build_decides_cell_by_cell(cli, tmp_path):
    out = tmp_path / "square.gif"
    code, _, err = cli(
        [
            "animate",
            str(out),
            "--rule",
            "vectors:rays=1,1;jumps=1,0;n=16",
            "--view",
            "0",
            "0",
            "3",
            "15",
            "--steps",
            "64",
        ]
    )
    assert code == 0, err
    frames, _, shown = _cold_in_last_frame(out, (0, 0, 3, 15), (800, 600))
    cold = vector_cold_square(16, Vectors([(1, 1)], [(1, 0)]))
    assert frames == 64 and shown == {(x, y) for x in range(4) for y in range(16) if cold[x][y]}


def test_play_gif_is_a_perfect_game(cli, tmp_path):
    out = tmp_path / "play.gif"
    code, _, err = cli(["animate", str(out), "--what", "play", "--from", "9", "14"])
    assert code == 0, err
    _, _, rem = values_by_definition(20, 20, "any", "any", 1)
    rule = parse_rule("wythoff")
    path = perfect_game(rule, (9, 14), lambda x, y: rem[x][y])
    assert len(path) - 1 == rem[9][14]  # the winner hurries, the loser delays: exactly R moves
    wins = winning_targets(20)
    for i, (a, b) in enumerate(path[:-1]):
        nxt = path[i + 1]
        if (a, b) in wins:  # a hot position: a winning move, the fastest
            assert nxt in wins[(a, b)] and rem[nxt[0]][nxt[1]] == min(rem[t[0]][t[1]] for t in wins[(a, b)])
    with Image.open(out) as image:
        assert image.n_frames == len(path)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["x.png"], "GIF"),
        (["x.gif", "--steps", "0"], "--steps"),
        (["x.gif", "--view", "0", "0", "1000", "9"], "at most"),
        (["x.gif", "--what", "play"], "--from"),
        (["x.gif", "--from", "1", "2"], "--what play"),
        (["x.gif", "--size", "5x5"], "--size"),
        (["x.gif", "--view", "9", "0", "1", "5"], "X0 <= X1"),
        (
            [
                "x.gif",
                "--rule",
                "gdwn:1,2",
                "--view",
                "0",
                "0",
                "9",
                "9",
                "--what",
                "play",
                "--from",
                "100000000000",
                "3",
            ],
            "beyond",
        ),
        (["/no/such/dir/x.gif"], "cannot write"),
    ],
)
def test_bad_options_exit_2_with_one_line(cli, tmp_path, args, message):
    if not args[0].startswith("/"):
        args = [str(tmp_path / args[0]), *args[1:]]
    code, _, err = cli(["animate", *args])
    assert code == 2 and message in err and len(err.strip().splitlines()) == 1, err


@settings(max_examples=200, deadline=None)
@given(
    st.tuples(st.integers(-60, 60), st.integers(-60, 60)),
    st.tuples(st.integers(-60, 60), st.integers(-60, 60)),
)
def test_a_segment_is_clipped_exactly_to_the_view(p, q):
    """Frame.segment: the part of the line from p's centre to q's within a cell of the view; the
    same points as the centres where both ends lie inside."""
    from fractions import Fraction

    from explorer.core.render.animation import Frame

    frame = Frame((0, 0, 20, 14), (320, 240))
    seen = frame.segment(p, q)
    inside = all(-1 <= c[0] <= 21 and -1 <= c[1] <= 15 for c in (p, q))
    if inside:
        assert seen == (frame.centre(*p), frame.centre(*q))
    if seen is None:  # the line misses the view: no point of it within a cell of the view
        for k in range(101):
            t = Fraction(k, 100)
            x, y = p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1])
            assert not (-1 <= x <= 21 and -1 <= y <= 15)
        return
    for point in seen:  # on the picture, near the view
        assert -2 * frame.cell <= point[0] <= frame.width + 2 * frame.cell
        assert -2 * frame.cell <= point[1] <= frame.height + 2 * frame.cell


def test_a_perfect_game_from_308_digits_is_drawn():
    """Issue 35: File ▸ Export animation of a perfect game from a position of 308 or more digits
    failed with "integer division result too large for a float" (300 digits worked)."""
    from explorer.core.render.animation import play_frames
    from explorer.core.rules import parse_rule

    a, b = 10**308 + 5, 10**308 + 9
    frames = play_frames(parse_rule("wythoff"), (a, b), (a - 10, b - 10, a + 10, b + 10), (320, 240))
    assert len(frames) >= 2
