"""Spizzichino rules: worked examples from the rule text and every ruling the rules page settles."""

from __future__ import annotations

import random

import pytest

from cardtable_gui.cards import Card, Suit, parse_cards
from cardtable_gui.rules import GAMES, ActionParseError, IllegalAction
from cardtable_gui.rules.base import CardPlayed, Event, GameOver, RoundScored, TrickWon
from cardtable_gui.rules.spizzichino import (
    DECK,
    LIFTABLE,
    CardLifted,
    DeclarationKind,
    DeclarationMade,
    LiftCard,
    Phase,
    PileChosen,
    PlayCard,
    RoundTally,
    SpizzichinoOptions,
    SpizzichinoRules,
    SpizzichinoState,
    SpizzichinoView,
    StackUncovered,
    StandPile,
    TakePile,
    best_declarations,
    strength,
    suit_words,
    thirds,
)
from tests.rules.event_cards import cards_in

RULES = SpizzichinoRules()
HAND_FIRST_ORDER = (0, 1, 4, 5, 2, 3, 6, 7)


def make_deck(piles: dict[int, str]) -> list[Card]:
    """A stacked deck (top first) whose pile ``i`` starts with the cards given for it.
    Other places are filled with cards that make no declaration first, piles for hands
    before piles for stacks, so the 3s, 2s and assi left over end up in stacks."""
    layout: dict[int, list[Card]] = {i: parse_cards(piles.get(i, "")) for i in range(8)}
    used = {c for cards in layout.values() for c in cards}
    spare = [c for c in DECK if c not in used and c.rank not in LIFTABLE]
    spare += [c for c in DECK if c not in used and c.rank in LIFTABLE]
    for i in HAND_FIRST_ORDER:
        while len(layout[i]) < 5:
            layout[i].append(spare.pop(0))
    return [c for i in range(8) for c in layout[i]]


def dealt(
    piles: dict[int, str], seed: int = 1, **options: object
) -> tuple[SpizzichinoState, int, int]:
    """A game after the usual choices: the non-dealer takes piles 0 and 1 and stands 2
    and 3; the dealer takes 4 and 5 (6 and 7 then stand by themselves).
    Returns the state, the non-dealer and the dealer."""
    state = RULES.new_game(2, SpizzichinoOptions(**options), seed=seed, deck=make_deck(piles))
    dealer = state.dealer
    for action in (TakePile(0), TakePile(1), StandPile(2), StandPile(3), TakePile(4), TakePile(5)):
        state.apply(action)
    return state, 1 - dealer, dealer


def cards(text: str) -> set[Card]:
    return set(parse_cards(text))


def declared(events: list[Event]) -> list[tuple[DeclarationKind, set[Card]]]:
    return [(e.kind, set(e.cards)) for e in events if isinstance(e, DeclarationMade)]


# Ranks and points ---------------------------------------------------------------------


def test_rank_order_high_to_low() -> None:
    order = "3 2 1 R C F 7 6 5 4".split()
    strengths = [strength(Card.parse(f"{r}Co")) for r in order]
    assert strengths == sorted(strengths, reverse=True)
    assert len(set(strengths)) == 10


def test_card_points_in_thirds() -> None:
    assert thirds(Card.parse("1De")) == 3
    for text in ("3Sp", "2Ba", "RCo", "CDe", "FSp"):
        assert thirds(Card.parse(text)) == 1
    for text in ("7Co", "6De", "5Sp", "4Ba"):
        assert thirds(Card.parse(text)) == 0
    # 4 assi and twenty one-third cards: 32 thirds, plus the last trick's 3 = 11 2/3.
    assert sum(thirds(c) for c in DECK) == 32


def test_registered() -> None:
    assert GAMES["spizzichino"].name == "spizzichino"
    assert SpizzichinoOptions().target == 51


# The deal ---------------------------------------------------------------------------


def test_the_non_dealer_chooses_first_and_blind() -> None:
    state = RULES.new_game(2, seed=5)
    non_dealer = 1 - state.dealer
    assert state.to_move == non_dealer
    view = state.view(non_dealer)
    assert view.phase is Phase.CHOOSE
    assert view.open_piles == tuple(range(8))
    assert view.hand == () and view.stack_tops == ((None, None), (None, None))
    assert [str(a) for a in state.legal_actions()] == [f"take pile {i}" for i in range(8)] + [
        f"stand pile {i}" for i in range(8)
    ]


