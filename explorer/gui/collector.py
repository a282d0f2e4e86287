"""Python's cyclic garbage collector, run on the GUI thread only.

Automatic collection starts on whichever thread happens to allocate past the threshold, a
worker as often as not, and then destroys whatever Qt objects the cycles it frees hold (the
menus of a closed window, say) on that thread. Their destructors take Qt's locks there, while
the GUI thread, also destroying objects, holds the GIL and waits for the same lock: a deadlock,
seen once in the tests (a worker importing numba collected a closed window's QMenu while the
GUI thread was deleting widgets). So automatic collection is switched off, and a timer on the
GUI thread runs the collections the thresholds would have asked for.

Modules loaded late (numba with the first values sweep) bring
~100 000 functions, classes and tuples that live as long as the process. The first collection
of the middle generation after them took 31 ms inside a frame, and every full one after it
went through them again: like the start-up's, they are moved out of the collector's sight
(`gc.freeze`) when the timer sees that many modules have arrived.
"""

from __future__ import annotations

import gc
import sys

from PySide6.QtCore import QCoreApplication, QObject, QTimer

INTERVAL_MS = 100
FIRST_LOOK_MS = 1000  # after the first paint and start-up's freeze (explorer.gui.app.freeze_after_first_paint)
NEW_MODULES = 40  # loaded since the last look: freeze what they brought


class GuiThreadCollector(QObject):
    def __init__(self, parent: QObject) -> None:
        super().__init__(parent)
        self.thresholds = gc.get_threshold()
        self.modules = len(sys.modules)
        gc.disable()
        self.timer = QTimer(self)
        self.timer.setInterval(INTERVAL_MS)
        self.timer.timeout.connect(self.check)
        # Not at once: a look within the first paint found every start-up object past its
        # threshold and collected them all, 32 ms of the 130 ms from the window's build to its paint.
        QTimer.singleShot(FIRST_LOOK_MS, self.timer.start)

    def check(self) -> None:
        """Collect the oldest generation whose count is past its threshold (as the interpreter
        would), here on the GUI thread; first freeze what a burst of imports brought."""
        if len(sys.modules) >= self.modules + NEW_MODULES:
            gc.freeze()  # a few cycles made meanwhile stay until the end: bounded, rare
            self.modules = len(sys.modules)
        counts = gc.get_count()
        generation = -1
        for g in range(3):
            if counts[g] > self.thresholds[g]:
                generation = g
        if generation >= 0:
            gc.collect(generation)


def install() -> GuiThreadCollector:
    """Once per application (the QApplication must exist): later calls return the same one."""
    app = QCoreApplication.instance()
    assert app is not None, "make the QApplication first"
    found = app.findChild(GuiThreadCollector)
    return found if found is not None else GuiThreadCollector(app)
