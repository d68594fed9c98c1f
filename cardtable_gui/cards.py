"""Playing cards: suits, ranks, cards, decks and their text notation.

Two packs are supported. The French pack has ranks ``A 2-10 J Q K`` in suits
``S H D C`` plus jokers (``JK``); Hand and Foot uses several French packs at once,
Spinado and Arizona Spaghetti use stripped ones. The Italian pack has ranks ``1-7 F C R``
(fante, cavallo, re) in suits ``Co De Sp Ba`` (coppe, denari, spade, bastoni).

A card is a small immutable value, interned: there is one object per rank and suit, so
identical cards from different packs are the same card and games that use several packs
count cards as a multiset. Every card has a stable text
form and ``Card.parse(str(card)) == card``.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from enum import Enum, IntEnum
from functools import cache
from operator import attrgetter
from typing import Any, TypeVar

V = TypeVar("V")


class CardError(ValueError):
    """A card's text form could not be read."""


class Pack(Enum):
    """Which kind of pack a suit belongs to."""

    FRENCH = "french"
    ITALIAN = "italian"


class Suit(Enum):
    """A suit, French or Italian; the value is its notation."""

    CLUBS = "C"
    DIAMONDS = "D"
    HEARTS = "H"
    SPADES = "S"
    COPPE = "Co"
    DENARI = "De"
    SPADE = "Sp"
    BASTONI = "Ba"

    # Each suit is one object, equal only to itself, so its identity hashes it: Enum's
    # own hash is a Python call, and suits key the players' tallies (about a tenth of
    # a search's time went there).
    __hash__ = object.__hash__

    @property
    def pack(self) -> Pack:
        return Pack.FRENCH if len(self.value) == 1 else Pack.ITALIAN

    @property
    def is_red(self) -> bool:
        """Hearts and diamonds are red; Italian suits have no colour pairing."""
        return self in (Suit.HEARTS, Suit.DIAMONDS)

    @property
    def symbol(self) -> str:
        """A one-character symbol for display in text."""
        return _SUIT_SYMBOLS[self]

    @property
    def title(self) -> str:
        """The suit's name as a player says it: "hearts", "coppe"."""
        return self.name.lower()

    def __str__(self) -> str:
        return self.value


_SUIT_SYMBOLS = {
    Suit.CLUBS: "\u2663",
    Suit.DIAMONDS: "\u2666",
    Suit.HEARTS: "\u2665",
    Suit.SPADES: "\u2660",
    Suit.COPPE: "Co",
    Suit.DENARI: "De",
    Suit.SPADE: "Sp",
    Suit.BASTONI: "Ba",
}

FRENCH_SUITS: tuple[Suit, ...] = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
ITALIAN_SUITS: tuple[Suit, ...] = (Suit.COPPE, Suit.DENARI, Suit.SPADE, Suit.BASTONI)


class _RankWords(IntEnum):
    """What a rank of either pack says of itself: its symbol on the card ("Q", "10",
    "R"), which is also its text form, and its name as a player says it ("queen", "re")."""

    @property
    def symbol(self) -> str:
        return _RANK_TEXT[type(self)][self]

    @property
    def title(self) -> str:
        return self.name.lower()

    def __str__(self) -> str:
        return self.symbol


class Rank(_RankWords):
    """A French rank. The value orders ace high; games with other orders say so."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14
    JOKER = 15


class ItalianRank(_RankWords):
    """An Italian rank: 1 (asso) to 7, fante, cavallo, re."""

    ASSO = 1
    DUE = 2
    TRE = 3
    QUATTRO = 4
    CINQUE = 5
    SEI = 6
    SETTE = 7
    FANTE = 8
    CAVALLO = 9
    RE = 10


_FRENCH_RANK_TEXT = {r: str(r.value) for r in Rank if 2 <= r.value <= 10} | {
    Rank.JACK: "J",
    Rank.QUEEN: "Q",
    Rank.KING: "K",
    Rank.ACE: "A",
    Rank.JOKER: "JK",
}
_ITALIAN_RANK_TEXT = {r: str(r.value) for r in ItalianRank if r.value <= 7} | {
    ItalianRank.FANTE: "F",
    ItalianRank.CAVALLO: "C",
    ItalianRank.RE: "R",
}
# By pack: a French and an Italian rank of the same number are equal integers, so one
# table keyed by rank would mix the two packs up.
_RANK_TEXT: dict[type[_RankWords], Mapping[Any, str]] = {Rank: _FRENCH_RANK_TEXT, ItalianRank: _ITALIAN_RANK_TEXT}
_FRENCH_RANK_BY_TEXT = {text: rank for rank, text in _FRENCH_RANK_TEXT.items()}
_ITALIAN_RANK_BY_TEXT = {text: rank for rank, text in _ITALIAN_RANK_TEXT.items()}
_SUIT_BY_TEXT = {suit.value: suit for suit in Suit}
_SUIT_ORDER = {suit: index for index, suit in enumerate(Suit)}
_INTERNED: dict[tuple[type, Rank | ItalianRank, Suit | None], Card] = {}
CARD_KEYS = (max(ItalianRank) + 16 + 1) * 16
"""Every card's ``key`` is below this."""


