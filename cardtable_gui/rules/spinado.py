"""Spinado: a Stops game for three to five players, played for chips.

The pack is 47 cards: a French pack without the 2s and the 8 of diamonds. Each hand,
every player with chips gets a hand and one more hand lies dead, unseen until the hand
ends. Within a suit the cards run upward, ace (low) first: 1, 3, 4, ... 10, J, Q, K. A
player starts a sequence with any card; whoever holds the next card of that suit must
play it, and so on until the next card cannot come (it lies in the dead hand, is out of
the pack, was played already, or the last card was a king or an ace). Then the player
who played last starts a new sequence. The ace of diamonds, the spinado, may go down
together with any card its holder plays, stopping the sequence so that its player
starts the next one.

Three pots sit in the middle: Matrimony (one player plays both KD and QD in a hand),
Intrigue (QD and JD) and Game (the first player out of cards). A player caught with
the spinado when the hand ends pays the winner 2 chips per card left. The player with
the most chips after the last hand wins. ``rulebook/spinado.md`` gives the details.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from typing import ClassVar

from pydantic import Field

from cardtable_gui.cards import (
    CARD_KEYS,
    FRENCH_SUITS,
    Card,
    Rank,
    Suit,
    by_key,
    french_deck,
    shuffle,
)
from cardtable_gui.rules import base

# --- The pack -----------------------------------------------------------------------

REMOVED: tuple[Card, ...] = tuple(Card(Rank.TWO, suit) for suit in FRENCH_SUITS) + (
    Card(Rank.EIGHT, Suit.DIAMONDS),
)
"""The cards taken out of the French pack to make the Spinado pack."""

DECK: tuple[Card, ...] = tuple(french_deck(without=REMOVED))
"""The 47-card Spinado pack in a fixed order."""

_DECK_SET = frozenset(DECK)

SPINADO = Card(Rank.ACE, Suit.DIAMONDS)
KING_OF_DIAMONDS = Card(Rank.KING, Suit.DIAMONDS)
QUEEN_OF_DIAMONDS = Card(Rank.QUEEN, Suit.DIAMONDS)
JACK_OF_DIAMONDS = Card(Rank.JACK, Suit.DIAMONDS)


def run_value(card: Card) -> int:
    """The card's place in its suit's run: ace 1, then 3 to 10, jack 11, queen 12, king 13."""
    return 1 if card.rank is Rank.ACE else int(card.rank)


def hand_order(card: Card) -> int:
    """A sort key arranging a hand suit by suit, each from the ace (low) up, as the runs go."""
    return card.sort_key() // 64 * 64 + run_value(card)


_IN_HAND_ORDER: tuple[Card, ...] = tuple(sorted(DECK, key=hand_order))
_PLACE_BY_KEY = by_key({card: place for place, card in enumerate(_IN_HAND_ORDER)})
"""Each card's place in ``_IN_HAND_ORDER``: hands are sorted by these small numbers,
which compare in C, where a sort key of the card hashes it in Python."""


_DECK_PLACES: tuple[int, ...] = tuple(_PLACE_BY_KEY[card.key] for card in DECK)  # type: ignore[misc]


def _sort_cards(cards: Sequence[Card]) -> list[Card]:
    """``cards`` in hand order (``sorted(cards, key=hand_order)``, faster)."""
    places: list[int] = [_PLACE_BY_KEY[card.key] for card in cards]  # type: ignore[misc]
    places.sort()
    return [_IN_HAND_ORDER[place] for place in places]


def _successor(card: Card) -> Card | None:
    # The card that would follow in the full pack: None after a king or an ace (the 2
    # never exists, so an ace always ends its run); the 8D after the 7D, though that card
    # is out of the pack.
    if card.rank in (Rank.KING, Rank.ACE):
        return None
    assert card.suit is not None
    return Card(Rank(int(card.rank) + 1), card.suit)


_NEXT: dict[Card, Card | None] = {card: _successor(card) for card in DECK}
_PREVIOUS: dict[Card, Card | None] = {card: None for card in DECK} | {
    following: card for card, following in _NEXT.items() if following in _DECK_SET
}

# The same, as lists indexed by ``card.key``: a card's hash is a Python call, and the
# moves, done millions of times by search, look these up at every play.
_NEXT_BY_KEY = by_key(_NEXT)
_SPINADO_KEY = SPINADO.key


def next_in_run(card: Card) -> Card | None:
    """The card that follows ``card`` in its suit's run, ``None`` after a king or an ace.
    After the 7D this is the 8D, which is out of the pack: the run stops there."""
    return _NEXT[card]


def previous_in_run(card: Card) -> Card | None:
    """The card of the pack that ``card`` follows in its run: ``None`` for aces, 3s and
    the 9D, which only ever go down to start a sequence."""
    return _PREVIOUS[card]


# --- Options, pots, actions, events ---------------------------------------------------


class SpinadoOptions(base.RulesOptions):
    """House rules for Spinado."""

    starting_chips: int = Field(
        50, ge=1, le=1000, description="Chips each player has at the start of the game."
    )
    hands: int = Field(
        0,
        ge=0,
        le=100,
        description="Hands in a game: twice the players (two for each player at the table), or a number you choose.",
        json_schema_extra={"zero": "Twice the players"},
    )


class Pot(Enum):
    """The three pots in the middle of the table, in the order antes fill them."""

    MATRIMONY = "matrimony"
    INTRIGUE = "intrigue"
    GAME = "game"

    @property
    def title(self) -> str:
        return self.value.capitalize()


POTS: tuple[Pot, ...] = tuple(Pot)
_POT_INDEX = {pot: index for index, pot in enumerate(POTS)}
# Pots by their index: an enum member's hash is a Python call.
_MATRIMONY, _INTRIGUE, _GAME = (_POT_INDEX[pot] for pot in (Pot.MATRIMONY, Pot.INTRIGUE, Pot.GAME))

_PAIR_PARTNERS: dict[Card, tuple[tuple[Card, Pot], ...]] = {
    KING_OF_DIAMONDS: ((QUEEN_OF_DIAMONDS, Pot.MATRIMONY),),
    QUEEN_OF_DIAMONDS: ((KING_OF_DIAMONDS, Pot.MATRIMONY), (JACK_OF_DIAMONDS, Pot.INTRIGUE)),
    JACK_OF_DIAMONDS: ((QUEEN_OF_DIAMONDS, Pot.INTRIGUE),),
}
_PAIR_PARTNERS_BY_KEY = by_key(
    {card: tuple((partner, _POT_INDEX[pot]) for partner, pot in pairs)
     for card, pairs in _PAIR_PARTNERS.items()}
)
"""``_PAIR_PARTNERS`` by ``card.key``, each pot given by its index."""


class StopReason(Enum):
    """Why a sequence stopped; the player who played last then starts a new one."""

    KING = "king"
    ACE = "ace"
    OUT_OF_PACK = "out_of_pack"
    ALREADY_PLAYED = "already_played"
    DEAD_HAND = "dead_hand"
    SPINADO = "spinado"

    @property
    def explanation(self) -> str:
        """A short sentence for the table."""
        return _STOP_TEXT[self]


_STOP_TEXT = {
    StopReason.KING: "A king ends its run.",
    StopReason.ACE: "An ace ends its run: there are no 2s in the pack.",
    StopReason.OUT_OF_PACK: "The next card is not in the pack.",
    StopReason.ALREADY_PLAYED: "The next card was played earlier this hand.",
    StopReason.DEAD_HAND: "Nobody holds the next card: it lies in the dead hand.",
    StopReason.SPINADO: "The spinado stops the run.",
}

# Reading an enum member from its class is a slow lookup in Python 3.11 (about ten times
# a global's); the moves, done millions of times by search, read these instead.
_BY_KING, _BY_ACE, _BY_SPINADO = StopReason.KING, StopReason.ACE, StopReason.SPINADO
_OUT_OF_PACK, _ALREADY_PLAYED = StopReason.OUT_OF_PACK, StopReason.ALREADY_PLAYED
_IN_DEAD_HAND = StopReason.DEAD_HAND
_KING = Rank.KING

_ANTES: tuple[tuple[int, int, int], ...] = ((0, 0, 0), (1, 0, 0), (1, 1, 0), (1, 1, 1))
"""What a player with 0, 1, 2 or more chips puts in each pot as an ante."""


@dataclass(frozen=True, slots=True)
class Play(base.Action):
    """Play ``card``; with ``spinado`` the ace of diamonds goes down alongside it."""

    card: Card
    spinado: bool = False

    def __str__(self) -> str:
        if self.spinado:
            return f"play {self.card}+{SPINADO}"
        return f"play {self.card}"


_PLAY = {card: Play(card) for card in DECK}
_PLAY_WITH_SPINADO = {card: Play(card, True) for card in DECK if card != SPINADO}
_PLAY_BY_KEY = by_key(_PLAY)
_PLAY_WITH_SPINADO_BY_KEY = by_key(_PLAY_WITH_SPINADO)


@dataclass(frozen=True, slots=True)
class AntePaid(base.SeatEvent):
    """``seat`` paid its ante: ``amounts`` chips to Matrimony, Intrigue and Game."""

    amounts: tuple[int, int, int]


@dataclass(frozen=True, slots=True)
class SpinadoPlayed(base.CardPlayed):
    """``seat`` played the spinado (``card`` is the AD), ``alongside`` that card or alone
    (``None``) when starting a sequence."""

    alongside: Card | None = None


@dataclass(frozen=True, slots=True)
class SequenceStopped(base.SeatEvent):
    """The sequence ended after ``card``; ``seat`` played last and starts the next one."""

    card: Card
    reason: StopReason


@dataclass(frozen=True, slots=True)
class PotWon(base.Event):
    """``seat`` took the ``amount`` chips of ``pot``."""

    pot: Pot
    seat: int
    amount: int


@dataclass(frozen=True, slots=True)
class SpinadoPenalty(base.SeatEvent):
    """``seat`` was left holding the spinado with ``cards`` cards and paid ``amount``
    chips (2 per card, or all it had) to ``winner``."""

    winner: int
    cards: int
    amount: int


@dataclass(frozen=True, slots=True)
class HandWon(base.SeatEvent):
    """``seat`` was first out of cards."""


@dataclass(frozen=True, slots=True)
class DeadHandRevealed(base.Event):
    """The hand is over and the dead hand is turned face up."""

    cards: tuple[Card, ...]


# --- The view -------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SpinadoView(base.GameView):
    """What one seat knows (``seat`` None: a spectator, who sees no hand).

    ``plays`` is every card played this hand, in order, with its player.
    ``known_dead`` are the cards that stops have shown to lie in the dead hand.
    ``last_card`` is the last card of the running sequence, ``None`` when the seat to
    move starts a new one. ``chips_at_deal`` are the chips before this hand's antes.
    ``last_dead_hand`` is the dead hand of the hand before, turned up when it ended.
    """

    REPEATS: ClassVar[frozenset[str]] = frozenset({"last_card"})

    seat: int | None
    options: SpinadoOptions
    players: int
    hand: tuple[Card, ...]
    hand_counts: tuple[int, ...]
    dead_count: int
    plays: tuple[tuple[int, Card], ...]
    known_dead: tuple[Card, ...]
    last_card: Card | None
    to_move: int | None
    chips: tuple[int, ...]
    pots: tuple[int, int, int]
    chips_at_deal: tuple[int, ...]
    dealer: int
    hand_number: int
    total_hands: int
    sitting_out: tuple[int, ...]
    previous_winner: int | None
    last_dead_hand: tuple[Card, ...]
    is_over: bool

    @property
    def next_card(self) -> Card | None:
        """The card the running sequence needs next; ``None`` when a sequence starts."""
        return None if self.last_card is None else _NEXT[self.last_card]

    @property
    def starting(self) -> bool:
        """True when the seat to move starts a new sequence with any card."""
        return self.last_card is None and not self.is_over

    def pot(self, pot: Pot) -> int:
        return self.pots[_POT_INDEX[pot]]

    def played_in(self, suit: Suit) -> tuple[Card, ...]:
        """The cards of ``suit`` played this hand, in run order."""
        return tuple(sorted((c for _, c in self.plays if c.suit is suit), key=run_value))

    @property
    def pair_cards_played(self) -> tuple[tuple[int, Card], ...]:
        """The JD, QD and KD played this hand with their players: how far each seat is
        toward Matrimony (KD and QD) and Intrigue (QD and JD)."""
        return tuple((seat, card) for seat, card in self.plays if card in _PAIR_PARTNERS)

    def played_by(self, card: Card) -> int | None:
        """Who played ``card`` this hand, if anyone: how pot pairs are followed."""
        for seat, played in self.plays:
            if played == card:
                return seat
        return None


# --- The state ------------------------------------------------------------------------

DEAD = -1
"""Where a card lies when it is in the dead hand (``SpinadoState.holder``)."""


@dataclass(eq=False)
class SpinadoState(base.GameState[SpinadoOptions]):
    """A game of Spinado in progress.

    ``holder`` maps every card not yet played this hand to its seat, or ``DEAD``.
    ``last_card`` is the last card of the running sequence, ``None`` when ``turn``
    starts a new one; ``turn`` is ``None`` once the game is over.
    """

    game: ClassVar[str] = "spinado"

    players: int
    options: SpinadoOptions
    seed: int
    rng: random.Random
    total_hands: int
    chips: list[int]
    pots: list[int]
    chips_at_deal: list[int]
    dealer: int
    hand_number: int
    sitting_out: tuple[int, ...]
    hands: list[list[Card]]
    dead: list[Card]
    holder: dict[Card, int]
    plays: tuple[tuple[int, Card], ...]
    known_dead: tuple[Card, ...]
    last_card: Card | None
    turn: int | None
    previous_winner: int | None
    last_dead_hand: tuple[Card, ...]
    # A plain attribute (GameState's contract has a property): the loop of search and
    # simulation asks it after every move. It is ``turn is None``, which changes only
    # when a hand is dealt or the game ends.
    is_over = False

    def __post_init__(self) -> None:
        self.is_over = self.turn is None
        # What the last hand won or lost each seat: the chips counted at its deal are
        # replaced by the next deal's. Kept for the search, which reads it on the
        # trusted path; it is no part of the state's value (the chips are).
        self._last_points: tuple[int, ...] = ()

    # ``holder`` is kept as ``_seat_of``, a list indexed by ``card.key`` (None: played), and
    # made a dict only when asked for: a card's hash is a Python call, and the dict cost
    # one per card dealt and per card played. The dict handed out (or assigned) is the
    # state's value until the next move, so changing it in place, as tests set hands up,
    # still counts; ``_seat_of`` is then derived from it again (``_places``). Of the two
    # attributes at least one is set: ``_holder`` is None once the list has moved on,
    # ``_seat_of`` None while the dict may have been changed.

    def _get_holder(self) -> dict[Card, int]:
        holder = self._holder
        if holder is None:
            seat_of: list[int | None] = self._seat_of  # type: ignore[assignment]
            holder = {
                card: seat for card in DECK if (seat := seat_of[card.key]) is not None
            }
            self._holder = holder
        self._seat_of = None
        return holder

    def _set_holder(self, holder: dict[Card, int]) -> None:
        self._holder: dict[Card, int] | None = holder
        self._seat_of: list[int | None] | None = None

    def _places(self) -> list[int | None]:
        """``holder`` as ``_seat_of``, derived from the dict first if need be. A move
        changing it must set ``_holder`` to None."""
        seat_of = self._seat_of
        if seat_of is None:
            seat_of = [None] * CARD_KEYS
            for card, seat in self._holder.items():  # type: ignore[union-attr]
                seat_of[card.key] = seat
            self._seat_of = seat_of
        return seat_of

    # -- the contract --

    @property
    def to_move(self) -> int | None:
        return self.turn

    @property
    def scores(self) -> tuple[int, ...]:
        return tuple(self.chips)

    @property
    def rounds_scored(self) -> int:
        # A scored hand deals the next one, unless it ended the game.
        return self.hand_number if self.is_over else self.hand_number - 1

    @property
    def last_round_points(self) -> tuple[int, ...]:
        return self._last_points

    @property
    def winners(self) -> tuple[int, ...]:
        if self.turn is not None:
            return ()
        best = max(self.chips)
        return tuple(seat for seat, chips in enumerate(self.chips) if chips == best)

    def legal_actions(self) -> list[base.Action]:
        seat = self.turn
        if seat is None:
            return []
        seat_of = self._seat_of or self._places()
        has_spinado = seat_of[_SPINADO_KEY] == seat
        if self.last_card is not None:
            need: int = _NEXT_BY_KEY[self.last_card.key].key  # type: ignore[union-attr]
            if has_spinado:
                return [_PLAY_BY_KEY[need], _PLAY_WITH_SPINADO_BY_KEY[need]]  # type: ignore[list-item]
            return [_PLAY_BY_KEY[need]]  # type: ignore[list-item]
        hand = self.hands[seat]
        plays = _PLAY_BY_KEY
        actions: list[base.Action] = [plays[card.key] for card in hand]  # type: ignore[misc]
        if has_spinado:
            with_spinado = _PLAY_WITH_SPINADO_BY_KEY
            others = [card for card in hand if card is not SPINADO]
            actions += [with_spinado[card.key] for card in others]  # type: ignore[misc]
        return actions

    def apply(self, action: base.Action) -> list[base.Event]:
        card = self._checked_card(action)
        assert isinstance(action, Play) and self.turn is not None
        events: list[base.Event] = []
        self._play(self.turn, card, action.spinado, events)
        return events

    def apply_trusted(self, action: base.Action) -> None:
        # _play inlined without its events: the only move, made in every step of random
        # play and search.
        seat: int = self.turn  # type: ignore[assignment]  # a move is only asked of a seat to move
        card: Card = action.card  # type: ignore[attr-defined]
        hand = self.hands[seat]
        hand.remove(card)
        seat_of = self._seat_of or self._places()
        self._holder = None
        seat_of[card.key] = None
        if action.spinado:  # type: ignore[attr-defined]
            hand.remove(SPINADO)
            seat_of[_SPINADO_KEY] = None
            self.plays = self.plays + ((seat, card), (seat, SPINADO))
        else:
            self.plays = self.plays + ((seat, card),)
        pairs = _PAIR_PARTNERS_BY_KEY[card.key]
        if pairs is not None:
            self._pay_pairs(seat, pairs, None)
        if not hand:
            self._end_hand(seat, None)
            return
        following = _NEXT_BY_KEY[card.key]
        if action.spinado or card is SPINADO or following is None:  # type: ignore[attr-defined]
            self.last_card = None
            return
        where = seat_of[following.key]
        if where is None:
            self.last_card = None
        elif where == DEAD:
            self.known_dead = self.known_dead + (following,)
            self.last_card = None
        else:
            self.last_card = card
            self.turn = where

    # -- what a move does --

    def _play(self, seat: int, card: Card, spinado: bool, events: list[base.Event]) -> None:
        """``apply_trusted``'s move, telling what happens in ``events``."""
        self._take_from_hand(seat, card)
        if card is SPINADO:
            events.append(SpinadoPlayed(seat, SPINADO, None))
        else:
            events.append(base.CardPlayed(seat, card))
            pairs = _PAIR_PARTNERS_BY_KEY[card.key]
            if pairs is not None:
                self._pay_pairs(seat, pairs, events)
        if spinado:
            self._take_from_hand(seat, SPINADO)
            events.append(SpinadoPlayed(seat, SPINADO, card))
        if not self.hands[seat]:
            self._end_hand(seat, events)
            return
        if spinado or card is SPINADO:
            self._stop(seat, SPINADO, _BY_SPINADO, events)
            return
        following = _NEXT[card]
        if following is None:
            reason = _BY_KING if card.rank is _KING else _BY_ACE
            self._stop(seat, card, reason, events)
            return
        where = self._places()[following.key]
        if following not in _DECK_SET:
            self._stop(seat, card, _OUT_OF_PACK, events)
        elif where is None:
            self._stop(seat, card, _ALREADY_PLAYED, events)
        elif where == DEAD:
            self.known_dead = self.known_dead + (following,)
            self._stop(seat, card, _IN_DEAD_HAND, events)
        else:
            self.last_card = card
            self.turn = where

    def clone(self) -> SpinadoState:
        rng = base.copy_rng(self.rng)
        twin = SpinadoState(
            players=self.players,
            options=self.options,
            seed=self.seed,
            rng=rng,
            total_hands=self.total_hands,
            chips=list(self.chips),
            pots=list(self.pots),
            chips_at_deal=list(self.chips_at_deal),
            dealer=self.dealer,
            hand_number=self.hand_number,
            sitting_out=self.sitting_out,
            hands=[list(hand) for hand in self.hands],
            dead=list(self.dead),
            holder={},  # replaced below by a copy of the list it is kept as
            plays=self.plays,
            known_dead=self.known_dead,
            last_card=self.last_card,
            turn=self.turn,
            previous_winner=self.previous_winner,
            last_dead_hand=self.last_dead_hand,
        )
        twin._seat_of = self._places()[:]
        twin._holder = None
        twin._last_points = self._last_points
        return twin

    def view(self, seat: int | None) -> SpinadoView:
        return SpinadoView(
            seat,
            self.options,
            self.players,
            () if seat is None else tuple(self.hands[seat]),
            tuple(map(len, self.hands)),
            len(self.dead),
            self.plays,
            self.known_dead,
            self.last_card,
            self.turn,
            tuple(self.chips),
            (self.pots[0], self.pots[1], self.pots[2]),
            tuple(self.chips_at_deal),
            self.dealer,
            self.hand_number,
            self.total_hands,
            self.sitting_out,
            self.previous_winner,
            self.last_dead_hand,
            self.turn is None,
        )

    # -- checking a move --

    def _checked_card(self, action: base.Action) -> Card:
        """The card ``action`` plays, as the pack's own object, once the move is found
        legal; raises ``IllegalAction`` otherwise."""
        seat = self.turn
        if seat is None:
            raise base.IllegalAction("The game is over.")
        if not isinstance(action, Play):
            raise base.IllegalAction("In Spinado every move is playing a card.")
        card = action.card
        if card not in _DECK_SET:
            raise base.IllegalAction(f"There is no {card.name} in the Spinado pack.")
        if action.spinado and card is SPINADO:
            raise base.IllegalAction("The spinado goes down with another card, not with itself.")
        seat_of = self._places()
        if seat_of[card.key] != seat:
            raise base.IllegalAction(f"You do not hold {_the(card)}.")
        if action.spinado and seat_of[_SPINADO_KEY] != seat:
            raise base.IllegalAction("You do not hold the spinado.")
        if self.last_card is None:
            return card
        if card is SPINADO:
            raise base.IllegalAction(
                "The spinado can only be played alone when you start a run."
            )
        need = _NEXT[self.last_card]
        assert need is not None
        if card is not need:
            raise base.IllegalAction(f"You must play {_the(need)}: it is the next card.")
        return card

    def _take_from_hand(self, seat: int, card: Card) -> None:
        self.hands[seat].remove(card)
        self._places()[card.key] = None
        self._holder = None
        self.plays = self.plays + ((seat, card),)

    def _pay_pairs(
        self, seat: int, pairs: tuple[tuple[Card, int], ...], events: list[base.Event] | None
    ) -> None:
        """Pay ``seat`` each pot of ``pairs`` (a card's partners, each with its pot's
        index) whose partner card it has played this hand."""
        for partner, pot in pairs:
            if (seat, partner) in self.plays:
                self._pay_pot(pot, seat, events)

    def _pay_pot(self, index: int, seat: int, events: list[base.Event] | None) -> None:
        """Pay ``seat`` the pot at ``index`` of ``POTS``."""
        amount = self.pots[index]
        self.pots[index] = 0
        self.chips[seat] += amount
        if events is not None:
            events.append(PotWon(POTS[index], seat, amount))

    def _stop(self, seat: int, card: Card, reason: StopReason, events: list[base.Event]) -> None:
        self.last_card = None
        self.turn = seat
        events.append(SequenceStopped(seat, card, reason))

    # The steps of a hand's end append their events to ``events`` unless it is None
    # (the trusted path).

    def _end_hand(self, winner: int, events: list[base.Event] | None) -> None:
        if events is not None:
            events.append(HandWon(winner))
        self._pay_pot(_GAME, winner, events)
        caught = self._places()[_SPINADO_KEY]
        if caught is not None and caught != DEAD:
            cards = len(self.hands[caught])
            amount = min(2 * cards, self.chips[caught])
            self.chips[caught] -= amount
            self.chips[winner] += amount
            if events is not None:
                events.append(SpinadoPenalty(caught, winner, cards, amount))
        self.last_dead_hand = tuple(_sort_cards(self.dead))
        self._last_points = tuple([now - before for now, before in zip(self.chips, self.chips_at_deal)])
        if events is not None:
            events.append(DeadHandRevealed(self.last_dead_hand))
            events.append(base.RoundScored(self._last_points, tuple(self.chips)))
        self.previous_winner = winner
        self._start_hand(events, None)

    def _start_hand(self, events: list[base.Event] | None, deck: Sequence[Card] | None) -> None:
        """Ante, pick the dealer and deal the next hand, or end the game when the hands
        are all played or fewer than two players have chips left."""
        chips = self.chips
        with_chips = [seat for seat in range(self.players) if chips[seat] > 0]
        if self.hand_number >= self.total_hands or len(with_chips) < 2:
            self._finish(events)
            return
        self.hand_number += 1
        self.sitting_out = tuple(seat for seat in range(self.players) if chips[seat] == 0)
        if self.hand_number > 1:
            self.dealer = self._left_of(self.dealer)
        self.chips_at_deal = list(chips)
        for seat in with_chips:
            if seat != self.previous_winner:
                self._ante(seat, events)
        order = [self._left_of(self.dealer)]
        while len(order) < len(with_chips):
            order.append(self._left_of(order[-1]))
        if deck is None:
            places = list(_DECK_PLACES)
            # shuffle permutes a list of places exactly as it would the cards.
            shuffle(places, self.rng)  # type: ignore[arg-type]
        else:
            places = [_PLACE_BY_KEY[card.key] for card in deck]  # type: ignore[misc]
        self._deal(places, order)
        self.plays = ()
        self.known_dead = ()
        self.last_card = None
        self.turn = order[0]
        self.is_over = False
        if events is not None:
            counts = tuple(len(hand) for hand in self.hands)
            events.append(base.HandDealt(self.dealer, counts, self.hand_number))

    def _left_of(self, seat: int) -> int:
        """The next seat clockwise that is not sitting out this hand."""
        nxt = (seat + 1) % self.players
        while nxt in self.sitting_out:
            nxt = (nxt + 1) % self.players
        return nxt

    def _ante(self, seat: int, events: list[base.Event] | None) -> None:
        """``seat`` puts a chip in each pot, in order, while it has chips."""
        chips = self.chips
        pots = self.pots
        paid = min(chips[seat], 3)
        chips[seat] -= paid
        for index in range(paid):
            pots[index] += 1
        if events is not None:
            events.append(AntePaid(seat, _ANTES[paid]))

    def _deal(self, places: list[int], order: list[int]) -> None:
        """One card at a time round the players in ``order`` and then the dead hand;
        the dead hand also takes the cards left over. The cards come as their places in
        hand order (``_IN_HAND_ORDER``), top first, so that a hand is sorted in C."""
        in_order = _IN_HAND_ORDER
        hands: list[list[Card]] = [[] for _ in range(self.players)]
        piles = len(order) + 1
        end = len(places) // piles * piles
        # Every card of the pack is placed again, so the list of the hand before serves.
        seat_of = self._seat_of or [None] * CARD_KEYS
        for offset, seat in enumerate(order):
            # Card i goes to pile i % piles: this pile takes every piles-th card.
            pile = places[offset:end:piles]
            pile.sort()
            hand = [in_order[place] for place in pile]
            for card in hand:
                seat_of[card.key] = seat
            hands[seat] = hand
        dead = [in_order[place] for place in places[len(order) : end : piles] + places[end:]]
        for card in dead:
            seat_of[card.key] = DEAD
        self.hands = hands
        self.dead = dead
        self._seat_of = seat_of
        self._holder = None

    def _finish(self, events: list[base.Event] | None) -> None:
        self.turn = None
        self.is_over = True
        self.last_card = None
        if events is not None:
            events.append(base.GameOver(self.winners))


