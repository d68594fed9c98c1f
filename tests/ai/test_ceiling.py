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
from tests.ai.test_spades_nil_positions import COVER_WHILE_THE_NIL_BIDDER_IS_TO_PLAY, RULES, build, seat_of


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


PARTNER_HOLDS_ONLY_HIGH_DIAMONDS = COVER_WHILE_THE_NIL_BIDDER_IS_TO_PLAY[2]
"""The nil bidder holds only the queen and jack of diamonds."""


@pytest.mark.parametrize("seed", range(3))
def test_the_ceiling_covers_a_nil_it_can_see_is_in_danger(seed: int) -> None:
    """A low diamond would leave the nil bidder nothing under it: sampled deals seldom
    show that, the true one always does. The search itself is asked, past the safety
    play that covers a nil without weighing."""
    position = PARTNER_HOLDS_ONLY_HIGH_DIAMONDS
    state = build(position)
    seat = seat_of(state, "second")
    assert state.to_move == seat
    ceiling = CeilingAgent(RULES, seat, random.Random(seed), state)
    best = ceiling._search(state.view(seat), state.legal_actions())[0][0].action
    assert position.right(best.card), f"the ceiling's search chose {best}"  # type: ignore[attr-defined]


def test_no_player_can_choose_the_ceiling() -> None:
    assert CEILING not in AGENT_KINDS
    assert CEILING not in AGENT_FOR_LEVEL.values()
    with pytest.raises(UnknownAgent):
        make_agent(CEILING, "spades", 0, random.Random(0))
