"""What the monkey does in the panels: colour modes, queries and batches, games, the sequence,
array, n-piles and sums tabs."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest

from explorer.session.model import GRUNDY, REMOTENESS
from soak.inputs import (
    JUNK,
    _typed_number,
)


class PanelActions:
    """The panels' actions (a part of Monkey)."""

    def __init__(self, m: Any) -> None:
        """`m`: the monkey (soak.driver.Monkey): its window, random source, summary, pending
        record and state, and its other parts."""
        self.m = m

    def choose_mode(self) -> None:
        combo = self.m.w.rule_bar.mode
        index = self.m.rng.randrange(combo.count())
        if not combo.model().item(index).isEnabled():
            return
        combo.setCurrentIndex(index)
        combo.activated.emit(index)

    def _rectangle(self) -> tuple[int, int, int, int]:
        r = self.m.rng.random()
        if r < 0.5:
            x0, y0 = self.m.rng.randrange(0, 80), self.m.rng.randrange(0, 80)
            return x0, y0, x0 + self.m.rng.randrange(0, 60), y0 + self.m.rng.randrange(0, 60)
        if r < 0.8:
            x1, y1 = self.m.number(), self.m.number()
            return self.m.rng.randrange(0, x1 + 1), self.m.rng.randrange(0, y1 + 1), x1, y1
        base = self.m.number()
        return base, base // 2, base + self.m.rng.randrange(0, 10**6), base + base // 3

    def query(self) -> None:
        self.m.w.panels.build("queries")  # as showing its tab would
        p = self.m.w.query_panel
        x0, y0, x1, y1 = self._rectangle()
        if self.m.rng.random() < 0.08:
            x0, x1 = x1 + 1, x0  # an empty rectangle: refused with a message
        for edit, v in ((p.x0, x0), (p.y0, y0), (p.x1, x1), (p.y1, y1)):
            self.m.grid_actions._type_into(edit, str(v) if self.m.rng.random() > 0.03 else self.m.rng.choice(JUNK))
        self.m.grid_actions._type_into(p.value, "")
        before = len(self.m.w.session.queries)
        QTest.mouseClick(p.run, Qt.MouseButton.LeftButton)
        self.m.pending.query = ("typed", before)

    def value_query(self) -> None:
        self.m.w.panels.build("queries")  # as showing its tab would
        p = self.m.w.query_panel
        x0, y0 = self.m.rng.randrange(0, 40), self.m.rng.randrange(0, 40)
        x1, y1 = x0 + self.m.rng.randrange(0, 30), y0 + self.m.rng.randrange(0, 30)
        g = self.m.rng.randrange(0, 6)
        kind = self.m.rng.choice([GRUNDY, REMOTENESS])
        p.value_kind.setCurrentIndex(p.value_kind.findData(kind))
        for edit, v in ((p.x0, x0), (p.y0, y0), (p.x1, x1), (p.y1, y1), (p.value, g)):
            self.m.grid_actions._type_into(edit, str(v))
        QTest.mouseClick(p.run, Qt.MouseButton.LeftButton)
        self.m.grid_actions._type_into(p.value, "")
        self.m.pending.value = (kind, g, x0, y0, x1, y1)

    def value_batch(self) -> None:
        """Import batch… with a value typed: each rectangle counts the cells of that value (small
        rectangles, checked against G and R by their definitions; a wide one past the corner)."""
        import os
        import tempfile

        rects = []
        for _ in range(self.m.rng.randrange(1, 12)):
            x0, y0 = self.m.rng.randrange(0, 40), self.m.rng.randrange(0, 40)
            rects.append((x0, y0, x0 + self.m.rng.randrange(0, 25), y0 + self.m.rng.randrange(0, 25)))
        if self.m.rng.random() < 0.3:
            rects.append((self.m.rng.randrange(0, 30), 0, self.m.number(), self.m.rng.randrange(0, 30)))
        kind = GRUNDY if self.m.rng.random() < 0.75 else REMOTENESS
        g = self.m.rng.randrange(0, 6)
        path = os.path.join(tempfile.gettempdir(), f"soak-{os.getpid()}-values.txt")
        with open(path, "w") as handle:
            handle.write(f"{len(rects)}\n" + "".join(f"{a} {b} {c} {d}\n" for a, b, c, d in rects))
        before = len(self.m.w.session.queries)
        self.m.w.panels.build("queries")  # as showing its tab would
        self.m.w.query_panel.valueImportRequested.emit(path, kind, g)
        self.m.pending.value_batch = (kind, g, rects, before)

    def grid_heap(self) -> None:
        """Sums panel ▸ the game plus a heap of h on the grid (or back to the game alone)."""
        self.m.w.show_panel("sums")
        h = 0 if self.m.rng.random() < 0.3 else self.m.rng.randrange(1, 16)
        self.m.w.panels.build("sums")  # as showing its tab would
        self.m.w.sums_panel.grid_heap.setValue(h)
        self.m.pending.heap = True

    def play(self) -> None:
        self.m.w.panels.build("play")  # as showing its tab would
        panel = self.m.w.play_panel
        if self.m.rng.random() < 0.35 or self.m.w.session.game is None:
            big = self.m.rng.random() < 0.3
            a = self.m.number() if big else self.m.rng.randrange(0, 40)
            b = self.m.number() if big else self.m.rng.randrange(0, 40)
            self.m.grid_actions._type_into(panel.a, str(a))
            self.m.grid_actions._type_into(panel.b, str(b))
            panel.human_first.setChecked(self.m.rng.random() < 0.6)
            QTest.mouseClick(panel.start, Qt.MouseButton.LeftButton)
            self.m.watch_game = True
        else:
            game = self.m.w.session.game
            x, y = game.position
            # a click near the position: often a legal move, sometimes not
            tx, ty = max(0, x - self.m.rng.randrange(0, 5)), max(0, y - self.m.rng.randrange(0, 5))
            self.m.w.grid.center_on(x, y) if max(x, y) < 10**6 else None
            self.m.game_seen = self._game_length()
            self.m.w.clicks.clicked(tx, ty)

    def play_buttons(self) -> None:
        self.m.w.panels.build("play")  # as showing its tab would
        panel = self.m.w.play_panel
        button = self.m.rng.choice([panel.hint, panel.undo, panel.redo, panel.random])
        if button.isEnabled():
            QTest.mouseClick(button, Qt.MouseButton.LeftButton)

    def sequence(self) -> None:
        self.m.w.panels.build("sequence")  # as showing its tab would
        panel = self.m.w.sequence_panel
        if self.m.rng.random() < 0.6:
            text = self.m.rng.choice(JUNK) if self.m.rng.random() < 0.1 else str(self.m.number())
            self.m.grid_actions._type_into(panel.start, text)
            QTest.mouseClick(panel.go, Qt.MouseButton.LeftButton)
        else:
            bar = panel.table.verticalScrollBar()
            bar.setValue(self.m.rng.randrange(0, max(1, bar.maximum())))
        self.m.pending.sequence = 1

    def array(self) -> None:
        self.m.w.panels.build("array")  # as showing its tab would
        panel = self.m.w.array_panel
        self.m.w.findChild(type(panel.parentWidget()), "arrayDock").raise_()
        if self.m.rng.random() < 0.5:
            row = self.m.rng.choice(JUNK) if self.m.rng.random() < 0.1 else str(self.m.number() + 1)
            col = str(self.m.rng.choice([1, 2, 3, self.m.rng.randrange(1, 60), self.m.rng.randrange(1, 3000)]))
            self.m.grid_actions._type_into(panel.row_field, row)
            self.m.grid_actions._type_into(panel.col_field, col)
            QTest.mouseClick(panel.go, Qt.MouseButton.LeftButton)
            want = _typed_number(row)
            self.m.pending.array = ("jump", (want, int(col)) if want else None)
            # the table went where the person asked: the selection's place, found when the tab was
            # first shown (seed 20261180 built it in this very action), is no longer what it shows
            self.m.placed_for = self.m.w.session.selection
            return
        table = panel.table
        vp = table.viewport()
        point = QPoint(
            self.m.rng.randrange(2, max(3, vp.width() - 2)), self.m.rng.randrange(2, max(3, vp.height() - 2))
        )
        index = table.indexAt(point)
        if not index.isValid():
            return
        QTest.mouseClick(vp, Qt.MouseButton.LeftButton, pos=point)
        self.m.pending.array = ("click", (panel.model.start + index.row(), index.column() + 1))

    def rows_tab(self) -> None:
        """The Rows tab: solve the rows at times, ask G(x, y) (junk at times); its controller answers
        from the one place that answers values, whatever the rule."""
        self.m.w.panels.build("rows")  # as showing its tab would
        panel = self.m.w.rows_panel
        self.m.w.show_panel("rows")
        if self.m.rng.random() < 0.2:
            QTest.mouseClick(panel.solve, Qt.MouseButton.LeftButton)
        x = self.m.rng.choice([self.m.rng.randrange(0, 60), self.m.rng.randrange(0, 201), self.m.number()])
        y = self.m.rng.choice([self.m.rng.randrange(0, 60), self.m.number()])
        x_text = self.m.rng.choice(JUNK) if self.m.rng.random() < 0.05 else str(x)
        self.m.grid_actions._type_into(panel.x_field, x_text)
        self.m.grid_actions._type_into(panel.y_field, str(y))
        QTest.mouseClick(panel.at, Qt.MouseButton.LeftButton)
        self.m.pending.rows = (x, y) if x_text == str(x) else None

    def npiles(self) -> None:
        self.m.w.panels.build("sums")  # as showing its tab would
        panel = self.m.w.npiles_panel
        rng = self.m.rng
        if rng.random() < 0.15:  # the game it plays: n piles, or three heaps (issue 66)
            panel.game.setCurrentIndex(rng.randrange(panel.game.count()))
        if panel.game.currentData() != "same":
            self._three_heaps(panel)
            return
        n = self.m.rng.randrange(1, 7)
        if self.m.rng.random() < 0.1:
            text = self.m.rng.choice(JUNK)
            piles = None
        else:
            piles = tuple(
                self.m.rng.randrange(0, 12) if self.m.rng.random() < 0.7 else self.m.rng.randrange(0, 200)
                for _ in range(n)
            )
            if self.m.rng.random() < 0.1:
                piles = tuple(self.m.number() for _ in range(n))
            text = " ".join(map(str, piles))
        self.m.grid_actions._type_into(panel.piles, text)
        QTest.mouseClick(panel.go, Qt.MouseButton.LeftButton)
        self.m.pending.npiles = piles
        self.m.pending.npiles_game = "same"

    def _three_heaps(self, panel: Any) -> None:
        """Three heaps in the n-piles tab: a position evaluated, a game started, or a move of the game
        typed (legal mostly; at times one that is not, or junk)."""
        rng = self.m.rng
        game = self.m.w.npiles.game
        if game is not None and rng.random() < 0.8:
            here = game.position
            heaps = list(here)
            i = rng.randrange(3)
            if heaps[i] and rng.random() < 0.85:
                heaps[i] = rng.randrange(heaps[i])
            text = " ".join(map(str, heaps)) if rng.random() < 0.95 else rng.choice(JUNK)
            self.m.grid_actions._type_into(panel.piles, text)
            QTest.mouseClick(panel.go, Qt.MouseButton.LeftButton)
            self.m.pending.npiles = None
            return
        heaps = tuple(rng.randrange(0, 13) if rng.random() < 0.85 else rng.randrange(0, 300) for _ in range(3))
        self.m.grid_actions._type_into(panel.piles, " ".join(map(str, heaps)))
        play = rng.random() < 0.3  # a new game from these heaps (its answer is the game, not a verdict)
        QTest.mouseClick(panel.play if play else panel.go, Qt.MouseButton.LeftButton)
        self.m.pending.npiles = heaps if self.m.w.npiles.game is None and not play else None
        self.m.pending.npiles_game = panel.game.currentData()

    def slices_report(self) -> None:
        """The three-heap report under the Structure tab (issue 66): a few slices, up to a modest n."""
        self.m.w.show_panel("slices")  # its page of the Structure tab in front, as a person clicks it
        panel = self.m.w.slices_panel
        rng = self.m.rng
        panel.game.setCurrentIndex(0 if rng.random() < 0.8 else 1)
        panel.a_max.setValue(rng.randrange(0, 7))
        panel.n_max.setValue(rng.choice([100, 1000, 3000]))
        QTest.mouseClick(panel.go, Qt.MouseButton.LeftButton)
        self.m.pending.slices = (panel.game.currentData(), panel.a_max.value(), panel.n_max.value())

    def sums(self) -> None:
        """The Sums panel: heaps typed (or junk), added or removed, a second position, a move played."""
        self.m.w.panels.build("sums")  # as showing its tab would
        panel = self.m.w.sums_panel
        r = self.m.rng.random()
        if r < 0.15 and panel.moves.count():
            panel.moves.itemActivated.emit(panel.moves.item(self.m.rng.randrange(panel.moves.count())))
        elif r < 0.3:
            QTest.mouseClick(self.m.rng.choice([panel.add, panel.remove]), Qt.MouseButton.LeftButton)
        elif r < 0.4:
            panel.use_second.setChecked(not panel.use_second.isChecked())
            self.m.grid_actions._type_into(panel.second, f"{self.m.rng.randrange(0, 30)} {self.m.rng.randrange(0, 30)}")
            QTest.mouseClick(panel.go, Qt.MouseButton.LeftButton)
        else:
            n = self.m.rng.randrange(0, 4)
            text = (
                self.m.rng.choice(JUNK)
                if self.m.rng.random() < 0.1
                else " ".join(
                    str(self.m.rng.randrange(0, 20) if self.m.rng.random() < 0.8 else self.m.number()) for _ in range(n)
                )
            )
            self.m.grid_actions._type_into(panel.heaps, text)
            QTest.mouseClick(panel.go, Qt.MouseButton.LeftButton)
        self.m.pending.sums = True

    def activate_move(self) -> None:
        moves = self.m.w.inspector.moves
        if moves.count():
            item = moves.item(self.m.rng.randrange(moves.count()))
            moves.itemActivated.emit(item)

    def toggle_overlay(self) -> None:
        action = self.m.rng.choice([self.m.w.menus.grid_lines, self.m.w.menus.phi_lines])
        action.toggle()

    # ----- checks -----------------------------------------------------------------------------
    def _game_length(self) -> int:
        game = self.m.w.session.game
        return len(game.movers) if game is not None else 0
