"""A game in progress: the rules state, who sits in each seat, and the turn driver.

The match owns the state; the table scene only reads views and consumes events. Each
frame the scene calls ``poll()``, which never blocks: when a computer seat is to move
its agent thinks on a worker thread (it gets the seat's view and the legal actions,
never the state), and the chosen action is applied on a later poll, after a short
pause so a person can follow the play. A human seat moves through ``submit``.

Every applied action is kept in ``history``. Because a game is fully determined by its
config (seed, options, stacked deck) and its actions, undo simply replays the history
minus the undone actions: the deals come out the same. Every game keeps the one rule of
``undo_rule``: a decision stands once its maker has been shown a card they had not seen
(so nobody looks at the next lead, or a new hand, and then returns to choose again).

A match resumed from a save starts from the ``Position`` the loader already rebuilt,
so a save is replayed once, by the loader, which also checks it.
"""

from __future__ import annotations

import collections
import queue
import random
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from cardtable_gui.ai import Agent, make_agent
from cardtable_gui.ai.advice import Advice
from cardtable_gui.ai.judgement import Judge
from cardtable_gui.ai.process import AgentHost
from cardtable_gui.cards import parse_cards
from cardtable_gui.persistence.saves import SavedGame, describe_progress
from cardtable_gui.persistence.statistics import GameRecord
from cardtable_gui.rules import GameRules, GameState, get_rules
from cardtable_gui.rules.base import Action, Event, GameView, HandDealt, IllegalAction, shown_cards
from cardtable_gui.seats import AGENT_FOR_LEVEL, AILevel, MatchConfig, SeatConfig, SeatKind
from cardtable_gui.undo_rule import CARDS_SEEN_SINCE, HAND_OVER, NOTHING_TO_UNDO, CardsSeen, UndoOff

THINKING_CUE_AFTER = 0.3
"""Seconds a computer seat may take before the table shows it is thinking."""


@dataclass(frozen=True, slots=True)
class Position:
    """A game already under way (from a save): the state after ``history``, the seat
    that made each move, and how many moves came before the current hand was dealt."""

    state: GameState[Any]
    history: tuple[Action, ...]
    movers: tuple[int, ...]
    hand_start: int


@dataclass(frozen=True, slots=True)
class _Job:
    """One request to an agent: choose for ``seat`` in position ``version``."""

    version: int
    seat: int
    agent: Agent
    view: GameView
    legal: tuple[Action, ...]


@dataclass(frozen=True, slots=True)
class _Answer:
    """An agent's choice (or the error it raised) for the position ``version``."""

    version: int
    action: Action | None
    error: BaseException | None


REMOTE_KINDS = frozenset({"search"})
"""Agent kinds that think in a child process rather than on the worker thread."""


