"""A lesson as the table sees a match: events out, the learner's moves in.

The table scene drives a ``MatchSeam``; a lesson is driven by a ``LessonRun``. Rather
than teach the table about lessons, ``LessonMatch`` is a match backed by the run, and
so a seam like any other: the
learner's moves go through ``LessonRun.attempt`` (a refused move raises
``IllegalAction`` with the lesson's reason, so the table shows it and nothing moves,
exactly as for a rule), and the other seats' moves are the step's pending moves,
played one per poll at the table's pace so they animate like any computer move.
Nobody thinks on a thread: a lesson's moves are worked out by the run.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from cardtable_gui.ai import Agent
from cardtable_gui.grammar import YOU
from cardtable_gui.match import Match, Position
from cardtable_gui.rules.base import Action, Event, IllegalAction
from cardtable_gui.seats import AILevel, MatchConfig, SeatConfig, SeatKind
from cardtable_gui.tutorials import LessonRun, Outcome
from cardtable_gui.undo_rule import UndoOff

NO_UNDO = UndoOff("use Back", "In a lesson, Back takes you to the start of the step before.")


def lesson_config(run: LessonRun, learner: str, others: tuple[str, ...]) -> MatchConfig:
    """The table of ``run``'s lesson: the learner at their seat, the others named from
    ``others`` (computer seats, though their moves come from the lesson). The lessons
    call the others by those names, so a learner who goes by one of them is "You"
    here: two Adas would leave the words unclear."""
    names = iter(others)
    if learner.casefold() in {name.casefold() for name in others[: run.lesson.players - 1]}:
        learner = YOU
    seats = tuple(
        SeatConfig(name=learner, kind=SeatKind.HUMAN)
        if seat == run.seat
        else SeatConfig(name=next(names), kind=SeatKind.AI, level=run.lesson.auto or AILevel.EASY)
        for seat in range(run.lesson.players)
    )
    return MatchConfig(game=run.game, seats=seats, options=dict(run.lesson.options), seed=run.seed)


class LessonMatch(Match):
    """A match whose state is the lesson run's. ``outcome`` is what came of the
    learner's last move (its ``after`` text), until the scene takes it."""

    def __init__(
        self,
        run: LessonRun,
        config: MatchConfig,
        *,
        on_applied: Callable[[Match], None] | None = None,
        ai_pace: float = 0.0,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.run = run
        self.outcome: Outcome | None = None
        super().__init__(config, on_applied=on_applied, ai_pace=ai_pace, clock=clock, resume=self._position())

    def _position(self) -> Position:
        moves = self.run.history
        return Position(self.run.state, tuple(m.action for m in moves), tuple(m.seat for m in moves), 0)

    def _new_agents(self) -> dict[int, Agent]:
        return {}

    # -- moving ----------------------------------------------------------------------

    def submit(self, action: Action) -> list[Event]:
        """The learner's move, through the lesson: a move the step does not want (or
        the rules refuse) raises ``IllegalAction`` with the reason, changing nothing."""
        outcome = self.run.attempt(action)
        if not outcome.accepted:
            raise IllegalAction(outcome.text)
        self.outcome = outcome
        self._made(list(outcome.events))
        return list(outcome.events)

    def events_to_show(self) -> int:
        """How many events the table has still to show (the lesson's end holds its
        last trick only when nothing comes after it)."""
        return len(self.events)

    def poll(self) -> None:
        """Play the step's next move for the other seats, once the table has shown the
        last one and the pace pause is over."""
        self.thinking_seat = None
        if self.hold or not self.run.pending_moves():
            return
        if self._clock() - self._last_move_at < self.ai_pace:
            return
        _, events = self.run.play_next()
        self._made(events)

    def _made(self, events: list[Event]) -> None:
        self._sync_history()
        self.events.extend(events)
        self._moved()
        if self.on_applied is not None:
            self.on_applied(self)

    def rebuilt(self) -> None:
        """The run rebuilt its position (Back, Skip, Next past a watch): take it up,
        with nothing left to animate."""
        self.state = self.run.state
        self._sync_history()
        self.events.clear()
        self.outcome = None
        self._moved()

    def _sync_history(self) -> None:
        self.history = [move.action for move in self.run.history]
        self.movers = [move.seat for move in self.run.history]

    # -- what a lesson has not ------------------------------------------------------

    def undo_refusal(self) -> UndoOff | None:
        return NO_UNDO

    def undo_to_last_human_decision(self) -> bool:
        return False

    def game_events(self) -> list[Event]:
        """Everything since the lesson's deal, replayed."""
        state: Any = self.run.fresh_state()
        events: list[Event] = []
        for move in self.run.history:
            events.extend(state.apply(move.action))
        return events