def test_pile_choices_give_ten_cards_and_two_stacks_each() -> None:
    deck = make_deck({})
    state = RULES.new_game(2, seed=2, deck=deck)
    piles = [deck[5 * i : 5 * i + 5] for i in range(8)]
    non_dealer, dealer = 1 - state.dealer, state.dealer
    events = state.apply(StandPile(3))
    assert events == [PileChosen(non_dealer, 3, False, 0, piles[3][0])]
    assert state.apply(TakePile(0)) == [PileChosen(non_dealer, 0, True)]
    state.apply(TakePile(6))
    assert [str(a) for a in state.legal_actions()] == [f"stand pile {i}" for i in (1, 2, 4, 5, 7)]
    state.apply(StandPile(7))
    assert state.to_move == dealer
    assert state.view(dealer).open_piles == (1, 2, 4, 5)
    state.apply(TakePile(2))
    events = state.apply(TakePile(5))
    # With two piles in hand the dealer's other two stand by themselves, in order.
    assert [e for e in events if isinstance(e, PileChosen)] == [
        PileChosen(dealer, 5, True),
        PileChosen(dealer, 1, False, 0, piles[1][0]),
        PileChosen(dealer, 4, False, 1, piles[4][0]),
    ]
    assert state.phase is Phase.PLAY
    assert sorted(state.hands[non_dealer], key=str) == sorted(piles[0] + piles[6], key=str)
    assert sorted(state.hands[dealer], key=str) == sorted(piles[2] + piles[5], key=str)
    view = state.view(dealer)
    assert view.hand_counts == (10, 10)
    assert view.stack_sizes == ((5, 5), (5, 5))
    assert view.stack_tops[non_dealer] == (piles[3][0], piles[7][0])
    assert view.stack_tops[dealer] == (piles[1][0], piles[4][0])
    # The non-dealer leads the first trick.
    assert state.to_move == non_dealer


def test_dealer_standing_two_piles_takes_the_rest() -> None:
    state = RULES.new_game(2, seed=2, deck=make_deck({}))
    dealer = state.dealer
    choices = (TakePile(0), TakePile(1), StandPile(2), StandPile(3), StandPile(4), StandPile(5))
    for action in choices:
        state.apply(action)
    assert state.phase is Phase.PLAY
    assert len(state.hands[dealer]) == 10 and [len(s) for s in state.stacks[dealer]] == [5, 5]


def test_pile_choice_messages() -> None:
    state = RULES.new_game(2, seed=2)
    state.apply(TakePile(0))
    with pytest.raises(IllegalAction, match="already been chosen"):
        state.apply(StandPile(0))
    state.apply(TakePile(1))
    with pytest.raises(IllegalAction, match="already hold two piles"):
        state.apply(TakePile(2))
    state.apply(StandPile(2))
    state.apply(StandPile(3))
    state.apply(StandPile(4))
    state.apply(StandPile(5))
    with pytest.raises(IllegalAction, match="piles have all been chosen"):
        state.apply(TakePile(6))


def test_playing_or_lifting_before_the_piles_are_chosen() -> None:
    state = RULES.new_game(2, seed=2)
    with pytest.raises(IllegalAction, match="still being chosen"):
        state.apply(PlayCard(Card.parse("4Co")))
    with pytest.raises(IllegalAction, match="only during the play"):
        state.apply(LiftCard(0))


def test_there_are_eight_piles() -> None:
    with pytest.raises(IllegalAction, match="There is no pile 9"):
        RULES.new_game(2, seed=2).apply(StandPile(9))


def test_two_stacks_are_the_most() -> None:
    state = RULES.new_game(2, seed=2)
    state.apply(StandPile(0))
    state.apply(StandPile(1))
    before = state.digest()
    with pytest.raises(IllegalAction, match="already have two stacks"):
        state.apply(StandPile(2))
    assert state.digest() == before


# Play -------------------------------------------------------------------------------

