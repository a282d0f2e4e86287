"""Contest-size batches: the compiled counts and cold test exact to the largest int64 (against the scalar
isqrt formula and brute force), the compiled reader and writer of numbers, and `count --batch` and
`judge` read, answered and written in chunks, with bad input still writing nothing."""

from __future__ import annotations

import io
import sys
from math import isqrt

import numpy as np
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from explorer.cli import main
from explorer.core import kernels as kernel_table
from explorer.core.textio import batch_stream, text_batch, text_layout
from tests.oracles import cold_table

INT64_MAX = 2**63 - 1
# k^2 - 5 n^2 = 1 (Pell): float sqrt(5 n^2) = sqrt(k^2 - 1) rounds up to k past 2^53, one too many.
PELL_N = (133_957_148, 2_403_763_488)


def la(m: int) -> int:
    """LA(m) = floor((m + 1) / phi), the scalar formula (docs/math.md), independent of the kernels."""
    if m < 0:
        return 0
    n = m + 1
    return (isqrt(5 * n * n) - n) // 2


def prefix(x: int, y: int) -> int:
    if x < 0 or y < 0:
        return 0
    lx, ly = la(x), la(y)
    return 1 + min(lx, y - ly) + min(x - lx, ly)


def cold(x: int, y: int) -> bool:
    x, y = min(x, y), max(x, y)
    d = y - x
    return x == (d + isqrt(5 * d * d)) // 2


@pytest.fixture(params=["jit", "aot"])
def kernels(request):
    """The kernels as numba's JIT compiles them, and as built ahead of time (where built)."""
    if request.param == "aot":
        module = kernel_table.built("batch")
        if module is None:
            pytest.skip("no ahead-of-time build here (python -m explorer.core.aot_build makes one)")
        return module
    from types import SimpleNamespace

    from explorer.core.exact import beatty_jit
    from explorer.core.textio import text_jit

    return SimpleNamespace(
        **{n: getattr(beatty_jit, n) for n in ("lower_counts", "prefix_counts", "rectangle_counts", "cold_flags")},
        **{n: getattr(text_jit, n) for n in ("parse", "format_lines", "format_words")},
    )


EDGES = [2**31, 2**32, 1_360_000_000, 2**62, INT64_MAX - 1, *PELL_N]
near_edges = st.sampled_from(EDGES).flatmap(lambda e: st.integers(max(-1, e - 3000), min(INT64_MAX, e + 3000)))
bounds = st.one_of(near_edges, st.integers(-1, INT64_MAX), st.integers(-1, 10**4))


@settings(deadline=None)  # the first call compiles the kernel
@given(st.lists(bounds, min_size=1, max_size=64))
@example([m - 1 for m in PELL_N] + [2**31 - 1, 2**32 - 1, INT64_MAX, INT64_MAX - 1, -1, 0])
@example([2**31 - 1, INT64_MAX])  # floor(n K / 2^64) is the answer at n = 2^31, one short at 2^63
def test_lower_counts_are_the_scalar_formula_to_the_largest_int64(ms):
    from explorer.core.exact import beatty_jit

    m = np.array(ms, dtype=np.int64)
    out = np.empty_like(m)
    beatty_jit.lower_counts(m, out)
    assert out.tolist() == [la(v) for v in ms]


def test_the_golden_constant_is_floor_of_two_to_64_over_phi():
    from explorer.core.exact import beatty_jit

    assert int(beatty_jit._GOLDEN) == (isqrt(5 * 2**128) - 2**64) // 2


@settings(deadline=None)  # the first call compiles the kernel
@given(st.lists(st.tuples(bounds, bounds, bounds, bounds), min_size=1, max_size=40))
@example([(0, 0, INT64_MAX, INT64_MAX), (2**62, 5, INT64_MAX, 2**63 - 2), (7, 7, 3, 9)])
def test_counts_and_rectangles_are_the_scalar_formula(rows):
    from explorer.core.exact import beatty_jit

    x0, y0, x1, y1 = (np.array(c, dtype=np.int64) for c in zip(*rows, strict=True))
    out = np.empty_like(x0)
    beatty_jit.prefix_counts(x1, y1, out)
    assert out.tolist() == [prefix(a, b) for a, b in zip(x1.tolist(), y1.tolist(), strict=True)]
    beatty_jit.rectangle_counts(x0, y0, x1, y1, out)
    want = [
        0
        if c < max(a, 0) or d < max(b, 0)
        else prefix(c, d) - prefix(max(a, 0) - 1, d) - prefix(c, max(b, 0) - 1) + prefix(max(a, 0) - 1, max(b, 0) - 1)
        for a, b, c, d in rows
    ]
    assert out.tolist() == want


