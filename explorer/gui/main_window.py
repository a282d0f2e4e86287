"""The main window: it holds the session, the views and the controllers that explorer.gui.compose
makes and connects, and does what needs the window itself: dialogs, settings, files, closing.

State lives in `Session` (explorer.session.model); panels are views; controllers turn the
views' requests into session changes, and the session's events into view updates.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from PySide6.QtCore import QByteArray, QSettings, QSignalBlocker, QTimer
from PySide6.QtWidgets import QWidget

from explorer import allocator
from explorer.core.protocol import Rule
from explorer.gui import collector, jobs
from explorer.gui.compose import connect, make_parts
from explorer.gui.docks import DockedPanels
from explorer.gui.held_parts import HeldParts
from explorer.gui.jobs import LatestJob
from explorer.gui.menus import START_HINT, shortcuts_html
from explorer.gui.window_pool import about_html, caches_in_use
from explorer.session.model import Session
from explorer.session.views import PANEL_ALIASES


class MainWindow(HeldParts, DockedPanels):
    """The window: its parts are made and connected by explorer.gui.compose (the one place), and
    held here, typed and read-only (`parts`: explorer.gui.parts.WindowParts); this class lays out
    the docks and does what needs the window itself (dialogs, settings, files, closing)."""

    session: Session

    def __init__(self, settings: QSettings | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        collector.install()  # cyclic garbage (Qt objects among it) is freed on this thread only
        allocator.return_freed_memory()
        jobs.share_the_gil()  # a busy worker must not make each of a paint's Python calls wait 5 ms
        self.setObjectName("mainWindow")
        self.setWindowTitle("Wythoff Explorer")
        self.settings = settings if settings is not None else QSettings("WythoffExplorer", "Wythoff Explorer")
        self.session = Session()
        self._saved_view: tuple[Fraction, Fraction, Fraction] | None = None
        self._moves_at_restore = 0
        self._detached = False
        self.parts = make_parts(self)
        connect(self)
        self.resize(1280, 800)
        self._restore()

    def hover_text(self, text: str) -> None:
        """The hovered cell; with none, and nothing selected, what a newcomer can do."""
        self.hover_label.setText(text or (START_HINT if self.session.selection is None else ""))

    def shortcuts_html(self) -> str:
        return shortcuts_html(self)

    def show_perfect_play(self) -> None:
        """The selection's game between two perfect players, on the grid (R where it is known)."""
        self.demo.show_perfect_play()

    def build_mode(self) -> None:
        """View ▸ Build ▸ Build the view: the Build tab in front, the construction from the view."""
        self.show_panel("build")
        self.builder.start()

    @property
    def rule(self) -> Rule:
        return self.session.rule

    @property
    def busy(self) -> bool:
        """True while any background work of the window is under way."""
        return bool(
            self.grid.rendering
            or self.selection.jobs.busy
            or self.rules.jobs.busy
            or self.sessions.jobs.busy
            or any(getattr(c, "busy", False) for c in self.controllers)
        )

    def show_panel(self, name: str) -> None:
        """Build the named panel if it is not built yet, then show it in front."""
        self.panels.build(PANEL_ALIASES.get(name, name))
        super().show_panel(name)

    def restore_game(self, game: Any) -> None:
        """A session opened: its game (or none) in the Play panel, built for a game."""
        if game is not None:
            self.panels.build("play")
        if self.panels.built("play"):
            self.play.restore(game)

    def play_click(self, x: int, y: int) -> bool:
        """A click during a game: its move, if it is one (the game lives in the Play panel)."""
        return self.panels.built("play") and self.play.handle_click(x, y)

    def built_queries(self) -> Any:
        """The Queries controller, if its panel is built (the memory pool counts its index)."""
        return self.queries if self.panels.built("queries") else None

    # ----- menus ------------------------------------------------------------------------
    def memory_in_use(self) -> dict[str, int]:
        """Bytes held by each cache of explorer.core.budget."""
        return caches_in_use(self)

    def about_text(self) -> str:
        return about_html(self.memory_in_use(), self.pool)

    def set_rule(self, text: str) -> None:
        """Request the rule named `text` (its registry key), as choosing it in the list does."""
        self.rules.request(text)

    # ----- requests from the views ------------------------------------------------------
    def go_to_position(self, a: int, b: int) -> None:
        """Show (a, b) in the inspector and centre the grid on it, zoomed in to cells."""
        self.grid.center_on(a, b)
        self.select_position(a, b)

    def show_why_state(self) -> None:
        """The Why? button and menu item show whether Why? is on (it follows the selection)."""
        on = self.session.why is not None
        self.inspector.set_why_on(on)
        with QSignalBlocker(self.menus.why):
            self.menus.why.setChecked(on)

    def select_position(self, a: int, b: int) -> None:
        self.selection.request(a, b)

    # ----- sessions and bookmarks -----------------------------------------------------------
    # ----- settings ---------------------------------------------------------------------
    def _restore(self) -> None:
        geometry = self.settings.value("window/geometry")
        if isinstance(geometry, QByteArray):
            self.restoreGeometry(geometry)
        state = self.settings.value("window/state")
        if isinstance(state, QByteArray):
            self.restoreState(state)  # the panels where the person left them: split, floated, closed
        self._label_tabs_later()
        view = self.settings.value("view/centre")
        try:
            if isinstance(view, str) and view:
                cx, cy, span = (Fraction(v) for v in view.split())
                if span > 0 and cx >= 0 and cy >= 0:
                    # Shown once the window has its final size: restored now, the view box's first
                    # layouts widened it (each relaunch opened about 6.5 times further out).
                    self._saved_view = (cx, cy, span)
                    self._moves_at_restore = self.grid.view_moves
        except (ValueError, ZeroDivisionError):
            pass  # a damaged setting: keep the default view

    def showEvent(self, event) -> None:  # type: ignore[no-untyped-def]
        super().showEvent(event)
        if self._saved_view is not None:
            QTimer.singleShot(0, self, self._show_saved_view)

    def _show_saved_view(self) -> None:
        """The view of the last session, unless something has moved the view since (a --goto, a
        session file, a screenshot's --view)."""
        saved, self._saved_view = self._saved_view, None
        if saved is not None and self.grid.view_moves == self._moves_at_restore:
            self.grid.show_centred(*saved)

    def closeEvent(self, event) -> None:  # type: ignore[no-untyped-def]
        self.settings.setValue("window/geometry", self.saveGeometry())
        self.settings.setValue("window/state", self.saveState())
        x0, _, x1, y1 = self.grid.visible_cells()
        if (x1 - x0).bit_length() < 4000 and max(abs(x0), abs(y1)).bit_length() < 40_000:
            cx, cy, span = self.grid.view_centre_and_span()
            self.settings.setValue("view/centre", f"{max(cx, 0)} {max(cy, 0)} {span}")
        self.detach()
        super().closeEvent(event)

    def detach(self) -> None:
        """Closing (or the application quitting first): every job stops, and the session tells no
        view anything more (the docks hide as the window goes, and their widgets may be deleted)."""
        if self._detached:
            return
        self._detached = True
        for controller in self.controllers:  # every part built so far
            cancel = getattr(controller, "cancel", None)
            if cancel is not None:
                cancel()
        for job in self.findChildren(LatestJob):  # an answer that arrived after the close would
            job.cancel()  # reach a deleted label
        self.session.events.disconnect_all()
