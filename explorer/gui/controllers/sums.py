"""Sums of games (issue 37): the selected two-pile position plus Nim heaps, and optionally a
second two-pile position. Its value is the XOR of the parts' values (Sprague–Grundy) and every
winning move is listed (explorer.core.analysis.far_values finds them on the parts' lines).

The answer is worked out off the GUI thread (the values far out may need solving first), and is
shown only if the rule and the sum it was computed for are still those in effect. Playing a
move changes the selection (a move in the first part), the heaps or the second part.
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from typing import Any, NamedTuple

from explorer.core.analysis.far_values import SumAnswer, SumPosition, sum_answer, sums_refusal
from explorer.core.exact.bigint import short_decimal
from explorer.core.protocol import NotAvailable, Progress, Rule
from explorer.core.value_limits import values_far_out
from explorer.core.value_source import ValueCache
from explorer.session.jobs import Jobs
from explorer.session.model import HOT_COLD, Session, SumParts
from explorer.session.views import SumsView


class SumQuestion(NamedTuple):
    rule: Rule
    position: SumPosition


def answer_sum(question: SumQuestion, values: ValueCache | None = None, progress: Progress | None = None) -> SumAnswer:
    """The sum's value and winning moves, each part's value from the one place that answers values
    (the session's, with the window's limits; a fresh one if none is given; `progress` may stop it:
    InterruptedError)."""
    return sum_answer(values if values is not None else ValueCache(question.rule), question.position, progress)


class SumsController:
    """The sum's parts live in the session (`sum_parts`, saved with it); this controller answers
    the sum they make with the selection, only while the Sums panel is in front (`session.front`),
    and shows nothing for parts that no longer hold."""

    PANEL = "sums"

    def __init__(
        self, session: Session, panel: SumsView, jobs: Jobs, go_to: Callable[[int, int], None] | None = None
    ) -> None:
        self.session = session
        # A move in the first part selects its position as the window does (the inspector's report
        # follows); without a window, the model's selection is set.
        self.go_to = go_to or (lambda a, b: setattr(session, "selection", (a, b)))
        self.panel = panel
        self.jobs = jobs
        self.answer: tuple[SumQuestion, SumAnswer] | None = None
        self._stale = False
        panel.set_parts(session.sum_parts.heaps, session.sum_parts.second)
        self.refresh()

    def listens(self) -> list[tuple[Any, Callable[[Any], object]]]:
        """The session's fields this controller follows, and what it does when each changes."""
        events = self.session.events
        return [
            (events.selection, lambda _: self.refresh()),
            (events.rule, lambda _: self.refresh()),
            (events.sum_parts, self._parts_changed),
            (events.front, self._front_changed),
            (events.heap, self.panel.set_grid_heap),
        ]

    @property
    def busy(self) -> bool:
        return self.jobs.busy

    @property
    def in_front(self) -> bool:
        return self.PANEL in self.session.front

    def question(self) -> SumQuestion | None:
        selection, parts = self.session.selection, self.session.sum_parts
        if selection is None or parts.error:
            return None
        piles = (selection,) + ((parts.second,) if parts.second is not None else ())
        return SumQuestion(self.session.rule, SumPosition(piles, parts.heaps))

    def set_parts(self, heaps: tuple[int, ...], second: tuple[int, int] | None) -> None:
        """The panel's heaps and second position (checked by the panel: whole numbers)."""
        self.session.sum_parts = SumParts(heaps, second)

    def reject_parts(self, message: str) -> None:
        """What was typed cannot be read: no sum is answered until it can (the sentence says why)."""
        parts = self.session.sum_parts
        self.session.sum_parts = SumParts(parts.heaps, parts.second, message)

    def _parts_changed(self, parts: SumParts) -> None:
        if not parts.error:
            self.panel.set_parts(parts.heaps, parts.second)
        self.refresh()

    def refresh(self) -> None:
        self.jobs.cancel()  # whatever is asked now, the answer under way is for another sum
        selection = self.session.selection
        self.panel.set_position(
            "select a position on the grid (or type it in the inspector)"
            if selection is None
            else f"({short_decimal(selection[0], 24)}, {short_decimal(selection[1], 24)})"
        )
        self.answer = None
        self.session.sum_moves = ()
        if self.session.sum_parts.error:
            self.panel.set_error(self.session.sum_parts.error)
            return
        question = self.question()
        if question is None:
            self.panel.set_result("", [])
            return
        refused = sums_refusal(question.rule)  # misère, or no values: one sentence, before any work
        if refused is not None:
            self.panel.set_error(str(refused))
            return
        if not self.in_front:
            self._stale = True  # worked out when the panel comes to the front: selecting costs nothing here
            return
        self._stale = False
        self.panel.set_busy(True)
        cache = self.session.values
        work = cache.working_copy() if cache is not None else None  # solved into on the worker
        self.jobs.submit(
            answer_sum,
            question,
            work,
            done=lambda answer: self._answered(question, answer, cache, work),
            failed=lambda exc: self._failed(question, exc),
            progress=lambda done, total: self.panel.set_busy(True, done, total),
        )

    def _front_changed(self, front: frozenset[str]) -> None:
        """In front: answer what changed while the panel was behind, and draw its moves on the grid
        again. Behind another tab, closed or hidden: its work stops and its moves leave the grid."""
        if self.PANEL in front:
            if self._stale:
                self.refresh()
            elif self.answer is not None and self._current(self.answer[0]):
                self._draw(self.answer[1])
            return
        if self.jobs.busy:
            self.jobs.cancel()
            self.panel.set_busy(False)
            self._stale = True
        self.session.sum_moves = ()

    def show_heap(self, heap: int) -> None:
        """Draw the game plus a Nim heap of `heap` on the grid: its cold cells are the cells of value
        `heap`. Hot/cold colouring; refused in a sentence under a rule whose values are not sequences."""
        if heap:
            rule = self.session.rule
            refused = sums_refusal(rule)  # misère: values do not decide sums, one sentence says so
            if refused is None and not values_far_out(rule):
                refused = NotAvailable(
                    f"{rule.title}: the cells of one value are drawn on the grid under rules whose moves hold "
                    "Nim's rays (1,0) and (0,1), each value a sequence"
                )
            if refused is not None:
                self.panel.set_grid_heap(0)
                self.panel.set_error(str(refused))
                return
            self.session.mode = HOT_COLD
        self.session.heap = heap

    def cancel(self) -> None:
        self.jobs.cancel()
        self.panel.set_busy(False)

    def _current(self, question: SumQuestion) -> bool:
        return self.question() == question and self.session.rule == question.rule

    def _answered(
        self,
        question: SumQuestion,
        answer: SumAnswer,
        cache: ValueCache | None = None,
        work: ValueCache | None = None,
    ) -> None:
        if cache is not None and work is not None and cache is self.session.values and cache.adopt(work):
            self.session.values_changed(cache)  # what the worker solved, taken here: views redraw
        if not self._current(question):
            return  # the sum or the rule changed meanwhile: a newer answer follows
        self.panel.set_busy(False)
        self.answer = (question, answer)
        self._draw(answer)
        names = [f"G{_pos(p)}" for p in question.position.piles]
        names += [f"heap {short_decimal(h, 20)}" for h in question.position.heaps]
        values = " ⊕ ".join(f"{short_decimal(g, 20)}" for g in answer.parts)
        verdict = (
            "<b>P</b>: the player to move <b>loses</b> (the XOR is 0)"
            if answer.status == "P"
            else f"<b>N</b>: the player to move <b>wins</b> — {'at least ' if answer.note else ''}"
            f"{len(answer.winning_moves)} winning move{'s' if len(answer.winning_moves) != 1 else ''}"
        )
        html = f"{' ⊕ '.join(names)}<br>= {values} = <b>{short_decimal(answer.grundy, 40)}</b><br>{verdict}"
        if answer.note:
            html += f"<br><i>{escape(answer.note)}</i>"
        self.panel.set_result(html, [self._describe(question, m.part, m.after) for m in answer.winning_moves])

    def _draw(self, answer: SumAnswer) -> None:
        """The cells the selected position's part moves to, for the grid."""
        self.session.sum_moves = tuple((m.after[0], m.after[1]) for m in answer.winning_moves if m.part == 0)

    def _describe(self, question: SumQuestion, part: int, after: tuple[int, ...]) -> str:
        k = len(question.position.piles)
        if part < k:
            before = question.position.piles[part]
            now = (after[2 * part], after[2 * part + 1])
            where = "the position" if part == 0 else "the second position"
            return f"{where}: {_pos(before)} → {_pos(now)}"
        j = part - k
        return f"heap {j + 1}: {short_decimal(question.position.heaps[j], 20)} → {short_decimal(after[2 * k + j], 20)}"

    def _failed(self, question: SumQuestion, exc: BaseException) -> None:
        if not self._current(question):
            return
        self.panel.set_busy(False)
        self.panel.set_error("Cancelled." if isinstance(exc, InterruptedError) else str(exc))

    def play(self, index: int) -> None:
        """Play winning move `index` of the answer shown: the parts take its result."""
        if self.answer is None:
            return
        question, answer = self.answer
        if not (0 <= index < len(answer.winning_moves)) or not self._current(question):
            return
        after = answer.winning_moves[index].after
        k = len(question.position.piles)
        first = (after[0], after[1])
        if first != question.position.piles[0]:
            self.go_to(*first)  # a move in the first part: the selection's event asks again
        else:
            self.session.sum_parts = SumParts(tuple(after[2 * k :]), (after[2], after[3]) if k == 2 else None)


def _pos(p: tuple[int, int]) -> str:
    return f"({short_decimal(p[0], 20)}, {short_decimal(p[1], 20)})"