# ``holder`` is a property over the dataclass field, set once the class is made so that
# the dataclass does not take it for the field's default (see ``SpinadoState._get_holder``).
SpinadoState.holder = property(  # type: ignore[assignment]
    SpinadoState._get_holder,
    SpinadoState._set_holder,
    doc="Every card not yet played this hand, and the seat holding it or ``DEAD``.",
)

_SPOKEN_RANKS = {Rank.ACE: "ace", Rank.JACK: "jack", Rank.QUEEN: "queen", Rank.KING: "king"}


def _the(card: Card) -> str:
    """A card as a player names it: "the 6 of hearts", "the queen of spades"."""
    if card == SPINADO:
        return "the spinado"
    assert card.suit is not None
    return f"the {_SPOKEN_RANKS.get(card.rank, str(card.rank))} of {card.suit.title}"


# --- The rules ------------------------------------------------------------------------


class SpinadoRules(base.GameRules[SpinadoState, SpinadoOptions]):
    """Starting, reading and sampling games of Spinado."""

    name: ClassVar[str] = "spinado"
    title: ClassVar[str] = "Spinado"
    summary: ClassVar[str] = (
        "Play cards in runs up each suit, stop the run with the spinado, and win chips "
        "from three pots."
    )
    player_counts: ClassVar[tuple[int, ...]] = (3, 4, 5)
    Options: ClassVar[type[base.RulesOptions]] = SpinadoOptions
    score_unit: ClassVar[str] = "chip"

    def start(
        self, players: int, options: SpinadoOptions, seed: int, rng: random.Random, deck: list[Card] | None
    ) -> SpinadoState:
        if deck is not None and sorted(deck, key=hand_order) != sorted(DECK, key=hand_order):
            raise ValueError("A stacked Spinado deck must hold the 47 cards of the pack once each.")
        state = SpinadoState(
            players=players,
            options=options,
            seed=seed,
            rng=rng,
            total_hands=options.hands or 2 * players,
            chips=[options.starting_chips] * players,
            pots=[0, 0, 0],
            chips_at_deal=[options.starting_chips] * players,
            dealer=rng.randrange(players),
            hand_number=0,
            sitting_out=(),
            hands=[[] for _ in range(players)],
            dead=[],
            holder={},
            plays=(),
            known_dead=(),
            last_card=None,
            turn=None,
            previous_winner=None,
            last_dead_hand=(),
        )
        state._start_hand([], deck)
        return state

    def determinize(self, view: base.GameView, rng: random.Random) -> SpinadoState:
        """Deal the cards this seat has not seen at random to the other hands and the
        dead hand. Cards a stop showed to be dead go to the dead hand, and when a
        sequence is running, the card it needs goes to the seat whose turn it is."""
        assert isinstance(view, SpinadoView)
        seat = view.seat
        sizes = list(view.hand_counts)
        hands: list[list[Card]] = [[] for _ in range(view.players)]
        if seat is not None:
            hands[seat] = list(view.hand)
            sizes[seat] = 0
        # Once the game is over the last dead hand lies face up.
        dead = list(view.last_dead_hand if view.is_over else view.known_dead)
        seen = set(view.hand) | {card for _, card in view.plays} | set(dead)
        need = view.next_card
        if need is not None and view.to_move is not None and view.to_move != seat:
            hands[view.to_move].append(need)
            sizes[view.to_move] -= 1
            seen.add(need)
        unseen = [card for card in DECK if card not in seen]
        shuffle(unseen, rng)
        start = 0
        for other in range(view.players):
            hands[other].extend(unseen[start : start + sizes[other]])
            start += sizes[other]
        dead.extend(unseen[start:])
        if len(dead) != view.dead_count:
            raise ValueError("The view's card counts do not add up to the Spinado pack.")
        for hand in hands:
            hand.sort(key=hand_order)
        holder = {card: DEAD for card in dead}
        for other, hand in enumerate(hands):
            for card in hand:
                holder[card] = other
        return SpinadoState(
            players=view.players,
            options=view.options,
            seed=0,
            rng=random.Random(rng.getrandbits(64)),
            total_hands=view.total_hands,
            chips=list(view.chips),
            pots=list(view.pots),
            chips_at_deal=list(view.chips_at_deal),
            dealer=view.dealer,
            hand_number=view.hand_number,
            sitting_out=view.sitting_out,
            hands=hands,
            dead=dead,
            holder=holder,
            plays=view.plays,
            known_dead=view.known_dead,
            last_card=view.last_card,
            turn=view.to_move,
            previous_winner=view.previous_winner,
            last_dead_hand=view.last_dead_hand,
        )

    def parse_action(self, text: str) -> Play:
        unreadable = base.ActionParseError(
            f"{text!r} is not a Spinado move (try 'play 7H' or 'play 7H+AD')."
        )
        words = text.strip().split()
        if len(words) != 2 or words[0].lower() != "play":
            raise unreadable
        try:
            cards = [Card.parse(part) for part in words[1].split("+")]
        except ValueError:
            raise unreadable from None
        if len(cards) == 1 and cards[0] in _DECK_SET:
            return _PLAY[cards[0]]
        if len(cards) == 2 and cards[1] == SPINADO and cards[0] in _PLAY_WITH_SPINADO:
            return _PLAY_WITH_SPINADO[cards[0]]
        raise unreadable