@dataclass(frozen=True, slots=True, eq=False, init=False)
class Card:
    """One playing card. A joker has rank ``Rank.JOKER`` and no suit.

    Cards are interned: ``Card(rank, suit)`` always returns the same object for the same
    rank and suit (copies and pickles included), so two cards are equal exactly when they
    are the same object and comparing them costs no Python call, which is what makes the
    rules fast. The hash is ``key``, computed once from the rank and suit: it is the same in
    every process (enum hashes are not), which keeps set and dict iteration reproducible.
    """

    rank: Rank | ItalianRank
    suit: Suit | None
    key: int = field(repr=False)
    """A small number naming the card (below ``CARD_KEYS``): tables indexed by it find a
    card's value without hashing the card, which costs a Python call. Its remainder by 16
    is the card's ``suit_number``."""
    order: int = field(repr=False)
    """``sort_key()`` kept as a field, so that ``sorted(cards, key=BY_ORDER)`` makes no
    Python call per card."""

    def __new__(cls, rank: Rank | ItalianRank, suit: Suit | None) -> Card:
        # The rank's type is part of the key: ItalianRank.RE == Rank.TEN as integers.
        card = _INTERNED.get((type(rank), rank, suit))
        if card is not None:
            return card
        if rank is Rank.JOKER:
            if suit is not None:
                raise CardError("A joker has no suit.")
        elif suit is None:
            raise CardError("Only a joker may have no suit.")
        elif isinstance(rank, ItalianRank) != (suit.pack is Pack.ITALIAN):
            raise CardError(f"Rank {rank.symbol} does not belong with suit {suit.value}.")
        card = object.__new__(cls)
        suit_index = 15 if suit is None else _SUIT_ORDER[suit]
        italian = 16 if isinstance(rank, ItalianRank) else 0
        object.__setattr__(card, "rank", rank)
        object.__setattr__(card, "suit", suit)
        key = (int(rank) + italian) * 16 + suit_index
        object.__setattr__(card, "key", key)
        object.__setattr__(card, "order", key % 16 * 64 + int(rank))
        _INTERNED[type(rank), rank, suit] = card
        return card

    def __hash__(self) -> int:
        return self.key

    def __reduce__(self) -> tuple[type[Card], tuple[Rank | ItalianRank, Suit | None]]:
        # Copies and unpickled cards go through __new__, so they stay the one interned card.
        return Card, (self.rank, self.suit)

    @property
    def is_joker(self) -> bool:
        return self.rank is Rank.JOKER

    @property
    def is_red(self) -> bool:
        return self.suit is not None and self.suit.is_red

    @property
    def name(self) -> str:
        """The card as a player says it: "queen of spades", "re di coppe", "joker"."""
        if self.suit is None:
            return "joker"
        if self.suit.pack is Pack.ITALIAN:
            return f"{self.rank.title} di {self.suit.title}"
        return f"{self.rank.title} of {self.suit.title}"

    @property
    def label(self) -> str:
        """A short display form with a suit symbol: "Q\u2660", "10\u2665", "RCo"."""
        if self.suit is None:
            return "Joker"
        return f"{self.rank.symbol}{self.suit.symbol}"

    def sort_key(self) -> int:
        """An order for arranging a hand: by suit, then rank (jokers last)."""
        return self.order

    def __str__(self) -> str:
        if self.suit is None:
            return "JK"
        return f"{self.rank.symbol}{self.suit.value}"

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read a card from its notation: ``QS``, ``10H``, ``JK``, ``3Co``, ``RBa``."""
        text = text.strip()
        if text.upper() == "JK":
            return JOKER
        for suit_len in (2, 1):
            rank_text, suit_text = text[:-suit_len], text[-suit_len:]
            suit = _SUIT_BY_TEXT.get(suit_text[:1].upper() + suit_text[1:].lower())
            if suit is None or not rank_text:
                continue
            table = _ITALIAN_RANK_BY_TEXT if suit.pack is Pack.ITALIAN else _FRENCH_RANK_BY_TEXT
            rank = table.get(rank_text.upper())
            if rank is not None and rank is not Rank.JOKER:
                return cls(rank, suit)
        raise CardError(f"{text!r} is not a card (try QS, 10H, JK, 3Co or RBa).")


JOKER = Card(Rank.JOKER, None)


def suit_number(suit: Suit) -> int:
    """A small number for ``suit`` (below 16), equal to ``card.key % 16`` for its cards:
    lists indexed by it sort cards by suit without hashing the suit, which costs a
    Python call."""
    return _SUIT_ORDER[suit]


BY_ORDER: Callable[[Card], int] = attrgetter("order")
"""The sort key arranging a hand (``Card.sort_key``), as a C function."""

FRENCH_RANKS: tuple[Rank, ...] = tuple(r for r in Rank if r is not Rank.JOKER)


_FRENCH_PACK: tuple[Card, ...] = tuple(Card(r, s) for s in FRENCH_SUITS for r in FRENCH_RANKS)
_ITALIAN_PACK: tuple[Card, ...] = tuple(Card(r, s) for s in ITALIAN_SUITS for r in ItalianRank)


def french_deck(jokers: int = 0, without: Iterable[Card] = ()) -> list[Card]:
    """One French pack in a fixed order (suit by suit, 2 to ace), plus ``jokers`` jokers,
    less the cards in ``without``."""
    removed = set(without)
    cards = [c for c in _FRENCH_PACK if c not in removed] if removed else list(_FRENCH_PACK)
    if jokers:
        cards += [JOKER] * jokers
    return cards


def french_packs(packs: int, jokers_per_pack: int = 0) -> list[Card]:
    """Several French packs together, as Hand and Foot uses them."""
    deck: list[Card] = []
    for _ in range(packs):
        deck.extend(french_deck(jokers_per_pack))
    return deck


def italian_deck() -> list[Card]:
    """The Italian 40-card pack in a fixed order."""
    return list(_ITALIAN_PACK)


def shuffle(cards: list[Card], rng: random.Random) -> None:
    """Shuffle ``cards`` in place exactly as ``rng.shuffle(cards)`` does (the same draws,
    so the same deals and saves), without its method calls per card: deals are frequent
    in simulation and search."""
    getrandbits = rng.getrandbits
    for i, below, bits in _shuffle_steps(len(cards)):
        # random.Random._randbelow_with_getrandbits(i + 1), inlined.
        j = getrandbits(bits)
        while j >= below:
            j = getrandbits(bits)
        cards[i], cards[j] = cards[j], cards[i]


@cache
def _shuffle_steps(size: int) -> tuple[tuple[int, int, int], ...]:
    """For each position ``rng.shuffle`` fills, top down: the position, how many cards
    it may take from, and the bits drawn for that (a deck has few sizes, so kept)."""
    return tuple((i, i + 1, (i + 1).bit_length()) for i in reversed(range(1, size)))


def by_key(values: Mapping[Card, V]) -> list[V | None]:
    """``values`` as a list indexed by ``card.key`` (None for other cards): a lookup in a
    hot loop that does not hash the card."""
    table: list[V | None] = [None] * CARD_KEYS
    for card, value in values.items():
        table[card.key] = value
    return table


def parse_cards(text: str) -> list[Card]:
    """Read cards separated by spaces or commas: ``"QS 10H JK"``."""
    return [Card.parse(part) for part in text.replace(",", " ").split()]


def format_cards(cards: Iterable[Card]) -> str:
    """The notation of several cards, space separated; ``parse_cards`` reads it back."""
    return " ".join(str(c) for c in cards)
