"""Session files and bookmarks: save what the session holds, open a file into it, name views.

Opening checks everything first (the file, the rule, the game's moves under that rule) and only
then changes the session, so a bad file leaves the session as it was and says why. A custom
rule is solved off the GUI thread, like choosing it in the selector.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from explorer.core import budget
from explorer.core.analysis.modes import mode_refusal
from explorer.core.analysis.play import Game
from explorer.core.protocol import Progress, Rule, adopt, grown
from explorer.core.rules.presentation import takes_time
from explorer.core.rules.registry import parse_rule
from explorer.session import store
from explorer.session.jobs import Jobs
from explorer.session.model import Session, SumParts
from explorer.session.store import Bookmark, SavedSession, SessionFileError

View = tuple[int, int, int, int]


class ViewPort(Protocol):
    def visible_cells(self) -> View: ...  # [x0, x1) x [y0, y1)
    def set_view(self, x0: int, y0: int, x1: int, y1: int) -> None: ...  # [x0, x1] x [y0, y1]


@dataclass(frozen=True)
class Prepared:
    saved: SavedSession
    rule: Rule
    game: Game | None
    compare: Rule | None = None
    home: Rule | None = None  # the rule that takes what `rule` (its working copy) solved


FAR_ON_OPEN = 1 << 12  # a session whose positions reach this far is opened on a worker


def positions(saved: SavedSession) -> list[tuple[int, int]]:
    """The positions a session needs answered: its selection and its game's."""
    return ([saved.selection] if saved.selection is not None else []) + list(saved.game.path if saved.game else ())


def prepare(saved: SavedSession, progress: Progress | None = None) -> Prepared:
    """Make the file's rule, solve it as far as the session's positions (a generated sequence
    grows, within the window's budget, as it does when the view asks), and replay its game under
    it; on a worker for custom rules and far positions. OutOfBounds names the bound where the
    positions lie beyond what the window can solve."""
    home = parse_rule(saved.rule)
    cells = positions(saved)
    # a growing rule grows in a working copy here; the window's rule takes its columns on the GUI thread
    rule = grown(home, max(max(c) for c in cells), progress, budget.GENERATED_WINDOW_BYTES) if cells else home
    for cell in cells:
        rule.check(*cell)
    game = None
    if saved.game is not None:
        g = saved.game
        game = Game.replay(rule, g.start, g.human_first, g.path, g.movers)
    compare = None if saved.compare is None else parse_rule(saved.compare)
    refusal = mode_refusal(rule, saved.mode)
    if refusal:
        raise SessionFileError(f"the file colours by {saved.mode}, but {refusal}")
    return Prepared(saved, rule, game, compare, home)


class SessionController:
    def __init__(
        self,
        session: Session,
        grid: ViewPort,
        select: Callable[[int, int], None],
        clear_selection: Callable[[], None],
        restore_game: Callable[[Game | None], None],
        warn: Callable[[str], None],
        status: Callable[[str], None],
        jobs: Jobs,
        opened: Callable[[str], None] = lambda path: None,
    ) -> None:
        """`opened(path)`: a file was opened or saved (File ▸ Open recent remembers it)."""
        self.session = session
        self.grid = grid
        self.select = select
        self.clear_selection = clear_selection
        self.restore_game = restore_game
        self.warn = warn
        self.status = status
        self.jobs = jobs
        self.opened = opened
        self._restored: View | None = None  # a file's or a bookmark's view, while the grid still shows it

    # ----- saving -----------------------------------------------------------------------------
    def current_view(self) -> View:
        """The view to save: the file's (or bookmark's) own view until the grid is moved (so
        reopening and saving again gives the same file, whatever the window's size), else the
        cells in view."""
        return self._restored if self._restored is not None else self.grid.visible_cells()

    def view_moved(self) -> None:
        """The grid was moved: from now on the cells in view are the view."""
        self._restored = None

    def save(self, path: str) -> bool:
        self.session.view = self.current_view()
        saved, left_out = self.session.saved()
        try:
            store.save(path, saved)
        except OSError as exc:
            self.warn(f"Could not save the session to {path}: {exc.strerror or exc}")
            return False
        note = f" (the oldest {left_out:,} query rows were left out)" if left_out else ""
        self.status(f"Session saved to {os.path.basename(path)}{note}")
        self.opened(path)
        return True

    # ----- opening ----------------------------------------------------------------------------
    def open(self, path: str) -> None:
        try:
            saved = store.load(path)
        except SessionFileError as exc:
            self.warn(f"Could not open {os.path.basename(path)}: {exc}. Nothing was changed.")
            return
        name = os.path.basename(path)
        cells = positions(saved)
        slow = (
            takes_time(saved.rule)
            or (saved.compare is not None and takes_time(saved.compare))
            or any(max(c) >= FAR_ON_OPEN for c in cells)
        )
        if slow:
            self.status(f"Opening {name}: solving its rule as far as its positions…")
        self.jobs.submit(
            prepare,
            saved,
            done=lambda p: self._apply(path, p),
            failed=lambda exc: self.warn(f"Could not open {name}: {exc}. Nothing was changed."),
            progress=lambda done, total: self.status(
                f"Opening {name}: solving its rule as far as its positions… {100 * done // max(total, 1)}%"
            ),
            background=slow,
        )

    def _apply(self, path: str, p: Prepared) -> None:
        s, session = p.saved, self.session
        rule = p.rule
        if p.home is not None and p.home is not rule:
            adopt(p.home, rule)  # the columns solved on the worker, taken here
            rule = p.home
        session.rule = rule
        session.mode = s.mode
        session.queries = s.queries
        session.bookmarks = s.bookmarks
        session.sum_parts = SumParts(s.heaps, s.second)
        session.compare = p.compare
        session.altering = s.altering
        session.cell_borders = s.cell_borders
        session.golden_lines = s.golden_lines
        session.tables = s.tables
        self.restore_game(p.game)
        if s.selection is not None:
            self.select(*s.selection)
        else:
            self.clear_selection()
        if s.view is not None:
            self.show_view(s.view)
        session.view = s.view
        self.status(f"Opened {os.path.basename(path)}")
        self.opened(path)

    def show_view(self, view: View) -> None:
        x0, y0, x1, y1 = view
        self.grid.set_view(x0, y0, x1 - 1, y1 - 1)
        self._restored = view

    def show_lines(self, borders: bool | None = None, golden: bool | None = None) -> None:
        """View ▸ Cell borders and Golden lines: kept in the session (and saved with it)."""
        if borders is not None:
            self.session.cell_borders = borders
        if golden is not None:
            self.session.golden_lines = golden

    # ----- bookmarks --------------------------------------------------------------------------
    def add_bookmark(self, name: str) -> None:
        name = name.strip()
        if not name or len(name) > store.MAX_NAME:
            self.warn(f"A bookmark needs a name of 1 to {store.MAX_NAME} characters.")
            return
        view = self.current_view()
        kept = tuple(b for b in self.session.bookmarks if b.name != name)
        self.session.bookmarks = (*kept, Bookmark(name, view))
        self.status(f"Bookmark {name!r} saved")

    def go_to_bookmark(self, name: str) -> None:
        for b in self.session.bookmarks:
            if b.name == name:
                self.show_view(b.view)
                return
        self.warn(f"There is no bookmark named {name!r}.")

    def delete_bookmark(self, name: str) -> None:
        self.session.bookmarks = tuple(b for b in self.session.bookmarks if b.name != name)
