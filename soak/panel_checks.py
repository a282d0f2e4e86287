"""The checks of the panels against the oracle: n-piles, sums, the sequence and array tabs,
build mode, Why?, a perfect game, the Beatty strip and a game in play."""

from __future__ import annotations

import os
import re
from functools import reduce
from itertools import pairwise
from operator import xor
from typing import Any

from PySide6.QtCore import Qt

from soak import oracle
from soak.inputs import (
    _npiles_grundy,
    _short,
    _shows,
)


class PanelChecks:
    """The panels' checks (a part of Monkey)."""

    def __init__(self, m: Any) -> None:
        """`m`: the monkey (soak.driver.Monkey): its window, random source, summary, pending
        record and state, and its other parts."""
        self.m = m

    def _check_slices(self, game: str, a_max: int, n_max: int) -> None:
        """The report shown is the one asked: a row a slice, and under Fraenkel's game, for a <= 6 and
        n >= 1000, both conjectures holding (as Sun and Zeilberger proved for a <= 10)."""
        if self.m.w.slices.busy:
            return
        text = self.m.w.slices_panel.result.text()
        if "b00020" in text:  # refused or cancelled: a message, in red
            return
        rows = text.count("<tr>") - 1
        if rows != a_max + 1 or f"n ≤ {n_max:,}" not in text:
            self.m.wrong(
                f"the three-heap report for {game} a <= {a_max}, n <= {n_max} shows {rows} rows: {text[:160]!r}"
            )
        elif game == "wythoff3" and n_max >= 1000 and "fails" in text:
            self.m.wrong(f"the three-heap report says a conjecture fails for a <= {a_max}, n <= {n_max}")

    def _check_heap_game(self) -> None:
        """A game on three heaps in the n-piles tab: the computer's last reply reaches a cold position
        whenever one is a move away (the oracle's solve, small heaps)."""
        if not self.m.w.panels.built("sums"):
            return
        game = self.m.w.npiles.game
        if game is None or len(game.movers) < 2 or game.movers[-1] != "computer":
            return
        mine, reply = game.path[-2], game.path[-1]
        if max(mine) > 12 or min(mine) > 6:
            return
        cube = oracle.heaps_solved(game.game.name, 6, 13)
        options = oracle.heap_moves(game.game.name, *mine)
        if reply not in options:
            self.m.wrong(f"three heaps: the computer moved {mine} -> {reply}, not one move")
        elif any(cube[tuple(sorted(t))] for t in options) and not cube[tuple(sorted(reply))]:
            self.m.wrong(
                f"three heaps: the computer moved {mine} -> {reply}, a hot position, with a cold one a move away"
            )

    def _check_three_heaps(self, heaps: tuple[int, ...], game: str, text: str) -> None:
        """A three-heap verdict against the oracle's own solve by the game's words (small heaps)."""
        if "Working" in text or "b00020" in text:
            return
        if max(heaps) > 12 or min(heaps) > 6:
            return
        a, b, c = sorted(heaps)
        cold = oracle.heaps_solved(game, 6, 13)[(a, b, c)]
        if ("<b>cold</b>" in text) != cold or ("<b>hot</b>" in text) == cold:
            self.m.wrong(f"three heaps {heaps} ({game}): shown {text[:100]!r}, oracle says {'cold' if cold else 'hot'}")

    def _check_npiles(self, piles: tuple[int, ...] | None, game: str = "same") -> None:
        text = self.m.w.npiles_panel.result.text()
        if game != "same":
            if piles is not None:
                self._check_three_heaps(piles, game, text)
            return
        if piles is None or not piles:
            if "G =" in text:
                self.m.wrong(f"n piles: junk answered with {text[:80]!r}")
            return
        m = re.search(r"G = (\d+(?:…\d+ \(\d+ digits\))?)", text)
        if m is None:
            if not re.search(r"b00020|more than|too many|Working", text):
                self.m.wrong(f"n piles {piles}: neither a value nor a message: {text[:120]!r}")
            return
        if len(piles) % 2 == 1:
            want = reduce(xor, piles, 0)
        elif sum(piles) <= 24:
            want = _npiles_grundy(tuple(sorted(piles)))
        else:
            return
        if not _shows(m.group(1), want):
            self.m.wrong(f"n piles {piles}: G shown {m.group(1)}, oracle {want}")

    def _check_sums(self) -> None:
        """The answer shown is for the sum and rule in effect, and, for small positions, agrees with
        G by its definition: each part's value, and every move listed leads to a sum of value 0."""
        if not self.m.w.panels.built("sums"):
            return
        controller = self.m.w.sums
        if controller.answer is None or self.m.w.sums.busy:
            return
        question, answer = controller.answer
        if question.rule != self.m.w.session.rule or question.position.piles[0] != self.m.w.session.selection:
            self.m.wrong(f"sums: an answer for {question.position} shown after the sum or rule changed")
            return
        parts = self.m.w.session.sum_parts
        if parts.error or question.position.heaps != parts.heaps:
            self.m.wrong(f"sums: an answer for {question.position} shown while the parts are {parts}")
            return
        d = self.m.definition
        numbers = [v for p in question.position.piles for v in p]
        drawn = {(m.after[0], m.after[1]) for m in answer.winning_moves if m.part == 0}
        if "sums" in self.m.w.session.front and set(self.m.w.session.sum_moves) != drawn:
            self.m.wrong(
                f"sums {question.position}: the grid draws {self.m.w.session.sum_moves}, the moves lead to {drawn}"
            )
        if d.misere or max(numbers, default=0) > 40:  # G by its definition: small positions only
            return
        parts = [oracle.grundy_small(d, *p) for p in question.position.piles]
        if tuple(parts) != answer.parts[: len(parts)]:
            self.m.wrong(f"sums {question.position}: parts {answer.parts}, oracle {parts}")
        k = len(question.position.piles)
        for move in answer.winning_moves:
            after = move.after
            total = 0
            for i in range(k):
                total ^= oracle.grundy_small(d, after[2 * i], after[2 * i + 1])
            for h in after[2 * k :]:
                total ^= h
            if total:
                self.m.wrong(f"sums {question.position}: the move to {after} leaves value {total}")

    def _check_sequence(self) -> None:
        if not self.m.w.panels.built("sequence"):
            return
        panel = self.m.w.sequence_panel
        model = panel.table.model()
        top = panel.table.rowAt(0)
        if top < 0:
            return
        for r in (top, top + 1):
            k_text = model.data(model.index(r, 0))
            a_tip = model.data(model.index(r, 1), Qt.ItemDataRole.ToolTipRole)
            b_tip = model.data(model.index(r, 2), Qt.ItemDataRole.ToolTipRole)
            k = model.start + r
            if "…" in a_tip or len(str(k)) > 2000:
                continue
            a = oracle.lower(k)
            if int(a_tip) != a or int(b_tip) != a + k or (k_text and "…" not in k_text and int(k_text) != k):
                self.m.wrong(
                    f"sequence row k = {_short(k)}: shown {a_tip[:30]}, {b_tip[:30]}; oracle a_k = {_short(a)}"
                )

    def _check_array(self, kind: str, cell: tuple[int, int] | None) -> None:
        panel = self.m.w.array_panel
        if cell is None:
            if not panel.error.text():
                self.m.wrong("junk typed as an array row, and no message says so")
            return
        row, col = cell
        if kind == "jump":
            if panel.error.text() or panel.selected_cells() != [cell]:
                shown = panel.selected_cells()
                self.m.wrong(f"array Go to ({_short(row)}, {col}): selected {shown}, {panel.error.text()!r}")
                return
            tip = panel.model.data(panel.model.index(row - panel.model.start, col - 1), Qt.ItemDataRole.ToolTipRole)
            m = re.match(r"W\(.*?\) = (\d+)\n", tip)
            if m and int(m.group(1)) != oracle.array_entry(row, col):
                self.m.wrong(f"array W({_short(row)}, {col}) shown {m.group(1)[:30]}, not the oracle's")
            return
        first = col if col % 2 else col - 1
        if row.bit_length() > 12_000:
            return
        want = (oracle.array_entry(row, first), oracle.array_entry(row, first + 1))
        if self.m.w.session.selection != want:
            self.m.wrong(f"array W({_short(row)}, {col}) clicked: selected {self.m.w.session.selection}, not its pair")

    def _check_array_place(self) -> None:
        """A newly selected cold pair of Wythoff's game is shown in the array, in columns 2j - 1, 2j
        (until the person moves the array elsewhere with Go)."""
        if not self.m.w.panels.built("array"):
            return
        s, panel = self.m.w.session, self.m.w.array_panel
        if s.selection == self.m.placed_for:
            return
        self.m.placed_for = s.selection
        if s.selection is None or max(s.selection).bit_length() > 12_000:
            return
        a, b = sorted(s.selection)
        cold = a >= 1 and oracle.lower(b - a) == a
        cells = panel.selected_cells()
        if "not looked for" in panel.place.text():  # the person went to a typed entry meanwhile: said so
            return
        if not cold:
            if cells and "not" not in panel.place.text():
                self.m.wrong(f"({_short(a)}, {_short(b)}) is not a cold pair, yet the array shows {cells}")
            return
        if len(cells) != 2 or cells[0][1] % 2 != 1 or cells[1] != (cells[0][0], cells[0][1] + 1):
            self.m.wrong(f"cold pair ({_short(a)}, {_short(b)}) selected; the array shows {cells}")
            return
        row, col = cells[0]
        if (oracle.array_entry(row, col), oracle.array_entry(row, col + 1)) != (a, b):
            self.m.wrong(f"cold pair ({_short(a)}, {_short(b)}) placed at W({_short(row)}, {col}), which holds another")

    def _check_build(self) -> None:
        """What build mode shows: the steps' cells are cold, and each step's cells are its pair
        (or, for a square, the cell it decides), by the oracle where it knows."""
        s, w, d = self.m.w.session, self.m.w, self.m.definition
        if s.build is None:
            if w.grid.overlay is not None and s.why is None:
                self.m.wrong("build mode closed but its overlay stays")
            return
        _, k = s.build
        overlay = w.grid.overlay
        if overlay is None:
            self.m.wrong("build mode on, and nothing drawn over the grid")
            return
        for c in overlay.cells[:400]:
            if max(c) < 200 and oracle.knows(d, *c) and self.m.checks._inside(*c) and not oracle.is_cold(d, *c):
                self.m.wrong(f"build mode draws {c} as placed, and the oracle says it is hot")
        m = re.search(r"Step ([0-9…]+(?: \(\d+ digits\))?)</b>", w.build_panel.caption.text())
        if m is None or not _shows(m.group(1), k):
            self.m.wrong(f"build mode at step {_short(k)} says {w.build_panel.caption.text()[:80]!r}")

    def _check_why(self) -> None:
        s, w, d = self.m.w.session, self.m.w, self.m.definition
        if s.why is None:
            return
        x, y = s.why
        overlay = w.grid.overlay
        if not self.m.checks._inside(x, y):  # beyond what the rule answers: a refusal, in words, and no drawing
            if overlay is not None or not w.inspector.why.text():
                self.m.wrong(f"Why? beyond the rule's bound at {(_short(x), _short(y))}: no refusal shown")
            return
        if overlay is None:
            self.m.wrong(f"Why? is on for {(_short(x), _short(y))} and nothing is drawn")
            return
        if max(x, y) < 120 and self.m.checks._inside(x, y) and oracle.knows(d, x, y):
            want = {t for t in oracle.moves_small(d, x, y) if oracle.is_cold(d, *t)}
            if set(overlay.ringed) != want:
                self.m.wrong(f"Why? at ({x}, {y}) rings {sorted(overlay.ringed)}; the oracle's targets {sorted(want)}")

    def _check_demo(self) -> None:
        """A perfect game shown: legal moves, and never a won position thrown away (oracle)."""
        d = self.m.definition
        path = list(self.m.w.session.demo)
        for src, dst in pairwise(path):
            if oracle.judges_move(d, src, dst) and not oracle.legal(d, src, dst):
                self.m.wrong(f"perfect play moved illegally {src} → {dst}")
            elif (
                self.m.checks._checkable(*src)
                and self.m.checks._checkable(*dst)
                and not oracle.is_cold(d, *src)
                and not oracle.is_cold(d, *dst)
            ):
                self.m.wrong(f"perfect play threw a win away: {src} → {dst}")

    def _check_strip(self) -> None:
        """A hovered number's pair, outlined on the grid, is cold (Beatty rules, by the oracle)."""
        text = self.m.w.hover_label.text()
        m = re.search(r"cold pair \((\d+), (\d+)\)", text)
        if m and self.m.definition.closed:
            a, b = int(m.group(1)), int(m.group(2))
            if not oracle.is_cold(self.m.definition, a, b):
                self.m.wrong(f"the strip names ({a}, {b}) a cold pair; the oracle says it is hot")

    def _check_export(self, path: str) -> None:
        """An export cancelled at once stops, and writes nothing."""
        if self.m.w.exporter.busy:
            self.m.wrong("an export still runs after Cancel")
        if os.path.exists(path) and self.m.w.exporter.last == "cancelled":
            self.m.wrong("a cancelled export wrote its file")

    def _check_lines(self) -> None:
        """View ▸ Cell borders and Golden lines show the session's state, and the grid draws no line it is off."""
        s, menus, grid = self.m.w.session, self.m.w.menus, self.m.w.grid
        if (menus.grid_lines.isChecked(), menus.phi_lines.isChecked()) != (s.cell_borders, s.golden_lines):
            self.m.wrong(f"the View menu's lines say {menus.grid_lines.isChecked()}, {menus.phi_lines.isChecked()}")
        if (not s.cell_borders and grid.borders.isVisible()) or (
            not s.golden_lines and any(line.isVisible() for line in grid.phi_lines)
        ):
            self.m.wrong("a line turned off in the View menu is still drawn")

    def _check_game(self) -> None:
        game = self.m.w.session.game
        if game is None:
            return
        d = self.m.definition
        if game.rule != self.m.w.session.rule:
            if not game.over:
                self.m.wrong("a game under an old rule is still being played")
            return
        for i, (who, src, dst) in enumerate(zip(game.movers, game.path, game.path[1:], strict=False)):
            if i < self.m.game_seen - 2:
                continue
            if oracle.judges_move(d, src, dst) and not oracle.legal(d, src, dst):
                self.m.wrong(f"{who} made an illegal move {src} → {dst}")
            elif (
                who == "computer"
                and self.m.checks._checkable(*src)
                and self.m.checks._checkable(*dst)
                and not oracle.is_cold(d, *src)
                and not oracle.is_cold(d, *dst)
            ):
                self.m.wrong(f"the computer threw away a won position {src} → {dst}")
        self.m.game_seen = len(game.movers)
