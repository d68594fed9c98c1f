"""Where Lay down puts chosen Hand and Foot cards: one book per rank, onto the team's
open books, wilds where a new book needs them or where the hint put them; and what it
makes is a meld the rules accept whenever the cards can go there at all."""

from __future__ import annotations

from cardtable_gui.cards import Card, parse_cards
from cardtable_gui.rules.hand_and_foot import Book, MeldGroup
from cardtable_gui.rules.hand_and_foot.placing import Placement, place_chosen
from cardtable_gui.rules.hand_and_foot.state import meld_books


def cards(text: str) -> tuple[Card, ...]:
    return tuple(parse_cards(text))


def book(text: str) -> Book:
    held = cards(text)
    naturals = [c for c in held if c.rank.symbol not in ("2", "JK")]
    return Book(naturals[0].rank if naturals else None, held)  # type: ignore[arg-type]


def lays(placement: Placement, books: list[Book]) -> list[Book]:
    """The books after the placement is laid; the rules raise if it breaks one."""
    return meld_books(books, placement.groups, wild_books=False)


def test_cards_of_two_ranks_start_one_book_each() -> None:
    placement = place_chosen(cards("8H 8S 8D QH QS QD"), [])
    assert placement.groups == (MeldGroup(None, cards("8H 8S 8D")), MeldGroup(None, cards("QH QS QD")))
    assert [len(b.cards) for b in lays(placement, [])] == [3, 3]


def test_a_wild_goes_where_a_new_book_needs_it_to_reach_three() -> None:
    placement = place_chosen(cards("8H 8S 8D QH QS 2C"), [])
    assert placement.groups == (MeldGroup(None, cards("8H 8S 8D")), MeldGroup(None, cards("QH QS 2C")))
    lays(placement, [])


def test_cards_that_fit_open_books_go_onto_them() -> None:
    books = [book("8H 8S 8D"), book("10H 10S 10D"), book("QH QS QD")]
    placement = place_chosen(cards("8C 10C 10S QC"), books)
    assert placement.groups == (
        MeldGroup(0, cards("8C")),
        MeldGroup(1, cards("10C 10S")),
        MeldGroup(2, cards("QC")),
    )
    assert [len(b.cards) for b in lays(placement, books)] == [4, 5, 4]


def test_a_natural_too_few_for_a_book_joins_the_closed_one_of_its_rank() -> None:
    books = [book("9H 9S 9D 9C 9H 9S 9D")]
    placement = place_chosen(cards("9C"), books)
    assert placement.groups == (MeldGroup(0, cards("9C")),)


def test_wilds_alone_close_the_book_they_can_close() -> None:
    books = [book("6H 6S 6D"), book("7H 7S 7D 7C")]
    placement = place_chosen(cards("2H 2S 2D"), books)
    assert placement.groups == (MeldGroup(1, cards("2H 2S 2D")),)
    assert lays(placement, books)[1].is_closed


def test_wilds_alone_with_two_books_to_take_them_say_which_was_chosen() -> None:
    books = [book("7H 7S 7D 7C"), book("KH KS KD KC 2C")]
    placement = place_chosen(cards("2H 2S"), books)
    assert placement.groups == (MeldGroup(1, cards("2H 2S")),), "the one they close"
    assert placement.wilds_book == 1
    assert place_chosen(cards("2H"), [books[0]]).wilds_book is None, "one book: nothing to choose"


def test_wilds_alone_go_where_the_hint_put_them() -> None:
    books = [book("7H 7S 7D 7C"), book("KH KS KD KC")]
    hint = (MeldGroup(0, cards("2H 2S 2D")),)
    assert place_chosen(cards("2H 2S 2D"), books, hint).groups == hint
    placement = place_chosen(cards("2H 2S"), books, hint)
    assert placement.groups == (MeldGroup(0, cards("2H 2S")),)
    assert placement.wilds_book == 0


def test_the_hints_own_cards_go_as_the_hint_said() -> None:
    hint = (MeldGroup(None, cards("8H 8S 2C")), MeldGroup(None, cards("QH QS QD")))
    assert place_chosen(cards("QD QS 2C 8S QH 8H"), [], hint).groups == hint


def test_a_placement_that_breaks_a_rule_is_still_made_for_the_rules_to_refuse() -> None:
    placement = place_chosen(cards("8H 8S 3C"), [])
    assert MeldGroup(None, cards("3C")) in placement.groups
