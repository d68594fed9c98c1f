"""What a seat can be sure of about a trick, from its view alone.

Spades and Arizona Spaghetti advise with the same two facts: a card is the highest of
its suit still out, and a card takes the trick whatever the players still to come may
hold. Both are worked out here, once, from what any trick game's view shows: the cards
this seat has not seen, how many cards each seat holds, the suits each seat has shown
it lacks, the plays of the trick so far, and the trump suit if there is one.

Their search players share a third: two cards touch when nothing that could still
come between them is out, and then they are one choice.

Each answer is exact in one direction: "sure" means true in every deal of the unseen
cards that agrees with the view. Where the view leaves room for doubt the answer is
"not sure", and the adviser says "likely" instead.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass

from cardtable_gui.cards import Card, Rank, Suit

_ABOVE: dict[Rank, tuple[Rank, ...]] = {
    rank: tuple(r for r in Rank if rank < r < Rank.JOKER) for rank in Rank
}
"""For each French rank, the ranks that beat it within its suit."""


def highest_left(card: Card, out: Collection[Card]) -> bool:
    """Whether no card of ``card``'s suit ranked above it is ``out`` (in a hand the
    seat cannot see)."""
    suit = card.suit
    return not any(Card(rank, suit) in out for rank in _ABOVE[card.rank])  # type: ignore[arg-type]


def beats(card: Card, best: Card, trump: Suit | None) -> bool:
    """Whether ``card`` takes the trick from ``best``, the card winning it so far (which
    is of the led suit or a trump, since only those ever win)."""
    if card.suit is best.suit:
        return card.rank > best.rank
    return trump is not None and card.suit is trump


@dataclass(frozen=True, slots=True)
class TrickFacts:
    """One seat's knowledge of the trick it is about to play to.

    ``out`` holds the cards in hands the seat cannot see; ``later`` the seats still to
    play to this trick after it, in order; ``voids`` the suits each seat has shown it
    lacks; ``counts`` how many cards each seat holds."""

    seat: int
    out: frozenset[Card]
    counts: Sequence[int]
    voids: Mapping[int, Collection[Suit]]
    plays: Sequence[tuple[int, Card]]
    later: tuple[int, ...]
    trump: Suit | None = None

    def winning(self) -> tuple[int, Card] | None:
        """The seat winning the trick so far and its card (None before the lead)."""
        if not self.plays:
            return None
        best_seat, best = self.plays[0]
        for seat, card in self.plays[1:]:
            if beats(card, best, self.trump):
                best_seat, best = seat, card
        return best_seat, best

    def highest_left(self, card: Card) -> bool:
        """No higher card of ``card``'s suit is still out."""
        return highest_left(card, self.out)

    def all_beat(self, cards: Collection[Card]) -> bool:
        """Every one of ``cards`` would take the trick from the card now winning it."""
        now = self.winning()
        return now is not None and all(beats(card, now[1], self.trump) for card in cards)

    def sure_to_win(self, card: Card) -> bool:
        """Whether playing ``card`` takes the trick in every deal that agrees with the
        view: it beats the card now winning, and no seat still to play can hold a card
        that comes over it (a higher one of its suit, or a trump where it is none)."""
        now = self.winning()
        if now is not None and not beats(card, now[1], self.trump):
            return False
        led = self.plays[0][1].suit if self.plays else card.suit
        assert led is not None and card.suit is not None
        higher_out = not highest_left(card, self.out)
        trump = self.trump
        trumps_out = trump is not None and card.suit is not trump and any(c.suit is trump for c in self.out)
        for seat in self.later:
            lacks = self.voids.get(seat, ())
            if higher_out and card.suit not in lacks:
                return False
            if trumps_out and trump not in lacks and not self._must_hold(seat, led):
                return False
        return True

    def _must_hold(self, seat: int, suit: Suit) -> bool:
        """Whether ``seat`` holds a card of ``suit`` in every deal: it has more cards
        than there are unseen cards of the other suits it may hold."""
        lacks = self.voids.get(seat, ())
        others = sum(1 for c in self.out if c.suit is not suit and c.suit not in lacks)
        return self.counts[seat] > others


def touching(card: Card, other: Card, between_ok: Collection[Card]) -> bool:
    """Whether ``card`` and ``other`` touch: of one suit, with every card ranked between
    them in ``between_ok`` (the player's own hand, or played to finished tricks).
    Whichever of two touching cards is played, every trick to come goes the same way,
    so to a player counting tricks they are one choice. A card of the trick in progress
    keeps two apart: the 9 and the jack differ over a 10 just played."""
    if card.suit is not other.suit or card.suit is None:
        return False
    low, high = sorted((card.rank, other.rank))
    return all(Card(rank, card.suit) in between_ok for rank in Rank if low < rank < high)