def test_every_kernel_against_brute_force_on_a_small_square(kernels):
    n = 80
    table = cold_table(n)
    xs, ys = (a.ravel().astype(np.int64) for a in np.meshgrid(np.arange(n), np.arange(n), indexing="ij"))
    flags = np.empty(xs.size, dtype=np.uint8)
    kernels.cold_flags(xs, ys, flags)
    assert flags.astype(bool).tolist() == [table[x][y] for x, y in zip(xs.tolist(), ys.tolist(), strict=True)]
    counts = np.empty_like(xs)
    kernels.prefix_counts(xs, ys, counts)
    running = np.cumsum(np.cumsum(np.array(table, dtype=np.int64), axis=0), axis=1)
    assert counts.tolist() == running[xs, ys].tolist()
    x1, y1 = np.minimum(xs + 7, n - 1), np.minimum(ys + 3, n - 1)
    kernels.rectangle_counts(xs, ys, x1, y1, counts)
    box = np.array(table, dtype=np.int64)
    assert counts.tolist() == [int(box[a : c + 1, b : d + 1].sum()) for a, b, c, d in zip(xs, ys, x1, y1, strict=True)]


@settings(deadline=None)  # the first call compiles the kernel
@given(st.lists(st.tuples(st.integers(0, INT64_MAX), st.integers(0, INT64_MAX)), max_size=40), st.data())
def test_the_cold_test_to_the_largest_int64(pairs, data):
    from explorer.core.exact import beatty_jit

    # cold cells far out too: (floor(d phi), floor(d phi) + d) for d up to the int64 range
    d = data.draw(st.integers(1, 3 * 10**18))
    a = (d + isqrt(5 * d * d)) // 2
    pairs = [*pairs, (a, a + d), (a + d, a), (a, a + d + 1), (a - 1, a + d - 1)]
    xs, ys = (np.array(c, dtype=np.int64) for c in zip(*pairs, strict=True))
    flags = np.empty(xs.size, dtype=np.uint8)
    beatty_jit.cold_flags(xs, ys, flags)
    assert flags.astype(bool).tolist() == [cold(x, y) for x, y in pairs]


# ----- reading and writing numbers ------------------------------------------------------------------------
def parse_all(kernels, text: bytes, final: bool = True):
    buf = np.frombuffer(text, dtype=np.uint8).copy()
    out = np.empty(buf.size // 2 + 1, dtype=np.int64)
    info = np.zeros(3, dtype=np.int64)
    n = kernels.parse(buf, final, out, info)
    return out[:n].tolist(), info.tolist()


def test_the_reader_reads_numbers_and_stops_where_it_must(kernels):
    text = b" 12\t0007\r\n9223372036854775807\x0b\x0c5 "
    assert parse_all(kernels, text) == ([12, 7, INT64_MAX, 5], [len(text), 0, 0])
    assert parse_all(kernels, b"1 9223372036854775808 3")[1][1:] == [2, 2]  # 2^63: too big, at offset 2
    assert parse_all(kernels, b"1 " + b"0" * 40 + b"42")[0] == [1, 42]  # leading zeros are not digits that count
    assert parse_all(kernels, b"1 123456789012345678901")[1][1] == 2
    assert parse_all(kernels, b"4 5 -6")[1] == [4, 1, 4]  # a minus sign: a byte to name, after 4 and 5
    assert parse_all(kernels, b"4 5x 6")[1] == [2, 1, 3]
    assert parse_all(kernels, b"4 56", final=False) == ([4], [2, 0, 0])  # 56 may go on in the next chunk
    assert parse_all(kernels, b"") == ([], [0, 0, 0])


@settings(deadline=None)  # the first call compiles the kernel
@given(st.lists(st.integers(0, INT64_MAX), max_size=50))
def test_the_writer_writes_what_the_reader_reads(values):
    from explorer.core.textio import text_jit

    v = np.array(values, dtype=np.int64)
    out = np.empty(v.size * 20, dtype=np.uint8)
    text = out[: text_jit.format_lines(v, out)].tobytes()
    assert text == b"".join(b"%d\n" % x for x in values)
    words = np.empty(v.size * 7, dtype=np.uint8)
    yes, no = np.frombuffer(b"Second", dtype=np.uint8).copy(), np.frombuffer(b"First", dtype=np.uint8).copy()
    flags = (v % 2).astype(np.uint8)
    said = words[: text_jit.format_words(flags, yes, no, words)].tobytes()
    assert said == b"".join(b"Second\n" if x % 2 else b"First\n" for x in values)


# ----- streaming: chunks, pipes, and bad input ------------------------------------------------------------
def run(args, stdin=b"", monkeypatch=None, capsysbinary=None):
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(stdin)))
    code = main(args)
    out, err = capsysbinary.readouterr()
    return code, out, err.decode()


