"""Low memory (issue 39): a sequence that must grow past what the process can allocate stops at
what fits; the command says in one line how far the rule is solved and what more would need,
and the rule keeps answering inside what it solved. Run in subprocesses with a lowered
address-space limit (resource.RLIMIT_AS)."""

from __future__ import annotations

import subprocess
import sys
import textwrap

import pytest

resource = pytest.importorskip("resource")

LIMIT = 500 << 20  # bytes of address space: numba, numpy and Qt-free imports fit; 2^26 columns do not


def _limited(code: str) -> subprocess.CompletedProcess[str]:
    prelude = f"import resource; resource.setrlimit(resource.RLIMIT_AS, ({LIMIT}, {LIMIT}))\n"
    return subprocess.run(
        [sys.executable, "-c", prelude + textwrap.dedent(code)], capture_output=True, text=True, timeout=600
    )


def test_the_command_refuses_in_one_line_naming_how_far_it_solved():
    proc = _limited("""
        import sys
        from explorer.cli import main
        sys.exit(main(["count", "60000000", "60000000", "--rule", "maharaja"]))
    """)
    assert proc.returncode == 2, proc.stderr
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in proc.stderr, proc.stderr
    assert "memory ran out" in lines[0] and "solved on [0, " in lines[0] and "MiB" in lines[0]
    assert proc.stdout == ""


def test_growth_stops_at_what_fits_and_what_it_solved_stays_right():
    """After the failed growth the rule is solved further than it started, whole: its columns
    equal those of a sweep in a process with no limit, and it answers inside them."""
    proc = _limited("""
        from explorer.core.rules import OutOfBounds, parse_rule
        rule = parse_rule("maharaja")
        start = rule.bound
        try:
            rule.reach(60_000_000)
        except OutOfBounds as exc:
            print("refused", exc)
        n = rule.bound
        col = rule.solved.col[:n]
        print(start, n, int(col[:4096].sum()), int(col[n - 4096 : n].astype("int64").sum()))
        print(rule.count(n - 1, n - 1))
    """)
    assert proc.returncode == 0, proc.stderr
    refused, sizes, count = proc.stdout.strip().splitlines()
    assert refused.startswith("refused") and "solved on [0, " in refused
    start, n, head, tail = map(int, sizes.split())
    assert n > start and n & (n - 1) == 0  # a whole power of two of columns
    free = subprocess.run(
        [
            sys.executable,
            "-c",
            textwrap.dedent(f"""
                from explorer.core.rules import parse_rule
                rule = parse_rule("maharaja")
                rule.reach({n - 1})
                col = rule.solved.col[:{n}]
                tail = int(col[{n} - 4096 : {n}].astype("int64").sum())
                print(int(col[:4096].sum()), tail, rule.count({n - 1}, {n - 1}))
            """),
        ],
        capture_output=True,
        text=True,
        timeout=600,
        check=True,
    )
    assert free.stdout.split() == [str(head), str(tail), count]
