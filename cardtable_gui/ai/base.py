"""The agent contract, and the players that any game can have.

An agent is asked to choose one of ``legal`` given only ``view``. It may keep private
memory between calls (it is one seat's player for a whole game) and owns a
``random.Random`` so that a seeded match plays the same way every time.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from cardtable_gui.rules.base import Action, GameState, GameView


class Agent(Protocol):
    """Something that picks an action for one seat."""

    def choose(self, view: GameView, legal: Sequence[Action]) -> Action: ...


class SeatHeuristic:
    """Base of each game's own player: it plays one seat for a whole game and draws its
    chances from its own random source, which is all that every game's player keeps."""

    def __init__(self, seat: int, rng: random.Random) -> None:
        self.seat = seat
        self.rng = rng


class RandomAgent:
    """Plays a uniformly random legal action: the baseline every agent must beat."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, view: GameView, legal: Sequence[Action]) -> Action:
        return self.rng.choice(list(legal))


class CasualAgent:
    """A beginner's opponent: plays by the game's rules of thumb but, now and then,
    makes whatever move comes to hand. Where a game says which moves a beginner might
    make instead of a good one (``slips``: a bid a trick or two off, never eleven for a
    hand worth three), a slip is one of those."""

    SLIP = 0.35
    """The share of decisions made at random."""

    def __init__(self, skilled: Agent, rng: random.Random, slips: Slips | None = None) -> None:
        self.skilled = skilled
        self.rng = rng
        self.slips = slips

    def choose(self, view: GameView, legal: Sequence[Action]) -> Action:
        if self.rng.random() < self.SLIP:
            near = self.slips(self.skilled.choose(view, legal), legal) if self.slips is not None else legal
            return self.rng.choice(list(near))
        return self.skilled.choose(view, legal)


AgentFactory = Callable[[int, random.Random], Agent]
"""Builds an agent for a seat, given the seat and the agent's own random source."""

Slips = Callable[[Action, Sequence[Action]], Sequence[Action]]
"""The moves a beginner might make in place of ``good`` (the skilled choice) among
``legal``: never empty."""

SafetyPlay = Callable[[GameView, Sequence[Action], int], Action | None]
"""A game's move that the search plays without weighing, given the view, the legal
moves and the seat, or None where the game has no such move here: a safety play whose
worth the rollouts' players cannot see, because they do not play on to protect it."""

Shortlist = Callable[[Action, Sequence[Action]], Sequence[Action]]
"""The moves worth weighing beside ``favourite`` (the game's own choice) among ``legal``,
where some are surely far worse (a Spades bid five tricks off a sound one): the search
spends its samples on the close calls instead."""

RoundWorth = Callable[[GameState[Any]], Sequence[float]]
"""What the round just scored in a state is worth to each seat over the whole game,
where that differs from its points (a Spades bag scores a point now and costs ten
later): what the search's rollouts weigh a round by."""

Twins = Callable[[GameView, Action, Action], bool]
"""Whether two moves are the same choice in a view (the 9 and the 10 of a suit whose
cards between are played): the search weighs one of them, and a move judged is set
against the best of the others, never against its twin, which only the rollouts' luck
could part from it."""


@dataclass(frozen=True, slots=True)
class SearchPlan:
    """How a game bounds the search player's work, for a game whose choices are too
    many or whose rounds are too long to try every move to the end of the round.

    ``candidates(view, legal, seat)`` orders the legal moves best first by the game's
    own judgement; only the first ``width`` are searched. A rollout stops after
    ``depth`` moves and ``estimate(state)`` scores the position reached, one figure
    per seat (partners carry their side's). All of it is counted in moves and samples,
    so a seeded game plays the same on any machine."""

    candidates: Callable[[GameView, Sequence[Action], int], list[Action]]
    estimate: Callable[[GameState[Any]], Sequence[float]]
    width: int = 4
    depth: int = 40
    samples: int = 10

