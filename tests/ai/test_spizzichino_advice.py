"""The Spizzichino heuristic explains itself: piles, lifts, follows and leads each name
their rule of thumb and say why in thirds and tricks; advising changes no move."""

from __future__ import annotations

import random

from cardtable_gui.ai.advice import Advice
from cardtable_gui.ai.claims import Claim, certain, likely
from cardtable_gui.ai.spizzichino import SpizzichinoHeuristic
from cardtable_gui.audit.spizzichino import CHECKERS
from cardtable_gui.cards import Card, italian_deck, parse_cards
from cardtable_gui.rules import get_rules
from cardtable_gui.rules.base import TrickWon
from cardtable_gui.rules.spizzichino import (
    LiftCard,
    PlayCard,
    SpizzichinoRules,
    SpizzichinoState,
    StandPile,
    TakePile,
)
from tests.ai.advice_support import advise_through_a_game

RULES = SpizzichinoRules()


def advice(state: SpizzichinoState) -> Advice:
    seat = state.to_move
    assert seat is not None
    return SpizzichinoHeuristic(seat, random.Random(1)).advise(state.view(seat), state.legal_actions())


def dealt(first: str, dealer_hand: str, stack: str) -> SpizzichinoState:
    """Piles 0-1 to the first player's hand, 4-5 to the dealer's hand, the dealer's
    second stack showing ``stack`` (top first); the first player leads."""
    top, theirs, stacked = parse_cards(first), parse_cards(dealer_hand), parse_cards(stack)
    rest = [c for c in italian_deck() if c not in top + theirs + stacked]
    deck = top + rest[:10] + theirs + rest[10:15] + stacked + rest[15:]
    state = RULES.new_game(2, seed=1, deck=deck)
    for action in (TakePile(0), TakePile(1), StandPile(2), StandPile(3), TakePile(4), TakePile(5)):
        state.apply(action)
    return state


def hinted(seed: int, decisions: int) -> SpizzichinoState:
    """A seeded game after ``decisions`` moves, each seat playing its own hint (as the
    audit plays them: a fresh player seeded 0 at every decision)."""
    state = RULES.new_game(2, seed=seed)
    for _ in range(decisions):
        seat = state.to_move
        assert seat is not None
        hint = SpizzichinoHeuristic(seat, random.Random(0)).advise(state.view(seat), state.legal_actions())
        state.apply(hint.action)
    return state


def holds(claim: Claim, state: SpizzichinoState, said: Advice) -> bool:
    """The audit's judgement of ``claim`` on the full state."""
    seat = state.to_move
    assert seat is not None
    return CHECKERS[claim.kind](claim, state, seat, said.action)


def test_a_seeded_game_plays_the_same_moves_as_before_advice() -> None:
    digest, _ = advise_through_a_game("spizzichino", 2, seed=3)
    assert digest == "1962bad43ce750d5"


def test_the_last_card_of_a_stack_is_lifted_only_into_a_declaration() -> None:
    """It is playable where it stands, so lifting it for nothing is a wasted move (a
    play-tester took such a hint for a slip). Over whole seeded games, every lift the
    hint names uncovers a card or declares."""
    lifts = 0
    for seed in range(12):
        state = RULES.new_game(2, seed=seed)
        while state.to_move is not None:
            seat = state.to_move
            view = state.view(seat)
            said = SpizzichinoHeuristic(seat, random.Random(0)).advise(view, state.legal_actions())
            if isinstance(said.action, LiftCard):
                lifts += 1
                assert view.stack_sizes[seat][said.action.stack] > 1 or said.rule == "lift-declare", (seed, said.reason)
            state.apply(said.action)
    assert lifts, "some lifts were named"


def test_piles_are_chosen_blind_and_it_says_so() -> None:
    state = RULES.new_game(2, seed=8)
    said = advice(state)
    assert isinstance(said.action, TakePile | StandPile)
    assert said.rule == "blind-pile"
    assert f"pile {said.action.pile + 1} " in said.reason and "face down" in said.reason


