"""The n-piles tab: requests from its panel, answered off the GUI thread.

Its games: n piles (one pile, or the same amount from every pile): odd n is exact and instant at any
size; even n runs a bounded dynamic programme (refused with a message before it starts when too
big). Three heaps (Fraenkel's game, the subset game): the slices below the smallest heap solved
(explorer.core.game.heaps3), bounded before they start; and a game against the computer from a
position typed, each move of yours typed as the heaps it leaves. Long work runs on a worker with
progress and Cancel; the latest request wins: an answer to an older question is never shown.
"""

from __future__ import annotations

from explorer.core.analysis.tables import evaluate_piles
from explorer.core.exact.bigint import short_decimal
from explorer.core.game import heaps3
from explorer.session.jobs import Jobs
from explorer.session.views import NPilesView

SYNC_BITS = 4_000  # odd n below this size answers in well under a millisecond


def _heaps(piles: tuple[int, ...]) -> str:
    return "(" + ", ".join(short_decimal(p, 20) for p in piles) + ")"


class NPilesController:
    def __init__(self, panel: NPilesView, jobs: Jobs) -> None:
        self.panel = panel
        self.jobs = jobs
        self.game_name = "same"
        self.game: heaps3.HeapGame | None = None  # a game against the computer on three heaps

    @property
    def busy(self) -> bool:
        return self.jobs.busy

    @property
    def three(self) -> heaps3.Game3 | None:
        return heaps3.GAMES.get(self.game_name)

    def choose_game(self, name: str) -> None:
        self.game_name = name
        self._stop_game()
        self.panel.set_result("")

    def request(self, piles: tuple[int, ...]) -> None:
        """Evaluate (or, in a game, play your move to) the piles typed."""
        three = self.three
        if three is None:
            self._request_same(piles)
        elif self.game is not None and not self.game.over:
            self._move(piles)
        elif len(piles) != 3:
            self.panel.set_error(f"{three.title} is played on three heaps: type three numbers, e.g. 1 3 5")
        else:
            self.panel.set_busy(True)
            self.jobs.submit(
                heaps3.evaluate,
                three,
                piles,
                done=lambda answer: self._heaps_answered(piles, answer),
                failed=self._failed,
                progress=lambda done, total: self.panel.set_busy(True, done, total),
                background=True,
            )

    def _request_same(self, piles: tuple[int, ...]) -> None:
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

    # ----- a game against the computer on three heaps ------------------------------------------------
    def new_game(self, piles: tuple[int, ...]) -> None:
        three = self.three
        if three is None:
            self.panel.set_error("play against the computer on three heaps: choose a three-heap game first")
            return
        if len(piles) != 3:
            self.panel.set_error(f"{three.title} is played on three heaps: type three numbers, e.g. 1 3 5")
            return
        self._stop_game()
        self.panel.set_busy(True)
        self.jobs.submit(
            heaps3.table_for,
            three,
            piles,
            done=lambda table: self._started(three, piles, table),
            failed=self._failed,
            progress=lambda done, total: self.panel.set_busy(True, done, total),
            background=True,
        )

    def _started(self, three: heaps3.Game3, piles: tuple[int, int, int], table: heaps3.SliceTable) -> None:
        self.panel.set_busy(False)
        self.game = heaps3.HeapGame(three, piles, table)
        self.panel.set_playing(True, piles)
        self._say("A new game: you move first. Type the heaps your move leaves and press Move.")

    def _move(self, piles: tuple[int, ...]) -> None:
        game = self.game
        assert game is not None
        if len(piles) != 3:
            self.panel.set_error("type the three heaps your move leaves, e.g. 1 2 5")
            return
        try:
            game.play(piles)  # type: ignore[arg-type]
        except ValueError as exc:
            self.panel.set_error(str(exc))
            return
        said = f"You moved to {_heaps(piles)}."
        if not game.over:
            said += f" The computer moved to {_heaps(game.computer_move())}."
        self.panel.set_playing(not game.over, game.position)
        self._say(said)

    def _say(self, first: str) -> None:
        game = self.game
        assert game is not None
        if game.over:
            who = "You took" if game.winner == "you" else "The computer took"
            text = f"{first}<br><b>{who} the last counter and won.</b> Play again, or evaluate a position."
            self.game = None
        else:
            text = f"{first}<br>Position {_heaps(game.position)}: your move ({len(game.path) - 1} moves so far)."
        self.panel.set_result(text)

    def _stop_game(self) -> None:
        self.game = None
        self.panel.set_playing(False)

    # ----- answers --------------------------------------------------------------------------------------
    def cancel(self) -> None:
        self.jobs.cancel()
        self.panel.set_busy(False)
        self.panel.set_result("Cancelled.")

    def _heaps_answered(self, piles: tuple[int, ...], answer: tuple[bool, list[tuple[int, int, int]]]) -> None:
        cold, wins = answer
        self.panel.set_busy(False)
        if cold:
            text = f"{_heaps(piles)} is <b>cold</b> (P): the player to move loses with best play."
        else:
            shown = "; ".join(_heaps(m) for m in wins[:8]) + (" …" if len(wins) > 8 else "")
            text = f"{_heaps(piles)} is <b>hot</b> (N): the player to move wins.<br>Winning moves to: {shown}"
        self.panel.set_result(text)

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
