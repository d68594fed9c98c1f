"""The Arizona Spaghetti heuristic player: always legal, sensible in the textbook
spots, and clearly better than random at every table size."""

from __future__ import annotations

import random

import pytest

from cardtable_gui.ai import make_agent
from cardtable_gui.ai.arizona_spaghetti import ArizonaSpaghettiHeuristic, touching_cards
from cardtable_gui.cards import Card
from cardtable_gui.rules.arizona_spaghetti import ArizonaSpaghettiRules, ArizonaSpaghettiState, PlayCard
from cardtable_gui.rules.base import Action
from cardtable_gui.simulate import simulate
from tests.rules.test_arizona_spaghetti import ONE_SUIT_EACH, at_round, play

RULES = ArizonaSpaghettiRules()


def choice(state: ArizonaSpaghettiState) -> Action:
    seat = state.to_move
    assert seat is not None
    agent = ArizonaSpaghettiHeuristic(seat, random.Random(0))
    return agent.choose(state.view(seat), state.legal_actions())


def chosen_card(state: ArizonaSpaghettiState) -> Card:
    return choice(state).card  # type: ignore[attr-defined]


def test_registered_as_the_heuristic() -> None:
    agent = make_agent("heuristic", "arizona_spaghetti", 0, random.Random(0))
    assert isinstance(agent, ArizonaSpaghettiHeuristic)


@pytest.mark.parametrize("players", [3, 4, 5, 6, 7, 8])
def test_only_ever_chooses_legal_actions(players: int) -> None:
    for seed in range(3):
        state = RULES.new_game(players, seed=seed)
        agents = [ArizonaSpaghettiHeuristic(s, random.Random(s)) for s in range(players)]
        while not state.is_over:
            seat = state.to_move
            assert seat is not None
            legal = state.legal_actions()
            action = agents[seat].choose(state.view(seat), legal)
            assert action in legal
            state.apply(action)


def test_ducks_under_the_winning_card() -> None:
    state = at_round(1, {0: "KC", 1: "AC QC 5C"})
    play(state, "KC")
    assert chosen_card(state) == Card.parse("QC")


def test_throws_off_the_king_of_spades_when_void() -> None:
    state = at_round(4, ONE_SUIT_EACH)
    play(state, "2C AH")
    assert chosen_card(state) == Card.parse("KS")


def test_throws_off_a_queen_when_void_in_the_queens_round() -> None:
    state = at_round(3, ONE_SUIT_EACH)
    play(state, "2C")
    assert chosen_card(state) == Card.parse("QH")


def test_leads_low() -> None:
    state = at_round(1, {0: "AC KC QC 2D AH KH"})
    assert chosen_card(state).rank <= 4


def test_sheds_high_cards_early_in_the_last_trick_round() -> None:
    state = at_round(5, {0: "2C", 1: "AC 3C"})
    play(state, "2C")
    assert chosen_card(state) == Card.parse("AC")


def test_counts_the_cards_already_played() -> None:
    # Once the ace and king of clubs are gone the queen is the best club left, so
    # leading it would surely take the trick; the king of diamonds might not.
    hands = {0: "4C", 1: "AC QC KD AH AS KS", 2: "KC", 3: "5C", 4: "6C", 5: "7C", 6: "8C", 7: "9C"}
    state = at_round(1, hands, players=8)
    play(state, "4C AC KC 5C 6C 7C 8C 9C")
    assert state.to_move == 1
    assert chosen_card(state) == Card.parse("KD")


@pytest.mark.parametrize(
    ("seats", "games", "least_wins"),
    [
        ("heuristic,random,random", 40, 20),
        ("heuristic,random,random,random", 60, 27),
        ("random,random,heuristic,random,random,random", 40, 12),
    ],
)
def test_beats_random_players(seats: str, games: int, least_wins: int) -> None:
    """Random seats would win about 1/players of the games; the heuristic wins far more
    (measured over 200 games: about 90%, 75% and 45%)."""
    result, _ = simulate(RULES, seats.split(","), games, seed=3)
    assert result.wins[seats.split(",").index("heuristic")] >= least_wins


def twins(state: ArizonaSpaghettiState, one: str, other: str) -> bool:
    seat = state.to_move
    assert seat is not None
    return touching_cards(state.view(seat), PlayCard(Card.parse(one)), PlayCard(Card.parse(other)))


def test_touching_cards_worth_the_same_are_one_choice_for_the_search() -> None:
    state = at_round(3, {0: "10H JH QH KH 5C 7C"})
    assert twins(state, "10H", "JH")
    assert not twins(state, "JH", "QH"), "the queen costs 25 this round, the jack nothing"
    assert not twins(state, "5C", "7C"), "the 6 of clubs is still out"


def test_a_card_played_to_a_finished_trick_closes_the_gap_between_two() -> None:
    state = at_round(1, {0: "5C 7C KC AH", 1: "6C 2H", 2: "8C 3H", 3: "9C 4H"})
    play(state, "AH 2H 3H 4H")
    assert not twins(state, "5C", "7C"), "the 6 of clubs is still out"
    play(state, "KC 6C 8C 9C")
    assert state.to_move == 0
    assert twins(state, "5C", "7C")