FOLLOW = {
    0: "4Co 5Co 6Co 7Co FCo",
    1: "CCo RCo 4De 5De 6De",
    2: "7De",
    3: "FDe",
    4: "4Sp 5Sp 6Sp 7Sp FSp",
    5: "CSp RSp 4Ba 5Ba 6Ba",
    6: "7Ba",
    7: "3Co 2Co",
}


def test_a_stack_top_of_the_led_suit_must_follow() -> None:
    state, leader, other = dealt(FOLLOW)
    state.apply(PlayCard(Card.parse("4Co")))
    assert state.to_move == other
    assert [str(a) for a in state.legal_actions()] == ["lift stack 1", "play 3Co"]
    before = state.digest()
    with pytest.raises(IllegalAction) as refused:
        state.apply(PlayCard(Card.parse("4Sp")))
    assert str(refused.value) == "You must follow suit: you have a card of coppe (cups) in your hand or on top of a stack."
    assert state.digest() == before


def test_the_swords_suit_is_never_taken_for_french_spades() -> None:
    assert suit_words(Suit.SPADE) == "spade (swords)"


def test_a_card_uncovered_by_a_lift_is_playable() -> None:
    state, leader, other = dealt(FOLLOW)
    state.apply(PlayCard(Card.parse("4Co")))
    events = state.apply(LiftCard(1))
    assert events[:2] == [
        CardLifted(other, 1, Card.parse("3Co")),
        StackUncovered(other, 1, Card.parse("2Co")),
    ]
    assert state.to_move == other
    assert [str(a) for a in state.legal_actions()] == ["lift stack 1", "play 3Co", "play 2Co"]
    # The lifted card is public from now on.
    assert state.view(leader).known_hands[other] == (Card.parse("3Co"),)
    events = state.apply(PlayCard(Card.parse("2Co")))
    assert TrickWon(other, (Card.parse("4Co"), Card.parse("2Co"))) in events
    assert state.to_move == other


def test_highest_card_of_the_led_suit_wins_no_trumps() -> None:
    state, leader, other = dealt(FOLLOW)
    events = state.apply(PlayCard(Card.parse("4De")))
    assert len(state.legal_actions()) == 13  # void in denari: any card, or lift the 3Co
    events = state.apply(PlayCard(Card.parse("RSp")))
    assert TrickWon(leader, (Card.parse("4De"), Card.parse("RSp"))) in events
    assert state.to_move == leader
    state.apply(PlayCard(Card.parse("FCo")))
    events = state.apply(PlayCard(Card.parse("3Co")))
    assert TrickWon(other, (Card.parse("FCo"), Card.parse("3Co"))) in events
    assert state.to_move == other


def test_a_player_may_lift_more_than_once_in_a_turn() -> None:
    state, leader, other = dealt(FOLLOW)
    state.apply(PlayCard(Card.parse("4Co")))
    state.apply(LiftCard(1))
    events = state.apply(LiftCard(1))
    below = state.stacks[other][1][-1]
    assert events[:2] == [CardLifted(other, 1, Card.parse("2Co")), StackUncovered(other, 1, below)]
    assert state.to_move == other
    assert cards("3Co 2Co") <= set(state.hands[other])
    assert set(state.view(leader).known_hands[other]) == cards("3Co 2Co")
    assert state.view(leader).stack_sizes[other] == (5, 3)


def test_a_stack_top_may_lead_and_the_card_below_turns_up() -> None:
    state, leader, _ = dealt(FOLLOW)
    assert PlayCard(Card.parse("7De")) in state.legal_actions()
    events = state.apply(PlayCard(Card.parse("7De")))
    below = state.stacks[leader][0][-1]
    assert events == [CardPlayed(leader, Card.parse("7De")), StackUncovered(leader, 0, below)]
    assert state.view(None).stack_tops[leader][0] == below
    state.apply(PlayCard(Card.parse("4Sp")))
    assert state.to_move == leader and PlayCard(below) in state.legal_actions()


def test_only_a_3_2_or_asso_may_be_lifted() -> None:
    state, leader, _ = dealt(FOLLOW)
    with pytest.raises(IllegalAction, match="Only a 3, 2 or asso"):
        state.apply(LiftCard(0))
    with pytest.raises(IllegalAction, match="two stacks, 0 and 1"):
        state.apply(LiftCard(2))