@pytest.fixture
def cli(monkeypatch, capsysbinary):
    return lambda args, stdin=b"": run(args, stdin, monkeypatch, capsysbinary)


def text_kernel(how: str):
    """Wythoff's text kernel as numba's JIT compiles it, or as built ahead of time without numpy."""
    if how == "text, JIT":
        from explorer.core.textio import answer_jit

        return answer_jit.answer_text
    module = kernel_table.built("text")
    if module is None:
        pytest.skip("no ahead-of-time build here (python -m explorer.core.aot_build makes one)")
    return module.answer_text


@pytest.fixture(params=["arrays", "text, JIT", "text, built"])
def small_chunks(request, monkeypatch):
    """Chunks of 64 bytes and 100 bytes of answers in memory: every seam of a number, a record and a
    spill to a temporary file is met by a small batch. Each batch is read by each reader: the arrays
    (any rule), and Wythoff's text kernel, compiled by the JIT and ahead of time."""
    monkeypatch.setattr(batch_stream, "CHUNK", 64)
    monkeypatch.setattr(batch_stream, "KEPT_IN_MEMORY", 100)
    monkeypatch.setattr(text_batch, "CHUNK", 64)
    kernel = None if request.param == "arrays" else text_kernel(request.param)
    monkeypatch.setattr(text_batch, "compiled", lambda: kernel)


KINDS = {"counts": (2, prefix), "rectangles": (4, None), "verdicts": (2, None)}
numbers = st.one_of(near_edges, st.integers(0, INT64_MAX), st.integers(0, 99)).filter(lambda v: v >= 0)
separators = st.sampled_from([" ", "\n", "  ", "\t", "\r\n", " \n "])


