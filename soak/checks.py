"""The checks after every action against the oracle (soak.oracle): the verdict and moves shown,
queries, values, the heap on the grid and the hover text."""

from __future__ import annotations

import re
from typing import Any

from PySide6.QtCore import Qt

from explorer.session.model import GRUNDY
from soak import oracle
from soak.inputs import (
    RULES,
    _short,
    _shows,
    _values,
)
from soak.rule_texts import definition_of

SLICES = ("wythoff3:", "subset3:")  # three heaps as slices (issue 66)

# What the hover says while two rules are compared (explorer.gui.grid.pictures)
COMPARED_CELL = re.compile(
    r"\((\d+), (\d+)\)  (cold under both|cold under the rule in effect only|cold under .+ only|hot under both)$"
)
COMPARED_PIXEL = re.compile(
    r"pixel \[(\d+), (\d+)\] × \[(\d+), (\d+)\]: cold under both (\d+), "
    r"under the rule in effect only (\d+), under .+ only (\d+)$"
)


class Checks:
    """The grid's and the inspector's checks (a part of Monkey)."""

    def __init__(self, m: Any) -> None:
        """`m`: the monkey (soak.driver.Monkey): its window, random source, summary, pending
        record and state, and its other parts."""
        self.m = m
        self._keys: dict[str, Any] | None = None  # each rule the monkey may ask for, by its key

    def _check(self) -> None:
        self.m.summary.checks += 1
        self._check_rule_everywhere()
        cpp = self.m.w.grid.cells_per_pixel_exact() if hasattr(self.m.w.grid, "cells_per_pixel_exact") else None
        self.m.summary.zoom_out_digits = max(self.m.summary.zoom_out_digits, len(str(int(cpp))) if cpp else 0)
        self._check_selection()
        if self.m.pending.query is not None:
            self._check_query(*self.m.pending.query)  # type: ignore[misc]
            self.m.pending.query = None
        if self.m.pending.extend is not None:
            rule, before = self.m.pending.extend
            self.m.pending.extend = None
            limit = self.m.w.growth.limit(rule)
            grew = before is None or limit is None or limit <= before or rule.bound > before
            if rule == self.m.w.session.rule and not grew and not self.m.w.growth.failure:
                self.m.wrong(f"Extend the solved range left {rule.key} at {before:,} columns")
        if self.m.pending.build:
            self.m.pending.build = False
            self.m.panel_checks._check_build()
        if self.m.pending.why:
            self.m.pending.why = False
            self.m.panel_checks._check_why()
        if self.m.pending.demo:
            self.m.pending.demo = False
            self.m.panel_checks._check_demo()
        if self.m.pending.strip:
            self.m.pending.strip = False
            self.m.panel_checks._check_strip()
        if self.m.pending.export is not None:
            self.m.panel_checks._check_export(self.m.pending.export)
            self.m.pending.export = None
        if self.m.pending.file is not None:
            self.m.grid_actions._check_file(*self.m.pending.file)
            self.m.pending.file = None
        if self.m.pending.rows is not None:
            self._check_rows(*self.m.pending.rows)
            self.m.pending.rows = None
        if self.m.pending.value is not None:
            self._check_value(*self.m.pending.value)
            self.m.pending.value = None
        if self.m.pending.heap:
            self._check_heap()
            self.m.pending.heap = False
        if self.m.pending.value_batch is not None:
            self._check_value_batch(*self.m.pending.value_batch)
            self.m.pending.value_batch = None
        if self.m.pending.hover:
            self._check_hover()
            self.m.pending.hover = False
        if self.m.pending.npiles is not None:
            self.m.panel_checks._check_npiles(self.m.pending.npiles, self.m.pending.npiles_game)
            self.m.pending.npiles = None
        self.m.panel_checks._check_heap_game()
        if self.m.pending.slices is not None:
            self.m.panel_checks._check_slices(*self.m.pending.slices)
            self.m.pending.slices = None
        if self.m.pending.sums:
            self.m.panel_checks._check_sums()
            self.m.pending.sums = False
        if self.m.pending.sequence is not None:
            self.m.panel_checks._check_sequence()
            self.m.pending.sequence = None
        if self.m.pending.array is not None:
            self.m.panel_checks._check_array(*self.m.pending.array)
            self.m.pending.array = None
        self.m.panel_checks._check_array_place()
        self.m.panel_checks._check_game()
        self.m.panel_checks._check_lines()

    def _check_rule_everywhere(self) -> None:
        from explorer.core.rules import parse_rule  # naming only: the oracle knows the rule by its text

        w, s = self.m.w, self.m.w.session
        key = s.rule.key
        if self._keys is None:  # once: making a rule again and again would churn the sequences' memory
            self._keys = {parse_rule(text).key: (text, d) for text, d in RULES.items()}
        expected = self._keys
        if key not in expected and self.m.altered_by_clicks and key.startswith("alter:"):
            expected[key] = (key, definition_of(key))  # cells declared by Alter mode's clicks
        if key not in expected and key.startswith(SLICES) and self.m.rule_text.startswith(SLICES):
            expected[key] = (key, definition_of(key))  # another slice: the first heap, or a move into it
        if key not in expected:
            self.m.wrong(f"the session holds a rule the monkey never asked for: {key}")
            return
        self.m.rule_text, self.m.definition = expected[key]
        if w.rule_bar.rules.currentData() != key:
            self.m.wrong(f"the selector shows {w.rule_bar.rules.currentText()!r} while {key} is in effect")
        if w.grid.rule != s.rule:
            self.m.wrong(f"the grid draws {w.grid.rule.key} while {key} is in effect")
        if w.panels.built("queries") and w.query_panel.rule_label.text() != f"Rule: {s.rule.title}":
            self.m.wrong(f"the query panel says {w.query_panel.rule_label.text()!r} under {key}")
        if w.rule_bar.mode.currentData() != s.mode or w.grid.mode != s.mode:
            self.m.wrong(f"mode shown {w.rule_bar.mode.currentData()} / drawn {w.grid.mode}, in effect {s.mode}")

    def _inside(self, x: int, y: int) -> bool:
        """Whether the rule in effect answers about (x, y): its square, or (a growing rule) the
        columns solved so far."""
        n = self.m.w.session.rule.bound if self.m.definition.grows else self.m.definition.n
        return n is None or max(x, y) < n

    def _checkable(self, x: int, y: int) -> bool:
        """Inside, and within what the oracle itself can answer."""
        return self._inside(x, y) and oracle.knows(self.m.definition, x, y)

    def _check_selection(self) -> None:
        w, s = self.m.w, self.m.w.session
        if s.selection is None:
            return
        x, y = s.selection
        self._check_values_text(x, y)
        text = w.inspector.status.text()
        error = w.inspector.error.text() if w.inspector.error.isVisible() else ""
        if not self._inside(x, y):
            if "P-position" in text or "N-position" in text:
                self.m.wrong(f"a verdict for ({x}, {y}) outside the rule's square [0, {self.m.definition.n})²")
            if not error:
                self.m.wrong(f"no message for ({x}, {y}) outside the rule's square")
            return
        if self.m.expect_message and s.report is self.m.report_at_junk:
            if not error:
                self.m.wrong("junk typed into the inspector, and no message says so")
            return
        self.m.expect_message = False
        if error:
            self.m.wrong(f"a message while a valid position ({_short(x)}, {_short(y)}) is selected: {error!r}")
        if s.report is None:
            self.m.wrong(f"no report shown for ({_short(x)}, {_short(y)}) once settled")
            return
        if s.report.position != (x, y) or s.report.rule_key != s.rule.key:
            self.m.wrong(f"the report is for {s.report.rule_key} at another position")
        if not oracle.knows(self.m.definition, x, y):
            return  # a growing rule, beyond what the oracle solves itself
        cold = oracle.is_cold(self.m.definition, x, y)
        shown_cold = "P-position" in text
        if shown_cold != cold or ("N-position" in text) == cold:
            self.m.wrong(f"({_short(x)}, {_short(y)}) shown {'cold' if shown_cold else 'hot'}; the oracle says {cold}")
        targets = [w.inspector.moves.item(i).data(Qt.ItemDataRole.UserRole) for i in range(w.inspector.moves.count())]
        targets = [t for t in targets if t is not None]
        d = self.m.definition
        if d.heaps:  # three heaps: a move on the board is its cell, one into another slice the whole position
            shown = sorted(tuple(t) if len(t) == 3 else (d.first, *t) for t in targets)
            if shown != oracle.heap_winning_moves(d, x, y):
                self.m.wrong(
                    f"winning moves from {(d.first, x, y)}: shown {shown}, oracle {oracle.heap_winning_moves(d, x, y)}"
                )
            self._check_paths(x, y, cold)
            return
        for t in targets:
            if (
                oracle.judges_move(self.m.definition, (x, y), t) and not oracle.legal(self.m.definition, (x, y), t)
            ) or (oracle.knows(self.m.definition, *t) and not oracle.is_cold(self.m.definition, *t)):
                self.m.wrong(f"winning move ({_short(x)}, {_short(y)}) → {t} is illegal or not to a cold cell")
        if max(x, y) < 120:
            # a cold position has no winning move (under k-blocking it may still have cold options)
            want = (
                set()
                if cold
                else {t for t in oracle.moves_small(self.m.definition, x, y) if oracle.is_cold(self.m.definition, *t)}
            )
            if set(map(tuple, targets)) != want:
                self.m.wrong(f"winning moves from ({x}, {y}): shown {sorted(targets)}, oracle {sorted(want)}")
        elif not cold and not s.report.moves and not s.report.declared_hot and self._has_move(x, y):
            self.m.wrong(f"hot ({_short(x)}, {_short(y)}) with no winning move listed")
        self._check_paths(x, y, cold)

    def _check_paths(self, x: int, y: int, cold: bool) -> None:
        """Issue 62: the selected cell asked through two more paths, the batch (`judge`, `judge --pairs`)
        among a tall shuffled strip of its column, and the grid's raster, agree with the inspector."""
        rule = self.m.w.session.rule
        if max(x, y) >= 1 << 62:
            return
        import numpy as np

        tall = [self.m.rng.randrange(max(1, min(rule.bound or 1 << 40, y + 4096))) for _ in range(64)]
        xs = np.array([x, *([x] * len(tall)), *tall], dtype=np.int64)
        ys = np.array([y, *tall, *([x] * len(tall))], dtype=np.int64)
        inside = (xs < (rule.bound or 1 << 62)) & (ys < (rule.bound or 1 << 62))
        xs, ys = xs[inside], ys[inside]
        order = np.random.default_rng(self.m.rng.randrange(1 << 30)).permutation(xs.size)
        many = rule.is_cold_many(xs[order], ys[order]).tolist()
        for cx, cy, c in zip(xs[order].tolist(), ys[order].tolist(), many, strict=True):
            if c != rule.is_cold(cx, cy):
                self.m.wrong(f"({cx}, {cy}) under {rule.key}: the batch says {c}, the one cell {not c}")
                return
        if many[int(np.flatnonzero(order == 0)[0])] != cold:
            self.m.wrong(f"({x}, {y}) under {rule.key}: the batch disagrees with the inspector")
        if (rule.raster(x, y, x + 1, y + 1, 1).dense_counts().sum() > 0) != cold:
            self.m.wrong(f"({x}, {y}) under {rule.key}: the grid's raster disagrees with the inspector")

    def _has_move(self, x: int, y: int) -> bool:
        return bool(oracle.moves_small(self.m.definition, min(x, 200), min(y, 200)))

    def _check_query(self, source: str, before: int) -> None:
        w, s = self.m.w, self.m.w.session
        result = w.query_panel.result.text()
        if len(s.queries) == before:  # refused, or asked for outside a bounded rule's square
            return
        record = s.queries[-1]
        if not hasattr(record, "count") or hasattr(record, "__len__"):
            return
        if record.rule_key != s.rule.key:
            self.m.wrong(f"a query answered under {record.rule_key} while {s.rule.key} is in effect")
            return
        x0, y0, x1, y1 = record.x0, record.y0, record.x1, record.y1
        if not oracle.knows(self.m.definition, x1, y1):
            return  # a growing rule, beyond what the oracle solves itself
        want = oracle.count_rect(self.m.definition, x0, y0, x1, y1)
        if (x1 - x0 + 1) * (y1 - y0 + 1) <= 900:
            small = oracle.count_rect_small(self.m.definition, x0, y0, x1, y1)
            if small != want:
                self.m.wrong(f"the oracle disagrees with itself on [{x0}, {x1}] × [{y0}, {y1}]")
        if record.count != want:
            self.m.wrong(f"[{_short(x0)}, {_short(x1)}] × [{_short(y0)}, {_short(y1)}]: {record.count}, oracle {want}")
        shown = re.search(r"<b>([^<]*)</b> cold cells", result)
        if shown is None or not _shows(shown.group(1), want):
            self.m.wrong(f"the result text does not show {want}: {result[:200]!r}")
        share = re.search(r"\(([^()]*)\), by the", result)
        if want and share and re.fullmatch(r"0(\.0*)?( %)?", share.group(1).strip()):
            self.m.wrong(f"a share of zero shown for {want} cold cells: {share.group(1)!r}")

    def _check_value(self, kind: str, g: int, x0: int, y0: int, x1: int, y1: int) -> None:
        result = self.m.w.query_panel.result.text()
        name = "G" if kind == GRUNDY else "R"
        m = re.search(rf"<b>(\d+)</b> cells? with {name} = (\d+)", result)
        if m is None:
            return  # refused with a message (a table still growing, a rectangle beyond it)
        values = _values(self.m.definition, max(x1, y1) + 1)[0 if kind == GRUNDY else 1]
        want = sum(values[x][y] == g for x in range(x0, x1 + 1) for y in range(y0, y1 + 1))
        if int(m.group(1)) != want or int(m.group(2)) != g:
            self.m.wrong(f"{name} = {g} count in [{x0}, {x1}] × [{y0}, {y1}]: shown {m.group(1)}, oracle {want}")

    def _check_rows(self, x: int, y: int) -> None:
        """The Rows tab's G(x, y), where it answered, is the definition's (cells near the origin); the
        cell asked is kept in the session (issue 65), and a cell answered is selected."""
        text = self.m.w.rows_panel.answer.text()
        if self.m.w.session.tables.rows_asked != (x, y):
            self.m.wrong(f"Rows tab: G({x}, {y}) asked, the session keeps {self.m.w.session.tables.rows_asked}")
        m = re.search(r"= <b>(\d+)</b>", text)
        if m is None or max(x, y) >= 80:
            return  # not known (no rows under this rule, or beyond them): said in red
        want = _values(self.m.definition, max(x, y) + 1)[0][x][y]
        if int(m.group(1)) != want:
            self.m.wrong(f"Rows tab: G({x}, {y}) shown {m.group(1)}, oracle {want}")

    def _check_value_batch(self, kind: str, g: int, rects: list[tuple[int, int, int, int]], before: int) -> None:
        """Every rectangle answered (or the batch refused with a message) and each count right: the
        small ones by the definition; a wide one reaching past every column by its rows (each row
        holds each value once under Nim's rays)."""
        records = self.m.w.session.queries[before:]
        counts = [int(c) for r in records if hasattr(r, "__len__") for c in r.counts]
        if not counts:
            return  # refused (a rule without these values, a corner still growing): said on the panel
        if len(counts) != len(rects):
            self.m.wrong(f"a value batch of {len(rects)} rectangles gave {len(counts)} answers")
            return
        name = "G" if kind == GRUNDY else "R"
        small = [r for r in rects if max(r) < 80]
        values = _values(self.m.definition, max((max(r) for r in small), default=0) + 1)[0 if kind == GRUNDY else 1]
        for (x0, y0, x1, y1), count in zip(rects, counts, strict=True):
            if count < 0 or ((x1 < x0 or y1 < y0) and count != 0):
                self.m.wrong(f"value batch: {name} = {g} in [{x0}, {x1}] × [{y0}, {y1}] (empty or not): {count}")
                continue
            if max(x0, y0, x1, y1) >= 80:
                continue
            want = sum(values[x][y] == g for x in range(x0, x1 + 1) for y in range(y0, y1 + 1))
            if count != want:
                self.m.wrong(f"value batch: {name} = {g} in [{x0}, {x1}] × [{y0}, {y1}]: {count}, oracle {want}")

    def _check_heap(self) -> None:
        """The game plus a heap of h: the grid's cold texels are the cells of value h (cells near the
        origin, by the definition), and the heap is drawn only in hot/cold colouring."""
        s, grid = self.m.w.session, self.m.w.grid
        if s.heap and s.mode != "hot/cold":
            self.m.wrong(f"a heap of {s.heap} kept while colouring by {s.mode}")
        drawn, r = grid.raster_heap, grid.raster
        if not s.heap or drawn is None or drawn[0] != s.heap or r is None or r.step != 1 or self.m.definition.misere:
            return
        cold = {(int(c), int(j)) for c, j in zip(r.cols, r.rows, strict=True)}
        size = 60
        g = _values(self.m.definition, size)[0]
        for i in range(r.nx):
            for j in range(r.ny):
                x, y = r.x0 + i, r.y0 + j
                inside = 0 <= x < size and 0 <= y < size and max(x, y) < drawn[1]
                if inside and ((i, j) in cold) != (g[x][y] == s.heap):
                    shown = "cold" if (i, j) in cold else "hot"
                    self.m.wrong(f"heap {s.heap}: ({x}, {y}) drawn {shown}, G = {g[x][y]}")
                    return

    def _check_values_text(self, x: int, y: int) -> None:
        """The inspector's remoteness ("wins in 7 moves") and G, for small positions; far out, its G
        wherever an oracle of the soak's own knows it (cold cells, Nim, Wythoff's rows 0-2), in any
        colour mode: it must be shown exactly, never refused or said to be above a bound."""
        text = self.m.w.inspector.values.text() if self.m.w.inspector.values.isVisible() else ""
        if text and max(x, y) >= 60 and len(str(max(x, y))) < 40 and not self.m.w.values.busy:
            want = oracle.grundy_far(self.m.definition, x, y)
            shown = re.search(r"G\([^=<]*\) = (\d+)", text)  # the piles may be shortened ("7792…1055")
            if want is not None and "working it out" not in text:
                if shown is None and "not known yet" not in text:
                    self.m.wrong(f"G({x}, {y}) is {want} (an oracle's), the inspector says: {text[:160]!r}")
                elif shown is not None and int(shown.group(1)) != want:
                    self.m.wrong(f"G({x}, {y}) shown {shown.group(1)}, oracle {want}")
        if not text or max(x, y) >= 60 or not self._inside(x, y):
            return
        g_table, r_table = _values(self.m.definition, max(x, y) + 1)
        m = re.search(r"G\((\d+), (\d+)\) = (\d+)", text)
        if m and (int(m.group(1)), int(m.group(2))) == (x, y) and int(m.group(3)) != g_table[x][y]:
            self.m.wrong(f"G({x}, {y}) shown {m.group(3)}, oracle {g_table[x][y]}")
        m = re.search(r"(Wins|Loses) in (\d+) moves?", text)
        if m:
            cold = oracle.is_cold(self.m.definition, x, y)
            if int(m.group(2)) != r_table[x][y] or (m.group(1) == "Loses") != cold:
                self.m.wrong(f"({x}, {y}): {m.group(0)!r}, oracle R = {r_table[x][y]}, cold = {cold}")

    def _check_compare_hover(self, text: str) -> None:
        """Two rules compared: a cell's kind, or a pixel's count of each kind, by the oracle's own
        answers for both rules (where it knows them)."""
        other = definition_of(self.m.w.session.compare.key)
        first = self.m.definition

        def kinds(x0: int, y0: int, x1: int, y1: int) -> tuple[int, int, int] | None:
            cells = [(x, y) for x in range(x0, x1 + 1) for y in range(y0, y1 + 1)]
            if len(cells) > 4096 or not all(oracle.knows(d, x1, y1) for d in (first, other)):
                return None
            pairs = [(oracle.is_cold(first, *c), oracle.is_cold(other, *c)) for c in cells]
            return (
                sum(a and b for a, b in pairs),
                sum(a and not b for a, b in pairs),
                sum(b and not a for a, b in pairs),
            )

        m = COMPARED_CELL.match(text)
        if m:
            x, y = int(m.group(1)), int(m.group(2))
            want = kinds(x, y, x, y) if self._inside(x, y) else None
            if want is not None:
                said = m.group(3)
                got = (
                    said == "cold under both",
                    said == "cold under the rule in effect only",
                    said.endswith(" only") and "effect" not in said,
                )
                if got != tuple(bool(v) for v in want):
                    self.m.wrong(
                        f"comparing with {self.m.w.session.compare.key}: hover says ({x}, {y}) is {said!r}, "
                        f"oracle {want}"
                    )
            return
        m = COMPARED_PIXEL.match(text)
        if m:
            x0, x1, y0, y1, *shown = (int(v) for v in m.groups())
            bound = min(
                b for b in (self.m.w.session.rule.bound, self.m.w.session.compare.bound, 1 << 400) if b is not None
            )
            want = (
                kinds(x0, y0, min(x1, bound - 1), min(y1, bound - 1))
                if min(x1, y1, bound - 1) >= 0 and x0 < bound and y0 < bound
                else None
            )
            if want is not None and tuple(shown) != want:
                self.m.wrong(
                    f"comparing with {self.m.w.session.compare.key}: pixel [{x0}…] × [{y0}…] says {shown}, "
                    f"oracle {want}"
                )
            return
        if not (text.endswith(": being compared") or text.endswith("beyond where both rules are solved")):
            self.m.wrong(f"comparing, the hover says {text[:120]!r}")

    def _check_hover(self) -> None:
        from explorer.gui.menus import START_HINT

        text = self.m.w.hover_label.text()
        if not text or "outside" in text or "beyond" in text or text.startswith("n = ") or text == START_HINT:
            return  # (a number of the Beatty strip: _check_strip; nothing hovered or selected: the hint)
        if self.m.w.session.compare is not None:
            self._check_compare_hover(text)
            return
        m = re.match(r"\((\d+), (\d+)\) plus a heap of (\d+)(  (cold|hot)|: being drawn)", text)
        if m:  # the game plus a heap of h: cold exactly where G = h
            x, y, h = (int(v) for v in m.groups()[:3])
            if m.group(5) and max(x, y) < 60 and not self.m.definition.misere:
                g = _values(self.m.definition, max(x, y) + 1)[0][x][y]
                if (m.group(5) == "cold") != (g == h):
                    self.m.wrong(f"hover says ({x}, {y}) plus a heap of {h} is {m.group(5)}; G = {g}")
            return
        m = re.match(r"pixel \[(\d+), (\d+)\] × \[(\d+), (\d+)\] plus a heap of (\d+): (\d+) cold cells?", text)
        if m:
            x0, x1, y0, y1, h, n = (int(v) for v in m.groups())
            if max(x1, y1) < 60 and not self.m.definition.misere:
                g = _values(self.m.definition, max(x1, y1) + 1)[0]
                want = sum(g[x][y] == h for x in range(x0, x1 + 1) for y in range(y0, y1 + 1))
                if n != want:
                    self.m.wrong(f"hover pixel [{x0}…] plus a heap of {h} says {n} cold cells; G = h in {want}")
            return
        m = re.match(r"\((\d+), (\d+)\)  (cold|hot)", text)
        if m:
            x, y = int(m.group(1)), int(m.group(2))
            if self._checkable(x, y) and (m.group(3) == "cold") != oracle.is_cold(self.m.definition, x, y):
                self.m.wrong(f"hover says ({_short(x)}, {_short(y)}) is {m.group(3)}")
            v = re.search(r"; (G|R) = (\d+)$", text)
            if v and max(x, y) < 60 and self._inside(x, y):
                want = _values(self.m.definition, max(x, y) + 1)[0 if v.group(1) == "G" else 1][x][y]
                if int(v.group(2)) != want:
                    self.m.wrong(f"hover says {v.group(1)}({x}, {y}) = {v.group(2)}; the oracle {want}")
            return
        m = re.match(r"pixel \[(\d+), (\d+)\] × \[(\d+), (\d+)\]: (\d+) cold cells?", text)
        if m:
            x0, x1, y0, y1, n = (int(v) for v in m.groups())
            bound = self.m.w.session.rule.bound if self.m.definition.grows else self.m.definition.n
            if bound is not None:  # counted in the solved square only
                x1, y1 = min(x1, bound - 1), min(y1, bound - 1)
            if x1 >= x0 and y1 >= y0 and oracle.knows(self.m.definition, x1, y1):
                want = oracle.count_rect(self.m.definition, x0, y0, x1, y1)
                if n != want:
                    self.m.wrong(f"hover pixel [{_short(x0)}…] says {n} cold cells; the oracle {want}")
            return
        self.m.wrong(f"unreadable hover text {text[:120]!r}")
