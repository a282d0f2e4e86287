"""File ▸ Export animation…: the construction of the cells in view, or a perfect game from the
selection, written as an animated GIF on a worker with progress and Cancel in the status bar
(the frames are drawn by explorer.core.render.animation, as the `animate` command draws them)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from explorer.core.protocol import Rule
from explorer.session.jobs import Jobs
from explorer.session.model import Session
from explorer.session.views import GridView, WorkView


def _write(rule: Rule, what: str, view, steps: int, size, start, remoteness, path: str, progress=None) -> int:  # type: ignore[no-untyped-def]
    from explorer.core.render import animation

    if what == "play":
        frames = animation.play_frames(rule, start, view, size, remoteness, progress)
    else:
        frames = animation.build_frames(rule, view, steps, size, progress)
    animation.save_gif(frames, path)
    return len(frames)


def _write_figure(  # type: ignore[no-untyped-def]
    rule: Rule, mode: str, view: tuple[int, int, int, int], select, size, path: str, compare, shown, overlay
) -> str:
    from explorer.api import figure, forget_values, save_figure
    from explorer.core.render.figure import Overlaid

    drawn = Overlaid(*overlay) if overlay is not None else None  # build mode's step or Why?'s lines
    try:
        return save_figure(path, figure(*view, rule, mode, select, size, compare=compare, path=shown, overlay=drawn))
    finally:
        forget_values()  # a value mode's values were solved for this figure alone: not kept in the window


class AnimationExporter:
    def __init__(
        self, session: Session, grid: GridView, work: WorkView, jobs: Jobs, say: Callable[[str], None]
    ) -> None:
        self.session = session
        self.grid = grid
        self.say = say
        self.jobs = jobs
        self.work = work
        self.last: str = ""  # what the last export did (for the tests and the soak)

    def listens(self) -> list[tuple[Any, Callable[[Any], object]]]:
        return [(self.jobs.busyChanged, lambda busy: None if busy else self.work.hide())]

    @property
    def busy(self) -> bool:
        return self.jobs.busy

    def export(self, what: str, steps: int, size: tuple[int, int], path: str, remoteness=None) -> bool:  # type: ignore[no-untyped-def]
        """Start writing the GIF; False (with a message) if the view or the selection cannot be animated."""
        from explorer.core.render.animation import MAX_VIEW

        s = self.session
        x0, y0, x1, y1 = self.grid.visible_cells()
        x0, y0 = max(0, x0), max(0, y0)
        view = (x0, y0, max(x0, x1 - 1), max(y0, y1 - 1))
        if max(view[2] - view[0], view[3] - view[1]) >= MAX_VIEW:
            self._refuse(f"An animation shows at most {MAX_VIEW} cells across: zoom in, then export again")
            return False
        start = s.selection
        if what == "play" and start is None:
            self._refuse("Select the position the game starts from, then export again")
            return False
        rule = s.rule
        self.work.working(f"Writing {path}…")
        self.jobs.submit(
            _write,
            rule,
            what,
            view,
            steps,
            size,
            start,
            remoteness,
            path,
            done=lambda n: self._done(path, n),
            failed=lambda exc: self._refuse(f"The animation could not be written: {exc}"),
            progress=self._progress,
        )
        return True

    def export_figure(self, path: str, size: tuple[int, int] = (600, 600)) -> bool:
        """File ▸ Export view as figure…: the cells in view (rule, colour mode, selection and its winning
        moves) as PDF, SVG or TikZ, as the `figure` command draws them, written on a worker."""
        s = self.session
        x0, y0, x1, y1 = self.grid.visible_cells()
        x0, y0 = max(0, x0), max(0, y0)
        if x1 <= x0 or y1 <= y0:
            self._refuse("No cells are in view: scroll to the grid, then export again")
            return False
        self.work.working(f"Writing {path}…")
        self.jobs.submit(
            _write_figure,
            s.rule,
            s.mode,
            (x0, y0, x1, y1),
            s.selection,
            size,
            path,
            s.compare,  # View ▸ Compare with…: the cells of each kind
            s.demo[: s.demo_at + 1] if s.demo else (),  # a perfect game shown, as far as it is shown
            s.overlay,
            done=lambda note: self._drew(path, note),
            failed=lambda exc: self._refuse(f"The figure could not be written: {exc}"),
        )
        return True

    def _drew(self, path: str, note: str) -> None:
        self.last = f"wrote {path}" + (f" ({note})" if note else "")
        self.say(f"Wrote {path}" + (f": {note}" if note else ""))

    def cancel(self) -> None:
        if self.jobs.busy:
            self.jobs.cancel()
            self.last = "cancelled"
            self.say("Export cancelled")

    def _progress(self, done: int, total: int) -> None:
        self.work.progress(done, total)

    def _done(self, path: str, frames: int) -> None:
        self.last = f"wrote {frames} frames to {path}"
        self.say(f"Wrote {frames} frames to {path}")

    def _refuse(self, text: str) -> None:
        self.last = text
        self.say(text)
