"""Whether a player could go out this turn: every card but one laid on the team's books,
leaving the closed books the round needs."""

from __future__ import annotations

import pytest

from cardtable_gui.cards import parse_cards
from cardtable_gui.rules.hand_and_foot import Book, HandAndFootOptions
from cardtable_gui.rules.hand_and_foot.going_out import can_go_out

CLEAN = ["KS KH KD KC KS KH KD", "QS QH QD QC QS QH QD", "JS JH JD JC JS JH JD"]
DIRTY = ["9S 9H 9D 9C 9S 9H 2D", "8S 8H 8D 8C 8S 8H JK", "7S 7H 7D 7C 7S 7H 2C"]


def books(*texts: str) -> list[Book]:
    result = []
    for text in texts:
        cards = tuple(parse_cards(text))
        result.append(Book(next(c.rank for c in cards if c.rank.value not in (2, 15)), cards))
    return result


@pytest.mark.parametrize(
    ("hand", "table", "possible"),
    [
        ("5C", [*CLEAN, *DIRTY], True),
        ("AS AH AD 5C", [*CLEAN, *DIRTY], True),
        ("5S 9H 4C", [*CLEAN, *DIRTY], False),
        ("5S 4C", [*CLEAN, *DIRTY], False),
        ("3C 3S", [*CLEAN, *DIRTY], False),
        ("5C", [*CLEAN[1:], *DIRTY], False),
        ("AS AH AD AC 5C", [*CLEAN[1:], *DIRTY, "AS AH AD"], True),
        ("AS AH 2D 5C", [*CLEAN[1:], *DIRTY, "AS AH AD"], False),
        ("6S 2D 2C 5C", [*CLEAN, *DIRTY[:2], "6S 6H 6D 6C"], True),
        ("6S 2D 2C 2H 2S", [*CLEAN, *DIRTY[:2], "6S 6H 6D 6C"], True),
        ("6S 2D 2C 2H 2S 5C", [*CLEAN, *DIRTY[:2], "6S 6H 6D 6C"], False),
    ],
    ids=[
        "books met, one card to discard",
        "a new book of aces",
        "three lone cards",
        "two lone cards",
        "two threes can never be laid down",
        "two of three clean books",
        "closing the third clean book",
        "a wild spoils the clean book it would close",
        "wilds close the third dirty book",
        "a wild beyond the book's room is the one discarded",
        "a wild too many and a lone five",
    ],
)
def test_going_out_is_possible_only_when_every_card_but_one_finds_a_book(
    hand: str, table: list[str], possible: bool
) -> None:
    assert can_go_out(parse_cards(hand), books(*table), HandAndFootOptions(), 0) is possible
