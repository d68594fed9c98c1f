"""The positions an audit looks at: seeded games in which every seat follows its hint."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from cardtable_gui.ai.advice import Advice
from cardtable_gui.ai.levels import make_agent
from cardtable_gui.rules import get_rules
from cardtable_gui.rules.base import GameState


@dataclass(frozen=True, slots=True)
class HintedPosition:
    """A decision: the full state before it, the seat deciding, and its hint."""

    state: GameState[Any]
    seat: int
    advice: Advice


def hinted_positions(game: str, players: int, seed: int, limit: int) -> Iterator[HintedPosition]:
    """Up to ``limit`` decisions from seeded games of ``players``, each seat playing
    the move its hint names (the Medium player's advice, from its own view)."""
    rules = get_rules(game)
    found = 0
    game_seed = seed
    while found < limit:
        state = rules.new_game(players, seed=game_seed)
        while not state.is_over and found < limit:
            seat = state.to_move
            assert seat is not None
            # As the table's Hint asks: a fresh Medium player for the seat, every time.
            adviser = make_agent("heuristic", game, seat, random.Random(0))
            advice = adviser.advise(state.view(seat), state.legal_actions())  # type: ignore[attr-defined]
            yield HintedPosition(state.clone(), seat, advice)
            found += 1
            state.apply(advice.action)
        game_seed += 1
