"""The Arizona Spaghetti heuristic explains itself: each rule of thumb names itself and
says why in the round's terms, and advising changes none of its moves."""

from __future__ import annotations

import random

from cardtable_gui.ai.advice import Advice
from cardtable_gui.ai.arizona_spaghetti import ArizonaSpaghettiHeuristic
from cardtable_gui.cards import Card
from cardtable_gui.rules.arizona_spaghetti import ArizonaSpaghettiState, PlayCard
from tests.ai.advice_support import advise_through_a_game
from tests.rules.test_arizona_spaghetti import ONE_SUIT_EACH, at_round, play


def advice(state: ArizonaSpaghettiState) -> Advice:
    seat = state.to_move
    assert seat is not None
    return ArizonaSpaghettiHeuristic(seat, random.Random(0)).advise(state.view(seat), state.legal_actions())


def test_a_seeded_game_plays_the_same_moves_as_before_advice() -> None:
    digest, rules = advise_through_a_game("arizona_spaghetti", 4, seed=3)
    assert digest == "af4b6ec50841331a"
    assert {"duck", "lead-low", "shed-points"} <= rules


def test_ducking_names_the_card_it_stays_under() -> None:
    state = at_round(1, {0: "KC", 1: "AC QC 5C"})
    play(state, "KC")
    said = advice(state)
    assert said.action == PlayCard(Card.parse("QC"))
    assert said.rule == "duck"
    assert said.reason == (
        "Play the queen of clubs: it stays under the king of clubs, so someone else takes this trick."
    )


def test_throwing_off_a_point_card_says_what_it_is_worth() -> None:
    state = at_round(4, ONE_SUIT_EACH)
    play(state, "2C AH")
    said = advice(state)
    assert said.rule == "shed-points"
    assert "king of spades" in said.reason and "no clubs" in said.reason and "100 points" in said.reason


def test_throwing_off_a_high_card_when_nothing_scores() -> None:
    state = at_round(1, ONE_SUIT_EACH)
    play(state, "2C")
    said = advice(state)
    assert said.rule == "shed-high"
    assert said.reason.startswith(f"Throw away the {said.action.card.name}: you have no clubs")  # type: ignore[attr-defined]


def test_a_free_trick_is_the_time_to_shed_a_high_card() -> None:
    state = at_round(5, {0: "2C", 1: "AC 3C"})
    play(state, "2C")
    said = advice(state)
    assert said.action == PlayCard(Card.parse("AC"))
    assert said.rule == "free-trick"
    assert "costs nothing this round" in said.reason


def test_leading_low_says_higher_cards_are_still_out() -> None:
    state = at_round(1, {0: "AC KC QC 2D AH KH"})
    said = advice(state)
    assert said.rule == "lead-low"
    suit = said.action.card.suit.title  # type: ignore[attr-defined]
    assert f"higher {suit} are still out" in said.reason


def test_a_single_legal_card_is_said_to_be_the_only_one() -> None:
    state = at_round(1, ONE_SUIT_EACH)
    seat = state.to_move
    assert seat is not None
    only = state.legal_actions()[:1]
    said = ArizonaSpaghettiHeuristic(seat, random.Random(0)).advise(state.view(seat), only)
    assert said.rule == "only-card"
    assert said.reason == f"Play the {only[0].card.name}: it is the only card you may play."  # type: ignore[attr-defined]


def test_every_rule_of_thumb_speaks_in_seeded_games() -> None:
    seen: set[str] = set()
    for seed in range(4):
        seen |= advise_through_a_game("arizona_spaghetti", 4, seed)[1]
    assert seen >= {
        "only-card", "duck", "shed-points", "shed-high", "free-trick",
        "take-now", "win-high", "win-low", "lead-low", "lead-shed",
    }
