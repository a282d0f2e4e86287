"""Make the example session files the guide's pictures are taken from, by driving the real
window off-screen (queries asked through the query controller, a game played through the play
controller, then File ▸ Save session), so the files are whatever the program itself writes.

    python docs/sessions/make_sessions.py docs/sessions
"""

from __future__ import annotations

import os
import sys
import tempfile
import time

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


def _settle(app, window) -> None:  # type: ignore[no-untyped-def]
    deadline = time.monotonic() + 60
    while window.busy and time.monotonic() < deadline:
        app.processEvents()
        time.sleep(0.01)
    app.processEvents()


def main(folder: str) -> None:
    from PySide6.QtCore import QSettings

    from explorer.gui.app import application
    from explorer.gui.main_window import MainWindow

    app = application()

    def fresh() -> MainWindow:
        ini = os.path.join(tempfile.mkdtemp(prefix="wythoff-sessions-"), "settings.ini")
        window = MainWindow(settings=QSettings(ini, QSettings.Format.IniFormat))
        window.resize(1100, 680)
        window.show()
        app.processEvents()
        return window

    # Queries: four rectangles from a small square to 10^30, the last one drawn on the grid.
    window = fresh()
    window.panels.build("queries")  # as showing its tab would
    for x1, y1 in [(20, 30), (1000, 1000), (10**6, 10**6), (10**30, 10**30), (60, 39)]:
        window.queries.run_query(0, 0, x1, y1)
        _settle(app, window)
    window.grid.set_view(0, 0, 64, 42)
    _settle(app, window)
    window.files.save_session(os.path.join(folder, "queries.json"))
    window.close()

    # Play: you move first from (12, 20); a wrong first move, and the computer answers.
    window = fresh()
    window.panels.build("play")  # as showing its tab would
    window.play.reply_delay_ms = 0
    window.play.new_game(12, 20, human_first=True)
    _settle(app, window)
    window.play.handle_click(12, 15)
    _settle(app, window)
    deadline = time.monotonic() + 10
    while window.session.game is not None and len(window.session.game.path) < 3 and time.monotonic() < deadline:
        app.processEvents()
        time.sleep(0.01)
    window.grid.set_view(0, 0, 32, 21)
    _settle(app, window)
    window.files.save_session(os.path.join(folder, "play.json"))
    window.close()


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__)))
