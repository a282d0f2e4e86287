"""Commands about one position or one number: moves, number, zeckendorf (integers only: no numpy)."""

from __future__ import annotations

import argparse
from typing import BinaryIO

from explorer.cli.common import reach, rule_of, write
from explorer.core.game.moves import Move, MoveKind
from explorer.core.game.sequence import NumberKind, classify_number
from explorer.core.game.zeckendorf import zeckendorf_digits


def cmd_moves(args: argparse.Namespace, out: BinaryIO) -> None:
    from explorer.core.analysis.position import report

    rule = rule_of(args, need=max(args.a, args.b))  # k-blocking: the columns this position needs
    reach(rule, args.a, args.b)
    r = report(rule, args.a, args.b)
    if args.json:
        doc = {
            "position": list(r.whole),
            "status": r.status_code,
            "terminal": r.terminal,
            "rule": r.rule_key,
            "moves": [list(m.to) for m in r.moves],
            "details": [_detail(m) for m in r.moves],
            "declared_hot": r.declared_hot,
            "cold_options": [list(c) for c in r.cold_options],
        }
        import json  # only for --json: 2 ms of every start otherwise

        write(out, (json.dumps(doc) + "\n").encode())
    else:
        lines = [_line(m) for m in r.moves] + (["declared hot"] if r.declared_hot else [])
        write(out, "".join(f"{line}\n" for line in lines).encode())


def _line(m: Move) -> str:
    """A winning move as `moves` prints it: the target's piles, or `pass` for the pass."""
    if m.first is not None:  # three heaps: the whole position
        return " ".join(map(str, m.to))
    return "pass" if m.kind is MoveKind.PASS else f"{m.target[0]} {m.target[1]}"


def _detail(m: Move) -> dict[str, object]:
    """A move in JSON: where it goes and how much it takes from each pile ("taken" as well when
    one amount says it: one pile, or the same from both)."""
    if m.first is not None:  # three heaps: the whole position, and what leaves each heap
        return {"to": list(m.to), "kind": "heaps", "taken": list(m.heap_amounts), "slice": m.first[1]}
    k, l = m.amounts
    detail: dict[str, object] = {"to": list(m.target), "kind": m.kind.name.lower(), "taken_a": k, "taken_b": l}
    if (k == 0 or l == 0 or k == l) and m.kind is not MoveKind.PASS:
        detail["taken"] = max(k, l)
    return detail


def cmd_number(args: argparse.Namespace, out: BinaryIO) -> None:
    n = args.n
    role = classify_number(n)
    if role.kind is NumberKind.ZERO:
        text = "0 is in the cold pair (0, 0), k = 0\n"
    else:
        name = "a" if role.kind is NumberKind.LOWER else "b"
        pair = (n, role.partner) if role.kind is NumberKind.LOWER else (role.partner, n)
        text = (
            f"{n} = {name}_{role.index} ({role.kind.value} number); partner {role.partner}; "
            f"cold pair ({pair[0]}, {pair[1]})\n"
        )
    text += f"Zeckendorf: {zeckendorf_digits(n)}\n"
    write(out, text.encode())


def cmd_zeckendorf(args: argparse.Namespace, out: BinaryIO) -> None:
    write(out, (zeckendorf_digits(args.n) + "\n").encode())
