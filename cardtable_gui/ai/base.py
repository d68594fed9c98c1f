"""The agent contract and the table of agents per game.

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
    makes whatever move comes to hand."""

    SLIP = 0.35
    """The share of decisions made at random."""

    def __init__(self, skilled: Agent, rng: random.Random) -> None:
        self.skilled = skilled
        self.rng = rng

    def choose(self, view: GameView, legal: Sequence[Action]) -> Action:
        if self.rng.random() < self.SLIP:
            return self.rng.choice(list(legal))
        return self.skilled.choose(view, legal)


AgentFactory = Callable[[int, random.Random], Agent]
"""Builds an agent for a seat, given the seat and the agent's own random source."""

HEURISTICS: dict[str, AgentFactory] = {}
"""Each game's heuristic agent, registered by the game's AI module."""

AGENT_KINDS = ("random", "casual", "heuristic", "search")


class UnknownAgent(ValueError):
    """No agent of that kind exists for the game."""


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


SEARCH_PLANS: dict[str, SearchPlan] = {}
"""Each game's search plan, where it has one (most games search every move fully)."""


def register_heuristic(game: str) -> Callable[[AgentFactory], AgentFactory]:
    """Class decorator: make this the heuristic agent for ``game``."""

    def register(factory: AgentFactory) -> AgentFactory:
        HEURISTICS[game] = factory
        return factory

    return register


def make_agent(kind: str, game: str, seat: int, rng: random.Random) -> Agent:
    """An agent of ``kind`` (``random``, ``casual``, ``heuristic`` or ``search``) for
    ``seat`` of ``game``."""
    load_game_agents()
    if kind == "random":
        return RandomAgent(rng)
    if kind == "heuristic" and game in HEURISTICS:
        return HEURISTICS[game](seat, rng)
    if kind == "casual" and game in HEURISTICS:
        return CasualAgent(HEURISTICS[game](seat, random.Random(rng.getrandbits(64))), rng)
    if kind == "search":
        from cardtable_gui.ai.search import SearchAgent
        from cardtable_gui.rules import get_rules

        return SearchAgent(get_rules(game), seat, rng)
    known = ", ".join(
        k for k in AGENT_KINDS if k not in ("heuristic", "casual") or game in HEURISTICS
    )
    raise UnknownAgent(f"There is no {kind!r} player for {game}; try one of: {known}.")


def load_game_agents() -> None:
    """Make sure every game's heuristic and search plan is registered."""
    # The game modules register themselves on import; importing them here keeps the
    # registry complete without base.py naming each game's classes.
    import cardtable_gui.ai.games  # noqa: F401
