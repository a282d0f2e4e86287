"""What the monkey does on the grid and the window around it: wheel, drag, click, keys, hover,
typed positions, rules, build mode, Why?, exports and a fresh window to compare with."""

from __future__ import annotations

import time
from typing import Any

from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QWheelEvent
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from soak import oracle
from soak.inputs import (
    JUNK,
    OLD_FILE,
    VECTOR_DIALOG,
    VECTOR_JUNK,
    _reads_as_number,
    _shown,
)


class GridActions:
    """The grid's and the window's actions (a part of Monkey)."""

    def __init__(self, m: Any) -> None:
        """`m`: the monkey (soak.driver.Monkey): its window, random source, summary, pending
        record and state, and its other parts."""
        self.m = m

    # ----- actions ----------------------------------------------------------------------------
    def wheel(self, steps: int | None = None) -> None:
        steps = steps if steps is not None else self.m.rng.choice([-3, -2, -1, 1, 2, 3])
        at = self.m.viewport_point()
        event = QWheelEvent(
            QPointF(at),
            QPointF(self.m.w.grid.viewport().mapToGlobal(at)),
            QPoint(0, 0),
            QPoint(0, 120 * steps),
            Qt.MouseButton.NoButton,
            Qt.KeyboardModifier.NoModifier,
            Qt.ScrollPhase.NoScrollPhase,
            False,
        )
        QApplication.sendEvent(self.m.w.grid.viewport(), event)

    def wheel_far(self) -> None:
        """Many turns in one direction: to the most zoomed-out (or zoomed-in) view and beyond."""
        direction, notches = self.m.rng.choice([-1, 1]), self.m.rng.choice([3, 20, 60])
        for _ in range(self.m.rng.randrange(20, 120)):
            self.m.watchdog._event(lambda: self.wheel(direction * notches))

    def _drag(self, modifier: Qt.KeyboardModifier) -> None:
        vp = self.m.w.grid.viewport()
        a, b = self.m.viewport_point(), self.m.viewport_point()
        self.m.watchdog._event(lambda: QTest.mousePress(vp, Qt.MouseButton.LeftButton, modifier, a))
        for t in (0.25, 0.5, 0.75, 1.0):
            p = QPoint(int(a.x() + t * (b.x() - a.x())), int(a.y() + t * (b.y() - a.y())))
            self.m.watchdog._event(lambda p=p: QTest.mouseMove(vp, p))
        self.m.watchdog._event(lambda: QTest.mouseRelease(vp, Qt.MouseButton.LeftButton, modifier, b))

    def drag(self) -> None:
        self._drag(Qt.KeyboardModifier.NoModifier)

    def shift_drag(self) -> None:
        before = len(self.m.w.session.queries)
        self._drag(Qt.KeyboardModifier.ShiftModifier)
        self.m.pending.query = ("grid", before)

    def click(self) -> None:
        at = self.m.viewport_point()
        self.m.game_seen = self.m.panel_actions._game_length()
        QTest.mouseClick(self.m.w.grid.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, at)

    def key(self) -> None:
        key = self.m.rng.choice(
            [Qt.Key.Key_Plus, Qt.Key.Key_Minus, Qt.Key.Key_Left, Qt.Key.Key_Right, Qt.Key.Key_Up, Qt.Key.Key_Down]
            + [Qt.Key.Key_Home] * 1
        )
        QTest.keyClick(self.m.w.grid, key)

    def hover(self) -> None:
        QTest.mouseMove(self.m.w.grid.viewport(), self.m.viewport_point())
        self.m.pending.hover = True

    def _type_into(self, edit: Any, text: str) -> None:
        edit.setText(text)  # typing 7 000 digits key by key adds nothing but time

    def type_position(self) -> None:
        ins = self.m.w.inspector
        junk = False
        texts = [self.m.rng.choice(JUNK) if self.m.rng.random() < 0.12 else str(self.m.number()) for _ in range(2)]
        if self.m.rng.random() < 0.15:  # far out where an oracle knows G: a cold pair, or a row 0-2
            big = self.m.rng.randrange(10**3, 10 ** self.m.rng.randrange(4, 30))
            pair = (oracle.lower(big), oracle.lower(big) + big)
            row = (self.m.rng.randrange(3), big)
            texts = [str(v) for v in (pair if self.m.rng.random() < 0.5 else row)]
        for edit, text in zip((ins.position_a, ins.position_b), texts, strict=True):
            junk |= not _reads_as_number(text)
            self._type_into(edit, text)
        # A message must show until the next selection is made (and then go: issue 10 item 4).
        self.m.expect_message = junk
        self.m.report_at_junk = self.m.w.session.report
        QTest.keyClick(ins.position_b, Qt.Key.Key_Return)

    def go_to(self) -> None:
        self.m.w.asks.ask_go_to()

    def choose_rule(self) -> None:
        combo = self.m.w.rule_bar.rules
        index = self.m.rng.randrange(combo.count())
        combo.setCurrentIndex(index)
        combo.activated.emit(index)

    def first_heap(self) -> None:
        """Three heaps (issue 66): under a slice, the first-heap spinner turned (small heaps mostly);
        else a slice chosen from the rule list."""
        bar = self.m.w.rule_bar
        if not bar.first_heap.isVisible():
            index = bar.rules.findData(self.m.rng.choice(["wythoff3:1", "subset3:1"]))
            bar.rules.setCurrentIndex(index)
            bar.rules.activated.emit(index)
            return
        rng = self.m.rng
        bar.first_heap.setValue(rng.randrange(0, 9) if rng.random() < 0.9 else rng.randrange(9, 257))

    def compare_rules(self) -> None:
        """View ▸ Compare with another rule… (the dialog types a rule or junk), or Stop comparing."""
        name = "stop_compare" if self.m.w.session.compare is not None and self.m.rng.random() < 0.35 else "compare"
        self.m.w.menus.actions[name].trigger()
        self.m.pending.hover = True

    def alter_cells(self) -> None:
        """View ▸ Alter cells by clicking: on, a click or two on the grid (each declares a cell and its
        mirror cold, hot, or as they were), and off again, at times."""
        action = self.m.w.menus.actions["alter_mode"]
        if not action.isChecked():
            action.trigger()
        for _ in range(self.m.rng.randint(1, 2)):
            QTest.mouseClick(self.m.w.grid.viewport(), Qt.MouseButton.LeftButton, pos=self.m.viewport_point())
        self.m.altered_by_clicks = True
        if self.m.rng.random() < 0.6:
            action.trigger()

    def extend(self) -> None:
        """View ▸ Extend the solved range (a growing rule solves more columns; others say nothing)."""
        before = self.m.w.session.rule.bound
        self.m.w.growth.extend()
        self.m.pending.extend = (self.m.w.session.rule, before)

    def panel_key(self) -> None:
        """Ctrl+1 … Ctrl+7: the panel comes to the front."""
        from explorer.session.views import PANELS

        i = self.m.rng.randrange(len(PANELS))
        QTest.keyClick(self.m.w, Qt.Key(Qt.Key.Key_1 + i), Qt.KeyboardModifier.ControlModifier)
        dock = self.m.w.docks[PANELS[i]]
        if not dock.isVisible() or dock.visibleRegion().isEmpty():
            self.m.wrong(f"Ctrl+{i + 1} did not bring the {dock.windowTitle()} panel to the front")

    def build(self) -> None:
        """Build mode: start from the view, step, scrub, play a moment, or close."""
        w = self.m.w
        choice = self.m.rng.random()
        if w.session.build is None or choice < 0.25:
            w.build_mode()
        elif choice < 0.5:
            for _ in range(self.m.rng.randint(1, 5)):
                QTest.keyClick(w.grid, self.m.rng.choice([Qt.Key.Key_BracketRight, Qt.Key.Key_BracketLeft]))
        elif choice < 0.7:
            timeline = w.build_panel.timeline
            timeline.setValue(self.m.rng.randint(timeline.minimum(), timeline.maximum()))
        elif choice < 0.85:
            w.builder.toggle_play()
        else:
            w.builder.close()
        self.m.pending.build = True

    def why(self) -> None:
        """Why? on the selection (W, or the inspector's button)."""
        if self.m.rng.random() < 0.5:
            QTest.keyClick(self.m.w.grid, Qt.Key.Key_W)
        else:
            self.m.w.inspector.why_button.click()
        self.m.pending.why = True

    def perfect_play(self) -> None:
        self.m.w.session.demo = ()
        self.m.w.show_perfect_play()
        self.m.w.demo.set_move_ms(5)  # the monkey does not wait a second a move
        self.m.pending.demo = True

    def export_animation(self) -> None:
        """File ▸ Export animation…, cancelled at once (or by the dialog): nothing written, nothing stuck."""
        import os
        import tempfile

        path = os.path.join(tempfile.gettempdir(), f"soak-{os.getpid()}.gif")
        if os.path.exists(path):
            os.remove(path)
        what = self.m.rng.choice(["build", "play"])
        steps, size = self.m.rng.choice([(120, (800, 600)), (600, (1024, 768))])  # the second is refused: too big
        self.m.w.dialogs.animation = lambda: None if self.m.rng.random() < 0.2 else (what, steps, size, path)  # type: ignore[assignment]
        self.m.w.asks.export_animation()
        self.m.w.exporter.cancel()
        self.m.pending.export = path

    def compare_fresh(self) -> None:
        """History independence (issue 35): a fresh window brought straight to this window's rule,
        colour mode, selection and view (its centre and width) says the same in the inspector and draws the same
        selection and overlays. Only where no overlay of the walk is on (build mode, Why?, a game
        shown or played): those have no direct path to compare with."""
        import tempfile

        from PySide6.QtCore import QSettings

        self.m._segmented = True  # building a second window is the soak's own work, not a stall a person sees
        w, s = self.m.w, self.m.w.session
        if s.build is not None or s.why is not None or s.demo or s.game is not None or s.selection is None:
            return
        if s.report is None or s.message:
            return
        settings = QSettings(tempfile.mktemp(prefix="soak-fresh-", suffix=".ini"), QSettings.Format.IniFormat)
        fresh = type(w)(settings=settings)
        try:
            fresh.resize(w.size())
            fresh.show()
            fresh.rules.request(s.rule.key)
            self._settle_window(fresh)
            if fresh.session.rule != s.rule:
                self.m.wrong(f"a fresh window could not be brought to {s.rule.key}")
                return
            combo = fresh.rule_bar.mode
            combo.setCurrentIndex(combo.findData(s.mode))
            combo.activated.emit(combo.findData(s.mode))
            fresh.select_position(*s.selection)
            fresh.grid.show_centred(*w.grid.view_centre_and_span())  # arrows are clipped to the view
            self._settle_window(fresh)
            walked, direct = _shown(w), _shown(fresh)
            if w.grid.size() != fresh.grid.size():  # panels moved: another view height, other arrows
                walked, direct = walked[:2] + walked[3:], direct[:2] + direct[3:]
            if walked != direct:
                which = "the inspector" if walked[0] != direct[0] else f"the grid: {walked[1:]} / {direct[1:]}"
                self.m.wrong(f"a fresh window brought straight to the same state differs in {which}")
        finally:
            fresh.close()
            fresh.deleteLater()
            QApplication.processEvents()
            # the walked window is the active one again: its shortcuts (Ctrl+1 …) work only there
            w.activateWindow()
            QApplication.setActiveWindow(w)
            QApplication.processEvents()

    def _settle_window(self, window: Any) -> None:
        deadline = time.perf_counter() + self.m.settle_s
        QApplication.processEvents()
        while window.busy and time.perf_counter() < deadline:
            time.sleep(0.005)
            QApplication.processEvents()
        QTest.qWait(20)
        QApplication.processEvents()

    def export_file(self) -> None:
        """An export over an old file (the view's PNG, the query history or the sequence as CSV, the
        session): afterwards the file is whole and new, or the old one, never half of either."""
        import os
        import tempfile

        what = self.m.rng.choice(["png", "queries", "sequence", "session", "figure"])
        path = os.path.join(tempfile.gettempdir(), f"soak-{os.getpid()}-{what}" + (".svg" if what == "figure" else ""))
        with open(path, "wb") as old:
            old.write(OLD_FILE)
        rows = 0
        if what == "png":
            self.m.w.files.export_png(path)
        elif what == "figure":  # File ▸ Export view as figure: expect the view's cold cells, one rect each
            from explorer.core.render.figure import VECTOR_CELLS

            x0, y0, x1, y1 = self.m.w.grid.visible_cells()
            x0, y0 = max(0, x0), max(0, y0)
            rows = -1
            if 0 < (x1 - x0) * (y1 - y0) <= VECTOR_CELLS and self.m.w.session.mode == "hot/cold":
                s = self.m.w.session
                # compared with another rule, cells are drawn only where both are solved (grey beyond)
                bounds = [b for b in (s.rule.bound, s.compare.bound) if b is not None] if s.compare else []
                cx1, cy1 = min([x1, *bounds]), min([y1, *bounds])
                try:
                    rows = s.rule.count_rect(x0, y0, cx1 - 1, cy1 - 1).count if cx1 > x0 and cy1 > y0 else 0
                except ValueError:  # beyond a bounded rule: the export says it could not
                    rows = -1
            self.m.w.files.export_figure(path)
        elif what == "queries":
            rows = sum(len(r) for r in self.m.w.session.queries)
            self.m.w.panels.build("queries")  # as showing its tab would
            self.m.w.query_panel.exportRequested.emit(path)
        elif what == "sequence":  # rows of thousands of digits take a while: fewer of them
            self.m.w.panels.build("sequence")  # as showing its tab would
            rows = self.m.rng.choice(
                [1, 50] if self.m.w.sequence_panel.model.start.bit_length() > 300 else [1, 50, 2000]
            )
            self.m.w.sequence.export_csv_to(path, rows)
        else:
            self.m.w.files.save_session(path)
        self.m.pending.file = (what, path, rows)

    def _check_file(self, what: str, path: str, rows: int) -> None:
        import os

        from PySide6.QtGui import QImage

        from explorer.session import store

        with open(path, "rb") as f:
            data = f.read()
        os.remove(path)
        if what == "figure":
            self._check_figure_svg(data, rows)
        elif data == OLD_FILE:
            self.m.wrong(f"the {what} export left the old file without a word")
        elif what == "png" and QImage.fromData(data, "PNG").isNull():
            self.m.wrong("the exported PNG does not load")
        elif what in ("queries", "sequence") and data.count(b"\n") != rows + 1:
            written = data.count(b"\n") - 1
            self.m.wrong(f"the {what} CSV holds {written} rows, not {rows}")
        elif what == "session":
            with open(path, "wb") as f:
                f.write(data)
            try:
                if store.load(path).rule != self.m.w.session.rule.key:
                    self.m.wrong("the saved session names another rule")
            except store.SessionFileError as exc:  # the window wrote what it cannot read back
                self.m.wrong(f"the saved session does not load: {exc}")
            finally:
                os.remove(path)

    def _check_figure_svg(self, data: bytes, cold: int) -> None:
        """The exported SVG parses, and draws as many cold cells as the rule counts in the view."""
        import xml.etree.ElementTree as ET

        if data == OLD_FILE:
            if "could not be written" not in self.m.w.exporter.last:
                self.m.wrong("the figure export left the old file without a word")
            return
        try:
            root = ET.fromstring(data)
        except ET.ParseError as exc:
            self.m.wrong(f"the exported SVG does not parse: {exc}")
            return
        # compared with another rule (View ▸ Compare with…), the rule's own cold cells are those cold in
        # both and those cold in it only
        drawn = sum(1 for e in root.iter() if e.get("class") in ("cell cold", "cell first-only"))
        if cold >= 0 and drawn != cold:
            self.m.wrong(f"the exported figure draws {drawn} cold cells where the rule counts {cold}")

    def strip_hover(self) -> None:
        from PySide6.QtCore import QPoint

        strip = self.m.w.strip
        if strip.isVisible():
            QTest.mouseMove(strip, QPoint(self.m.rng.randrange(max(1, strip.width())), strip.height() // 2))
            self.m.pending.strip = True

    def vectors_dialog(self) -> str | None:
        """The Vectors… dialog, shown without a modal loop: junk must disable OK with a message;
        a valid set must give the rule it means."""
        from explorer.gui.panels.rule_dialog import VectorRuleDialog

        dialog = VectorRuleDialog(self.m.w)
        try:
            for _ in range(self.m.rng.randint(0, 2)):
                rays, jumps, n = self.m.rng.choice(VECTOR_JUNK)
                dialog.rays.setText(rays)
                dialog.jumps.setText(jumps)
                dialog.bound.setValue(n)
                if dialog.rule_text is not None or not dialog.error.text():
                    self.m.wrong(f"the Vectors dialog took rays {rays!r} jumps {jumps!r} without a message")
            if self.m.rng.random() < 0.25:
                return None  # cancelled
            (rays, jumps, n), key = self.m.rng.choice(list(VECTOR_DIALOG.items()))
            dialog.rays.setText(rays)
            dialog.jumps.setText(jumps)
            dialog.bound.setValue(n)
            if dialog.error.text() or dialog.rule_text is None:
                self.m.wrong(f"the Vectors dialog refused rays {rays!r} jumps {jumps!r}: {dialog.error.text()!r}")
                return None
            if dialog.rule_text != key:
                self.m.wrong(f"the Vectors dialog made {dialog.rule_text!r} of rays {rays!r} jumps {jumps!r}")
            return dialog.rule_text
        finally:
            dialog.deleteLater()
