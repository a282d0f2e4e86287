"""The CLI contract: output format, answers against independent oracles, clean refusals."""

from __future__ import annotations

import io
import json
import subprocess
import sys

import pytest

from explorer.cli import main
from tests.oracles import cold_table, fib, winning_targets


def run(args, stdin=b"", monkeypatch=None, capsysbinary=None):
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(stdin)))
    code = main(args)
    out, err = capsysbinary.readouterr()
    return code, out.decode(), err.decode()


@pytest.fixture
def cli(monkeypatch, capsysbinary):
    return lambda args, stdin=b"": run(args, stdin, monkeypatch, capsysbinary)


def test_judge_against_definition(cli):
    n = 60
    cold = cold_table(n)
    positions = [(x, y) for x in range(n) for y in range(n)]
    text = f"{len(positions)}\n" + "".join(f"{x} {y}\n" for x, y in positions)
    code, out, err = cli(["judge"], text.encode())
    assert code == 0 and err == ""
    assert out.splitlines() == ["Second" if cold[x][y] else "First" for x, y in positions]


def test_judge_pairs_mode_and_file(cli, tmp_path):
    f = tmp_path / "in.txt"
    f.write_text("0 0\n1 2\n2 2\n")
    code, out, _ = cli(["judge", "--pairs", str(f)])
    assert code == 0 and out == "0\n0\n1\n"


def test_judge_huge_numbers(cli):
    n = 20000
    k, a = fib(n), fib(n + 1) - 1  # (a_k, b_k) for k = F_n, n even
    code, out, _ = cli(["judge"], f"2\n{a} {a + k}\n{a + k} {a + k + 1}\n".encode())
    assert code == 0 and out == "Second\nFirst\n"


