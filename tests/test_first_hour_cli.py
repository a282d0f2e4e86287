"""Issue 64 on the command line: a refusal "beyond" names what was typed, its line and what would
solve it; a colour mode a rule cannot answer is refused in one line; --goto and --select are one
option everywhere."""

from __future__ import annotations

import io
import re
import sys

import pytest

from explorer.cli import main
from explorer.core.rules import parse_rule
from explorer.core.rules.registry import check_rule


def run(args, stdin=b"", monkeypatch=None, capsysbinary=None):  # type: ignore[no-untyped-def]
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(stdin)))
    code = main(args)
    out, err = capsysbinary.readouterr()
    return code, out.decode(), err.decode()


@pytest.fixture
def cli(monkeypatch, capsysbinary):  # type: ignore[no-untyped-def]
    return lambda args, stdin=b"": run(args, stdin, monkeypatch, capsysbinary)


HINT = re.compile(r"--rule '([^']+)' solves it$")


def _solves(err: str, x: int, y: int) -> None:
    """The text suggested is a rule, and it answers (x, y)."""
    found = HINT.search(err.strip())
    assert found, err
    check_rule(found.group(1))
    rule = parse_rule(found.group(1)) if "block:" not in found.group(1) else None
    if rule is not None:
        rule.check(x, y)


@pytest.mark.slow
@pytest.mark.parametrize(
    ("args", "stdin", "line", "typed"),
    [
        (["judge", "--rule", "block:4"], b"2\n5 7\n5 2000000\n", 3, "(5, 2000000)"),
        (["judge", "--pairs", "--rule", "pass"], b"5 7\n3 4\n9 3000000\n", 3, "(9, 3000000)"),
        (["count", "--batch", "--rule", "alter:terminal=3"], b"3\n1 1\n2 2\n3000000 4\n", 4, "(3000000, 4)"),
        (
            ["count", "--batch", "--rect", "--rule", "alter:terminal=2"],
            b"1\n0 0 100 5000000\n",
            2,
            "(0, 0, 100, 5000000)",
        ),
    ],
)
def test_a_batch_refusal_names_the_record_its_line_and_what_solves_it(cli, args, stdin, line, typed):
    """`printf '2\\n5 7\\n5 2000000\\n' | judge --rule block:2` said "(2000000, 2000000) lies beyond"."""
    code, out, err = cli(args, stdin)
    assert code == 2 and out == "" and err.count("\n") == 1, err
    assert f"line {line}: {typed} lies beyond what this rule answers, [0, 1,048,576)²" in err
    assert HINT.search(err.strip()) and "n=" in HINT.search(err.strip()).group(1)


def test_a_single_position_beyond_is_named_as_typed(cli):
    code, _, err = cli(["moves", "5", "3000", "--rule", "custom:one=1 2;both=any;n=64"])
    assert code == 2 and "(5, 3000) lies beyond what this rule answers, [0, 64)²" in err
    _solves(err, 5, 3000)


def test_a_mode_the_rule_cannot_answer_is_refused_in_one_line(cli, tmp_path):
    """Grundy colouring under block:3 painted every cell grey; cold options under Wythoff likewise."""
    for rule, mode, said in (
        ("block:3;n=256", "grundy", "Grundy values are not defined"),
        ("wythoff", "options", "k-blocking"),
    ):
        code, _, err = cli(["figure", str(tmp_path / "f.svg"), "--rule", rule, "--mode", mode])
        assert code == 2 and said in err and err.count("\n") == 1, err
        assert not (tmp_path / "f.svg").exists()


def test_goto_and_select_are_one_option(cli, tmp_path):
    """`screenshot` took --select where the window takes --goto: both are accepted everywhere."""
    code_a, _, _ = cli(["figure", str(tmp_path / "a.svg"), "--view", "0", "0", "10", "10", "--goto", "3", "5"])
    code_b, _, _ = cli(["figure", str(tmp_path / "b.svg"), "--view", "0", "0", "10", "10", "--select", "3", "5"])
    assert code_a == code_b == 0
    assert (tmp_path / "a.svg").read_text() == (tmp_path / "b.svg").read_text()
    from explorer.cli import build_parser

    for argv in (["--goto", "3", "5"], ["--select", "3", "5"]):
        assert build_parser().parse_args(argv).goto == [3, 5]
    for argv in (["screenshot", "o.png", "--goto", "3", "5"], ["screenshot", "o.png", "--select", "3", "5"]):
        assert build_parser().parse_args(argv).select == [3, 5]


def test_a_blocking_question_solves_only_the_columns_it_needs(cli):
    """`moves 40 50 --rule block:60` solved 32,768 columns first (12-36 s): a position needs the columns
    up to its larger pile. The answer is the one a larger solve gives."""
    import json

    code, out, _ = cli(["moves", "40", "50", "--rule", "block:60", "--json"])
    doc = json.loads(out)
    assert code == 0 and doc["rule"] == "block:60;n=1024"
    wider = parse_rule("block:60;n=4096")
    assert doc["status"] == ("P" if wider.is_cold(40, 50) else "N")
    assert doc["moves"] == [list(m.target) for m in wider.winning_moves(40, 50)] and doc["moves"]
    code, out, _ = cli(["count", "100", "1000", "--rule", "block:60"])
    assert code == 0 and int(out) == wider.cold_count(100, 1000)


def test_a_long_blocking_solve_reports_progress_from_the_start():
    """With k = 60 the progress bar stayed at 0 % for 4 s of a 5-9 s solve: one chunk held every column."""
    from explorer.core.rules.blocking import make_blocking
    from explorer.core.rules.closed import Wythoff

    seen: list[tuple[int, int]] = []
    make_blocking(60, Wythoff(), 4096, lambda done, total: seen.append((done, total)) or True)
    assert len(seen) >= 10 and seen[0][0] <= seen[0][1] // 10 and seen[-1][0] == seen[-1][1]
