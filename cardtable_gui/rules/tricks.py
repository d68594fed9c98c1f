"""Trick play shared by Spades, Arizona Spaghetti and Spizzichino: the interned move
that plays a card (``InternedPlay``), following suit, choosing a lead, deciding who
takes a trick, dealing, and dealing hidden cards again for a search AI
(``deal_unseen``)."""

from __future__ import annotations

import random
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from operator import attrgetter
from typing import Any, ClassVar, Generic, Self, TypeVar

from cardtable_gui.article import with_article
from cardtable_gui.cards import Card, Pack, Suit, by_key, shuffle
from cardtable_gui.rules.base import Action

M = TypeVar("M")


@dataclass(frozen=True, slots=True, eq=False, init=False)
class InternedPlay(Action):
    """Play ``card``: the base of each trick game's ``PlayCard``.

    Interned like cards: ``PlayCard(card)`` always returns the one move for that card,
    so two moves are equal exactly when they are the same object. Hands keep lists of
    these moves, and taking one out of a list then costs no Python call per comparison.

    A game names its pack where it declares its move, and gets its own table of moves
    (``by_key``, indexed by ``card.key``), built once as the class is made::

        class PlayCard(InternedPlay, pack=french_deck(), pack_name="Spades"):
            __slots__ = ()

    Each game keeps its own class, not one shared by all: the class name and module are
    what pickles (saves, worker processes) and ``canonical`` record, and a game tells
    its moves from another game's by type."""

    card: Card

    by_card_key: ClassVar[list[Any]]
    """The game's one move per card, indexed by ``card.key`` (None for other cards). The
    rules read it directly in their hottest loops, where even ``__new__`` costs."""
    pack_name: ClassVar[str]

    # No super() call: slots=True rebuilds this class, which a bare super() in its body
    # does not follow, and the bases take no class arguments.
    def __init_subclass__(cls, *, pack: Iterable[Card], pack_name: str) -> None:
        cls.pack_name = pack_name
        cls.by_card_key = by_key({card: cls._made(card) for card in pack})

    def __new__(cls, card: Card) -> Self:
        play = cls.by_card_key[card.key]
        if play is None:
            return cls.foreign(card)
        return play  # type: ignore[no-any-return]

    @classmethod
    def _made(cls, card: Card) -> Self:
        """The move of ``card``, made once: ``__new__`` only looks moves up."""
        play = object.__new__(cls)
        object.__setattr__(play, "card", card)
        return play

    @classmethod
    def foreign(cls, card: Card) -> Self:
        """The move of a card outside the pack: refused here; a game that reads such a
        move and refuses it later, like any card not held, interns one instead."""
        raise ValueError(f"{card} is not a card of the {cls.pack_name} pack.")

    def __hash__(self) -> int:
        return self.card.key

    def __reduce__(self) -> tuple[type[Self], tuple[Card]]:
        return type(self), (self.card,)

    def __str__(self) -> str:
        return f"play {self.card}"


@dataclass(slots=True)
class Trick:
    """The cards played to one trick so far, in play order, and who led it."""

    leader: int
    plays: list[tuple[int, Card]] = field(default_factory=list)

    @property
    def led_suit(self) -> Suit | None:
        return self.plays[0][1].suit if self.plays else None

    @property
    def cards(self) -> tuple[Card, ...]:
        return tuple(card for _, card in self.plays)

    def copy(self) -> Trick:
        return Trick(self.leader, list(self.plays))

    def frozen(self) -> tuple[tuple[int, Card], ...]:
        """The plays as an immutable value, for views."""
        return tuple(self.plays)


def follow_suit(hand: Iterable[Card], led_suit: Suit | None) -> list[Card]:
    """The cards of ``hand`` that may be played to a trick led with ``led_suit``: those of
    that suit if there are any, otherwise all of them (any card may lead)."""
    if led_suit is None:
        return list(hand)
    return [c for c in hand if c.suit is led_suit] or list(hand)


def follow_suit_reason(suit: Suit) -> str:
    """The sentence for a card played off-suit while the hand holds the led suit."""
    return f"You must follow suit: you hold {_a_card_of(suit)}."


def _a_card_of(suit: Suit) -> str:
    if suit.pack is Pack.ITALIAN:
        return f"a card of {suit.title}"
    return with_article(suit.title[:-1])


def lead_options(hand: Iterable[Card], closed_suits: Collection[Suit]) -> list[Card]:
    """The cards that may lead: any card not of a suit that may not be led yet, unless
    the hand holds nothing else (then it may lead that suit)."""
    return [c for c in hand if c.suit not in closed_suits] or list(hand)


by_rank: Callable[[Card], int] = attrgetter("rank")
"""Cards ranked within a suit by their rank (a C function: trick_winner calls it often)."""