def test_a_free_lift_then_the_cheapest_card_that_takes_the_points() -> None:
    state = dealt("4Co 5Co 6Co 7Co FCo CCo RCo 4De 5De 6De", "4Sp 5Sp 6Sp 7Sp FSp CSp RSp 4Ba 5Ba 6Ba", "3Co 2Co")
    state.apply(PlayCard(Card.parse("RCo")))
    said = advice(state)
    assert isinstance(said.action, LiftCard)
    assert said.rule == "lift-free"
    assert "from your stack: you can follow coppe anyway" in said.reason
    while isinstance(said.action, LiftCard):
        state.apply(said.action)
        said = advice(state)
    assert said.action == PlayCard(Card.parse("2Co"))
    assert said.rule == "win-points"
    assert said.reason == (
        "Take the trick with the due di coppe: it beats the re di coppe and brings you two thirds of a point."
    )


def test_a_lift_that_makes_a_declaration_says_so() -> None:
    first = parse_cards("4Co 5Co 6Co 7Co FCo CCo RCo 4De 5De 6De")
    dealer_hand = parse_cards("1De 1Sp 4Ba 5Ba 6Ba 7Ba FBa CBa RBa 4Sp")
    lift = parse_cards("1Ba")
    rest = [c for c in italian_deck() if c not in first + dealer_hand + lift]
    state = RULES.new_game(2, seed=1, deck=first + rest[:10] + dealer_hand + lift + rest[10:])
    for action in (TakePile(0), TakePile(1), StandPile(2), StandPile(3), TakePile(4), TakePile(5)):
        state.apply(action)
    state.apply(PlayCard(Card.parse("4Co")))
    said = advice(state)
    assert said.action == LiftCard(0)
    assert said.rule == "lift-declare"
    assert "asso di bastoni" in said.reason and "declaration" in said.reason


def test_every_rule_of_thumb_speaks_in_seeded_games() -> None:
    seen: set[str] = set()
    for seed in range(4):
        seen |= advise_through_a_game("spizzichino", 2, seed)[1]
    assert seen >= {
        "only-card", "blind-pile", "lift-free", "lift-declare", "win-points", "cheap-trick",
        "give-cheap", "cash-winner", "save-last", "lead-cheap",
    }


def test_a_lead_the_opponent_could_beat_by_lifting_is_not_called_sure() -> None:
    # Seat 0 leads the re di coppe. Seat 1 has shown it holds no coppe, but the due di
    # denari on its stack can be lifted, and what lies under it is unseen: it could be
    # (and is) the tre di coppe, so the coppe's points are still out too.
    state = hinted(seed=1, decisions=78)
    said = advice(state)
    assert said.action == PlayCard(Card.parse("RCo"))
    assert said.rule == "cash-winner"
    assert "nothing your opponent may hold beats it" not in said.reason
    assert said.reason.startswith("Lead the re di coppe: it should take the trick")
    assert said.claims == (likely("trick-won", "RCo"), likely("points-out", "RCo", 3))
    assert holds(said.claims[1], state, said)
    assert not holds(certain("trick-won", "RCo"), state, said)
    state.apply(said.action)
    state.apply(LiftCard(1))
    events = state.apply(PlayCard(Card.parse("3Co")))
    assert TrickWon(1, (Card.parse("RCo"), Card.parse("3Co"))) in events


def test_a_lead_nothing_can_beat_is_said_sure_and_holds() -> None:
    state = hinted(seed=1, decisions=46)
    said = advice(state)
    assert said.reason == "Lead the asso di spade: nothing your opponent may hold beats it, so it takes the trick."
    assert said.claims == (certain("trick-won", "1Sp"),)
    assert holds(said.claims[0], state, said)