def test_a_card_not_yours_cannot_be_played() -> None:
    state, leader, other = dealt(FOLLOW)
    # The follower's stack top and hand are not the leader's to play.
    for text in ("3Co", "4Sp"):
        with pytest.raises(IllegalAction, match="only a card in your hand or on top of your"):
            state.apply(PlayCard(Card.parse(text)))
    assert state.to_move == leader


def test_after_the_game_is_over_nothing_is_legal() -> None:
    state = RULES.new_game(2, seed=11)
    rng = random.Random(11)
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    assert state.legal_actions() == [] and state.to_move is None
    with pytest.raises(IllegalAction, match="The game is over"):
        state.apply(PlayCard(Card.parse("4Co")))


# Declarations ---------------------------------------------------------------------


def test_each_declaration_kind_and_its_value() -> None:
    state, non_dealer, dealer = dealt(
        {0: "2Co 2De 2Sp 2Ba 1Co", 1: "1De 1Sp", 4: "3Ba 4Co 5Co 6Co 7Co", 5: "1Ba FCo CCo RCo 4De"}
    )
    made = list(state.view(dealer).declarations)
    assert [(d.seat, d.kind, d.points) for d in made] == [
        (non_dealer, DeclarationKind.FOUR, 4),
        (non_dealer, DeclarationKind.THREE, 3),
    ]
    assert set(made[0].cards) == cards("2Co 2De 2Sp 2Ba")
    assert set(made[1].cards) == cards("1Co 1De 1Sp")
    assert made[0].title == "four 2s" and made[1].title == "three assi"


def test_napoletana() -> None:
    found = best_declarations(parse_cards("3Sp 2Sp 1Sp 4Co 3Co"))
    assert [(k, set(c)) for k, c in found] == [(DeclarationKind.NAPOLETANA, cards("3Sp 2Sp 1Sp"))]
    assert DeclarationKind.NAPOLETANA.points == 3


def test_best_partition_beats_the_biggest_single_set() -> None:
    # Four 3s alone are 4; three 3s plus the napoletana di coppe are 6.
    found = best_declarations(parse_cards("3Co 3De 3Sp 3Ba 2Co 1Co"))
    assert sorted((k.value, sorted(map(str, c))) for k, c in found) == [
        ("napoletana", ["1Co", "2Co", "3Co"]),
        ("three", ["3Ba", "3De", "3Sp"]),
    ]
    # A card belongs to one declaration only: 3Co cannot serve both sets here.
    found = best_declarations(parse_cards("3Co 3De 3Sp 2Co 1Co"))
    assert len(found) == 1 and found[0][0].points == 3


def test_declarations_happen_after_the_deal_with_the_best_partition() -> None:
    state, non_dealer, dealer = dealt({0: "3Co 3De 3Sp 3Ba 2Co", 1: "1Co"})
    view = state.view(dealer)
    assert sorted(d.kind.value for d in view.declarations) == ["napoletana", "three"]
    assert sum(d.points for d in view.declarations) == 6
    # Declared cards are known to the opponent; the rest of the hand is not.
    assert set(view.known_hands[non_dealer]) == cards("3Co 3De 3Sp 3Ba 2Co 1Co")
    assert view.hand == tuple(state.hands[dealer])


def test_stack_tops_never_count() -> None:
    state, non_dealer, _ = dealt({0: "3Co 3De", 2: "3Sp", 3: "3Ba"})
    assert state.view(non_dealer).declarations == ()


def test_a_declared_set_is_not_declared_again_when_it_grows() -> None:
    state, non_dealer, _ = dealt({0: "3Co 3De 3Sp", 2: "3Ba"})
    assert [d.kind for d in state.declarations] == [DeclarationKind.THREE]
    events = state.apply(LiftCard(0))
    assert declared(events) == []
    assert sum(d.points for d in state.declarations) == 3