def trick_winner(
    trick: Trick, strength: Callable[[Card], int] = by_rank, trump: Suit | None = None
) -> int:
    """The seat taking ``trick``: the highest trump if any was played, else the highest
    card of the led suit. ``strength`` ranks cards within a suit (higher wins)."""
    best_seat, best_card = trick.plays[0]
    for seat, card in trick.plays[1:]:
        if card.suit is best_card.suit:
            if strength(card) > strength(best_card):
                best_seat, best_card = seat, card
        elif trump is not None and card.suit is trump:
            best_seat, best_card = seat, card
    return best_seat


def deal_round(
    deck: Sequence[Card], players: int, first_seat: int, cards_each: int | None = None
) -> list[list[Card]]:
    """Deal one card at a time clockwise from ``first_seat``, top of ``deck`` first.
    ``cards_each`` defaults to the whole deck split evenly (leftovers stay undealt)."""
    end = players * (len(deck) // players if cards_each is None else cards_each)
    # Card i goes to seat first_seat + i: a seat ``offset`` places after the first one
    # gets every players-th card from ``offset``.
    return [list(deck[(seat - first_seat) % players : end : players]) for seat in range(players)]


def held_moves(
    hands: Sequence[Sequence[Card]], move_of: Sequence[M | None]
) -> tuple[list[list[M]], list[list[list[M]]]]:
    """For each hand of a French pack, the moves ``move_of[card.key]`` of its cards in the
    hand's order, and the same moves split by suit number (``card.key & 15``, 0 to 3).

    A trick game keeps these beside its hands so that ``legal_actions`` copies a list
    instead of building one card by card (it is the hottest call of random play and
    search); every play keeps them in step, and they are not part of the state's value."""
    held: list[list[M]] = []
    held_by_suit: list[list[list[M]]] = []
    for hand in hands:
        moves: list[M] = [move_of[c.key] for c in hand]  # type: ignore[misc]
        by_suit: list[list[M]] = [[], [], [], []]
        for move, card in zip(moves, hand):
            by_suit[card.key & 15].append(move)
        held.append(moves)
        held_by_suit.append(by_suit)
    return held, held_by_suit


class HeldMoves(Generic[M]):
    """A trick game's state that keeps, beside each hand, the moves its cards make
    (``held_moves``), so that ``legal_actions`` copies a list. The state's class names
    its table of moves, ``move_of`` (its ``PlayCard.by_card_key``)."""

    move_of: ClassVar[Sequence[Any]]
    hands: list[list[Card]]
    held: list[list[M]]
    held_by_suit: list[list[list[M]]]

    def _hold_moves(self) -> None:
        """Rebuild the moves of every hand: wherever hands are dealt or given; every play
        keeps them in step (``_take_from_hand``)."""
        self.held, self.held_by_suit = held_moves(self.hands, self.move_of)

    def _take_from_hand(self, seat: int, card: Card, move: M) -> None:
        """Take ``card``, whose move is ``move``, out of ``seat``'s hand and its moves."""
        hand = self.hands[seat]
        # One search of the hand serves both lists: ``held`` is in the hand's order.
        at = hand.index(card)
        del hand[at], self.held[seat][at]
        self.held_by_suit[seat][card.key & 15].remove(move)


class DealImpossible(ValueError):
    """No deal of the unseen cards meets the constraints (the view is inconsistent)."""


def deal_unseen(
    unseen: Sequence[Card],
    sizes: Mapping[int, int],
    voids: Mapping[int, Collection[Suit]],
    rng: random.Random,
) -> dict[int, list[Card]]:
    """Share ``unseen`` cards out at random: ``sizes[seat]`` cards to each seat, never a
    card of a suit that seat is known to be void in.

    A random shuffle is tried first and repaired by swaps; most deals need nothing more.
    The result depends only on the inputs and ``rng``.
    """
    seats = sorted(sizes)
    if sum(sizes.values()) != len(unseen):
        raise DealImpossible(f"{len(unseen)} unseen cards cannot fill hands of {dict(sizes)}.")
    allowed = {s: (lambda c, s=s: c.suit not in voids.get(s, ())) for s in seats}
    for _ in range(50):
        cards = list(unseen)
        shuffle(cards, rng)
        hands: dict[int, list[Card]] = {}
        start = 0
        for seat in seats:
            hands[seat] = cards[start : start + sizes[seat]]
            start += sizes[seat]
        if _repair(hands, allowed, rng):
            return hands
    raise DealImpossible("The known voids leave no way to deal the unseen cards.")


def _repair(
    hands: dict[int, list[Card]], allowed: Mapping[int, Callable[[Card], bool]], rng: random.Random
) -> bool:
    """Swap misplaced cards with cards in other hands until every card is allowed where
    it lies. Returns False when a misplaced card finds no partner to swap with."""
    seats = list(hands)
    for seat in seats:
        hand = hands[seat]
        for i, card in enumerate(hand):
            if allowed[seat](card):
                continue
            partners = [
                (other, j)
                for other in seats
                if other != seat and allowed[other](card)
                for j, theirs in enumerate(hands[other])
                if allowed[seat](theirs)
            ]
            if not partners:
                return False
            other, j = rng.choice(partners)
            hand[i], hands[other][j] = hands[other][j], card
    return True