@pytest.mark.parametrize(
    ("args", "stdin", "where"),
    [
        (["judge"], b"", "empty"),
        (["judge"], b"3\n1 2\n3 5\n", "only 2"),
        (["judge"], b"1\n1 2\n3 5\n", "line 3"),
        (["judge"], b"2\n1 2\n3 oops\n", "line 3"),
        (["judge"], b"1\n-1 2\n", "negative"),
        (["judge", "--pairs"], b"1 2\n3\n", "line 2"),
        (["judge", "/no/such/file"], b"", "cannot read"),
        (["moves", "1"], b"", "required"),
        (["moves", "x", "2"], b"", "not a whole number"),
        (["count", "1.5", "2"], b"", "not a whole number"),
        (["count", "--batch"], b"2\n1 2\n", "only 1"),
        (["pairs", "-3"], b"", "negative"),
        (["frobnicate"], b"", "invalid choice"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(cli, args, stdin, where):
    code, out, err = cli(args, stdin)
    assert code == 2
    assert out == ""
    assert err.count("\n") == 1 and err.startswith("wythoff-explorer: error:")
    assert where in err


HUGE = "9" * 100_001  # a number of 100 001 digits, or a word as long


@pytest.mark.parametrize(
    ("args", "stdin"),
    [
        (["judge"], f"{HUGE}\n3 5\n"),
        (["count", "--batch"], f"{HUGE}\n3 5\n"),
        (["count", "--batch", "--rect"], f"{HUGE}\n0 0 3 5\n"),
        (["judge"], f"1\n{HUGE}x 5\n"),
        (["zeckendorf", HUGE + "x"], ""),
        (["moves", "3", "5", "--rule", f"wythoff:{HUGE}"], ""),
        (["moves", "3", "5", "--rule", f"custom:one={HUGE}x;both=none;n=16"], ""),
        (["moves", "3", "5", "--rule", f"custom:one=powers of {HUGE};both=none;n=16"], ""),
        (["moves", "3", "5", "--rule", f"custom:one=2;both=none;n={HUGE}"], ""),
        (["moves", "3", "5", "--rule", f"custom:{HUGE}=2"], ""),
        (["moves", "3", "5", "--rule", f"{HUGE}:2"], ""),
        (["moves", HUGE, "5", "--rule", "custom:one=2 3;both=none;n=16"], ""),
    ],
)
def test_a_refusal_quotes_huge_input_briefly(cli, args, stdin):
    """A refusal is one readable line: the input it quotes, a number or a word of 100 001
    characters, is shortened (a 100 000-character line is no message)."""
    code, out, err = cli(args, stdin.encode())
    assert code == 2 and out == "" and err.count("\n") == 1
    assert len(err) < 300, err[:300]
    assert "…" in err or "..." in err  # it shows the input, elided


def test_moves_against_brute_force(cli):
    targets = winning_targets(40)
    for x, y in [(5, 7), (3, 5), (10, 10), (0, 9), (21, 34)]:
        code, out, _ = cli(["moves", str(x), str(y)])
        assert code == 0
        want = sorted(targets.get((x, y), set())) if not cold_table(40)[x][y] else []
        assert out.splitlines() == [f"{a} {b}" for a, b in want]


def test_moves_json(cli):
    code, out, _ = cli(["moves", "5", "7", "--json"])
    assert code == 0
    doc = json.loads(out)
    assert doc["position"] == [5, 7] and doc["status"] == "N"
    assert doc["moves"] == [[3, 5], [4, 7], [5, 3]]
    _code, out, _ = cli(["moves", "3", "5", "--json"])
    assert json.loads(out)["status"] == "P" and json.loads(out)["moves"] == []


def test_moves_with_hundred_thousand_digit_arguments(cli):
    n = 478_500
    k, a = fib(n), fib(n + 1) - 1
    code, out, _ = cli(["moves", str(a), str(a + k + 5)])
    assert code == 0
    assert f"{a} {a + k}" in out.splitlines()


def test_count_and_batch(cli):
    cold = cold_table(80)
    code, out, _ = cli(["count", "30", "50"])
    assert code == 0
    assert int(out) == sum(cold[x][y] for x in range(31) for y in range(51))
    _code, out, _ = cli(["count", "--batch"], b"3\n0 0\n30 50\n79 79\n")
    want = [sum(cold[x][y] for x in range(X + 1) for y in range(Y + 1)) for X, Y in [(0, 0), (30, 50), (79, 79)]]
    assert [int(v) for v in out.split()] == want


def test_pairs_against_mex(cli):
    _code, out, _ = cli(["pairs", "30", "--start", "5"])
    seen, pairs = set(), []
    for k in range(35):
        a = 0
        while a in seen:
            a += 1
        seen.update((a, a + k))
        pairs.append(f"{k} {a} {a + k}")
    assert out.splitlines() == pairs[5:]


def test_entry_point_runs_without_qt_and_without_traceback():
    probe = (
        "import sys, explorer.cli;"
        "assert not [m for m in sys.modules if m.startswith(('PySide6', 'pyqtgraph', 'shiboken'))]"
    )
    subprocess.run([sys.executable, "-c", probe], check=True)
    proc = subprocess.run(
        [sys.executable, "-m", "explorer", "moves", "5", "x"], capture_output=True, text=True, check=False
    )
    assert proc.returncode == 2 and "Traceback" not in proc.stderr and proc.stderr.count("\n") == 1


def test_count_json_single_and_rectangle(cli):
    cold = cold_table(80)
    code, out, _ = cli(["count", "30", "50", "--json"])
    doc = json.loads(out)
    want = sum(cold[x][y] for x in range(31) for y in range(51))
    assert code == 0 and doc["count"] == want and doc["cells"] == 31 * 51 and doc["method"] == "fenwick"
    assert doc["x"] == 30 and doc["y"] == 50 and abs(doc["density"] - want / (31 * 51)) < 1e-12
    code, out, _ = cli(["count", "5", "6", "40", "70", "--json"])
    doc = json.loads(out)
    assert doc["count"] == sum(cold[x][y] for x in range(5, 41) for y in range(6, 71))
    code, out, _ = cli(["count", str(10**30), str(10**30), "--json"])
    assert json.loads(out)["method"] == "closed-form"


def test_count_batch_rect_both_methods(cli):
    cold = cold_table(80)
    queries = [(0, 0, 5, 5), (3, 3, 10, 10), (10, 0, 5, 20), (7, 7, 70, 79)]
    text = f"{len(queries)}\n" + "".join(" ".join(map(str, q)) + "\n" for q in queries)
    want = [
        sum(cold[x][y] for x in range(a, c + 1) for y in range(b, d + 1)) if c >= a and d >= b else 0
        for a, b, c, d in queries
    ]
    for extra in ([], ["--method", "fenwick"], ["--method", "closed-form"]):
        code, out, _ = cli(["count", "--batch", "--rect", *extra], text.encode())
        assert code == 0 and [int(v) for v in out.split()] == want


def test_count_batch_from_file_with_method(cli, tmp_path):
    f = tmp_path / "q.txt"
    f.write_text("2\n0 0\n30 50\n")
    code, out, _ = cli(["count", "--batch", str(f), "--method", "fenwick"])
    assert code == 0 and out.split()[0] == "1"
    code, _, err = cli(["count", "--batch", "--rect"], b"1\n1 2 3\n")
    assert code == 2 and "line 1 announces 1 queries" in err


def test_grundy_command_against_definition(cli):
    from tests.oracles import grundy_table

    table = grundy_table(40)
    code, out, _ = cli(["grundy", "5", "7", "--origin", "10", "3"])
    assert code == 0
    assert out.splitlines() == [" ".join(str(table[10 + i][3 + j]) for j in range(7)) for i in range(5)]
    code, out, _ = cli(["grundy", "1", "9", "--origin", "10", "0"])
    assert out == "10 11 9 8 13 12 0 15 16\n"
    for bad in (["grundy", "0", "3"], ["grundy", "2", "x"], ["grundy", "2", "2", "--origin", "1"]):
        code, out, err = cli(bad)
        assert code == 2 and out == "" and err.count("\n") == 1


@pytest.mark.parametrize("rule", ["nim", "misere", "wythoff:2", "wythoff:7"])
def test_rules_on_the_command_line(cli, rule):
    from tests.core.test_rules import RULES
    from tests.oracles import variant_cold, variant_moves

    one, both, diff, misere = RULES[rule]
    cold = variant_cold(30, one, both, diff, misere)
    positions = [(x, y) for x in range(30) for y in range(30)]
    text = f"{len(positions)}\n" + "".join(f"{x} {y}\n" for x, y in positions)
    code, out, _ = cli(["judge", "--rule", rule], text.encode())
    assert code == 0 and out.splitlines() == ["Second" if cold[p] else "First" for p in positions]
    code, out, _ = cli(["moves", "9", "13", "--rule", rule])
    want = sorted(t for t in variant_moves(9, 13, one, both, diff) if cold[t])
    assert out.splitlines() == [f"{a} {b}" for a, b in want]
    code, out, _ = cli(["count", "20", "25", "--rule", rule, "--json"])
    doc = json.loads(out)
    assert doc["count"] == sum(cold[(x, y)] for x in range(21) for y in range(26)) and doc["rule"] == rule
    code, out, _ = cli(["pairs", "4", "--rule", rule])
    assert code == 0 and all(cold[(int(a), int(b))] for _, a, b in (line.split() for line in out.splitlines()))


def test_rule_errors(cli):
    code, _, err = cli(["moves", "1", "2", "--rule", "chess"])
    assert code == 2 and "valid rules are wythoff, nim, misere, wythoff:A, maharaja[:I,J], gdwn:P,Q, vectors:" in err
    assert "custom:one=" in err and len(err.strip().splitlines()) == 1
    code, out, _ = cli(["grundy", "2", "3", "--rule", "nim", "--origin", "5", "6"])
    assert out.splitlines() == [" ".join(str((5 + i) ^ (6 + j)) for j in range(3)) for i in range(2)]


def test_misere_corner_is_hot_everywhere(cli):
    """Issue 9: `moves 0 0 --rule misere --json` said P while judge said First."""
    code, out, _ = cli(["moves", "0", "0", "--rule", "misere", "--json"])
    doc = json.loads(out)
    assert code == 0 and doc["status"] == "N" and doc["terminal"] is True and doc["moves"] == []
    code, out, _ = cli(["judge", "--rule", "misere"], b"1\n0 0\n")
    assert out.strip() == "First"


def test_custom_rules_on_the_command_line(cli):
    from tests.oracles import variant_cold

    cold = variant_cold(30, {2, 3}, None, 1)
    rule = "custom:one=2 3;both=none;n=30"
    code, out, _ = cli(["count", "0", "0", "29", "29", "--rule", rule])
    assert code == 0 and int(out) == sum(cold.values())
    code, _, err = cli(["moves", "40", "3", "--rule", rule])
    assert code == 2 and "[0, 30)" in err and err.count("\n") == 1
    code, _, err = cli(["count", "5", "5", "--rule", rule, "--method", "fenwick"])
    assert code == 2 and "Fenwick" in err


@pytest.mark.parametrize(
    ("rule", "one", "both", "diff", "misere"),
    [
        ("wythoff", "any", "any", 1, False),
        ("nim", "any", None, 1, False),
        ("misere", "any", "any", 1, True),
        ("wythoff:3", "any", "any", 3, False),
        ("custom:one=2 3;both=any;a=2;n=40", {2, 3}, "any", 2, False),
        ("custom:one=any;both=1 2;n=40;misere", "any", {1, 2}, 1, True),
    ],
)
def test_grundy_and_remoteness_for_every_rule(cli, rule, one, both, diff, misere):
    from tests.oracles import values_by_definition

    g, _, r = values_by_definition(30, 30, one, both, diff, misere)
    code, out, err = cli(["grundy", "6", "8", "--origin", "12", "9", "--rule", rule])
    assert code == 0 and out.splitlines() == [" ".join(str(g[12 + i][9 + j]) for j in range(8)) for i in range(6)]
    # under misère the numbers are still G of the moves (normal play): said plainly, on stderr
    assert ("normal play" in err) == misere and err.count("\n") == int(misere)
    code, out, err = cli(["remoteness", "7", "5", "--origin", "3", "20", "--rule", rule])
    assert code == 0 and err == ""
    assert out.splitlines() == [" ".join(str(r[3 + i][20 + j]) for j in range(5)) for i in range(7)]


def test_remoteness_refusals(cli):
    for bad in (
        ["remoteness", "0", "3"],
        ["remoteness", "2", "x"],
        ["remoteness", "2", "2", "--origin", "1"],
        ["remoteness", "3", "3", "--rule", "custom:n=30", "--origin", "29", "0"],  # beyond the square
        ["remoteness", "30000", "30000", "--origin", "20000", "20000"],  # beyond the budget
    ):
        code, out, err = cli(bad)
        assert code == 2 and out == "" and err.count("\n") == 1, bad


def test_grundy_row_against_the_table_and_far_out(cli):
    import numpy as np

    from explorer.core.grundy.kernel import grundy_window

    table = grundy_window(0, 0, 11, 4000)
    code, out, err = cli(["grundy-row", "10", "--at", "3000"])
    assert code == 0 and err == ""
    lines = dict(line.split(" ", 1) for line in out.splitlines() if not line.startswith("G("))
    pre, period = int(lines["preperiod"]), int(lines["period"])
    assert lines["certified"] == "yes"
    assert f"G(10, 3000) = {table[10, 3000]}" in out
    row = table[10].astype(np.int64)
    ys = np.arange(pre, 4000 - period)
    assert (row[ys + period] == row[ys] + period).all()  # periodic from the preperiod on...
    assert pre == 0 or row[pre - 1 + period] != row[pre - 1] + period  # ...and not from one earlier
    # far out: G(10, y) for a 100-digit y follows from the period, exact
    y = 10**100 + 12345
    code, out, _ = cli(["grundy-row", "10", "--at", str(y)])
    r = pre + (y - pre) % period
    assert f"G(10, {y}) = {int(row[r]) + (y - r)}" in out
    code, _, err = cli(["grundy-row", "500"])
    assert code == 2 and err.count("\n") == 1
    code, _, err = cli(["grundy-row", "3", "--rule", "nim"])
    assert code == 2 and "Wythoff" in err


@pytest.mark.parametrize(
    "argv",
    [
        ["moves", "5", "7", "--rule", "nim"],
        ["count", "--batch", "f.txt", "--method", "closed-form", "--rule", "wythoff:3"],
        ["count", "3", "4", "--json"],
        ["judge", "--pairs"],
        ["pairs", "10", "--start", "4"],
        ["number", "1000"],
        ["zeckendorf", "12"],
        ["grundy", "3", "4", "--origin", "5", "6"],
        ["remoteness", "3", "4"],
        ["grundy-row", "7", "--at", "99"],
        ["array", "2", "3", "--start", "4", "5"],
        ["screenshot", "out.png", "--view", "0", "0", "9", "9", "--panel", "rows", "--mode", "grundy"],
        ["open", "s.json", "--rule", "nim"],
    ],
)
def test_a_parser_of_one_command_reads_it_as_the_whole_parser_does(argv):
    """`main` builds only the command it is given (argparse's parser per command cost ~3 ms of
    every start); what it reads must not change."""
    from explorer.cli import COMMANDS, build_parser

    assert argv[0] in {name for name, _, _ in COMMANDS}
    whole = build_parser(full_help=False).parse_args(argv)
    alone = build_parser(full_help=False, only=argv[0]).parse_args(argv)
    assert vars(alone) == vars(whole) and alone.func is whole.func


@pytest.mark.parametrize("columns", [None, "57", "0", "wide"])
def test_help_is_as_wide_as_shutil_would_make_it(monkeypatch, columns):
    """The parser works out the terminal's width itself (shutil costs 3 ms of each start)."""
    import shutil

    from explorer.cli.common import _terminal_columns

    if columns is None:
        monkeypatch.delenv("COLUMNS", raising=False)
    else:
        monkeypatch.setenv("COLUMNS", columns)
    assert _terminal_columns() == shutil.get_terminal_size().columns


def test_the_windows_options_before_a_command_are_refused(cli):
    """Issue 35: `--rule maharaja pairs 3` printed Wythoff's pairs without a word."""
    for args in (["--rule", "maharaja", "pairs", "3"], ["--mode", "grundy", "moves", "5", "7"]):
        code, out, err = cli(args)
        assert code == 2 and out == "" and len(err.splitlines()) == 1
        assert "after the command" in err
    code, out, _ = cli(["pairs", "4", "--rule", "maharaja"])  # after the command, it is the command's
    wythoff = [(0, 0), (1, 2), (3, 5), (4, 7)]
    pairs = [tuple(map(int, line.split()[1:])) for line in out.splitlines()]
    assert code == 0 and len(pairs) == 4 and pairs != wythoff  # Maharaja's own: (1, 2) is hot there


def test_json_moves_say_what_each_pile_loses(cli):
    """Issue 35: Maharaja's knight move (5, 7) -> (4, 5) was described as 'from_both, taken 2'."""
    code, out, _ = cli(["moves", "5", "7", "--rule", "maharaja", "--json"])
    doc = json.loads(out)
    assert code == 0
    for d in doc["details"]:
        a, b = d["to"]
        assert (d["taken_a"], d["taken_b"]) == (5 - a, 7 - b)
        if d["taken_a"] and d["taken_b"] and d["taken_a"] != d["taken_b"]:
            assert "taken" not in d  # one number cannot say it
        else:
            assert d["taken"] == max(5 - a, 7 - b)
    assert [4, 5] in [d["to"] for d in doc["details"]]


@pytest.mark.parametrize("ray", ["1,1", "0,1", "1,0"])
def test_a_gdwn_ray_wythoff_already_has_is_refused(cli, ray):
    code, out, err = cli(["moves", "5", "7", "--rule", f"gdwn:{ray}"])
    assert code == 2 and out == "" and "adds nothing to Wythoff" in err and len(err.splitlines()) == 1


def test_screenshot_and_open_take_the_windows_options_after_the_command(tmp_path):
    """The refusal above is for options before a command: `screenshot OUT --mode grundy --rule R`
    (make screenshots) still works."""
    out = tmp_path / "g.png"
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "explorer",
            "screenshot",
            str(out),
            *("--mode", "grundy", "--rule", "nim"),
            "--size",
            "400x300",
        ],
        capture_output=True,
        text=True,
        timeout=300,
        env={**__import__("os").environ, "QT_QPA_PLATFORM": "offscreen"},
    )
    assert proc.returncode == 0, proc.stderr
    assert out.stat().st_size > 1000


def test_a_command_leaves_the_collector_as_it_found_it(tmp_path, capsys):
    """main holds the cyclic collector while a command loads (and through a bulk command); a
    script or a test that calls main gets it back as it was, after an answer or a refusal."""
    import gc

    from explorer.cli import main

    batch = tmp_path / "q.txt"
    batch.write_text("2\n3 5\n10 10\n")
    was = gc.isenabled()  # (off where a window's collector was installed in this process)
    try:
        for collecting in (True, False):
            (gc.enable if collecting else gc.disable)()
            for argv in (["count", "--batch", str(batch)], ["moves", "5", "7"], ["count", "x"], ["judge", str(batch)]):
                main(argv)
                assert gc.isenabled() == collecting, (argv, collecting)
    finally:
        (gc.enable if was else gc.disable)()
    capsys.readouterr()
