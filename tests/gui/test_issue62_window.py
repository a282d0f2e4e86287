"""Issue 62 in the real window: a refused rule typed into Compare with another rule… is said on the
status bar (a RuleError once escaped and the person saw nothing), and the inspector lists the pass,
a cell hot by declaration and a blocking game's cold options as a person reads them."""

from __future__ import annotations

import pytest

from explorer.gui import jobs


@pytest.mark.parametrize("text", ["block:2;m=3", "alter:cold=(3,4", "alter:foo=1", "alter:hot="])
def test_a_refused_comparison_says_why_and_raises_nothing(window, qtbot, text):
    failures: list[BaseException] = []
    jobs.untyped_failures.append(failures.append)
    try:
        window.dialogs.rule = lambda title, label, choices, refusal: text  # past the dialog: the controller refuses
        window.asks.ask_compare()
        qtbot.waitUntil(lambda: not window.busy)
        qtbot.wait(20)
    finally:
        jobs.untyped_failures.remove(failures.append)
    assert not failures and window.session.compare is None
    assert window.statusBar().currentMessage()


def _moves_text(window) -> list[str]:  # type: ignore[no-untyped-def]
    return [window.inspector.moves.item(i).text() for i in range(window.inspector.moves.count())]


@pytest.mark.parametrize(
    ("rule", "cell", "shown", "said"),
    [
        ("pass:n=64", (1, 2), "pass", "N-position"),
        ("alter:hot=(1,2);n=64", (1, 2), "declared hot", "by declaration"),
        ("block:3;n=256", (3, 8), "may be blocked", "P-position"),
    ],
)
def test_the_inspector_says_what_wins_and_what_may_be_blocked(window, qtbot, rule, cell, shown, said):
    window.rules.request(rule)
    qtbot.waitUntil(lambda: not window.busy and window.session.rule.key.startswith(rule.split(":")[0]))
    window.go_to_position(*cell)
    qtbot.waitUntil(lambda: not window.busy and window.session.report is not None)
    lines = _moves_text(window)
    assert any(shown in line for line in lines), lines
    assert said in window.inspector.status.text()
    assert "by 0 winning moves" not in window.inspector.status.text()
