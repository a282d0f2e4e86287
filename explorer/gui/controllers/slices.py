"""The conjecture report on three heaps in the window: the slices solved on a worker, with progress
and Cancel, bounded before it starts (the command line's `slices` limits); the latest request wins,
and an answer carries the inputs it was computed for."""

from __future__ import annotations

import html
from typing import Any

from explorer.core.game.heaps3 import GAMES
from explorer.session.jobs import Jobs
from explorer.session.views import SlicesView


def report_with_plot(game_name: str, a_max: int, n_max: int, progress: Any = None) -> tuple[tuple, str, bytes]:
    """(the inputs, the report as HTML, the plot as a PNG): on a worker."""
    import io

    from explorer.core.analysis.slices_report import reports
    from explorer.core.render.slices_plot import plot_image

    game = GAMES[game_name]
    found = reports(game, a_max, n_max, progress)
    out = io.BytesIO()
    plot_image(found, f"{game.title}: b_n - floor(n*phi), n <= {n_max:,}").save(out, format="PNG")
    return (game_name, a_max, n_max), report_html(game.title, found, n_max), out.getvalue()


def report_html(title: str, found: list[Any], n_max: int) -> str:
    """The report as the tab shows it: a table a slice a row (T by its size and largest number; the
    command line's --json lists it whole)."""
    yes = {True: "holds", False: "<b>fails</b>"}
    rows = "".join(
        f"<tr><td>{r.first}</td><td>{r.shift}</td><td>{'–' if r.n1 is None else r.n1}</td>"
        f"<td>{'–' if r.n2 is None else r.n2}</td><td>{r.alpha}</td><td>{r.max_eps}</td>"
        f"<td>{yes[r.holds_i]}</td><td>{yes[r.holds_ii]}</td>"
        f"<td>{len(r.t)}{f' (≤ {r.t[-1]})' if r.t else ''}</td></tr>"
        for r in found
    )
    head = "".join(f"<th>{h}</th>" for h in ("a", "s", "N1", "N2", "α", "max |ε|", "(i)", "(ii)", "|T|"))
    return (
        f"<p><b>{html.escape(title)}</b>, n ≤ {n_max:,}: (i) c<sub>n</sub> = b<sub>n</sub> + n for n &gt; N1; "
        f"(ii) b<sub>n</sub> = ⌊nφ⌋ + α + ε<sub>n</sub>, |ε<sub>n</sub>| ≤ 1, for n &gt; N2. n is Sun's index "
        "(the k-th pair has n = k + s). <i>Evidence up to n = N, not a proof.</i></p>"
        f"<table cellspacing='0' cellpadding='3' border='1'><tr>{head}</tr>{rows}</table>"
    )


class SlicesController:
    def __init__(self, view: SlicesView, jobs: Jobs) -> None:
        self.view = view
        self.jobs = jobs
        self.asked: tuple[str, int, int] | None = None  # the report asked last: an answer to another is dropped

    @property
    def busy(self) -> bool:
        return self.jobs.busy

    def report(self, game_name: str, a_max: int, n_max: int) -> None:
        from explorer.core.analysis.slices_report import refusal

        game = GAMES.get(game_name)
        if game is None:
            self.view.set_error(f"no three-heap game is called {game_name!r}")
            return
        if why := refusal(game, a_max, n_max):  # before any work
            self.view.set_error(why)
            return
        self.asked = (game_name, a_max, n_max)
        self.view.set_busy(True)
        self.jobs.submit(
            report_with_plot,
            game_name,
            a_max,
            n_max,
            done=self._answered,
            failed=self._failed,
            progress=lambda done, total: self.view.set_busy(True, done, total),
            background=True,
        )

    def cancel(self) -> None:
        self.jobs.cancel()
        self.asked = None
        self.view.set_busy(False)
        self.view.set_error("Cancelled.")

    def _answered(self, answer: tuple[tuple, str, bytes]) -> None:
        inputs, text, png = answer
        if inputs != self.asked:  # an answer to an older question
            return
        self.view.set_busy(False)
        self.view.set_report(text, png)

    def _failed(self, exc: BaseException) -> None:
        self.view.set_busy(False)
        self.view.set_error(str(exc))
