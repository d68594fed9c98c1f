"""The kinds of computer player a seat can have, made for any game by name.

``random`` and ``search`` work for every game through the rules contract alone;
``heuristic`` and ``casual`` use the game's own player from ``ai.registry``.
"""

from __future__ import annotations

import random

from cardtable_gui.ai.base import Agent, CasualAgent, RandomAgent
from cardtable_gui.ai.registry import AGENTS
from cardtable_gui.ai.search import SearchAgent
from cardtable_gui.rules import get_rules

AGENT_KINDS = ("random", "casual", "heuristic", "search")


class UnknownAgent(ValueError):
    """No agent of that kind exists for the game."""


def make_agent(kind: str, game: str, seat: int, rng: random.Random) -> Agent:
    """An agent of ``kind`` (``random``, ``casual``, ``heuristic`` or ``search``) for
    ``seat`` of ``game``."""
    own = AGENTS.get(game)
    if kind == "random":
        return RandomAgent(rng)
    if kind == "heuristic" and own is not None:
        return own.heuristic(seat, rng)
    if kind == "casual" and own is not None:
        return CasualAgent(own.heuristic(seat, random.Random(rng.getrandbits(64))), rng, own.slips)
    if kind == "search":
        return SearchAgent(get_rules(game), seat, rng)
    known = ", ".join(k for k in AGENT_KINDS if k not in ("heuristic", "casual") or own is not None)
    raise UnknownAgent(f"There is no {kind!r} player for {game}; try one of: {known}.")
