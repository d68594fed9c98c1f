"""The three levels a player can pick for a computer seat, and the agents behind them."""

from __future__ import annotations

import random

import pytest

from cardtable_gui.ai import make_agent
from cardtable_gui.ai.base import CasualAgent
from cardtable_gui.ai.levels import UnknownAgent
from cardtable_gui.rules import GAMES
from cardtable_gui.seats import AGENT_FOR_LEVEL, AILevel
from cardtable_gui.simulate import simulate


@pytest.mark.parametrize("level", list(AILevel))
@pytest.mark.parametrize("game", list(GAMES))
def test_every_level_has_a_player_for_every_game(level: AILevel, game: str) -> None:
    agent = make_agent(AGENT_FOR_LEVEL[level], game, 0, random.Random(1))
    assert hasattr(agent, "choose")


def test_levels_rise_easy_casual_medium_heuristic_hard_search() -> None:
    assert [AGENT_FOR_LEVEL[level] for level in AILevel] == ["casual", "heuristic", "search"]


def test_a_casual_player_sits_between_random_and_the_heuristic() -> None:
    spades = GAMES["spades"]
    over_random, teams = simulate(spades, ["casual", "random", "casual", "random"], 60, seed=4)
    assert over_random.side_wins(teams)[0] >= 45
    under_heuristic, teams = simulate(spades, ["heuristic", "casual", "heuristic", "casual"], 60, seed=4)
    assert under_heuristic.side_wins(teams)[0] >= 45


def test_a_casual_player_sometimes_slips_and_otherwise_plays_well() -> None:
    class Always:
        def choose(self, view, legal):
            return legal[0]

    agent = CasualAgent(Always(), random.Random(2))
    picks = [agent.choose(None, list(range(10))) for _ in range(400)]  # type: ignore[arg-type]
    share_first = picks.count(0) / len(picks)
    assert 0.55 < share_first < 0.8


def test_an_unknown_kind_is_refused_with_the_choices() -> None:
    with pytest.raises(UnknownAgent, match="random, casual, heuristic, search"):
        make_agent("genius", "spades", 0, random.Random(1))