class _Thinker:
    """A worker thread that runs agents one job at a time, so the frame loop never
    waits for an AI. Answers come back on a queue the match reads in ``poll``."""

    def __init__(self) -> None:
        self.jobs: queue.Queue[_Job | None] = queue.Queue()
        self.answers: queue.Queue[_Answer] = queue.Queue()
        self._thread = threading.Thread(target=self._run, name="cardtable-ai", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        while True:
            job = self.jobs.get()
            if job is None:
                return
            try:
                action = job.agent.choose(job.view, job.legal)
            except Exception as error:  # an agent bug must not stop the game
                self.answers.put(_Answer(job.version, None, error))
            else:
                self.answers.put(_Answer(job.version, action, None))

    def stop(self, timeout: float = 1.0) -> None:
        self.jobs.put(None)
        self._thread.join(timeout)


class Match:
    """A match: the rules state, the seats, the event queue and the undo history. It is
    the local ``MatchSeam``: the table asks it nothing else.

    ``ai_pace`` is the least time in seconds between a move and the next computer move
    (the table sets it from the settings); ``hold`` stops computer moves from being
    applied while it is True (the table holds the match while it is still animating, so
    the state never runs far ahead of what the player has seen). Computer seats keep
    thinking while held. ``resume`` starts the match from a position rebuilt from a save instead of the
    first deal.
    """

    def __init__(
        self,
        config: MatchConfig,
        *,
        on_applied: Callable[[Match], None] | None = None,
        ai_pace: float = 0.0,
        clock: Callable[[], float] = time.monotonic,
        resume: Position | None = None,
        friends_gone: tuple[int, ...] = (),
    ) -> None:
        self.config = config
        self.friends_gone = friends_gone
        """Seats friends played in a game hosted here and computers play now: their
        names say so, and every save of the game keeps saying so."""
        self.rules: GameRules[Any, Any] = get_rules(config.game)
        self.on_applied = on_applied
        self.ai_pace = ai_pace
        self.hold = False
        self.history: list[Action] = []
        self.movers: list[int] = []
        self.hand_start = 0
        """How many moves of ``history`` came before the current hand was dealt."""
        self.events: collections.deque[Event] = collections.deque()
        self.agent_errors: list[str] = []
        self._clock = clock
        if resume is None:
            self.state: GameState[Any] = self._new_state()
        else:
            self.state = resume.state
            self.history = list(resume.history)
            self.movers = list(resume.movers)
            self.hand_start = resume.hand_start
        self._agent_host: AgentHost | None = None
        self.agents: dict[int, Agent] = self._new_agents()
        self._thinker = _Thinker()
        self._version = 0
        self._asked: int | None = None
        self._answer: _Answer | None = None
        self._last_move_at = clock()
        self._waiting_since: float | None = None
        self.thinking_seat: int | None = None
        self._undo_checked: tuple[int, UndoOff | None] | None = None
        self._seen: CardsSeen | None = None if resume is not None else self._new_seen(self.state)
        """When each person was last shown a new card (for undo); worked out from the
        history on first need for a match resumed from a save."""

    # -- reading -----------------------------------------------------------------

    @property
    def game(self) -> str:
        return self.config.game

    @property
    def players(self) -> int:
        return self.config.players

    @property
    def person_seats(self) -> tuple[int, ...]:
        return self.config.human_seats

    @property
    def house_rules(self) -> Mapping[str, Any]:
        return self.config.options

    @property
    def teams(self) -> tuple[tuple[int, ...], ...]:
        return self.state.teams

    @property
    def scores(self) -> tuple[int, ...]:
        return tuple(self.state.scores)

    @property
    def winners(self) -> tuple[int, ...]:
        return self.state.winners

    @property
    def just_dealt(self) -> bool:
        return not self.history

    @property
    def position(self) -> int:
        """Counts every change of the game: moves, undo, a rebuilt position."""
        return self._version

    def progress(self) -> str:
        return describe_progress(self.state)

    @property
    def to_move(self) -> int | None:
        return self.state.to_move

    @property
    def is_over(self) -> bool:
        return self.state.is_over

    def is_human(self, seat: int | None) -> bool:
        """Whether a person at this table plays ``seat``."""
        return self._person(seat)

    def _person(self, seat: int | None) -> bool:
        """Whether a person plays ``seat``, here or at another computer: the match
        waits for their move instead of asking a computer player."""
        return seat is not None and self.config.seats[seat].is_human

    def waiting_words(self, seat: int, doing: str = "choosing") -> str:
        return "thinking"

    def away(self, seat: int) -> bool:
        return False

    def seat_name(self, seat: int) -> str:
        """The seat's name; a friend's seat a computer plays now says so, briefly, to
        fit a name plate and a side's line of the scores ("Ada (computer)" was cut)."""
        name = self.config.seats[seat].name
        return f"{name} (AI)" if seat in self.friends_gone else name

    def view_for(self, seat: int | None) -> GameView:
        """What ``seat`` may know now (``None``: a spectator's view)."""
        return self.state.view(seat)

    def legal_actions_for(self, seat: int) -> list[Action]:
        """The actions ``seat`` may take now; empty unless it is that seat's turn."""
        if self.state.to_move != seat:
            return []
        return self.state.legal_actions()

    def why_illegal(self, action: Action) -> str | None:
        """The rule's reason ``action`` may not be taken now, or None when it may.
        Tried on a copy, so the match is untouched either way."""
        try:
            self.state.clone().apply(action)
        except IllegalAction as error:
            return str(error)
        return None

    def preview(self, seat: int, action: Action) -> tuple[GameView, list[Action]] | None:
        """What ``seat`` would see and might do next if ``action`` were made now, when
        that is still ``seat``'s decision (the rest of a turn after a staged meld);
        None when ``action`` is refused, the turn would pass, or the move would show the
        seat a card it has not seen (a foot picked up): what comes after it is not the
        seat's to know yet. Worked out on a copy."""
        after = self._after(seat, action)
        if after is None or after.to_move != seat:
            return None
        view = after.view(seat)
        if shown_cards(view) - shown_cards(self.state.view(seat)):
            return None
        return view, after.legal_actions()

    def reveals_cards(self, seat: int, action: Action) -> bool:
        """Whether making ``action`` now would show ``seat`` a card it has not seen."""
        after = self._after(seat, action)
        return after is not None and bool(shown_cards(after.view(seat)) - shown_cards(self.state.view(seat)))

    def advice(self, seat: int, view: GameView, legal: Sequence[Action]) -> Advice:
        """The Medium (heuristic) player's move and reason for ``seat``, from ``view``
        alone: at once, and the same every time for the same position."""
        adviser = make_agent("heuristic", self.config.game, seat, random.Random(0))
        return adviser.advise(view, legal)  # type: ignore[attr-defined,no-any-return]

    def new_judge(self) -> Judge:
        return Judge(self.config.game)

    @property
    def advice_seed(self) -> int:
        return self.config.seed or 0

    def _after(self, seat: int, action: Action) -> GameState[Any] | None:
        """A copy of the game with ``seat``'s ``action`` made, or None when it is not
        ``seat``'s turn or the move is refused."""
        if self.state.to_move != seat:
            return None
        after = self.state.clone()
        try:
            after.apply(action)
        except IllegalAction:
            return None
        return after

    @property
    def can_undo(self) -> bool:
        return self.undo_refusal() is None

    def undo_refusal(self) -> UndoOff | None:
        """Why the last human decision cannot be taken back now, or None when it can.
        Worked out once per position."""
        if self._undo_checked is None or self._undo_checked[0] != self._version:
            self._undo_checked = (self._version, self._check_undo())
        return self._undo_checked[1]

    def _check_undo(self) -> UndoOff | None:
        keep = self._last_human_move()
        if keep is None:
            return NOTHING_TO_UNDO
        if keep < self.hand_start:
            return HAND_OVER
        if self._seen is None:
            self._seen = self._replayed(self.history)[3]
        if self._seen.new_since(self.movers[keep], keep):
            return CARDS_SEEN_SINCE
        return None

    def _new_seen(self, state: GameState[Any]) -> CardsSeen:
        return CardsSeen(state, self.config.human_seats)

    def _last_human_move(self) -> int | None:
        """The index in ``history`` of the last move a person made."""
        for index in range(len(self.movers) - 1, -1, -1):
            if self._person(self.movers[index]):
                return index
        return None

    # -- events ----------------------------------------------------------------

    def peek_event(self) -> Event | None:
        return self.events[0] if self.events else None

    def take_event(self) -> Event:
        return self.events.popleft()

    def new_hand_pending(self) -> bool:
        return any(isinstance(event, HandDealt) for event in self.events)

    def show_first(self, events: Sequence[Event]) -> None:
        self.events.extendleft(reversed(events))

    def drop_events(self) -> None:
        self.events.clear()

    # -- moving ------------------------------------------------------------------

    def submit(self, action: Action) -> list[Event]:
        """Play ``action`` for the human seat to move. Raises ``IllegalAction`` with the
        rule's reason (the state unchanged) when it is not allowed."""
        seat = self.state.to_move
        if seat is None:
            raise IllegalAction("The game is over.")
        if not self._person(seat):
            raise IllegalAction(f"It is {self.seat_name(seat)}'s turn, not yours.")
        return self._apply(seat, action)

    def poll(self) -> None:
        """Advance the match without waiting: ask a computer seat to think, collect its
        answer, and apply it once the pace pause is over and the match is not held."""
        seat = self.state.to_move
        if seat is None or self._person(seat):
            self.thinking_seat = None
            self._waiting_since = None
            return
        if self._asked != self._version:
            self._ask(seat)
        self._collect()
        now = self._clock()
        if self.hold:
            self._waiting_since = None
            self.thinking_seat = None
            return
        if self._waiting_since is None:
            self._waiting_since = now
        ready = self._answer is not None and now - self._last_move_at >= self.ai_pace
        if ready:
            self._apply_answer(seat)
            return
        waited = now - self._waiting_since
        self.thinking_seat = seat if waited >= THINKING_CUE_AFTER else None

    def _ask(self, seat: int) -> None:
        view = self.state.view(seat)
        legal = tuple(self.state.legal_actions())
        self._thinker.jobs.put(_Job(self._version, seat, self.agents[seat], view, legal))
        self._asked = self._version
        self._answer = None

    def _collect(self) -> None:
        while True:
            try:
                answer = self._thinker.answers.get_nowait()
            except queue.Empty:
                return
            if answer.version == self._version:
                self._answer = answer

    def _apply_answer(self, seat: int) -> None:
        answer = self._answer
        assert answer is not None
        legal = self.state.legal_actions()
        action = answer.action
        if answer.error is not None or action not in legal:
            # A broken agent forfeits its choice, not the game: play the first legal action.
            reason = answer.error if answer.error is not None else f"illegal choice {action}"
            self.agent_errors.append(f"{self.seat_name(seat)}: {reason}")
            action = legal[0]
        assert action is not None
        self._apply(seat, action)

    def _apply(self, seat: int, action: Action) -> list[Event]:
        events = self.state.apply(action)
        if self._seen is not None:
            self._seen.moved(len(self.history), self.state)
        self.history.append(action)
        self.movers.append(seat)
        if _deals(events):
            self.hand_start = len(self.history)
        self.events.extend(events)
        self._moved()
        if self.on_applied is not None:
            self.on_applied(self)
        return events

    def _moved(self) -> None:
        self._version += 1
        self._answer = None
        self._waiting_since = None
        self.thinking_seat = None
        self._last_move_at = self._clock()

    # -- undo --------------------------------------------------------------------

    def undo_to_last_human_decision(self) -> bool:
        """Take back the last human action and every action after it, and rebuild the
        state by replaying what is left. Returns False (changing nothing) when
        ``undo_refusal`` gives a reason not to. Pending events are dropped: the table
        redraws from the rebuilt state."""
        keep = self._last_human_move()
        if keep is None or self.undo_refusal() is not None:
            return False
        self.replay(self.history[:keep])
        return True

    def replay(self, actions: Sequence[Action]) -> None:
        """Rebuild the state from the config and ``actions`` (undo, or a test)."""
        self.state, self.movers, self.hand_start, self._seen = self._replayed(actions)
        self.history = list(actions)
        self.events.clear()
        self.agents = self._new_agents()
        self._moved()
        self._asked = None
        if self.on_applied is not None:
            self.on_applied(self)

    def game_events(self) -> list[Event]:
        """Everything that has happened this game, from the first deal: the moves
        replayed on a fresh state (the game-over score sheet reads its hands here, so
        it is whole even for a game continued from a save)."""
        state = self._new_state()
        events: list[Event] = []
        for action in self.history:
            events.extend(state.apply(action))
        return events

    def _replayed(self, actions: Sequence[Action]) -> tuple[GameState[Any], list[int], int, CardsSeen]:
        """The state after ``actions``, who made each, where the current hand began,
        and when each person was last shown a new card."""
        state = self._new_state()
        seen = self._new_seen(state)
        movers: list[int] = []
        hand_start = 0
        for action in actions:
            seat = state.to_move
            if seat is None:
                raise IllegalAction("A move was recorded after the end of the game.")
            if _deals(state.apply(action)):
                hand_start = len(movers) + 1
            seen.moved(len(movers), state)
            movers.append(seat)
        return state, movers, hand_start, seen

    def notices(self) -> list[str]:
        """Nothing comes from outside a game played on this computer alone."""
        return []

    # -- keeping the game --------------------------------------------------------

    kept_here = True
    """This computer keeps the game: it saves it and counts it in the statistics."""

    def saved_game(self, name: str | None = None) -> SavedGame:
        return SavedGame.capture(self.config, self.history, self.state, name=name, friend_seats=self.friends_gone)

    def game_record(self) -> GameRecord:
        return GameRecord.from_match(self.config, self.state)

    def seat_computer(self, seat: int, level: AILevel) -> None:
        """From now on a computer of ``level`` plays ``seat`` (a friend who left a
        game hosted here); it keeps the seat's name and cards."""
        seats = list(self.config.seats)
        seats[seat] = SeatConfig(name=seats[seat].name, kind=SeatKind.AI, level=level)
        self.config = self.config.model_copy(update={"seats": tuple(seats)})
        self.agents = self._new_agents()
        self._asked = None
        self._moved()

    # -- life cycle --------------------------------------------------------------

    def first_state(self) -> GameState[Any]:
        """The game as it stood before the first move, as a new copy (a host replays
        the moves on it to tell each friend what every move showed them)."""
        return self._new_state()

    def rematch_config(self, seed: int) -> MatchConfig:
        """The same table and house rules with a new seed (and no stacked deck)."""
        return self.config.model_copy(update={"seed": seed, "deck": None})

    def close(self) -> None:
        """Stop the worker thread and the agents' process; an agent still thinking on
        the thread finishes in the background."""
        self._thinker.stop()
        self._close_agent_host()

    def _new_state(self) -> GameState[Any]:
        config = self.config
        options = self.rules.Options(**config.options)
        deck = parse_cards(" ".join(config.deck)) if config.deck else None
        state = self.rules.new_game(config.players, options, seed=config.seed, deck=deck)
        if config.seed is None:
            # Pin the seed chosen by the rules, so undo and saves replay the same deals.
            self.config = config.model_copy(update={"seed": state.seed})
        return state

    def _new_agents(self) -> dict[int, Agent]:
        """An agent for every computer seat. Kinds that think hard (``REMOTE_KINDS``)
        live in a child process, so their work never holds up the window."""
        self._close_agent_host()
        seed = self.config.seed if self.config.seed is not None else 0
        agent_rng = random.Random(seed ^ 0x5EED)
        agents: dict[int, Agent] = {}
        remote: dict[int, tuple[str, int]] = {}
        for seat, seat_config in enumerate(self.config.seats):
            rng = random.Random(agent_rng.getrandbits(64))
            if seat_config.is_human:
                continue
            kind = AGENT_FOR_LEVEL[seat_config.level]
            if kind in REMOTE_KINDS:
                remote[seat] = (kind, rng.getrandbits(64))
            else:
                agents[seat] = make_agent(kind, self.config.game, seat, rng)
        if remote:
            self._agent_host = AgentHost(self.config.game, remote)
            agents.update({seat: self._agent_host.agent(seat) for seat in remote})
        return agents

    def _close_agent_host(self) -> None:
        if self._agent_host is not None:
            self._agent_host.close()
            self._agent_host = None


def _deals(events: Sequence[Event]) -> bool:
    """Whether a move's events include the deal of a new hand."""
    return any(isinstance(event, HandDealt) for event in events)
