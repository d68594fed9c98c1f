"""Inference: sampled deals follow what the table has shown, and stay legal completions."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from cardtable_gui.ai.inference import read_evidence, sample_world
from cardtable_gui.ai.spades import estimate_tricks
from cardtable_gui.cards import Card
from cardtable_gui.rules import GAMES
from cardtable_gui.rules.spades import LOOK, Bid, Phase, SpadesRules, SpadesState

RULES = SpadesRules()
ACE_OF_SPADES = Card.parse("AS")


def bid_to_play(seed: int, bids: dict[int, int]) -> SpadesState:
    """A fresh Spades game with every seat's bid made (3 unless ``bids`` says)."""
    state = RULES.new_game(4, seed=seed)
    while state.phase is Phase.BIDDING:
        if LOOK in state.legal_actions():
            state.apply(LOOK)
            continue
        state.apply(Bid(bids.get(state.to_move, 3)))
    return state


def test_a_nil_bidder_is_rarely_dealt_the_ace_of_spades() -> None:
    state = bid_to_play(4, {1: 0})
    seat = 0
    view = state.view(seat)
    if ACE_OF_SPADES in view.hand:
        pytest.skip("seat 0 holds the ace itself")
    evidence = read_evidence(RULES, view)
    rng = random.Random(1)
    plain = Counter(RULES.determinize(view, rng).hands[1].count(ACE_OF_SPADES) for _ in range(300))
    weighed = Counter(sample_world(RULES, view, rng, evidence).hands[1].count(ACE_OF_SPADES) for _ in range(300))
    assert plain[1] > 70
    assert weighed[1] < plain[1] / 3


def test_a_bid_of_five_comes_with_a_hand_worth_about_five() -> None:
    state = bid_to_play(9, {3: 5})
    view = state.view(0)
    evidence = read_evidence(RULES, view)
    rng = random.Random(2)
    plain = [estimate_tricks(RULES.determinize(view, rng).hands[3]) for _ in range(200)]
    weighed = [estimate_tricks(sample_world(RULES, view, rng, evidence).hands[3]) for _ in range(200)]
    assert abs(sum(weighed) / 200 - 5) < abs(sum(plain) / 200 - 5)


@pytest.mark.parametrize("game", list(GAMES))
def test_weighed_samples_are_legal_completions_of_the_view(game: str) -> None:
    """Every weighed sample is a deal ``determinize`` made: it shows the seat exactly
    its own view, midway through a random round."""
    rules = GAMES[game]
    players = 4 if 4 in rules.player_counts else rules.player_counts[0]
    state = rules.new_game(players, seed=11)
    rng = random.Random(3)
    for _ in range(30):
        legal = state.legal_actions()
        state.apply(rng.choice(legal))
        if state.is_over:
            break
    seat = state.to_move
    assert seat is not None
    view = state.view(seat)
    evidence = read_evidence(rules, view)
    for _ in range(10):
        world = sample_world(rules, view, rng, evidence)
        assert world.view(seat) == view
        assert sorted(map(str, world.legal_actions())) == sorted(map(str, state.legal_actions()))


def test_sampling_with_evidence_repeats_for_the_same_seed() -> None:
    view = bid_to_play(4, {1: 0}).view(0)
    evidence = read_evidence(RULES, view)
    first = [sample_world(RULES, view, random.Random(5), evidence).hands for _ in range(3)]
    again = [sample_world(RULES, view, random.Random(5), evidence).hands for _ in range(3)]
    assert first == again