def test_a_lifted_card_can_make_a_new_declaration_with_undeclared_cards() -> None:
    state, non_dealer, _ = dealt({0: "3Co 3De 3Sp 2Ba 1Ba", 2: "3Ba"})
    assert [d.kind for d in state.declarations] == [DeclarationKind.THREE]
    events = state.apply(LiftCard(0))
    assert declared(events) == [(DeclarationKind.NAPOLETANA, cards("3Ba 2Ba 1Ba"))]


def test_lifting_into_a_declaration_declares_at_once() -> None:
    state, non_dealer, _ = dealt({0: "1Co 1De", 3: "1Sp"})
    assert state.declarations == []
    events = state.apply(LiftCard(1))
    assert declared(events) == [(DeclarationKind.THREE, cards("1Co 1De 1Sp"))]
    assert state.to_move == non_dealer


def test_declarations_can_be_switched_off() -> None:
    state, _, _ = dealt({0: "3Co 3De 3Sp 3Ba 2Co", 1: "1Co"}, declarations=False)
    assert state.declarations == []


# Scoring and the end of the game ----------------------------------------------------------


def play_round(state: SpizzichinoState, rng: random.Random) -> list[Event]:
    events: list[Event] = []
    start = state.round_number
    while not state.is_over and state.round_number == start:
        events.extend(state.apply(rng.choice(state.legal_actions())))
    return events


def test_round_score_rounds_each_total_down_once() -> None:
    state, non_dealer, dealer = dealt({0: "3Co 3De 3Sp"})
    events = play_round(state, random.Random(4))
    tally = next(e for e in events if isinstance(e, RoundTally))
    won = [0, 0]
    last = None
    for e in events:
        if isinstance(e, TrickWon):
            won[e.seat] += sum(thirds(c) for c in e.cards)
            last = e.seat
    assert list(tally.card_thirds) == won and tally.last_trick == last
    assert tally.declared == tuple(3 if s == non_dealer else 0 for s in range(2))
    expected = tuple(
        (won[s] + 3 * tally.declared[s] + (3 if s == last else 0)) // 3 for s in range(2)
    )
    assert tally.points == expected
    assert sum(expected) == 11 + 3
    scored = next(e for e in events if isinstance(e, RoundScored))
    assert scored.points == expected == scored.totals


def test_the_dealer_alternates_and_the_non_dealer_leads() -> None:
    state = RULES.new_game(2, seed=9)
    rng = random.Random(9)
    first_dealer = state.dealer
    play_round(state, rng)
    assert state.round_number == 2 and state.dealer == 1 - first_dealer
    assert state.to_move == first_dealer  # the new non-dealer chooses first
    while state.phase is Phase.CHOOSE:
        state.apply(rng.choice(state.legal_actions()))
    assert state.to_move == first_dealer and state.trick.leader == first_dealer


def test_first_dealer_comes_from_the_seed() -> None:
    dealers = {RULES.new_game(2, seed=s).dealer for s in range(20)}
    assert dealers == {0, 1}
    assert RULES.new_game(2, seed=7).dealer == RULES.new_game(2, seed=7).dealer


def last_trick_state(totals: list[int], won: list[int], target: int = 51) -> SpizzichinoState:
    """A state whose next two plays finish round one: seat 0 leads 3Co, seat 1 follows
    with 4Co, so seat 0 takes the last trick; ``won`` are the thirds taken before."""
    state = RULES.new_game(2, SpizzichinoOptions(target=target), seed=3)
    rng = random.Random(3)
    while len(state.tricks) < 19 or state.trick.plays:
        state.apply(rng.choice(state.legal_actions()))
    # The state holds the pack's own card objects.
    pack = {str(c): c for c in DECK}
    state.hands = [[pack["3Co"]], [pack["4Co"]]]
    state.stacks = [[[], []], [[], []]]
    state.declarations = []
    state.known = [[], []]
    state.trick.leader = 0
    state.turn = 0
    state.totals = list(totals)
    state.won_thirds = list(won)
    return state


def test_game_ends_when_a_player_reaches_the_target_and_higher_wins() -> None:
    # Seat 0: 16 + 1 (3Co) + 3 (last trick) = 20 thirds -> 6; seat 1: 15 -> 5.
    state = last_trick_state([45, 40], [16, 15])
    state.apply(PlayCard(Card.parse("3Co")))
    events = state.apply(PlayCard(Card.parse("4Co")))
    assert RoundScored((6, 5), (51, 45)) in events
    assert events[-1] == GameOver((0,))
    assert state.is_over and state.winners == (0,) and state.scores == (51, 45)


