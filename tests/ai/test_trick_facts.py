"""Trick facts are sure only when every deal the seat cannot tell apart agrees."""

from __future__ import annotations

from cardtable_gui.ai.trick_facts import TrickFacts, highest_left, touching
from cardtable_gui.cards import Card, Suit, parse_cards


def facts(out: str, counts: tuple[int, ...], plays: str = "", voids: dict[int, set[Suit]] | None = None) -> TrickFacts:
    """Seat 0 of four to play, after ``plays`` by seats 3, 2, ... in turn."""
    played = parse_cards(plays)
    order = [4 - len(played) + k for k in range(len(played))]
    return TrickFacts(
        seat=0,
        out=frozenset(parse_cards(out)),
        counts=counts,
        voids=voids or {},
        plays=tuple(zip(order, played)),
        later=tuple(range(1, 4 - len(played))),
        trump=Suit.SPADES,
    )


def test_a_card_is_highest_left_when_no_higher_one_of_its_suit_is_out() -> None:
    assert highest_left(Card.parse("KH"), frozenset(parse_cards("AD 2H")))
    assert not highest_left(Card.parse("KH"), frozenset(parse_cards("AH")))


def test_the_highest_heart_led_is_no_sure_trick_while_a_later_seat_may_trump_it() -> None:
    assert not facts("2H 3S", (0, 1, 1, 0)).sure_to_win(Card.parse("AH"))


def test_seats_known_to_lack_trumps_cannot_take_the_highest_heart() -> None:
    lacking = {seat: {Suit.SPADES} for seat in range(4)}
    assert facts("2H 3S", (0, 1, 1, 0), voids=lacking).sure_to_win(Card.parse("AH"))


def test_a_seat_whose_every_card_may_be_a_heart_must_follow_and_cannot_trump() -> None:
    # Seat 1 holds two cards and only one unseen card is not a heart: it holds a heart.
    lacking = {2: {Suit.SPADES}, 3: {Suit.SPADES}}
    assert facts("2H 3H 3S", (0, 2, 1, 0), voids=lacking).sure_to_win(Card.parse("AH"))
    assert not facts("2H 3H 3S", (0, 1, 2, 0), voids=lacking).sure_to_win(Card.parse("AH"))


def test_playing_last_a_card_that_beats_the_trick_takes_it() -> None:
    assert facts("AH KH", (13, 12, 12, 12), plays="2H 3H 4H").sure_to_win(Card.parse("5H"))
    assert not facts("AH KH", (13, 12, 12, 12), plays="2H 3H 4H").sure_to_win(Card.parse("5D"))



def test_cards_touch_when_all_between_them_are_held_or_played() -> None:
    nine, queen = Card.parse("9H"), Card.parse("QH")
    assert touching(nine, queen, parse_cards("10H JH"))
    assert touching(Card.parse("2C"), Card.parse("3C"), ())
    assert not touching(nine, queen, parse_cards("10H"))
    assert not touching(nine, Card.parse("10C"), ())
