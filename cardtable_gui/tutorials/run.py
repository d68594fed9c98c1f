"""A lesson being played: the state machine the tutorial scene drives.

``LessonRun`` holds the game (dealt from the lesson's stacked deck) and the current
step. The scene shows ``step`` and ``view``, animates ``pending_moves()`` one at a time
with ``play_next()``, passes the learner's moves to ``attempt`` and quiz answers to
``answer``, and offers Next (``next``, once ``can_next``), Back (``back``) and
"Skip this step" (``skip``).

Every position is rebuilt from the stacked deal by replaying the steps before it, so
Back and a lesson resumed at a saved step show exactly what the learner saw. The other
seats' moves are worked out when their step begins (listed moves, or the lesson's
``auto`` player, seeded by the lesson) and then played from that list.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from cardtable_gui.ai import Agent, make_agent
from cardtable_gui.rules import (
    Action,
    ActionParseError,
    Event,
    GameState,
    GameView,
    IllegalAction,
    get_rules,
)
from cardtable_gui.seats import AGENT_FOR_LEVEL, AILevel
from cardtable_gui.tutorials.games import lesson_seed, stack_deck, start, tutorial_game
from cardtable_gui.tutorials.model import (
    Do,
    Explain,
    Free,
    Lesson,
    LessonError,
    Quiz,
    Step,
    Watch,
)

SKIP_LEVEL = AILevel.MEDIUM
"""Who chooses the learner's move when a ``free`` step is skipped."""


@dataclass(frozen=True, slots=True)
class Move:
    """A move made, or about to be made, by ``seat``."""

    seat: int
    action: Action


@dataclass(frozen=True, slots=True)
class Outcome:
    """What came of the learner's move or answer: accepted or not, the text to show
    (the step's ``after``, its ``wrong``, the rules' reason, a quiz explanation) and,
    for an accepted move, what happened."""

    accepted: bool
    text: str
    events: tuple[Event, ...] = ()


def step_label(index: int, step: Step) -> str:
    """How errors name a step: "step 3 (do)", counted from 1."""
    return f"step {index + 1} ({step.kind})"


