"""Inference: sampled deals follow what the table has shown, and stay legal completions."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from cardtable_gui.ai.inference import SpadesPlays, read_evidence, sample_world
from cardtable_gui.ai.spades import estimate_tricks
from cardtable_gui.cards import Card, Suit
from cardtable_gui.rules import GAMES
from cardtable_gui.rules.spades import LOOK, Bid, Phase, PlayCard, SpadesRules, SpadesState
from tests.rules.spades_helpers import deal_hands

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


# Spades: what the plays show.


def first_trick(hands: list[str], plays: list[str], bids: dict[int, int] | None = None) -> SpadesState:
    """The first deal with ``hands`` (by place: the leader first), every bid 3 unless
    ``bids`` says (by place), and ``plays`` made to the first trick in order."""
    leader = (RULES.new_game(4, seed=1).dealer + 1) % 4
    dealt = deal_hands([hands[(seat - leader) % 4] for seat in range(4)])
    places = {(leader + place) % 4: tricks for place, tricks in (bids or {}).items()}
    while dealt.phase is Phase.BIDDING:
        if LOOK in dealt.legal_actions():
            dealt.apply(LOOK)
            continue
        dealt.apply(Bid(places.get(dealt.to_move, 3)))
    for text in plays:
        dealt.apply(PlayCard(Card.parse(text)))
    return dealt


def how_often_the_last_holds(hands: list[str], plays: list[str], cards: str, samples: int = 300) -> tuple[int, int]:
    """After the first trick (``first_trick``), how many of ``samples`` deals give the
    fourth to play one of ``cards`` as the leader sees it: plainly dealt, and weighed
    by the evidence."""
    state = first_trick(hands, plays)
    view = state.view((state.dealer + 1) % 4)
    last = state.dealer
    wanted = {Card.parse(text) for text in cards.split()}
    evidence = read_evidence(RULES, view)
    rng = random.Random(7)
    plain = sum(bool(wanted & set(RULES.determinize(view, rng).hands[last])) for _ in range(samples))
    weighed = sum(bool(wanted & set(sample_world(RULES, view, rng, evidence).hands[last])) for _ in range(samples))
    return plain, weighed


def test_a_player_who_takes_a_trick_last_with_a_king_seldom_held_the_queen() -> None:
    # The queen, jack and ten would have taken the nine as well.
    plain, weighed = how_often_the_last_holds(["5H 2C", "7H 3C", "9H 4C", "KH"], ["5H", "7H", "9H", "KH"], "QH JH 10H")
    assert plain > 60
    assert weighed < plain * 0.7


def test_a_player_whose_side_needs_tricks_seldom_lets_a_trick_go_with_a_winner_in_hand() -> None:
    plain, weighed = how_often_the_last_holds(["5H 2C", "7H 3C", "JH 4C", "2H"], ["5H", "7H", "JH", "2H"], "QH KH AH")
    assert plain > 100
    assert weighed < plain * 0.75


def test_a_player_who_discards_under_the_other_side_s_card_seldom_holds_a_spade() -> None:
    no_spades = "2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH 2C"
    state = first_trick(["2D", "3D", "KD", no_spades], ["2D", "3D", "KD", "2H"])
    last = (state.dealer + 4) % 4
    view = state.view((state.dealer + 1) % 4)
    evidence = SpadesPlays(view)
    # The last seat's side needed tricks, and a spade would have taken the king.
    assert evidence.weight(state) == 1.0
    rng = random.Random(3)
    with_spade = next(w for w in (RULES.determinize(view, rng) for _ in range(50)) if any(c.suit is Suit.SPADES for c in w.hands[last]))
    assert evidence.weight(with_spade) <= 0.25


def test_a_hand_with_a_nil_bid_in_it_is_not_read_from_the_plays() -> None:
    state = first_trick(["5H 2C", "7H 3C", "9H 4C", "KH"], ["5H", "7H", "9H", "KH"], bids={1: 0})
    view = state.view((state.dealer + 1) % 4)
    assert SpadesPlays(view).clues == []