@settings(deadline=None, max_examples=60)
@given(
    kind=st.sampled_from([text_layout.COUNTS, text_layout.RECTANGLES, text_layout.VERDICTS]),
    values=st.lists(numbers, min_size=0, max_size=48),
    chunk=st.integers(1, 90),
    seps=st.data(),
)
@example(kind=text_layout.COUNTS, values=[INT64_MAX, 2**62, 0, 7], chunk=19, seps=None)  # 19 digits cut at 19
def test_the_text_kernel_answers_as_the_formula_in_chunks_of_any_size(kind, values, chunk, seps):
    """Wythoff's text kernel (JIT) against the scalar formulas, for every way a chunk can cut the input:
    a number, a record, line 1's count."""
    from explorer.core.textio import answer_jit

    width = text_layout.width_of(kind)
    values = values[: len(values) - len(values) % width]
    gaps = [" "] * (len(values) + 1) if seps is None else [seps.draw(separators) for _ in range(len(values) + 1)]
    text = str(len(values) // width) + "".join(g + str(v) for g, v in zip(gaps, values, strict=False)) + gaps[-1]
    records = [values[i : i + width] for i in range(0, len(values), width)]
    if kind == text_layout.COUNTS:
        want = "".join(f"{prefix(x, y)}\n" for x, y in records)
    elif kind == text_layout.RECTANGLES:
        want = "".join(
            f"{0 if c < a or d < b else prefix(c, d) - prefix(a - 1, d) - prefix(c, b - 1) + prefix(a - 1, b - 1)}\n"
            for a, b, c, d in records
        )
    else:
        want = "".join("C\n" if cold(x, y) else "H\n" for x, y in records)
    old = text_batch.CHUNK
    text_batch.CHUNK = chunk
    try:
        got = text_batch.stream_text(answer_jit.answer_text, io.BytesIO(text.encode()), kind, True, (b"H", b"C"))
    finally:
        text_batch.CHUNK = old
    assert isinstance(got, batch_stream.Answers), text
    out = io.BytesIO()
    got.write_to(out)
    assert out.getvalue().decode() == want


def test_the_built_text_kernel_runs_with_no_numba_loaded(tmp_path):
    """`count --batch [--rect]` and `judge` of Wythoff's game in a new process: the answers are the
    formula's and numba was never imported. (numpy is: the module built ahead of time loads it, since
    issue 63 removed the patch of numba's private build code that kept it out, about 0.08 s.)"""
    import subprocess

    text_kernel("text, built")
    pairs = [(0, 0), (5, 7), (INT64_MAX, INT64_MAX - 1), (10**18, 618033988749894848), (3, 5)]
    rects = [(1, 2, 10**18, 10**17), (5, 5, 4, 9)]
    (tmp_path / "pairs.txt").write_text(f"{len(pairs)}\n" + "".join(f"{x} {y}\n" for x, y in pairs))
    (tmp_path / "rects.txt").write_text(f"{len(rects)}\n" + "".join(" ".join(map(str, r)) + "\n" for r in rects))
    probe = (
        "import sys\nfrom explorer.cli import main\n"
        "codes = [main(a.split()) for a in sys.argv[1:]]\n"
        "sys.stderr.write(repr((codes, 'numpy' in sys.modules, 'numba' in sys.modules)))"
    )
    runs = [f"count --batch {tmp_path / 'pairs.txt'}", f"count --batch --rect {tmp_path / 'rects.txt'}"]
    runs += [f"judge {tmp_path / 'pairs.txt'}"]
    done = subprocess.run([sys.executable, "-c", probe, *runs], capture_output=True, check=True, text=True)
    assert done.stderr == repr(([0, 0, 0], True, False))
    want = [prefix(x, y) for x, y in pairs]
    want += [prefix(c, d) - prefix(a - 1, d) - prefix(c, b - 1) + prefix(a - 1, b - 1) for a, b, c, d in rects[:1]]
    want += [0]
    want += ["Second" if cold(x, y) else "First" for x, y in pairs]
    assert done.stdout.split() == [str(w) for w in want]


def test_misere_wythoff_is_not_answered_by_wythoffs_text_kernel(cli):
    """Misère Wythoff differs from Wythoff in a few cells: its batches take the arrays."""
    from explorer.core.protocol import answers_text
    from explorer.core.rules import parse_rule

    assert answers_text(parse_rule("wythoff")) and not answers_text(parse_rule("misere"))
    code, out, _ = cli(["judge", "--rule", "misere"], b"3\n0 0\n0 1\n1 2\n")
    assert (code, out.split()) == (0, [b"First", b"Second", b"First"])


@pytest.mark.parametrize("where", ["file", "pipe"])
def test_a_batch_in_small_chunks_answers_as_the_formula_does(cli, small_chunks, tmp_path, where):
    rng = np.random.default_rng(51)
    xs = [int(v) for v in rng.integers(0, INT64_MAX, 300, dtype=np.int64)] + [0, 1, 2, INT64_MAX]
    ys = [int(v) for v in rng.integers(0, 10**18, 300)] + [INT64_MAX, 0, 5, INT64_MAX]
    text = f"{len(xs)}\n" + "".join(f"{x} {y}\n" for x, y in zip(xs, ys, strict=True))
    args = ["count", "--batch"]
    if where == "file":
        (tmp_path / "q.txt").write_text(text)
        args.append(str(tmp_path / "q.txt"))
    code, out, err = cli(args, text.encode() if where == "pipe" else b"")
    assert (code, err) == (0, "")
    assert out == b"".join(b"%d\n" % prefix(x, y) for x, y in zip(xs, ys, strict=True))
    judged = "".join(f"{x} {y}\n" for x, y in zip(xs, ys, strict=True))
    code, out, err = cli(["judge"], f"{len(xs)}\n{judged}".encode())
    assert out.decode().split() == ["Second" if cold(x, y) else "First" for x, y in zip(xs, ys, strict=True)]
    code, out, err = cli(["judge", "--pairs"], judged.encode())
    assert out.decode().split() == ["0" if cold(x, y) else "1" for x, y in zip(xs, ys, strict=True)]


def test_rectangles_in_small_chunks(cli, small_chunks):
    rng = np.random.default_rng(52)
    low = rng.integers(0, 10**18, (120, 2))
    rows = [*np.hstack([low, low + rng.integers(0, 10**17, (120, 2))]).tolist(), [5, 5, 4, 9], [0, 0, 0, 0]]
    text = f"{len(rows)}\n" + "".join(" ".join(map(str, r)) + "\n" for r in rows)
    code, out, err = cli(["count", "--batch", "--rect"], text.encode())
    want = [
        0 if c < a or d < b else prefix(c, d) - prefix(a - 1, d) - prefix(c, b - 1) + prefix(a - 1, b - 1)
        for a, b, c, d in rows
    ]
    assert (code, err) == (0, "") and out.decode().split() == [str(w) for w in want]


def test_numbers_past_int64_are_read_whole_and_answered_exactly(cli, small_chunks):
    xs = [10**19, 2**63, 2**64 + 7, 5, 10**40]
    ys = [3, 2**63 + 1, 10**19, 10**30, 10**40 + 1]
    text = f"{len(xs)}\n" + "".join(f"{x} {y}\n" for x, y in zip(xs, ys, strict=True))
    code, out, err = cli(["count", "--batch"], text.encode())
    assert (code, err) == (0, "")
    assert out.decode().split() == [str(prefix(x, y)) for x, y in zip(xs, ys, strict=True)]
    code, out, err = cli(["judge"], text.encode())
    assert out.decode().split() == ["Second" if cold(x, y) else "First" for x, y in zip(xs, ys, strict=True)]


BIG = b"".join(b"%d %d\n" % (i, 3 * i) for i in range(200))  # answers spill to a file before the fault


@pytest.mark.parametrize(
    ("text", "says"),
    [
        (b"203\n" + BIG + b"1 2\n", "line 1 announces 203 queries but the input holds only 201"),
        (b"200\n" + BIG + b"1 2\n", "line 202: more values than the 200 queries announced on line 1"),
        (b"201\n" + BIG + b"3 x4\n", "line 202"),
        (b"201\n" + BIG + b"3 -4\n", "line 202"),
        (b"", "the input is empty"),
    ],
)
def test_bad_input_in_a_chunked_batch_writes_nothing_and_says_where(cli, small_chunks, tmp_path, text, says):
    for args, stdin in ((["count", "--batch"], text), (["count", "--batch", str(tmp_path / "q.txt")], b"")):
        (tmp_path / "q.txt").write_bytes(text)
        code, out, err = cli(args, stdin)
        assert code == 2 and out == b""
        assert says in err and err.count("\n") == 1, err


def test_a_missing_file_is_one_line(cli, tmp_path):
    code, out, err = cli(["count", "--batch", str(tmp_path / "none.txt")])
    assert code == 2 and out == b"" and "cannot read" in err and err.count("\n") == 1


def test_a_real_pipe_and_a_redirected_file_answer_alike(tmp_path):
    """The process as a contest's judge runs it: stdin a pipe, and stdin a file (read in place)."""
    import subprocess

    rng = np.random.default_rng(53)
    pairs = rng.integers(0, 10**18, (5000, 2)).tolist()
    text = (f"{len(pairs)}\n" + "".join(f"{x} {y}\n" for x, y in pairs)).encode()
    path = tmp_path / "q.txt"
    path.write_bytes(text)
    want = "".join(f"{prefix(x, y)}\n" for x, y in pairs).encode()
    cmd = [sys.executable, "-m", "explorer", "count", "--batch"]
    piped = subprocess.run(cmd, input=text, capture_output=True, check=True)
    with open(path, "rb") as stdin:
        redirected = subprocess.run(cmd, stdin=stdin, capture_output=True, check=True)
    assert piped.stdout == want and redirected.stdout == want and piped.stderr == redirected.stderr == b""