class LessonRun:
    """One lesson being played, from its stacked deal, step by step."""

    def __init__(self, game: str, lesson: Lesson, step: int = 0) -> None:
        self.game = game
        self.lesson = lesson
        self.rules = get_rules(game)
        self.seed = lesson_seed(game, lesson)
        self._deck = stack_deck(game, lesson, self.seed)
        self._choices: dict[int, Action] = {}
        self._restart(min(max(step, 0), self.total - 1))

    # What the scene shows

    @property
    def total(self) -> int:
        return len(self.lesson.steps)

    @property
    def step(self) -> Step:
        """The current step (the last one once the lesson is done)."""
        return self.lesson.steps[min(self.index, self.total - 1)]

    @property
    def progress(self) -> tuple[int, int]:
        """(step number counted from 1, number of steps)."""
        return min(self.index + 1, self.total), self.total

    @property
    def seat(self) -> int:
        return self.lesson.seat

    @property
    def view(self) -> GameView:
        """The table as the learner sees it."""
        return self.state.view(self.lesson.seat)

    @property
    def highlight(self) -> tuple[str, ...]:
        return () if self.done else self.step.highlight

    @property
    def can_next(self) -> bool:
        """Whether the current step is finished (a ``watch`` step is finished by Next)."""
        return not self.done and (self._finished or isinstance(self.step, Watch))

    @property
    def taker_asked_next(self) -> bool:
        """Whether the next step asks who takes the trick on the table."""
        following = self.index + 1
        if following >= self.total:
            return False
        step = self.lesson.steps[following]
        return isinstance(step, Quiz) and step.asks_taker

    @property
    def awaits_move(self) -> bool:
        """Whether the learner should move now: a ``do`` or ``free`` step, not yet made,
        with nobody else's move still to play."""
        return (
            not self.done
            and isinstance(self.step, Do | Free)
            and not self._finished
            and not self._pending
        )

    def pending_moves(self) -> tuple[Move, ...]:
        """The other seats' moves still to be played in this step, in order."""
        return tuple(self._pending)

    # Driving the lesson

    def play_next(self) -> tuple[Move, list[Event]]:
        """Make the next pending move; ``IndexError`` when none is left."""
        move = self._pending.pop(0)
        events = self._apply(move.action)
        if isinstance(self.step, Watch) and not self._pending:
            self._finished = True
        return move, events

    def play_pending(self) -> list[Event]:
        """Make every pending move at once."""
        events: list[Event] = []
        while self._pending:
            events.extend(self.play_next()[1])
        return events

    def attempt(self, action: Action) -> Outcome:
        """The learner's move. A ``do`` step accepts only its own move; another legal move
        is refused with the step's ``wrong`` text, an illegal one with the rules' reason
        (remembered for the step: what is said after the move may speak of it).
        A refused move changes nothing else."""
        if not self.awaits_move:
            waiting = "It is not your move yet." if self._pending else "No move is wanted now."
            return Outcome(False, waiting)
        if not self.state.is_legal(action):
            self._ruled_out = True
            return Outcome(False, self._why_illegal(action))
        step = self.step
        if isinstance(step, Do) and self._expected is not None:
            if not self._same_move(action, self._expected):
                if type(action) is type(self._expected):
                    return Outcome(False, step.wrong)
                # A move of another kind may not be the one the learner meant: a Hand and
                # Foot discard lays any staged cards down first, and a play-tester who had
                # discarded as told read "discard the 4 of spades" as refusing that.
                return Outcome(False, f"{step.wrong} The move you made would {action.in_words()}.")
            # The step's own move, however the learner put it together.
            action = self._expected
        if isinstance(step, Free):
            self._choices[self.index] = action
        events = self._apply(action)
        self._finished = True
        return Outcome(True, self._after(step), tuple(events))

    def answer(self, choice: int) -> Outcome:
        """The learner's answer to a quiz: right or not, with that answer's explanation."""
        step = self.step
        if self.done or not isinstance(step, Quiz):
            return Outcome(False, "There is no question to answer now.")
        if not 0 <= choice < len(step.choices):
            return Outcome(False, f"Choose one of the {len(step.choices)} answers.")
        right = choice == step.answer
        if right:
            self._finished = True
        return Outcome(right, step.choices[choice].explanation)

    def next(self) -> bool:
        """Go on to the next step once this one is finished; a ``watch`` step first plays
        what is left of it. False (and nothing changes) when the step is not finished."""
        if not self.can_next:
            return False
        self.play_pending()
        self.index += 1
        if self.index == self.total:
            self.done = True
        else:
            self._enter()
        return True

    def back(self) -> bool:
        """Go back to the start of the previous step, rebuilt from the deal; False on
        the first step."""
        if self.index == 0:
            return False
        self._restart(min(self.index, self.total) - 1)
        return True

    def skip(self) -> list[Event]:
        """Finish the step for the learner (make its move, pass its question) and go on."""
        if self.done:
            return []
        events = self._complete()
        self.next()
        return events

    def parse(self, text: str) -> Action:
        """An action from its text form, as the rules read it."""
        return self.rules.parse_action(text)

    # Inside

    def fresh_state(self) -> GameState[Any]:
        """The lesson's game as dealt, before any move (``history`` replays from here)."""
        return start(self.game, self.lesson, self.seed, self._deck)

    def _restart(self, index: int) -> None:
        self.state: GameState[Any] = self.fresh_state()
        self.history: list[Move] = []
        """Every move made since the deal, the ``before`` moves first."""
        for text in self.lesson.before:
            action = self._read(text, "before")
            if not self.state.is_legal(action):
                raise LessonError("before", _not_legal(text, self.state, action))
            self._apply(action)
        self._agents: dict[int, Agent] = {}
        self._choices = {i: a for i, a in self._choices.items() if i < index}
        self.index = 0
        self.done = False
        self._enter()
        while self.index < index:
            self._complete()
            self.next()

    def _complete(self) -> list[Event]:
        """Finish the current step the way its script says."""
        events = self.play_pending()
        step = self.step
        if isinstance(step, Do | Free) and not self._finished:
            action = self._choices.get(self.index) or self._expected or self._skip_move()
            events.extend(self._apply(action))
        self._finished = True
        return events

    def _apply(self, action: Action) -> list[Event]:
        seat = self.state.to_move
        events = self.state.apply(action)
        self.history.append(Move(-1 if seat is None else seat, action))
        return events

    def _enter(self) -> None:
        """Start the current step: work out the moves the other seats make in it."""
        step = self.step
        self._finished = isinstance(step, Explain)
        self._ruled_out = False
        """Whether the rules refused a move of the learner's in this step."""
        self._expected: Action | None = None
        self._pending: list[Move] = []
        if isinstance(step, Watch):
            self._pending = self._scripted(step) if step.moves else self._auto_moves()
            if not self._pending:
                raise self._error("there is no move for anyone to make here.")
        elif isinstance(step, Do | Free):
            self._pending = self._auto_moves()
            if isinstance(step, Do):
                self._expected = self._expected_move(step)

    def _after(self, step: Step) -> str:
        """What is said once the learner's move is made: the step's ``after``, or its
        ``after_refused`` when the rules refused a move of theirs in this step."""
        if isinstance(step, Do) and self._ruled_out and step.after_refused:
            return step.after_refused
        return step.after if isinstance(step, Do | Free) else ""

    def _scripted(self, step: Watch) -> list[Move]:
        trial = self.state.clone()
        moves = []
        for text in step.moves:
            action = self._read(text)
            seat = trial.to_move
            if seat is None:
                raise self._error(f"the game is over before {text!r}.")
            if seat == self.lesson.seat:
                raise self._error(f"{text!r} would be the learner's move; use a do step.")
            if not trial.is_legal(action):
                raise self._error(_not_legal(text, trial, action))
            trial.apply(action)
            moves.append(Move(seat, action))
        return moves

    def _auto_moves(self) -> list[Move]:
        """The other seats' moves, by the lesson's ``auto`` player, up to the learner's
        next turn (or the end of the game)."""
        trial = self.state.clone()
        moves = []
        while trial.to_move is not None and trial.to_move != self.lesson.seat:
            seat = trial.to_move
            if self.lesson.auto is None:
                raise self._error(
                    f"it is seat {seat}'s move, not the learner's: list it in a watch step "
                    "or give the lesson an auto player."
                )
            action = self._agent(seat, self.lesson.auto).choose(
                trial.view(seat), trial.legal_actions()
            )
            trial.apply(action)
            moves.append(Move(seat, action))
        return moves

    def _expected_move(self, step: Do) -> Action:
        action = self._read(step.action)
        trial = self.state.clone()
        for move in self._pending:
            trial.apply(move.action)
        if trial.to_move is None:
            raise self._error("the game is over; there is no move to make.")
        if not trial.is_legal(action):
            raise self._error(_not_legal(step.action, trial, action))
        return action

    def _skip_move(self) -> Action:
        level = self.lesson.auto or SKIP_LEVEL
        return self._agent(self.lesson.seat, level).choose(
            self.state.view(self.lesson.seat), self.state.legal_actions()
        )

    def _agent(self, seat: int, level: AILevel) -> Agent:
        if seat not in self._agents:
            rng = random.Random(f"lesson {self.lesson.id} seed {self.seed} seat {seat}")
            self._agents[seat] = make_agent(AGENT_FOR_LEVEL[level], self.game, seat, rng)
        return self._agents[seat]

    def _read(self, text: str, field: str | None = None) -> Action:
        try:
            return self.rules.parse_action(text)
        except ActionParseError as error:
            if field is not None:
                raise LessonError(field, str(error)) from None
            raise self._error(str(error)) from None

    def _same_move(self, made: Action, wanted: Action) -> bool:
        """Whether ``made`` does what ``wanted`` does: the same action, or one that leaves
        the same position (a meld whose cards were picked in another order)."""
        if made == wanted:
            return True
        fingerprint = tutorial_game(self.game).fingerprint
        after_made, after_wanted = self.state.clone(), self.state.clone()
        after_made.apply(made)
        after_wanted.apply(wanted)
        return fingerprint(after_made) == fingerprint(after_wanted)

    def _why_illegal(self, action: Action) -> str:
        return _reason(self.state, action)

    def _error(self, message: str) -> LessonError:
        return LessonError(step_label(self.index, self.step), message)


def _reason(state: GameState[Any], action: Action) -> str:
    """The rules' own sentence for why ``action`` is not allowed in ``state``."""
    try:
        state.clone().apply(action)
    except IllegalAction as error:
        return str(error)
    return "That move is not allowed now."


def _not_legal(text: str, state: GameState[Any], action: Action) -> str:
    """A lesson file's scripted move that the rules refuse, and their reason."""
    reason = _reason(state, action)
    return f"{text!r} is not a legal move there: {reason[:1].lower()}{reason[1:]}"
