"""The inspector's HTML lines are read as HTML: a rule's title with an apostrophe showed "&#x27;"."""

from __future__ import annotations

import html

from PySide6.QtCore import Qt
from PySide6.QtGui import QTextDocument


def _shown(label) -> str:  # type: ignore[no-untyped-def]
    """What a label shows, as plain text (rich text rendered; plain text as it is)."""
    if label.textFormat() == Qt.TextFormat.RichText:
        doc = QTextDocument()
        doc.setHtml(label.text())
        return doc.toPlainText()
    return label.text()


def test_values_and_why_lines_show_escaped_titles_as_written(qtbot):
    from explorer.gui.panels.inspector import Inspector

    panel = Inspector()
    qtbot.addWidget(panel)
    title = "Wythoff over Maharaja Nim (Wythoff's queen + the knight)"
    panel.set_values(html.escape(f"{title} has no Grundy values or remoteness: it answers hot and cold."))
    panel.set_why(html.escape(f"(5, 7) is hot under {title}."))
    assert _shown(panel.values).startswith(title) and "&#" not in _shown(panel.values)
    assert title in _shown(panel.why) and "&#" not in _shown(panel.why)
