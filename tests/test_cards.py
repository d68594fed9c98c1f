"""The card model and its notation (DESIGN.md, Boundaries 4)."""

import copy
import pickle
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardtable_gui.cards import (
    JOKER,
    Card,
    CardError,
    ItalianRank,
    Rank,
    Suit,
    format_cards,
    french_deck,
    french_packs,
    italian_deck,
    parse_cards,
    shuffle,
)

ALL_CARDS = french_deck(jokers=1) + italian_deck()


@pytest.mark.parametrize(
    ("text", "card"),
    [
        ("QS", Card(Rank.QUEEN, Suit.SPADES)),
        ("10H", Card(Rank.TEN, Suit.HEARTS)),
        ("AD", Card(Rank.ACE, Suit.DIAMONDS)),
        ("2C", Card(Rank.TWO, Suit.CLUBS)),
        ("JK", JOKER),
        ("3Co", Card(ItalianRank.TRE, Suit.COPPE)),
        ("RBa", Card(ItalianRank.RE, Suit.BASTONI)),
        ("1De", Card(ItalianRank.ASSO, Suit.DENARI)),
        ("FSp", Card(ItalianRank.FANTE, Suit.SPADE)),
    ],
)
def test_notation_reads_and_writes_the_design_examples(text: str, card: Card) -> None:
    assert Card.parse(text) == card
    assert str(card) == text


@given(st.sampled_from(ALL_CARDS))
def test_every_card_round_trips_through_its_text(card: Card) -> None:
    assert Card.parse(str(card)) == card


def test_parsing_forgives_case_but_not_nonsense() -> None:
    assert Card.parse("qs") == Card.parse("QS")
    assert Card.parse("rco") == Card.parse("RCo")
    for bad in ["", "1S", "11H", "QX", "KCo", "8De", "JKS"]:
        with pytest.raises(CardError):
            Card.parse(bad)


def test_italian_and_french_cards_never_mix() -> None:
    with pytest.raises(CardError):
        Card(ItalianRank.RE, Suit.HEARTS)
    with pytest.raises(CardError):
        Card(Rank.KING, Suit.COPPE)
    assert Card.parse("2De") != Card.parse("2D")


def test_decks_have_the_right_cards() -> None:
    assert len(french_deck()) == 52 == len(set(french_deck()))
    assert french_deck(jokers=2).count(JOKER) == 2
    assert len(italian_deck()) == 40 == len(set(italian_deck()))
    stripped = french_deck(without=parse_cards("2S 2H 2D 2C 8D"))
    assert len(stripped) == 47 and Card.parse("8D") not in stripped
    assert len(french_packs(5, jokers_per_pack=2)) == 5 * 54


def test_cards_are_cheap_immutable_values() -> None:
    card = Card.parse("QS")
    assert hash(card) == hash(Card(Rank.QUEEN, Suit.SPADES))
    with pytest.raises(AttributeError):
        card.rank = Rank.KING  # type: ignore[misc]
    assert {card, Card.parse("QS")} == {card}


def test_card_names_and_lists() -> None:
    assert Card.parse("QS").name == "queen of spades"
    assert Card.parse("RCo").name == "re di coppe"
    assert JOKER.name == "joker"
    cards = parse_cards("QS, 10H JK")
    assert format_cards(cards) == "QS 10H JK"


def test_a_hand_sorts_by_suit_then_rank() -> None:
    hand = parse_cards("2H QS AS 10H 3C")
    ordered = sorted(hand, key=Card.sort_key)
    assert format_cards(ordered) == "3C 2H 10H QS AS"


def test_shuffle_deals_exactly_as_the_random_module_does() -> None:
    for seed in range(40):
        cards = french_packs(2, 2)[: seed * 3]
        ours, theirs = list(cards), list(cards)
        rng_ours, rng_theirs = random.Random(seed), random.Random(seed)
        shuffle(ours, rng_ours)
        rng_theirs.shuffle(theirs)
        assert ours == theirs
        assert rng_ours.getstate() == rng_theirs.getstate()


def test_a_card_is_one_object_however_it_is_made() -> None:
    queen = Card(Rank.QUEEN, Suit.SPADES)
    assert Card.parse("QS") is queen
    assert copy.deepcopy(queen) is queen
    assert pickle.loads(pickle.dumps(queen)) is queen
    assert french_deck()[10] is queen
