"""Start the Qt application and open the main window."""

from __future__ import annotations

import gc
import sys
from typing import Any

QUIET = ("propagateSizeHints", "does not support raise()")  # the offscreen platform's notices: not problems


def _qt_message(kind, context, message: str) -> None:  # type: ignore[no-untyped-def]
    if not any(q in message for q in QUIET):
        sys.stderr.write(message + "\n")


def quick_feature_scan() -> None:
    """PySide6 asks of every module imported after it whether its source names "PySide6" (for its
    `__feature__` switches), through `inspect.getsource`: tokenising each file, about 0.15 ms a
    module, some 40 ms for the window's start (pyqtgraph's modules and ours). The same question is
    asked here of the file's bytes. Modules without a source file, and a PySide6 without this
    hook, are left to PySide6."""
    import shiboken6  # noqa: F401  (it makes PySide6's feature module, before PySide6's first scan)

    feature = sys.modules.get("shibokensupport.feature")
    asks = getattr(feature, "_mod_uses_pyside", None)
    if asks is None or getattr(asks, "quick", False):
        return

    def uses_pyside(module) -> bool:  # type: ignore[no-untyped-def]
        path = getattr(module, "__file__", None)
        if not isinstance(path, str) or not path.endswith(".py"):
            return bool(asks(module))
        try:
            with open(path, "rb") as source:
                return b"PySide6" in source.read()
        except OSError:
            return bool(asks(module))

    uses_pyside.quick = True  # type: ignore[attr-defined]
    feature._mod_uses_pyside = uses_pyside  # type: ignore[union-attr]


def application() -> Any:
    quick_feature_scan()  # before PySide6.QtCore: its import scans every module loaded so far
    from PySide6.QtCore import qInstallMessageHandler
    from PySide6.QtWidgets import QApplication

    qInstallMessageHandler(_qt_message)

    app = QApplication.instance() or QApplication(sys.argv[:1])
    app.setApplicationName("Wythoff Explorer")
    app.setOrganizationName("WythoffExplorer")
    return app


FREEZE_AFTER_MS = 300  # once the window has painted: the collection first takes ~35 ms


def hold_collections() -> None:
    """No automatic cyclic collections from the process's start: the window's collector
    (explorer.gui.collector, installed with the window) keeps them off for good and runs them on
    the GUI thread's timer. Before, they ran automatically until then, while start-up made
    hundreds of thousands of objects that all live on (modules, Qt wrappers, pyqtgraph's items),
    and each young collection walked them again: about 6 % of the time from the process's start
    to a painted window (medians of 6 starts, 0.81 s against 0.865 s)."""
    gc.disable()


def freeze_startup_objects() -> None:
    """Move everything made at start-up (Qt wrappers, pyqtgraph, numpy, numba: hundreds of
    thousands of objects) out of the cyclic collector's reach: its full collections then scan
    only what the session makes, and stop pausing the GUI thread for tens of milliseconds."""
    gc.collect()
    gc.freeze()


def freeze_after_first_paint() -> None:
    """freeze_startup_objects, once the window is on screen: run before it, its full collection
    (32-37 ms) delayed the first paint."""
    from PySide6.QtCore import QTimer

    QTimer.singleShot(FREEZE_AFTER_MS, freeze_startup_objects)


def prepare_window(window, session=None, rule=None, mode=None, goto=None) -> None:  # type: ignore[no-untyped-def]
    """Open a session file, then choose a rule and a colour mode, then go to a position (each
    optional; the command line has checked them)."""
    if session is not None:
        window.files.open_session(session)
    if rule is not None:
        window.set_rule(rule)
    if mode is not None and window.rules.jobs.busy:  # the rule is being solved: its mode once it is made
        events = window.session.events

        def when_made(_rule: object) -> None:
            events.rule.disconnect(when_made)
            window.rules.request_mode(mode)

        events.rule.connect(when_made)
    elif mode is not None:
        window.rules.request_mode(mode)
    if goto is not None:
        window.go_to_position(*goto)


def run_window(session=None, rule=None, mode=None, goto=None) -> int:  # type: ignore[no-untyped-def]
    hold_collections()  # the window's collector takes over (explorer.gui.collector)
    app = application()
    from explorer.gui.main_window import MainWindow

    window = MainWindow()
    window.show()
    prepare_window(window, session, rule, mode, goto)
    freeze_after_first_paint()
    return int(app.exec())
