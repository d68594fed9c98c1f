"""The ceiling: Hard's search run on the true deal, a yardstick for the strength benchmark
that no player may choose."""

from __future__ import annotations

import random

import pytest

from benchmarks.ai_strength import CEILING, CeilingAgent
from cardtable_gui.ai import AGENT_KINDS, make_agent
from cardtable_gui.ai.levels import UnknownAgent
from cardtable_gui.rules import GAMES
from cardtable_gui.seats import AGENT_FOR_LEVEL
from tests.ai.test_spades_nil_positions import RULES, Position, build, one_of, seat_of


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_deal_the_ceiling_tries_is_the_true_one(game: str) -> None:
    rules = GAMES[game]
    players = 4 if 4 in rules.player_counts else rules.player_counts[0]
    state = rules.new_game(players, seed=3)
    rng = random.Random(3)
    for _ in range(12):
        state.apply(rng.choice(state.legal_actions()))
    seat = state.to_move
    assert seat is not None
    ceiling = CeilingAgent(rules, seat, random.Random(0), state)
    for _ in range(5):
        assert ceiling._deal(state.view(seat), None).digest() == state.digest()


PARTNER_HOLDS_ONLY_HIGH_DIAMONDS = Position(
    "the nil bidder holds only the queen and jack of diamonds",
    hands={
        "lead": "3D 5D 6D 9D 3S 6S 7S AS 4H 8H AH 3C 5C",
        "second": "AD 7D 4D 9S 5S 2S KH QH JH KC 10C 8C 2C",
        "third": "2D 8D 10D KD 8S 10S JS QS KS 10H 9H AC JC",
        "fourth": "QD JD 4S 2H 3H 5H 6H 7H 7C QC 4C 6C 9C",
    },
    bids={"fourth": 0, "lead": 3, "second": 3, "third": 5},
    plays=("3D",),
    right=one_of("AD"),
)


@pytest.mark.parametrize("seed", range(3))
def test_the_ceiling_covers_a_nil_it_can_see_is_in_danger(seed: int) -> None:
    """A low diamond would leave the nil bidder nothing under it: sampled deals seldom
    show that, the true one always does."""
    position = PARTNER_HOLDS_ONLY_HIGH_DIAMONDS
    state = build(position)
    seat = seat_of(state, "second")
    assert state.to_move == seat
    ceiling = CeilingAgent(RULES, seat, random.Random(seed), state)
    action = ceiling.choose(state.view(seat), state.legal_actions())
    assert position.right(action.card), f"the ceiling played {action}"  # type: ignore[attr-defined]


def test_no_player_can_choose_the_ceiling() -> None:
    assert CEILING not in AGENT_KINDS
    assert CEILING not in AGENT_FOR_LEVEL.values()
    with pytest.raises(UnknownAgent):
        make_agent(CEILING, "spades", 0, random.Random(0))