def test_both_over_the_target_the_higher_score_wins() -> None:
    state = last_trick_state([50, 50], [16, 15])
    state.apply(PlayCard(Card.parse("3Co")))
    state.apply(PlayCard(Card.parse("4Co")))
    assert state.scores == (56, 55) and state.winners == (0,)


def test_a_tie_at_or_above_the_target_plays_another_round() -> None:
    state = last_trick_state([45, 46], [16, 15])
    state.apply(PlayCard(Card.parse("3Co")))
    events = state.apply(PlayCard(Card.parse("4Co")))
    assert RoundScored((6, 5), (51, 51)) in events
    assert not state.is_over and state.round_number == 2 and state.phase is Phase.CHOOSE


def test_below_the_target_the_game_goes_on() -> None:
    state = last_trick_state([10, 10], [16, 15])
    state.apply(PlayCard(Card.parse("3Co")))
    state.apply(PlayCard(Card.parse("4Co")))
    assert not state.is_over and state.scores == (16, 15)


# Views --------------------------------------------------------------------------------


def test_views_show_stack_tops_to_both_and_hide_the_rest() -> None:
    state, non_dealer, dealer = dealt(FOLLOW)
    hidden = {c for seat in range(2) for s in state.stacks[seat] for c in s[:-1]}
    for seat in (non_dealer, dealer, None):
        view = state.view(seat)
        assert view.stack_tops == state.view(None).stack_tops
        assert view.stack_tops[dealer][1] == Card.parse("3Co")
        shown = set(view.hand) | {c for t in view.stack_tops for c in t if c is not None}
        assert not shown & hidden
        if seat is not None:
            assert set(view.hand) == set(state.hands[seat])
            assert not set(view.hand) & set(state.hands[1 - seat])
    assert state.view(None).hand == ()


def test_declared_cards_show_in_the_opponents_view() -> None:
    state, non_dealer, dealer = dealt({0: "1Co 1De 1Sp"})
    view = state.view(dealer)
    assert set(view.known_hands[non_dealer]) == cards("1Co 1De 1Sp")
    state.apply(PlayCard(Card.parse("1Co")))
    assert set(state.view(dealer).known_hands[non_dealer]) == cards("1De 1Sp")


def public_cards(view: SpizzichinoView) -> set[Card]:
    """The cards every seat can see: played, stack tops, declared or lifted cards."""
    shown = set(view.played())
    shown.update(c for tops in view.stack_tops for c in tops if c is not None)
    shown.update(c for known in view.known_hands for c in known)
    shown.update(c for d in view.declarations for c in d.cards)
    return shown


def test_events_name_only_cards_the_whole_table_can_see() -> None:
    for seed in range(4):
        state = RULES.new_game(2, seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            before = public_cards(state.view(None))
            events = state.apply(rng.choice(state.legal_actions()))
            seen = before | public_cards(state.view(None))
            seen.update(e.card for e in events if isinstance(e, CardPlayed))
            for event in events:
                assert cards_in(event) <= seen, event


# Text forms -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text", ["take pile 3", "stand pile 0", "lift stack 1", "play 3Co", "play RBa"]
)
def test_actions_read_back(text: str) -> None:
    assert str(RULES.parse_action(text)) == text


@pytest.mark.parametrize("text", ["take pile 8", "lift stack 2", "play 3X", "jump", "stand pile x"])
def test_bad_action_text(text: str) -> None:
    with pytest.raises(ActionParseError):
        RULES.parse_action(text)


def test_a_stacked_deck_must_be_the_whole_pack() -> None:
    with pytest.raises(ValueError, match="40 Italian cards"):
        RULES.new_game(2, seed=1, deck=DECK[:39])
    with pytest.raises(ValueError):
        RULES.new_game(3, seed=1)


def test_target_option_is_bounded() -> None:
    with pytest.raises(ValueError):
        SpizzichinoOptions(target=0)
    assert SpizzichinoOptions(target=21).target == 21
