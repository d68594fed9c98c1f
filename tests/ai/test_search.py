"""The generic search player: works for every registered game through the contract."""

from __future__ import annotations

import random

import pytest

from cardtable_gui.ai import make_agent
from cardtable_gui.ai.search import SearchAgent
from cardtable_gui.rules import GAMES


@pytest.mark.parametrize("game", list(GAMES))
def test_search_only_chooses_legal_actions_in_every_game(game: str) -> None:
    rules = GAMES[game]
    players = 4 if 4 in rules.player_counts else rules.player_counts[0]
    rng = random.Random(7)
    state = rules.new_game(players, seed=7)
    checked = 0
    for step in range(400):
        if state.is_over or checked >= 4:
            break
        seat = state.to_move
        legal = state.legal_actions()
        if len(legal) > 1 and step % 9 == 0:
            agent = SearchAgent(rules, seat, random.Random(step), samples=2, max_seconds=5.0)
            assert agent.choose(state.view(seat), legal) in legal
            checked += 1
        state.apply(rng.choice(legal))
    assert checked > 0


def test_search_takes_the_only_legal_action_without_thinking() -> None:
    rules = GAMES["spades"]
    state = rules.new_game(4, seed=1)
    agent = SearchAgent(rules, state.to_move, random.Random(1), samples=0)
    only = state.legal_actions()[:1]
    assert agent.choose(state.view(state.to_move), only) == only[0]


def test_search_is_the_hard_level_agent_kind() -> None:
    agent = make_agent("search", "spades", 0, random.Random(1))
    assert isinstance(agent, SearchAgent)


def test_search_is_reproducible_for_the_same_seed() -> None:
    """Same seed and samples give the same choice, so seeded matches replay alike."""
    rules = GAMES["spades"]
    state = rules.new_game(4, seed=3)
    while len(state.legal_actions()) < 2 or state.phase.value != "playing":
        state.apply(state.legal_actions()[0])
    seat = state.to_move
    choices = {
        SearchAgent(rules, seat, random.Random(5), samples=4).choose(state.view(seat), state.legal_actions())
        for _ in range(2)
    }
    assert len(choices) == 1
