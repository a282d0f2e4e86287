"""Table models that answer each painted cell in one Python call.

To paint a cell, Qt's item delegate asks the model for about seven roles (display, alignment,
font, colours, check state, decoration...). Answered by `data`, that is seven calls into Python a
cell: 560 for one paint of the Array tab. Each call takes the GIL, and while a worker runs Python
each one may wait up to the switch interval for it: raising the Array tab while a worker was
loading numba took 210-266 ms. Qt 6 lets a model answer every role
of a cell at once (`multiData`), so a paint costs one call a cell.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import (
    QAbstractItemModel,
    QEvent,
    QModelIndex,
    QModelRoleData,
    QModelRoleDataSpan,
    QPersistentModelIndex,
    QSize,
    Qt,
)
from PySide6.QtGui import QFont, QFontMetrics
from PySide6.QtWidgets import QHeaderView, QStyle, QStyleOptionHeader, QWidget


class OneCallPerCell:
    """Mixed into a QAbstractItemModel (before it): every role of a cell from `data`, in one call."""

    def data(self, index: Any, role: int = 0) -> Any:  # the model's own
        raise NotImplementedError

    def multiData(
        self, index: QModelIndex | QPersistentModelIndex, span: QModelRoleDataSpan | QModelRoleData, /
    ) -> None:
        # PySide's stub gives the span neither __len__ nor __getitem__, which it has
        for i in range(len(span)):  # type: ignore[arg-type]
            item = span[i]  # type: ignore[index]
            value = self.data(index, item.role())
            if value is None:
                item.clearData()
            else:
                item.setData(value)


class MeasuredHeader(QHeaderView):
    """A header whose size is measured in one Python call.

    Qt measures a header from its first and last hundred sections, asking the model for four
    roles of each: ~800 calls into Python at a model reset, and 3 300 for one Go to a far row in
    the Array tab (both headers). This works out the size as Qt does (the style's size of a
    header section holding the widest of those labels, in bold), once per reset."""

    def __init__(self, orientation: Qt.Orientation, parent: QWidget | None = None) -> None:
        super().__init__(orientation, parent)
        self.setSectionsClickable(True)  # as QTableView sets up its own headers: a click selects the row
        self.setHighlightSections(True)  # or column, and the sections of selected cells are drawn bold
        self._hint: QSize | None = None

    def setModel(self, model: QAbstractItemModel | None) -> None:
        super().setModel(model)
        if model is not None:
            model.modelReset.connect(self.forget_size)
            model.headerDataChanged.connect(self.forget_size)
            model.layoutChanged.connect(self.forget_size)
        self.forget_size()

    def forget_size(self) -> None:
        self._hint = None

    def changeEvent(self, event: QEvent) -> None:
        if event.type() in (QEvent.Type.FontChange, QEvent.Type.StyleChange):
            self.forget_size()
        super().changeEvent(event)

    def sizeHint(self) -> QSize:
        if self._hint is None:
            self._hint = self._measure()
        return self._hint

    def _measure(self) -> QSize:
        model, n = self.model(), self.count()
        if model is None or n == 0:
            return super().sizeHint()
        font = QFont(self.font())
        font.setBold(True)  # as Qt measures a section (a highlighted one is drawn bold)
        metrics = QFontMetrics(font)
        shown = [i for i in (*range(min(100, n)), *range(max(100, n - 100), n)) if not self.isSectionHidden(i)]
        role = Qt.ItemDataRole.DisplayRole
        labels = [str(model.headerData(i, self.orientation(), role) or "") for i in shown]
        option = QStyleOptionHeader()
        self.initStyleOption(option)
        option.fontMetrics = metrics
        option.text = max(labels, key=metrics.horizontalAdvance, default="")
        return self.style().sizeFromContents(QStyle.ContentsType.CT_HeaderSection, option, QSize(), self)
