"""Run by test_real_window.py in a child process on an X server: open the real window,
wait until it is painted, grab the X screen (not the widget), and report what it shows."""

from __future__ import annotations

import json
import sys
import time

from PySide6.QtCore import QSettings, QTimer
from PySide6.QtWidgets import QApplication

from explorer.gui.main_window import MainWindow


def main(settings_path: str, out_png: str) -> None:
    app = QApplication(sys.argv[:1])
    started = time.perf_counter()
    window = MainWindow(settings=QSettings(settings_path, QSettings.Format.IniFormat))
    window.resize(1000, 700)
    window.show()
    result: dict[str, object] = {"platform": app.platformName()}

    def select() -> None:
        result["painted_after_s"] = time.perf_counter() - started
        window.go_to_position(5, 7)
        QTimer.singleShot(700, shoot)  # let the X server show the repaint

    def shoot() -> None:
        shot = app.primaryScreen().grabWindow(0)
        shot.save(out_png, "PNG")
        image = shot.toImage()
        grid = window.grid
        top_left = grid.mapTo(window, grid.rect().topLeft())
        origin = window.geometry().topLeft()
        colours = {}
        for x, y in [(3, 5), (5, 3), (4, 4), (6, 6)]:
            p = grid.mapFromScene(grid.scene_point_of_cell(x, y))
            q = p + top_left + origin
            c = image.pixelColor(q.x() - 8, q.y() + 8)  # below-left: arrows arrive from above or the right
            colours[f"{x},{y}"] = [c.red(), c.green(), c.blue()]
        result["colours"] = colours
        result["moves"] = window.inspector.moves.count()
        print(json.dumps(result), flush=True)
        window.close()
        app.quit()

    QTimer.singleShot(800, select)
    app.exec()


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
