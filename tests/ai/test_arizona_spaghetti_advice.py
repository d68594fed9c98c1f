"""The Arizona Spaghetti heuristic explains itself: each rule of thumb names itself and
says why in the round's terms, and advising changes none of its moves."""

from __future__ import annotations

import random

from cardtable_gui.ai.advice import Advice
from cardtable_gui.ai.arizona_spaghetti import ArizonaSpaghettiHeuristic
from cardtable_gui.ai.claims import certain
from cardtable_gui.cards import Card
from cardtable_gui.rules import get_rules
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


# Issue 24: "the trick is yours anyway" only when no later card can come over it.

CLUBS_TO_COME = {
    0: "2C 3C 4C 5C 2D 3D 4D 5D 6D 7D 8D 9D 10D",
    1: "6C 8C QC 2H 3H 4H 5H 6H 7H 8H 9H 10H JH",
    2: "7C 9C 10C JC KC AC JD QD KD AD QH KH AH",
}


def test_with_players_still_to_come_the_lowest_club_leaves_them_room_and_no_trick_is_promised() -> None:
    state = at_round(1, CLUBS_TO_COME)
    play(state, "2C")
    said = advice(state)
    assert said.action == PlayCard(Card.parse("6C"))
    assert said.rule == "win-low"
    assert "anyway" not in said.reason
    assert said.reason == (
        "Play the six of clubs: none of your clubs stays under the two of clubs, but players still to "
        "come may play over it; your lowest gives them the most room to take the trick."
    )
    assert not any(claim.certain for claim in said.claims if claim.kind == "trick-won")
    assert certain("all-beat", "2C") in said.claims


def test_playing_last_every_club_takes_the_trick_so_the_highest_is_spent() -> None:
    state = at_round(1, {0: "2C 3C", 1: "4C 5C", 2: "6C 7C", 3: "JC AC"})
    play(state, "2C 4C 6C")
    said = advice(state)
    assert said.action == PlayCard(Card.parse("AC"))
    assert said.rule == "win-high"
    assert "you play last, so the trick is yours anyway" in said.reason
    assert any(claim.kind == "trick-won" and claim.certain for claim in said.claims)


def test_an_ace_with_a_lower_club_is_no_sure_trick_while_others_still_play() -> None:
    state = at_round(1, {0: "2C 3C", 1: "JC AC", 2: "QC KC"})
    play(state, "2C")
    said = advice(state)
    assert "anyway" not in said.reason
    assert all(not claim.certain for claim in said.claims if claim.kind == "trick-won")


def test_the_cost_of_taking_a_trick_is_said_exactly_when_everyone_has_played() -> None:
    said_exactly = 0
    for seed in range(12):
        rng = random.Random(seed)
        state = get_rules("arizona_spaghetti").new_game(4, seed=seed)
        while not state.is_over:
            seat = state.to_move
            assert seat is not None
            if len(state.view(seat).trick) == 3 or len(state.view(seat).trick) == 1:
                said = advice(state)
                if said.rule == "take-now" and said.reason.startswith("Take this trick"):
                    last = len(state.view(seat).trick) == 3
                    assert ("about" in said.reason) != last, said.reason
                    said_exactly += last
            state.apply(rng.choice(state.legal_actions()))
    assert said_exactly > 0


def test_a_card_thrown_away_is_called_high_only_when_no_higher_card_of_its_suit_is_out() -> None:
    """A two of clubs was once thrown away as 'a high card': now the reason says a card
    is sure to stand over its suit only when no higher one remains to be played, and otherwise
    only that it is the card likeliest to cost later."""
    said_top = said_cost = 0
    for seed in range(10):
        rng = random.Random(seed)
        state = get_rules("arizona_spaghetti").new_game(4, seed=seed)
        while not state.is_over:
            said = advice(state)
            if said.rule == "shed-high":
                assert "a high card" not in said.reason
                if "remain to be played" in said.reason:
                    said_top += 1
                    seat = state.to_move
                    card = said.action.card  # type: ignore[attr-defined]
                    others = [c for s in range(4) if s != seat for c in state.hands[s]]
                    assert not any(c.suit is card.suit and c.rank > card.rank for c in others)
                else:
                    said_cost += 1
                    assert "likeliest to cost you later" in said.reason
            state.apply(rng.choice(state.legal_actions()))
    assert said_top and said_cost


def test_a_lead_s_cost_is_said_exactly_when_no_point_card_is_left_out() -> None:
    said = 0
    for seed in range(10):
        rng = random.Random(seed)
        state = get_rules("arizona_spaghetti").new_game(4, seed=seed)
        while not state.is_over and state.round_number == 1:
            advice_now = advice(state)
            if advice_now.rule == "lead-shed":
                assert "about" not in advice_now.reason, advice_now.reason
                said += 1
            state.apply(rng.choice(state.legal_actions()))
    assert said
