"""The window's panels as docks (a mixin of MainWindow): tabbed down the right of the grid, each
one movable beside another, floatable and closable; reached by Ctrl+1 … Ctrl+9 (named in each
tab's tooltip) and put back by View ▸ Panels ▸ Restore the default layout."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from PySide6.QtCore import QByteArray, Qt, QTimer
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import (
    QDockWidget,
    QFrame,
    QMainWindow,
    QScrollArea,
    QStatusBar,
    QTabBar,
    QTabWidget,
    QToolBar,
    QVBoxLayout,
    QWidget,
)

from explorer.session.views import PANEL_ALIASES, PANELS


class DockedPanelsHost(Protocol):
    """The window's layout as explorer.gui.compose uses it: the central widget, the docks and their
    tabs, the toolbar and the status bar (QMainWindow's, and `DockedPanels`' own)."""

    @property
    def docks(self) -> dict[str, QDockWidget]: ...
    def statusBar(self) -> QStatusBar: ...
    def setCentralWidget(self, widget: QWidget) -> None: ...
    def setDockOptions(self, options: QMainWindow.DockOption) -> None: ...
    def setTabPosition(self, areas: Qt.DockWidgetArea, position: QTabWidget.TabPosition) -> None: ...
    def _dock(self, title: str, name: str, panel: QWidget) -> QDockWidget: ...
    def tabifyDockWidget(self, first: QDockWidget, second: QDockWidget) -> None: ...
    def saveState(self, version: int = 0) -> QByteArray: ...
    def resizeDocks(self, docks: Sequence[QDockWidget], sizes: Sequence[int], orientation: Qt.Orientation) -> None: ...
    def addToolBar(self, title: str) -> QToolBar: ...
    def show_panel(self, name: str) -> None: ...
    def restore_default_layout(self) -> None: ...
    def window_widget(self) -> DockedPanels: ...  # itself, as the Qt parent of its parts


class DockedPanels(QMainWindow):
    """Needs from its host: docks (panel name -> dock, in PANELS' order) and default_state (the
    layout saved before any setting was restored), both read from its parts."""

    @property
    def docks(self) -> dict[str, QDockWidget]:
        raise NotImplementedError

    @property
    def default_state(self) -> QByteArray:
        raise NotImplementedError

    def window_widget(self) -> DockedPanels:
        return self

    def show_panel(self, name: str) -> None:
        """Show the named panel and bring its tab to the front (`screenshot --panel`, Ctrl+1 … Ctrl+7)."""
        dock = self.docks[PANEL_ALIASES.get(name, name)]
        dock.show()
        dock.raise_()
        pages = dock.widget()
        if isinstance(pages, QTabWidget):  # panels sharing a tab as pages: the one named in front
            for i in range(pages.count()):
                page = pages.widget(i)
                if page is not None and page.objectName() == f"{name}Panel":
                    pages.setCurrentIndex(i)

    def panel_shortcut(self, name: str) -> str:
        """The key that brings panel `name` to the front, as a person reads it (Ctrl+1 …)."""
        return QKeySequence(f"Ctrl+{PANELS.index(name) + 1}").toString(QKeySequence.SequenceFormat.NativeText)

    def _dock(self, title: str, name: str, panel: QWidget) -> QDockWidget:
        """A dock on the right holding `panel` (the docks are tabbed together): it can be dragged
        beside another (side by side), floated, or closed (View ▸ Panels shows it again)."""
        dock = QDockWidget(title, self)
        dock.setObjectName(name)
        dock.setWidget(panel)
        dock.setFeatures(
            QDockWidget.DockWidgetFeature.DockWidgetMovable
            | QDockWidget.DockWidgetFeature.DockWidgetFloatable
            | QDockWidget.DockWidgetFeature.DockWidgetClosable
        )
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, dock)
        dock.dockLocationChanged.connect(self._label_tabs_later)
        dock.topLevelChanged.connect(self._label_tabs_later)
        dock.visibilityChanged.connect(self._label_tabs_later)
        return dock

    def _label_tabs_later(self, *_: object) -> None:
        """Once, however many docks moved (at start, 18 signals asked)."""
        if not self.__dict__.get("_labelling"):
            self._labelling = True
            QTimer.singleShot(0, self, self._label_tabs)

    def _label_tabs(self) -> None:
        """Each dock tab's tooltip names its panel and its key (Qt remakes the tab bars whenever
        the docks are rearranged, with the bare title as the tooltip)."""
        self._labelling = False
        titles = {dock.windowTitle(): name for name, dock in self.docks.items()}
        for bar in self.findChildren(QTabBar):
            if bar.parent() is not self:
                continue  # a panel's own tabs
            for i in range(bar.count()):
                name = titles.get(bar.tabText(i).replace("&", ""))
                if name is not None:
                    bar.setTabToolTip(i, f"{bar.tabText(i)} ({self.panel_shortcut(name)})")

    def restore_default_layout(self) -> None:
        """Every panel back in the sidebar, tabbed, the inspector in front."""
        self.restoreState(self.default_state)
        for dock in self.docks.values():
            dock.show()
        self.show_panel("inspector")
        self._label_tabs_later()


def stacked(*panels: QWidget) -> QWidget:
    """Panels one above the other in one tab, a line between them (the Sums panel and the n-piles
    calculator: both add up piles)."""
    holder = QWidget()
    layout = QVBoxLayout(holder)
    layout.setContentsMargins(0, 0, 0, 0)
    for i, panel in enumerate(panels):
        if i:
            line = QFrame()
            line.setFrameShape(QFrame.Shape.HLine)
            layout.addWidget(line)
        layout.addWidget(panel, 3 if i == 0 else 1)
    return holder


def paged(*pages: tuple[str, QWidget]) -> QTabWidget:
    """Panels as pages of one tab, each as tall as the tab (the Structure panel and the three-heap
    report: each draws plots)."""
    holder = QTabWidget(objectName="pages")
    holder.setDocumentMode(True)
    for title, panel in pages:
        holder.addTab(panel, title)
    return holder


# Every panel, and the placeholder of one not built yet, is this wide at least (the widest panel's
# own minimum, the Sequence tab's, is 419): the sidebar keeps its width when a panel is built, so
# the grid never jumps the first time a tab comes to the front.
PANEL_MIN_WIDTH = 420


def scrolled(panel: QWidget) -> QScrollArea:
    """A panel that scrolls when the window is too short for it: its wrapped lines keep their
    height (squeezed, the inspector's lines were drawn over one another)."""
    area = QScrollArea()
    area.setWidgetResizable(True)
    area.setFrameShape(QFrame.Shape.NoFrame)
    area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    area.setWidget(panel)
    area.setMinimumWidth(PANEL_MIN_WIDTH)
    return area


def held() -> QWidget:
    """The place of a panel not built yet."""
    holder = QWidget()
    holder.setMinimumWidth(PANEL_MIN_WIDTH)
    return holder