def test_points_out_count_a_suit_the_opponent_showed_void_in_that_still_comes_to_light() -> None:
    """Seen in play: "your opponent may still have a third of a point in bastoni" with
    their cavallo di bastoni face up on their stack and the re unseen. They showed no
    bastoni on the first trick, but a stack uncovers cards of any suit: here the
    cavallo, with the re under it, so two thirds are out."""
    state = dealt("1Ba 2Ba 3Ba 4Ba FBa 4Co 5Co 4De 5De 7Co", "4Sp 5Sp 6Sp 7Sp FSp CSp RSp 1Co 2Co 3Co", "2De CBa RBa")
    state.apply(PlayCard(Card.parse("4Ba")))
    state.apply(PlayCard(Card.parse("2De")))
    assert state.view(1).stack_tops[0][1] == Card.parse("CBa")
    said = advice(state)
    while isinstance(said.action, LiftCard):
        state.apply(said.action)
        said = advice(state)
    assert said.action == PlayCard(Card.parse("1Ba"))
    assert said.reason.endswith(
        "though your opponent has no bastoni in hand, two thirds of a point in bastoni may still come out of their stacks."
    )
    assert said.claims[-1] == likely("points-out", "1Ba", 2)
    assert holds(said.claims[-1], state, said)


def test_a_card_kept_for_the_last_trick_is_one_the_opponent_cannot_beat() -> None:
    state = hinted(seed=1, decisions=41)
    said = advice(state)
    assert said.rule == "save-last"
    assert "keep the re di coppe: no card your opponent has can ever beat it" in said.reason
    assert said.claims == (certain("never-beaten", "RCo"),)
    assert holds(said.claims[0], state, said)


def test_every_fact_of_a_follow_is_a_claim_that_holds() -> None:
    state = dealt("4Co 5Co 6Co 7Co FCo CCo RCo 4De 5De 6De", "4Sp 5Sp 6Sp 7Sp FSp CSp RSp 4Ba 5Ba 6Ba", "3Co 2Co")
    state.apply(PlayCard(Card.parse("RCo")))
    said = advice(state)
    assert said.claims == (certain("can-follow", "Co"), certain("uncovers", 0))
    assert all(holds(claim, state, said) for claim in said.claims)
    while isinstance(said.action, LiftCard):
        state.apply(said.action)
        said = advice(state)
    assert said.claims == (certain("trick-won", "2Co"), certain("trick-worth", 2))
    assert all(holds(claim, state, said) for claim in said.claims)


def test_a_cheap_lead_names_what_it_carries_and_that_nothing_carries_less() -> None:
    state = hinted(seed=1, decisions=70)
    said = advice(state)
    assert said.reason == (
        "Lead the quattro di bastoni: it carries no points, the least of any card you may lead, "
        "so losing the trick costs you little."
    )
    assert said.claims == (certain("least-points", "4Ba", 0),)
    assert holds(said.claims[0], state, said)


def test_a_winner_lying_on_other_stack_cards_is_never_saved_for_the_last_trick() -> None:
    """Seen in play: "keep the re di spade ... save it for the last trick" while the king
    lay on two more stack cards, which must be played after it. The last trick is promised
    only to a card that can be the last one played."""
    rules = get_rules("spizzichino")
    covered_seen = 0
    for seed in range(40):
        state = rules.new_game(2, seed=seed)
        players = [SpizzichinoHeuristic(seat, random.Random(seat)) for seat in range(2)]
        while state.to_move is not None and state.rounds_scored == 0:
            seat = state.to_move
            view = state.view(seat)
            advice = players[seat].advise(view, state.legal_actions())
            if advice.rule == "save-last":
                saved = Card.parse(str(advice.claims[0].about[0]))
                sizes = dict(zip(view.stack_tops[seat], view.stack_sizes[seat], strict=True))
                if sizes.get(saved, 0) > 1:
                    covered_seen += 1
                    assert "last trick" not in advice.reason, advice.reason
            state.apply(advice.action)
    assert covered_seen > 0, "the case was met"
