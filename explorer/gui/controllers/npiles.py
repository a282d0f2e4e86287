"""The n-piles calculator: requests from its panel, answered off the GUI thread.

Odd n is exact and instant at any size; even n runs a bounded dynamic programme (refused
with a message before it starts when too big) on a worker with progress and Cancel. The
latest request wins: an answer to an older question is never shown.
"""

from __future__ import annotations

from explorer.core.analysis.tables import evaluate_piles
from explorer.core.exact.bigint import short_decimal
from explorer.session.jobs import Jobs
from explorer.session.views import NPilesView

SYNC_BITS = 4_000  # odd n below this size answers in well under a millisecond


class NPilesController:
    def __init__(self, panel: NPilesView, jobs: Jobs) -> None:
        self.panel = panel
        self.jobs = jobs

    @property
    def busy(self) -> bool:
        return self.jobs.busy

    def request(self, piles: tuple[int, ...]) -> None:
        small = len(piles) % 2 == 1 and len(piles) * max(piles).bit_length() < SYNC_BITS
        if not small:
            self.panel.set_busy(True)
        self.jobs.submit(
            evaluate_piles,
            piles,
            done=self._answered,
            failed=self._failed,
            progress=lambda done, total: self.panel.set_busy(True, done, total),
            background=not small,
        )

    def cancel(self) -> None:
        self.jobs.cancel()
        self.panel.set_busy(False)
        self.panel.set_result("Cancelled.")

    def _answered(self, answer: tuple[int, str, list[tuple[int, ...]]]) -> None:
        value, method, wins = answer
        self.panel.set_busy(False)
        verdict = "the player to move <b>wins</b>" if value else "the player to move <b>loses</b>"
        text = f"G = {short_decimal(value, 40)} by {method}: {verdict}."
        if wins:
            shown = "; ".join("(" + ", ".join(short_decimal(p, 20) for p in m) + ")" for m in wins[:8])
            text += f"<br>Winning moves to: {shown}" + (" …" if len(wins) > 8 else "")
        self.panel.set_result(text)

    def _failed(self, exc: BaseException) -> None:
        self.panel.set_busy(False)
        self.panel.set_error(str(exc))
