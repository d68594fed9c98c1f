"""The Spinado heuristic explains itself: which run it starts and why, and when the
spinado goes down or stays in the hand; advising changes no move."""

from __future__ import annotations

import random

from cardtable_gui.ai.advice import Advice
from cardtable_gui.ai.claims import Claim, certain
from cardtable_gui.ai.spinado import SpinadoHeuristic
from cardtable_gui.audit.spinado import CHECKERS
from cardtable_gui.cards import Card
from cardtable_gui.rules.spinado import Play, SpinadoState
from tests.ai.advice_support import advise_through_a_game
from tests.ai.test_spinado_ai import _PACK, arrange


def advice(state: SpinadoState) -> Advice:
    seat = state.to_move
    assert seat is not None
    return SpinadoHeuristic(seat, random.Random(1)).advise(state.view(seat), state.legal_actions())


def holds(claim: Claim, state: SpinadoState, said: Advice) -> bool:
    """The audit's judgement of ``claim`` on the full state."""
    seat = state.to_move
    assert seat is not None
    return CHECKERS[claim.kind](claim, state, seat, said.action)


def test_a_seeded_game_plays_the_same_moves_as_before_advice() -> None:
    digest, _ = advise_through_a_game("spinado", 4, seed=3)
    assert digest == "71acefa893395aa7"


def test_a_run_that_stops_in_its_own_hand() -> None:
    state = arrange({0: "3C 10H JH QH KH 5S", 1: "4C 6S 7S", 2: "3H 4H 5H"}, turn=0)
    said = advice(state)
    assert said.rule == "run-stops"
    assert said.reason == (
        "Start with the ten of hearts: you hold the run up to the king of hearts and it "
        "surely stops there, so you shed them all and start again."
    )
    assert said.claims == (
        certain("holds", "JH"), certain("holds", "QH"), certain("holds", "KH"), certain("run-stops", "KH"),
    )
    assert all(holds(claim, state, said) for claim in said.claims)


def test_a_run_that_takes_the_last_cards_goes_out() -> None:
    """Seen in play: "shed them all and start again" of the last three cards in hand."""
    state = arrange({0: "10H JH QH KH", 1: "4C 6S 7S", 2: "3H 4H 5H"}, turn=0)
    said = advice(state)
    assert said.rule == "run-stops"
    assert said.reason == (
        "Start with the ten of hearts: you hold the run up to the king of hearts and it "
        "surely stops there, so you play them all and go out."
    )
    assert certain("hand-size", 4) in said.claims
    assert all(holds(claim, state, said) for claim in said.claims)


def test_a_card_only_it_can_start() -> None:
    state = arrange({0: "3C 6S", 1: "4C 5S 3D", 2: "7S 3H 4H"}, turn=0)
    said = advice(state)
    assert said.rule == "only-you-can"
    assert said.reason == (
        "Start with the three of clubs: nobody else can ever start this run, so only you can get rid of it."
    )
    assert said.claims == (certain("only-start", "3C"),)
    assert holds(said.claims[0], state, said)


def test_a_card_another_player_can_play_into_is_not_one_only_you_can_start() -> None:
    # The five of spades is still held, so seat 1 may yet play into the six.
    state = arrange({0: "6S 9S", 1: "4C 5S 3D", 2: "7S 3H 4H"}, turn=0)
    said = advice(state)
    assert "only you" not in said.reason
    assert not holds(certain("only-start", "6S"), state, said)


def test_the_spinado_keeps_the_lead_where_the_run_would_pass() -> None:
    state = arrange({0: "3C AD 9S", 1: "4C 6S 7S", 2: "3H 4H 5H"}, turn=0)
    said = advice(state)
    assert said.rule == "spinado-keep-lead"
    assert "the four of clubs is not yours" in said.reason
    assert said.claims == (certain("not-held", "4C"),)
    assert holds(said.claims[0], state, said)


def test_the_spinado_stays_while_the_run_comes_back() -> None:
    state = arrange({0: "3C 4C 5C AD 9S", 1: "6C 6S 7S", 2: "3H 4H 5H"}, turn=0)
    state.apply(Play(_PACK[Card.parse("3C")]))
    said = advice(state)
    assert said.action == Play(_PACK[Card.parse("4C")])
    assert said.rule == "keep-spinado"
    assert "the five of clubs is yours, so the run comes back to you anyway" in said.reason
    assert said.claims == (certain("holds", "5C"),)
    assert holds(said.claims[0], state, said)


def test_the_spinado_goes_when_another_player_is_nearly_out() -> None:
    state = arrange({0: "KH AD 9S 3C", 1: "6S", 2: "3H 4H 5H"}, turn=0)
    said = advice(state)
    assert said.rule == "spinado-danger"
    assert "down to 1 card" in said.reason and "two chips a card" in said.reason
    assert said.claims == (certain("fewest-cards", 1),)
    assert holds(said.claims[0], state, said)


def test_the_last_card_is_the_spinado() -> None:
    state = arrange({0: "AD", 1: "6S 7S 8S"}, turn=0)
    said = advice(state)
    assert said.rule == "only-card"
    assert said.reason == "Play the spinado: it is the only card you can play."
    assert said.claims == (certain("only-move"),)
    assert holds(said.claims[0], state, said)


def test_every_rule_of_thumb_speaks_in_seeded_games() -> None:
    seen: set[str] = set()
    for seed in range(4):
        seen |= advise_through_a_game("spinado", 4, seed)[1]
    assert seen >= {"only-card", "run-stops", "only-you-can", "start-low", "spinado-keep-lead", "keep-spinado"}


def test_a_high_run_started_before_a_low_card_is_not_said_to_be_started_low() -> None:
    """Seen in play: the jack and queen of clubs were advised with "low cards are the
    hardest to get rid of later, while high ones end runs soon and can wait", which
    argued for the 6 of diamonds in the same hand."""
    state = arrange({0: "JC QC 6D", 1: "10C KC 5D", 2: "7D 4S 8S"}, turn=0)
    said = advice(state)
    assert said.action == Play(Card.parse("JC"))
    assert said.rule == "start-low"
    assert said.reason == (
        "Start with the jack of clubs: 2 of your cards go down in a run, and shedding several "
        "at once comes before keeping your high cards for later."
    )
    assert said.claims == (certain("holds", "QC"),)
    assert all(holds(claim, state, said) for claim in said.claims)


def test_the_lowest_card_started_is_said_to_be_started_low() -> None:
    state = arrange({0: "4C JD", 1: "3C 10D QD", 2: "7D 4S 8S"}, turn=0)
    said = advice(state)
    assert said.action == Play(Card.parse("4C"))
    assert said.reason == (
        "Start with the four of clubs: low cards are the hardest to get rid of later, while high ones end runs soon and can wait."
    )
