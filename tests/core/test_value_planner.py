"""One planner answers every value question (issue 65): code outside it never decides where a
value comes from, never asks a rule which value capabilities it has, never solves values itself
and keeps no bound of its own. Before, eleven places did (the grid's FAR_VALUES_MAX_STEP and
SHARE_COLUMNS, the heap picture's HEAP_COLUMNS_ON_GUI, `cli/tables` calling `rule.grundy_rows`,
a sum's private table with its own `work=1<<38`, `count --value` asking the sequences alone...)."""

from __future__ import annotations

import ast
import pathlib

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2] / "explorer"

# The planner: the one place that answers values (a cell, a view, counts by value, a sum's part)
PLANNER = {
    "core/value_source.py",
    "core/value_plan.py",
    "core/value_limits.py",
    "core/value_counts.py",
    "core/value_options.py",
    "core/budget.py",  # the memory figures the planner's limits are stated from
}
# Where values are solved: the rules and their solvers, which the planner calls
SOLVERS = ("core/rules/", "core/values/", "core/grundy/", "core/game/")

CAPABILITIES = {"Valued", "KnownValues", "ValueSequences", "CertifiedRows", "KnownOptions"}
SOLVING_CALLS = {"grundy_rows", "value_table", "grundy_window", "remoteness_window", "value_engine", "private_values"}
# Bounds on values: stated in explorer.core.budget and value_limits, and read from there alone
BUDGET_NAMES = {
    "VALUES_WINDOW_BYTES",
    "VALUES_BYTES",
    "ROWS_BYTES",
    "ROWS_CLI_BYTES",
    "FAR_VALUES_WINDOW",
    "FAR_VALUES_CLI",
    "FAR_COLUMNS_WINDOW",
    "FAR_COLUMNS_CLI",
    "FAR_VALUES_WINDOW_BYTES",
    "FAR_VALUES_CLI_BYTES",
    "SUM_VALUES_BYTES",
    "SUM_VALUES_WINDOW_BYTES",
}
PLANNER_BOUNDS = {
    "FAR_VALUES_MAX_STEP",
    "SHARE_COLUMNS",
    "HEAP_COLUMNS_QUICK",
    "INSPECT_SIDE",
    "QUICK_WORK",
    "ROWS_MAX",
}
OLD_BOUNDS = {"HEAP_COLUMNS_ON_GUI", "FAR_COLUMNS_WINDOW"}  # the grid's own, before


def _modules() -> list[tuple[str, ast.Module]]:
    out = []
    for path in sorted(ROOT.rglob("*.py")):
        rel = path.relative_to(ROOT).as_posix()
        if rel in PLANNER or rel.startswith(SOLVERS):
            continue
        out.append((rel, ast.parse(path.read_text(encoding="utf-8"))))
    return out


def findings(modules: list[tuple[str, ast.Module]]) -> list[str]:
    """Each place outside the planner that decides a source, asks for a value capability, solves
    values or keeps a bound on them."""
    found = []
    for rel, tree in modules:
        for node in ast.walk(tree):
            where = f"{rel}:{getattr(node, 'lineno', 0)}"
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "isinstance":
                names = (
                    {n.id for n in ast.walk(node.args[1]) if isinstance(n, ast.Name)} if len(node.args) > 1 else set()
                )
                if names & CAPABILITIES:
                    found.append(f"{where}: asks isinstance(…, {sorted(names & CAPABILITIES)[0]})")
            elif isinstance(node, ast.Attribute) and node.attr in SOLVING_CALLS | BUDGET_NAMES:
                found.append(f"{where}: {node.attr}")
            elif isinstance(node, ast.Name) and node.id in SOLVING_CALLS | BUDGET_NAMES | OLD_BOUNDS:
                found.append(f"{where}: {node.id}")
            elif isinstance(node, ast.ImportFrom) and node.module == "explorer.core.budget":
                found += [f"{where}: imports {a.name}" for a in node.names if a.name in BUDGET_NAMES]
            elif isinstance(node, ast.Assign):
                for target in node.targets:
                    if isinstance(target, ast.Name) and target.id in PLANNER_BOUNDS | OLD_BOUNDS:
                        found.append(f"{where}: states the bound {target.id}")
    return found


def test_no_code_outside_the_planner_decides_a_source_or_keeps_a_bound():
    assert findings(_modules()) == []


@pytest.mark.parametrize(
    "source",
    [
        "if isinstance(rule, ValueSequences):\n    pass\n",
        "rows = rule.grundy_rows(x + 1, budget_bytes=budget.ROWS_CLI_BYTES)\n",
        "FAR_VALUES_MAX_STEP = 16\n",
        "from explorer.core.budget import FAR_COLUMNS_WINDOW\n",
        "t = private_values(rule, 3, 9, 1, work=1 << 38)\n",
    ],
)
def test_the_scan_finds_what_the_planner_alone_may_do(source):
    """The scan can fail: each of the old ways, written outside the planner, is found."""
    assert findings([("gui/somewhere.py", ast.parse(source))])


def test_the_texels_of_a_view_come_from_where_the_planner_says():
    """core/render/values.value_grid chose, texel by texel, which part of the cache answered (the
    corner table, the certified rows, the sequences, cold cells as 0); it now asks
    `texel_sources` and reads only what that names."""
    tree = ast.parse((ROOT / "core/render/values.py").read_text(encoding="utf-8"))
    reads = [
        f"cache.{node.attr} (line {node.lineno})"
        for node in ast.walk(tree)
        if isinstance(node, ast.Attribute)
        and isinstance(node.value, ast.Name)
        and node.value.id == "cache"
        and node.attr in {"rows", "far", "table", "array", "side", "grundy_corner"}
    ]
    assert reads == []
