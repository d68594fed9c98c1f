"""The three levels a player can pick for a computer seat, and the agents behind them."""

from __future__ import annotations

import random

import pytest

from cardtable_gui.ai import make_agent
from cardtable_gui.ai.base import CasualAgent
from cardtable_gui.ai.levels import UnknownAgent
from cardtable_gui.rules import GAMES
from cardtable_gui.rules.spades import Bid
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


def test_an_easy_spades_bid_strays_a_trick_or_two_from_a_sound_one() -> None:
    """A new player's first game was decided in the bidding: an Easy player bid 11 on a
    hand Medium bids 3 on, the side's 15 of 13 tricks bound to fail. A beginner's slip
    is a bid a trick or two off, never a blind nil, and never far from the hand's worth."""
    rules = GAMES["spades"]
    strays: set[int] = set()
    for seed in range(200):
        state = rules.new_game(4, seed=seed)
        seat = state.to_move
        assert seat is not None
        easy = make_agent("casual", "spades", seat, random.Random(seed))
        medium = make_agent("heuristic", "spades", seat, random.Random(0))
        legal = state.legal_actions()
        view = state.view(seat)
        if any(isinstance(a, Bid) for a in legal):
            good, bid = medium.choose(view, legal), easy.choose(view, legal)
            assert isinstance(good, Bid) and isinstance(bid, Bid)
            assert not bid.blind
            assert abs(bid.tricks - good.tricks) <= 2, f"{bid} for a hand worth {good}"
            strays.add(bid.tricks - good.tricks)
    assert len(strays) > 1, "Easy still slips in its bids"
