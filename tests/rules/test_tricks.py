"""The shared trick-taking helpers (the rulings every trick game shares)."""

import pickle
import random

import pytest

from cardtable_gui.cards import FRENCH_SUITS, Card, Suit, by_key, french_deck, parse_cards, suit_number
from cardtable_gui.rules import arizona_spaghetti, spades, spizzichino
from cardtable_gui.rules.tricks import (
    DealImpossible,
    InternedPlay,
    Trick,
    deal_round,
    deal_unseen,
    follow_suit,
    follow_suit_reason,
    held_moves,
    lead_options,
    trick_winner,
)


def rank(card: Card) -> int:
    return int(card.rank)


def trick(*plays: str) -> Trick:
    return Trick(0, [(seat, Card.parse(c)) for seat, c in enumerate(plays)])


def test_the_highest_card_of_the_led_suit_wins_without_trumps() -> None:
    assert trick_winner(trick("10H", "AH", "KS", "QH"), rank) == 1
    assert trick_winner(trick("2H", "AS", "AC", "3H"), rank) == 3


def test_the_highest_trump_wins_when_trumps_are_played() -> None:
    assert trick_winner(trick("AH", "2S", "KH", "3S"), rank, trump=Suit.SPADES) == 3


def test_follow_suit_when_able_otherwise_anything() -> None:
    hand = parse_cards("2H 9H KC")
    assert follow_suit(hand, Suit.HEARTS) == parse_cards("2H 9H")
    assert follow_suit(hand, Suit.DIAMONDS) == hand
    assert follow_suit(hand, None) == hand
    assert follow_suit_reason(Suit.CLUBS) == "You must follow suit: you hold a club."
    assert follow_suit_reason(Suit.COPPE) == "You must follow suit: you hold a card of coppe."


def test_a_closed_suit_may_be_led_only_by_a_hand_holding_nothing_else() -> None:
    assert lead_options(parse_cards("2S 3H"), {Suit.SPADES}) == parse_cards("3H")
    assert lead_options(parse_cards("2S 3S"), {Suit.SPADES}) == parse_cards("2S 3S")


def test_dealing_goes_one_card_at_a_time_from_the_first_seat() -> None:
    hands = deal_round(parse_cards("AS KS QS JS 10S 9S"), 3, first_seat=1)
    assert hands == [parse_cards("QS 9S"), parse_cards("AS JS"), parse_cards("KS 10S")]


def test_unseen_cards_are_dealt_around_known_voids() -> None:
    rng = random.Random(1)
    unseen = french_deck()[:26]
    for _ in range(50):
        hands = deal_unseen(unseen, {1: 13, 2: 13}, {1: {Suit.SPADES}}, rng)
        assert sorted(hands[1] + hands[2], key=Card.sort_key) == sorted(unseen, key=Card.sort_key)
        assert all(c.suit is not Suit.SPADES for c in hands[1])


def test_an_impossible_deal_is_reported() -> None:
    with pytest.raises(DealImpossible):
        deal_unseen(parse_cards("AS KS"), {1: 1, 2: 1}, {1: {Suit.SPADES}, 2: {Suit.SPADES}}, random.Random(1))
    with pytest.raises(DealImpossible):
        deal_unseen(parse_cards("AS KS"), {1: 1}, {}, random.Random(1))


def test_held_moves_keep_each_hand_in_its_order_whole_and_by_suit() -> None:
    move_of = by_key({card: f"play {card}" for card in french_deck()})
    hand = [Card.parse(text) for text in ("QS", "2H", "AS", "10C", "3H")]
    held, held_by_suit = held_moves([hand, []], move_of)
    assert held == [["play QS", "play 2H", "play AS", "play 10C", "play 3H"], []]
    by_suit = {suit: held_by_suit[0][suit_number(suit)] for suit in FRENCH_SUITS}
    assert by_suit == {
        Suit.SPADES: ["play QS", "play AS"],
        Suit.HEARTS: ["play 2H", "play 3H"],
        Suit.DIAMONDS: [],
        Suit.CLUBS: ["play 10C"],
    }
    assert held_by_suit[1] == [[], [], [], []]


TRICK_GAMES_PLAYS = [spades.PlayCard, arizona_spaghetti.PlayCard, spizzichino.PlayCard]


@pytest.mark.parametrize("play_card", TRICK_GAMES_PLAYS)
def test_every_trick_game_plays_a_card_with_one_interned_move(play_card: type[InternedPlay]) -> None:
    card = next(c for c in play_card.by_card_key if c is not None).card
    move = play_card(card)
    assert issubclass(play_card, InternedPlay)
    assert move is play_card(card)
    assert str(move) == f"play {card}"
    assert hash(move) == card.key


@pytest.mark.parametrize("play_card", TRICK_GAMES_PLAYS)
def test_a_move_survives_pickling_as_the_same_move(play_card: type[InternedPlay]) -> None:
    # Saves and the search worker process carry moves through pickle.
    move = next(m for m in play_card.by_card_key if m is not None)
    assert pickle.loads(pickle.dumps(move)) is move


def test_each_game_has_its_own_moves() -> None:
    queen = Card.parse("QS")
    assert spades.PlayCard(queen) is not arizona_spaghetti.PlayCard(queen)
    assert type(spades.PlayCard(queen)) is spades.PlayCard


def test_a_card_outside_the_pack_is_refused_or_interned_as_the_game_says() -> None:
    with pytest.raises(ValueError, match="not a card of the Spades pack"):
        spades.PlayCard(Card.parse("3Co"))
    # Spizzichino reads such a move and refuses it later, like any card not held.
    foreign = spizzichino.PlayCard(Card.parse("QS"))
    assert foreign is spizzichino.PlayCard(Card.parse("QS"))
