"""The Spinado heuristic explains itself: which run it starts and why, and when the
spinado goes down or stays in the hand; advising changes no move."""

from __future__ import annotations

import random

from cardtable_gui.ai.advice import Advice
from cardtable_gui.ai.spinado import SpinadoHeuristic
from cardtable_gui.cards import Card
from cardtable_gui.rules.spinado import Play, SpinadoState
from tests.ai.advice_support import advise_through_a_game
from tests.ai.test_spinado_ai import _PACK, arrange


def advice(state: SpinadoState) -> Advice:
    seat = state.to_move
    assert seat is not None
    return SpinadoHeuristic(seat, random.Random(1)).advise(state.view(seat), state.legal_actions())


def test_a_seeded_game_plays_the_same_moves_as_before_advice() -> None:
    digest, _ = advise_through_a_game("spinado", 4, seed=3)
    assert digest == "71acefa893395aa7"


def test_a_run_that_stops_in_its_own_hand() -> None:
    said = advice(arrange({0: "3C 10H JH QH KH 5S", 1: "4C 6S 7S", 2: "3H 4H 5H"}, turn=0))
    assert said.rule == "run-stops"
    assert said.reason == (
        "Start with the ten of hearts: you hold the run up to the king of hearts and it "
        "surely stops there, so you shed them all and start again."
    )


def test_a_card_only_it_can_start() -> None:
    said = advice(arrange({0: "3C 6S", 1: "4C 5S 3D", 2: "7S 3H 4H"}, turn=0))
    assert said.rule == "only-you-can"
    assert said.reason.startswith("Start with the three of clubs: nobody else can ever start this run")


def test_the_spinado_keeps_the_lead_where_the_run_would_pass() -> None:
    said = advice(arrange({0: "3C AD 9S", 1: "4C 6S 7S", 2: "3H 4H 5H"}, turn=0))
    assert said.rule == "spinado-keep-lead"
    assert "the four of clubs is not yours" in said.reason


def test_the_spinado_stays_while_the_run_comes_back() -> None:
    state = arrange({0: "3C 4C 5C AD 9S", 1: "6C 6S 7S", 2: "3H 4H 5H"}, turn=0)
    state.apply(Play(_PACK[Card.parse("3C")]))
    said = advice(state)
    assert said.action == Play(_PACK[Card.parse("4C")])
    assert said.rule == "keep-spinado"
    assert "the five of clubs is yours" in said.reason


def test_the_spinado_goes_when_another_player_is_nearly_out() -> None:
    said = advice(arrange({0: "KH AD 9S 3C", 1: "6S", 2: "3H 4H 5H"}, turn=0))
    assert said.rule == "spinado-danger"
    assert "down to 1 card" in said.reason and "two chips a card" in said.reason


def test_the_last_card_is_the_spinado() -> None:
    said = advice(arrange({0: "AD", 1: "6S 7S 8S"}, turn=0))
    assert said.rule == "only-card"
    assert said.reason == "Play the spinado: it is the only card you can play."


def test_every_rule_of_thumb_speaks_in_seeded_games() -> None:
    seen: set[str] = set()
    for seed in range(4):
        seen |= advise_through_a_game("spinado", 4, seed)[1]
    assert seen >= {"only-card", "run-stops", "only-you-can", "start-low", "spinado-keep-lead", "keep-spinado"}
