"""Spizzichino: a two-player trick game with the Italian 40-card pack.

Each round the dealer lays out eight face-down piles of five. The non-dealer picks,
blind, two piles for the hand and two to stand face up as stacks; the dealer does the
same with the four left. Everyone then has ten cards in hand and two stacks whose top
card both players see and whose other cards nobody sees.

Twenty tricks follow, no trumps, follow suit if able (hand and stack tops both count).
A 3, 2 or asso on top of one of your stacks may be lifted into the hand before you play,
uncovering the card below. Sets of 3s, 2s or assi and the napoletana (3, 2 and asso of
one suit) in hand are declared at once for points.

Points are kept in thirds so that nothing is lost to rounding until the end of a round:
an asso is 3 thirds; 3s, 2s and court cards 1 third; the last trick 3 thirds; a
declaration point 3 thirds. Each player's round total is rounded down once, at the end.
Without declarations the two rounded totals always add up to exactly 11: the round's 35
thirds split as a + b with a % 3 + b % 3 == 2, so a // 3 + b // 3 == (35 - 2) // 3.
"""

from __future__ import annotations

import random
import re
from bisect import insort
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from enum import Enum
from itertools import combinations, compress
from operator import attrgetter
from typing import ClassVar, NamedTuple

from pydantic import Field

from cardtable_gui.cards import (
    CARD_KEYS,
    ITALIAN_SUITS,
    Card,
    CardError,
    ItalianRank,
    Suit,
    by_key,
    italian_deck,
    shuffle,
)
from cardtable_gui.rules import base
from cardtable_gui.rules.tricks import InternedPlay, Trick, deal_unseen

PILES = 8
PILE_SIZE = 5
PILES_EACH = 4
HAND_PILES = 2
STACKS = 2
TRICKS_PER_ROUND = 20
LAST_TRICK_THIRDS = 3

_ORDER = (
    ItalianRank.QUATTRO,
    ItalianRank.CINQUE,
    ItalianRank.SEI,
    ItalianRank.SETTE,
    ItalianRank.FANTE,
    ItalianRank.CAVALLO,
    ItalianRank.RE,
    ItalianRank.ASSO,
    ItalianRank.DUE,
    ItalianRank.TRE,
)
RANK_STRENGTH: dict[ItalianRank, int] = {rank: i for i, rank in enumerate(_ORDER)}
"""How high a rank stands in a suit: 3 highest, then 2, asso, re, cavallo, fante, 7-4."""

RANK_THIRDS: dict[ItalianRank, int] = {rank: 0 for rank in ItalianRank} | {
    ItalianRank.ASSO: 3,
    ItalianRank.TRE: 1,
    ItalianRank.DUE: 1,
    ItalianRank.RE: 1,
    ItalianRank.CAVALLO: 1,
    ItalianRank.FANTE: 1,
}
"""A card's value in thirds of a point."""

LIFTABLE: frozenset[ItalianRank] = frozenset({ItalianRank.TRE, ItalianRank.DUE, ItalianRank.ASSO})
"""The ranks a player may lift from a stack into the hand; also the declaration ranks."""

DECK: tuple[Card, ...] = tuple(italian_deck())
STRENGTH: dict[Card, int] = {card: RANK_STRENGTH[card.rank] for card in DECK}  # type: ignore[index]
THIRDS: dict[Card, int] = {card: RANK_THIRDS[card.rank] for card in DECK}  # type: ignore[index]
_SUIT_INDEX = {suit: i for i, suit in enumerate(ITALIAN_SUITS)}
_STRENGTH_BY_KEY: list[int] = [0 if v is None else v for v in by_key(STRENGTH)]
_THIRDS_BY_KEY: list[int] = [0 if v is None else v for v in by_key(THIRDS)]
"""The tables above indexed by ``card.key``: hashing a card costs a Python call."""
_tuple_new = tuple.__new__
"""Builds a named tuple without the Python call of its generated ``__new__``."""
_HAND_ORDER: dict[Card, int] = {
    card: _SUIT_INDEX[card.suit] * 16 + STRENGTH[card] for card in DECK  # type: ignore[index]
}
_KEY = attrgetter("key")
_BIT_BY_KEY: list[int] = [1 << key for key in range(CARD_KEYS)]
"""Each card key as one bit of an integer: sets of cards as bits hash no card."""


_SUIT_GLOSS = {Suit.COPPE: "cups", Suit.DENARI: "coins", Suit.SPADE: "swords", Suit.BASTONI: "clubs"}


def suit_words(suit: Suit) -> str:
    """The suit's Italian name with its picture in English, as the lessons name it:
    "spade (swords)", never to be read as the French spades."""
    return f"{suit.title} ({_SUIT_GLOSS[suit]})"


def strength(card: Card) -> int:
    """How high ``card`` stands within its suit (higher wins)."""
    return STRENGTH[card]


def thirds(card: Card) -> int:
    """What ``card`` is worth, in thirds of a point."""
    return THIRDS[card]


def hand_order(cards: Iterable[Card]) -> list[Card]:
    """Cards arranged as a player holds them: by suit, then from weakest to strongest."""
    return sorted(cards, key=_HAND_ORDER.__getitem__)


class SpizzichinoOptions(base.RulesOptions):
    """House rules for Spizzichino."""

    target: int = Field(
        51, ge=5, le=201, description="Points that end the game at the end of a round."
    )
    declarations: bool = Field(
        True, description="Score sets of 3s, 2s or assi and the napoletana held in hand."
    )


# Declarations ---------------------------------------------------------------------


class DeclarationKind(Enum):
    """The combinations a player declares; the value is the text form."""

    FOUR = "four"
    THREE = "three"
    NAPOLETANA = "napoletana"

    @property
    def points(self) -> int:
        return 4 if self is DeclarationKind.FOUR else 3


@dataclass(frozen=True, slots=True)
class Declaration:
    """A combination ``seat`` declared: its kind and its cards (public from then on)."""

    seat: int
    kind: DeclarationKind
    cards: tuple[Card, ...]

    @property
    def points(self) -> int:
        return self.kind.points

    @property
    def title(self) -> str:
        """How a player names it: "four 3s", "three assi", "napoletana di coppe"."""
        if self.kind is DeclarationKind.NAPOLETANA:
            suit = self.cards[0].suit
            return f"napoletana di {suit.title}" if suit is not None else "napoletana"
        rank = self.cards[0].rank
        name = "assi" if rank is ItalianRank.ASSO else f"{rank.value}s"
        return f"{self.kind.value} {name}"


NAPOLETANE: tuple[tuple[Card, ...], ...] = tuple(
    tuple(Card(rank, suit) for rank in (ItalianRank.TRE, ItalianRank.DUE, ItalianRank.ASSO))
    for suit in ITALIAN_SUITS
)
"""The napoletana of each suit: its 3, 2 and asso."""


_NAPOLETANA_MASKS: tuple[int, ...] = tuple(
    sum(1 << c.key for c in napoletana) for napoletana in NAPOLETANE
)
"""Each napoletana as a set of card keys in one integer's bits."""


def _candidates(cards: Sequence[Card]) -> list[tuple[DeclarationKind, tuple[Card, ...]]]:
    """Every combination present in ``cards``, in a fixed order."""
    found: list[tuple[DeclarationKind, tuple[Card, ...]]] = []
    for rank in (ItalianRank.TRE, ItalianRank.DUE, ItalianRank.ASSO):
        same = [c for c in cards if c.rank is rank]
        if len(same) < 3:
            continue
        same = hand_order(same)
        if len(same) == 4:
            found.append((DeclarationKind.FOUR, tuple(same)))
        found.extend((DeclarationKind.THREE, trio) for trio in combinations(same, 3))
    present = 0
    for card in cards:
        present |= 1 << card.key
    for napoletana, mask in zip(NAPOLETANE, _NAPOLETANA_MASKS):
        if mask & present == mask:
            found.append((DeclarationKind.NAPOLETANA, napoletana))
    return found


def best_declarations(cards: Iterable[Card]) -> list[tuple[DeclarationKind, tuple[Card, ...]]]:
    """The combinations to declare from ``cards``: disjoint, with the highest total.

    On equal totals the choice using fewer cards wins (it leaves more cards free for a
    later declaration), then the first in a fixed order, so the result is reproducible.
    """
    pool = [c for c in cards if c.rank in LIFTABLE]
    if len(pool) < 3:
        return []
    present = sum(map(_BIT_BY_KEY.__getitem__, map(_KEY, pool)))
    if present.bit_count() != len(pool):
        return _best_of(pool)  # a card twice: not one of the sets kept below
    best = _BEST_BY_CARDS.get(present)
    if best is None:
        best = _BEST_BY_CARDS[present] = tuple(_best_of(pool))
    return list(best)


_BEST_BY_CARDS: dict[int, tuple[tuple[DeclarationKind, tuple[Card, ...]], ...]] = {}
"""``best_declarations`` of each set of 3s, 2s and assi met so far, by the set's bits
(at most 2 to the 12th sets): the answer depends on the set alone, and rounds, lifts and
search ask the same sets again and again."""


def _best_of(pool: list[Card]) -> list[tuple[DeclarationKind, tuple[Card, ...]]]:
    """``best_declarations`` worked out from the cards that may declare."""
    candidates = _candidates(pool)
    # Each combination's cards as bits of one integer (by card key): testing and joining
    # them then hashes no card, which costs a Python call per card.
    masks = [sum(1 << c.key for c in set_of_cards) for _, set_of_cards in candidates]
    worth = [kind.points for kind, _ in candidates]
    best: tuple[int, int, list[int]] = (0, 0, [])

    def search(start: int, used: int, chosen: list[int], points: int) -> None:
        nonlocal best
        key = (points, -used.bit_count())
        if key > best[:2]:
            best = (points, key[1], list(chosen))
        for i in range(start, len(candidates)):
            mask = masks[i]
            if not used & mask:
                chosen.append(i)
                search(i + 1, used | mask, chosen, points + worth[i])
                chosen.pop()

    search(0, 0, [], 0)
    return [candidates[i] for i in best[2]]


# Actions ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class TakePile(base.Action):
    """Take face-down pile ``pile`` (0-7) into the hand."""

    pile: int

    def __str__(self) -> str:
        return f"take pile {self.pile}"


@dataclass(frozen=True, slots=True)
class StandPile(base.Action):
    """Stand face-down pile ``pile`` (0-7) face up as one of your stacks."""

    pile: int

    def __str__(self) -> str:
        return f"stand pile {self.pile}"


@dataclass(frozen=True, slots=True)
class LiftCard(base.Action):
    """Lift the 3, 2 or asso on top of your stack ``stack`` (0 or 1) into your hand."""

    stack: int

    def __str__(self) -> str:
        return f"lift stack {self.stack}"

    def in_words(self) -> str:
        # Seen from the player, stack 0 is on the left (the table lays them out so).
        return f"lift the top card of your {'left' if self.stack == 0 else 'right'} stack"


class PlayCard(InternedPlay, pack=DECK, pack_name="Italian"):
    """Play ``card`` from the hand or from the top of one of your stacks (one interned
    move per card)."""

    __slots__ = ()

    @classmethod
    def foreign(cls, card: Card) -> PlayCard:
        """A card from another pack: no move of the game, but it is read and refused
        like any card not held, so its move is interned beside the pack's."""
        play = cls.by_card_key[card.key] = cls._made(card)
        return play


_TAKE = tuple(TakePile(i) for i in range(PILES))
_STAND = tuple(StandPile(i) for i in range(PILES))
_LIFT = tuple(LiftCard(i) for i in range(STACKS))
_PLAY_BY_KEY = PlayCard.by_card_key


# Events ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PileChosen(base.SeatEvent):
    """``seat`` took pile ``pile`` into the hand, or stood it as stack ``stack`` showing
    ``top``. A pile taken into the hand shows nothing to the table."""

    pile: int
    to_hand: bool
    stack: int | None = None
    top: Card | None = None


@dataclass(frozen=True, slots=True)
class DeclarationMade(base.SeatEvent):
    """``seat`` declared a combination; its cards are known to everyone from now on."""

    kind: DeclarationKind
    cards: tuple[Card, ...]
    points: int


@dataclass(frozen=True, slots=True)
class CardLifted(base.SeatEvent):
    """``seat`` lifted ``card`` from the top of stack ``stack`` into the hand."""

    stack: int
    card: Card


@dataclass(frozen=True, slots=True)
class StackUncovered(base.SeatEvent):
    """The top card of ``seat``'s stack ``stack`` is now ``card`` (None: stack empty)."""

    stack: int
    card: Card | None


@dataclass(frozen=True, slots=True)
class RoundTally(base.Event):
    """How each seat's round score was made: card thirds, the last trick, declarations;
    ``points`` is each total rounded down."""

    card_thirds: tuple[int, ...]
    last_trick: int
    declared: tuple[int, ...]
    points: tuple[int, ...]


# Views -----------------------------------------------------------------------------


class Phase(Enum):
    """Where a round stands."""

    CHOOSE = "choose"
    PLAY = "play"
    OVER = "over"


# Reading an enum member from its class is a slow lookup in Python 3.11 (about ten times
# a global's); the moves, done millions of times by search, read these instead.
_CHOOSE, _PLAY_PHASE, _OVER = Phase.CHOOSE, Phase.PLAY, Phase.OVER

class PileChoice(NamedTuple):
    """One pile choice of the deal, in the order made (a named tuple: cheaper to build
    than a frozen dataclass, and spelled out the same in a digest)."""

    seat: int
    pile: int
    to_hand: bool


class TrickRecord(NamedTuple):
    """A finished trick: who led, the plays in order, who took it. A named tuple: one is
    made per trick, where a frozen dataclass costs three times as much to build."""

    leader: int
    plays: tuple[tuple[int, Card], ...]
    winner: int


@dataclass(frozen=True, slots=True)
class SpizzichinoView(base.GameView):
    """What one seat knows. Stacks show only their top cards; ``known_hands`` are the
    cards every seat knows to be in each hand (declared or lifted, not yet played)."""

    REPEATS: ClassVar[frozenset[str]] = frozenset({"known_hands"})

    seat: int | None
    phase: Phase
    round_number: int
    dealer: int
    to_move: int | None
    target: int
    totals: tuple[int, ...]
    open_piles: tuple[int, ...]
    pile_choices: tuple[PileChoice, ...]
    hand: tuple[Card, ...]
    hand_counts: tuple[int, ...]
    stack_tops: tuple[tuple[Card | None, ...], ...]
    stack_sizes: tuple[tuple[int, ...], ...]
    known_hands: tuple[tuple[Card, ...], ...]
    declarations: tuple[Declaration, ...]
    tricks: tuple[TrickRecord, ...]
    trick_leader: int | None
    trick: tuple[tuple[int, Card], ...]
    declarations_on: bool
    winners: tuple[int, ...]

    @property
    def led_suit(self) -> Suit | None:
        return self.trick[0][1].suit if self.trick else None

    def voids(self, seat: int) -> frozenset[Suit]:
        """Suits ``seat`` showed it holds none of (in hand or stack tops) by not following.
        Cards reaching that hand later come only from stack tops, which are seen."""
        out: set[Suit] = set()
        for record in self.tricks:
            _collect_void(record.plays, seat, out)
        _collect_void(self.trick, seat, out)
        return frozenset(out)

    def played(self) -> list[Card]:
        """Every card played this round, finished tricks first."""
        cards = [card for record in self.tricks for _, card in record.plays]
        cards.extend(card for _, card in self.trick)
        return cards

    def captured_thirds(self) -> tuple[int, ...]:
        """The card thirds each seat has taken in tricks this round."""
        won = [0, 0]
        for record in self.tricks:
            won[record.winner] += sum(THIRDS[c] for _, c in record.plays)
        return tuple(won)


def _padded(stacks: list[list[list[Card]]]) -> list[list[list[Card]]]:
    """Each seat's stacks with empty places for those not yet stood (during the deal)."""
    return [seat_stacks + [[] for _ in range(STACKS - len(seat_stacks))] for seat_stacks in stacks]


def _collect_void(plays: Sequence[tuple[int, Card]], seat: int, out: set[Suit]) -> None:
    if not plays:
        return
    led = plays[0][1].suit
    for who, card in plays[1:]:
        if who == seat and card.suit is not led and led is not None:
            out.add(led)


# State -----------------------------------------------------------------------------


@dataclass(eq=False)
class SpizzichinoState(base.GameState[SpizzichinoOptions]):
    """A game of Spizzichino in progress. Stacks are lists with the top card last."""

    game: ClassVar[str] = "spizzichino"

    players: int
    options: SpizzichinoOptions
    seed: int
    rng: random.Random
    dealer: int
    round_number: int = 1
    phase: Phase = Phase.CHOOSE
    totals: list[int] = field(default_factory=lambda: [0, 0])
    piles: list[list[Card]] = field(default_factory=list)
    pile_choices: list[PileChoice] = field(default_factory=list)
    hands: list[list[Card]] = field(default_factory=lambda: [[], []])
    stacks: list[list[list[Card]]] = field(default_factory=lambda: [[], []])
    known: list[list[Card]] = field(default_factory=lambda: [[], []])
    declarations: list[Declaration] = field(default_factory=list)
    tricks: list[TrickRecord] = field(default_factory=list)
    trick: Trick = field(default_factory=lambda: Trick(0))
    won_thirds: list[int] = field(default_factory=lambda: [0, 0])
    turn: int | None = 0
    final_winners: tuple[int, ...] = ()
    # A plain attribute (GameState's contract has a property): the loop of search and
    # simulation asks it after every move. It changes only with the phase.
    is_over = False

    # -- the contract --------------------------------------------------------------

    @property
    def to_move(self) -> int | None:
        return self.turn

    @property
    def scores(self) -> tuple[int, ...]:
        return tuple(self.totals)

    @property
    def winners(self) -> tuple[int, ...]:
        return self.final_winners

    @property
    def rounds_scored(self) -> int:
        # A scored round deals the next one, unless it ended the game.
        return self.round_number if self.is_over else self.round_number - 1

    @property
    def last_round_points(self) -> tuple[int, ...]:
        return self._last_points

    def __post_init__(self) -> None:
        self.is_over = self.phase is _OVER
        # What the last round scored: the totals keep only its sum with the rounds
        # before. Kept for the search, which reads it on the trusted path; it is no
        # part of the state's value (the totals are).
        self._last_points: tuple[int, ...] = ()
        # The moves each hand offers, by suit in the hand's order, and the hand lists they
        # were read from: legal_actions copies them instead of building moves card by card
        # (it is the hottest call of random play and search). Plays keep them in step; a
        # hand list replaced (a pile taken, a card lifted, a copy) is read again when next
        # asked. They are not part of the state's value.
        self._held: list[list[list[PlayCard]]] = [[], []]
        self._held_hands: list[list[Card] | None] = [None, None]

    def _held_moves(self, seat: int) -> list[list[PlayCard]]:
        hand = self.hands[seat]
        if self._held_hands[seat] is hand:
            return self._held[seat]
        play = _PLAY_BY_KEY
        held: list[list[PlayCard]] = [[], [], [], []]
        for card in hand:
            # The suit numbers of the Italian pack are 4 to 7, in the order a hand holds them.
            held[card.key & 3].append(play[card.key])  # type: ignore[arg-type]
        self._held[seat] = held
        self._held_hands[seat] = hand
        return held

    def legal_actions(self) -> list[base.Action]:
        seat = self.turn
        if seat is None:
            return []
        if self.phase is _CHOOSE:
            return self._pile_actions(seat)
        play = _PLAY_BY_KEY
        held = self._held_moves(seat)
        first, second = self.stacks[seat]
        top = first[-1] if first else None
        other_top = second[-1] if second else None
        actions: list[base.Action] = []
        if top is not None and top.rank in LIFTABLE:
            actions.append(_LIFT[0])
        if other_top is not None and other_top.rank in LIFTABLE:
            actions.append(_LIFT[1])
        plays = self.trick.plays
        if plays:
            # Follow suit when the hand or a stack top can; otherwise play anything.
            led = plays[0][1]
            lifts = len(actions)
            actions += held[led.key & 3]
            suit = led.suit
            if top is not None and top.suit is suit:
                actions.append(play[top.key])  # type: ignore[arg-type]
            if other_top is not None and other_top.suit is suit:
                actions.append(play[other_top.key])  # type: ignore[arg-type]
            if len(actions) > lifts:
                return actions
        for moves in held:
            actions += moves
        if top is not None:
            actions.append(play[top.key])  # type: ignore[arg-type]
        if other_top is not None:
            actions.append(play[other_top.key])  # type: ignore[arg-type]
        return actions

    def apply(self, action: base.Action) -> list[base.Event]:
        seat = self.turn
        if seat is None:
            raise base.IllegalAction("The game is over.")
        if isinstance(action, PlayCard):
            return self._play(seat, action.card)
        if isinstance(action, LiftCard):
            return self._lift(seat, action.stack)
        if isinstance(action, TakePile | StandPile):
            return self._choose(seat, action.pile, isinstance(action, TakePile))
        raise base.IllegalAction("That is not a move in Spizzichino.")

    def apply_trusted(self, action: base.Action) -> None:
        seat = self.turn
        if type(action) is not PlayCard or seat is None:
            self._apply_other_trusted(action)
            return
        card = action.card
        # Every seat has its two stacks throughout the play.
        first, second = self.stacks[seat]
        if first and first[-1] is card:
            first.pop()
        elif second and second[-1] is card:
            second.pop()
        else:
            hand = self.hands[seat]
            hand.remove(card)
            if self._held_hands[seat] is hand:
                self._held[seat][card.key & 3].remove(action)
        known = self.known[seat]
        if known and card in known:
            known.remove(card)
        trick = self.trick
        plays = trick.plays
        if not plays:
            plays.append((seat, card))
            self.turn = 1 - seat
            return
        winner = self._take_trick(trick, plays[0], (seat, card))
        if len(self.tricks) == TRICKS_PER_ROUND:
            self._score_round(winner, None)
            return
        # The finished trick lives on in ``tricks``: its object serves the next one.
        trick.leader = winner
        plays.clear()
        self.turn = winner

    def _apply_other_trusted(self, action: base.Action) -> None:
        """A lift or a pile choice, as ``apply`` does it without checks or events."""
        seat = self.turn
        kind = type(action)
        if seat is not None and kind is LiftCard:
            self._lift_card(seat, action.stack, None)  # type: ignore[attr-defined]
        elif seat is not None and (kind is TakePile or kind is StandPile):
            to_hand = kind is TakePile
            self._choose_pile(seat, action.pile, to_hand, None)  # type: ignore[attr-defined]
        else:
            self.apply(action)

    def clone(self) -> SpizzichinoState:
        rng = base.copy_rng(self.rng)
        copy = SpizzichinoState(
            players=self.players,
            options=self.options,
            seed=self.seed,
            rng=rng,
            dealer=self.dealer,
            round_number=self.round_number,
            phase=self.phase,
            totals=list(self.totals),
            piles=[list(p) for p in self.piles],
            pile_choices=list(self.pile_choices),
            hands=[list(h) for h in self.hands],
            stacks=[[list(s) for s in seat_stacks] for seat_stacks in self.stacks],
            known=[list(k) for k in self.known],
            declarations=list(self.declarations),
            tricks=list(self.tricks),
            trick=self.trick.copy(),
            won_thirds=list(self.won_thirds),
            turn=self.turn,
            final_winners=self.final_winners,
        )
        copy._last_points = self._last_points
        return copy

    def view(self, seat: int | None) -> SpizzichinoView:
        (a0, a1), (b0, b1) = self.stacks if self.phase is not Phase.CHOOSE else _padded(self.stacks)
        return SpizzichinoView(
            seat=seat,
            phase=self.phase,
            round_number=self.round_number,
            dealer=self.dealer,
            to_move=self.turn,
            target=self.options.target,
            totals=(self.totals[0], self.totals[1]),
            open_piles=(
                tuple(i for i, pile in enumerate(self.piles) if pile)
                if self.phase is Phase.CHOOSE
                else ()
            ),
            pile_choices=tuple(self.pile_choices),
            hand=() if seat is None else tuple(self.hands[seat]),
            hand_counts=(len(self.hands[0]), len(self.hands[1])),
            stack_tops=(
                (a0[-1] if a0 else None, a1[-1] if a1 else None),
                (b0[-1] if b0 else None, b1[-1] if b1 else None),
            ),
            stack_sizes=((len(a0), len(a1)), (len(b0), len(b1))),
            known_hands=(tuple(self.known[0]), tuple(self.known[1])),
            declarations=tuple(self.declarations),
            tricks=tuple(self.tricks),
            trick_leader=self.trick.leader if self.phase is Phase.PLAY else None,
            trick=tuple(self.trick.plays),
            declarations_on=self.options.declarations,
            winners=self.final_winners,
        )

    # -- the deal --------------------------------------------------------------------

    def _deal(self, deck: Sequence[Card] | None, events: list[base.Event] | None) -> None:
        """Lay out the eight piles (``deck`` top first, else a fresh shuffle)."""
        cards = list(deck) if deck is not None else list(DECK)
        if deck is None:
            shuffle(cards, self.rng)
        self.piles = [cards[i * PILE_SIZE : (i + 1) * PILE_SIZE] for i in range(PILES)]
        self.pile_choices = []
        self.hands = [[], []]
        self.stacks = [[], []]
        self.known = [[], []]
        self.declarations = []
        self.tricks = []
        self.won_thirds = [0, 0]
        self.phase = _CHOOSE
        self.turn = 1 - self.dealer
        self.trick = Trick(self.turn)
        if events is not None:
            # The cards lie in piles, not hands: hands fill as the piles are chosen.
            events.append(base.HandDealt(self.dealer, (0, 0), self.round_number))

    def _pile_actions(self, seat: int) -> list[base.Action]:
        piles = self.piles
        actions: list[base.Action] = []
        if len(self.hands[seat]) < HAND_PILES * PILE_SIZE:
            actions += compress(_TAKE, piles)
        if len(self.stacks[seat]) < STACKS:
            actions += compress(_STAND, piles)
        return actions

    def _choose(self, seat: int, pile: int, to_hand: bool) -> list[base.Event]:
        if self.phase is not Phase.CHOOSE:
            raise base.IllegalAction("The piles have all been chosen; play a card.")
        if not 0 <= pile < PILES:
            raise base.IllegalAction(f"There is no pile {pile}; the piles are numbered 0 to 7.")
        if not self.piles[pile]:
            raise base.IllegalAction(f"Pile {pile} has already been chosen; pick another pile.")
        if to_hand and len(self.hands[seat]) >= HAND_PILES * PILE_SIZE:
            raise base.IllegalAction("You already hold two piles; stand this one face up instead.")
        if not to_hand and len(self.stacks[seat]) >= STACKS:
            raise base.IllegalAction("You already have two stacks; take this pile into your hand.")
        events: list[base.Event] = []
        self._choose_pile(seat, pile, to_hand, events)
        return events

    def _choose_pile(
        self, seat: int, pile: int, to_hand: bool, events: list[base.Event] | None
    ) -> None:
        """Take or stand ``pile``, then what follows: the dealer's turn, the forced rest,
        the play; events go to ``events`` unless it is None (the trusted path)."""
        self._assign(seat, pile, to_hand, events)
        chosen = len(self.pile_choices)
        if chosen == PILES_EACH:
            self.turn = self.dealer
        if chosen > PILES_EACH:
            self._finish_dealer_choice(events)
        if len(self.pile_choices) == PILES:
            self._start_play(events)

    def _assign(self, seat: int, pile: int, to_hand: bool, events: list[base.Event] | None) -> None:
        cards = self.piles[pile]
        self.piles[pile] = []
        self.pile_choices.append(_tuple_new(PileChoice, (seat, pile, to_hand)))
        if to_hand:
            self.hands[seat] = hand_order(self.hands[seat] + cards)
            if events is not None:
                events.append(PileChosen(seat, pile, True))
            return
        stacks = self.stacks[seat]
        stacks.append(cards[::-1])
        if events is not None:
            events.append(PileChosen(seat, pile, False, len(stacks) - 1, cards[0]))

    def _finish_dealer_choice(self, events: list[base.Event] | None) -> None:
        """Once the dealer's hand piles or stacks are complete, the rest is forced."""
        seat = self.dealer
        full_hand = len(self.hands[seat]) >= HAND_PILES * PILE_SIZE
        full_stacks = len(self.stacks[seat]) >= STACKS
        if not (full_hand or full_stacks):
            return
        for i in range(PILES):
            if self.piles[i]:
                self._assign(seat, i, not full_hand, events)

    def _start_play(self, events: list[base.Event] | None) -> None:
        first = 1 - self.dealer
        for seat in (first, self.dealer):
            self._declare(seat, events)
        self.phase = _PLAY_PHASE
        self.turn = first
        self.trick = Trick(first)

    def _declare(self, seat: int, events: list[base.Event] | None) -> None:
        """Declare what the hand now holds beyond earlier declarations."""
        if not self.options.declarations:
            return
        # Card keys, not cards: a set of cards hashes each one through a Python call.
        declared = {c.key for d in self.declarations if d.seat == seat for c in d.cards}
        # Only 3s, 2s and assi declare: best_declarations would drop the rest anyway.
        free = [c for c in self.hands[seat] if c.rank in LIFTABLE and c.key not in declared]
        for kind, cards in best_declarations(free):
            self.declarations.append(Declaration(seat, kind, cards))
            known = self.known[seat]
            known.extend(c for c in cards if c not in known)
            if events is not None:
                events.append(DeclarationMade(seat, kind, cards, kind.points))

    # -- the play --------------------------------------------------------------------

    def _lift(self, seat: int, stack_index: int) -> list[base.Event]:
        if self.phase is not Phase.PLAY:
            raise base.IllegalAction("Cards can be lifted from stacks only during the play.")
        if stack_index not in (0, 1):
            raise base.IllegalAction("You have two stacks, 0 and 1.")
        stack = self.stacks[seat][stack_index]
        if not stack:
            raise base.IllegalAction("That stack is empty.")
        card = stack[-1]
        if card.rank not in LIFTABLE:
            raise base.IllegalAction(
                f"Only a 3, 2 or asso can be lifted from a stack, not the {card.name}."
            )
        events: list[base.Event] = []
        self._lift_card(seat, stack_index, events)
        return events

    def _lift_card(self, seat: int, stack_index: int, events: list[base.Event] | None) -> None:
        """Lift the top of stack ``stack_index`` into the hand and declare what it makes;
        events go to ``events`` unless it is None (the trusted path)."""
        stack = self.stacks[seat][stack_index]
        card = stack.pop()
        insort(self.hands[seat], card, key=_HAND_ORDER.__getitem__)
        self._held_hands[seat] = None  # the hand's moves are read again when next asked
        self.known[seat].append(card)
        if events is not None:
            events.append(CardLifted(seat, stack_index, card))
            events.append(StackUncovered(seat, stack_index, stack[-1] if stack else None))
        self._declare(seat, events)

    def _play(self, seat: int, card: Card) -> list[base.Event]:
        if self.phase is not Phase.PLAY:
            raise base.IllegalAction("The piles are still being chosen; pick a pile first.")
        hand = self.hands[seat]
        stacks = self.stacks[seat]
        from_stack = None
        for i, stack in enumerate(stacks):
            if stack and stack[-1] == card:
                from_stack = i
        in_hand = -1
        if from_stack is None:
            for i, held in enumerate(hand):
                if held == card:
                    in_hand = i
                    break
            else:
                raise base.IllegalAction(
                    "You can play only a card in your hand or on top of your stacks, "
                    f"not the {card.name}."
                )
        plays = self.trick.plays
        if plays:
            led = plays[0][1].suit
            if card.suit is not led and led is not None and self._can_follow(seat, led):
                raise base.IllegalAction(
                    f"You must follow suit: you have a card of {suit_words(led)} in your hand or on top of a stack."
                )
        events: list[base.Event] = []
        self._put_down(seat, card, from_stack, in_hand, events)
        return events

    def _put_down(
        self, seat: int, card: Card, from_stack: int | None, in_hand: int, events: list[base.Event]
    ) -> None:
        """Play ``card``, from stack ``from_stack`` or else from place ``in_hand`` of the hand."""
        events.append(base.CardPlayed(seat, card))
        if from_stack is None:
            hand = self.hands[seat]
            del hand[in_hand]
            if self._held_hands[seat] is hand:
                self._held[seat][card.key & 3].remove(_PLAY_BY_KEY[card.key])
        else:
            stack = self.stacks[seat][from_stack]
            stack.pop()
            events.append(StackUncovered(seat, from_stack, stack[-1] if stack else None))
        known = self.known[seat]
        if known and card in known:
            known.remove(card)
        plays = self.trick.plays
        plays.append((seat, card))
        if len(plays) < self.players:
            self.turn = 1 - seat
            return
        self._finish_trick(events)

    def _can_follow(self, seat: int, led: Suit) -> bool:
        if any(c.suit is led for c in self.hands[seat]):
            return True
        return any(s and s[-1].suit is led for s in self.stacks[seat])

    def _finish_trick(self, events: list[base.Event]) -> None:
        trick = self.trick
        led, follow = trick.plays
        winner = self._take_trick(trick, led, follow)
        events.append(base.TrickWon(winner, (led[1], follow[1])))
        if len(self.tricks) == TRICKS_PER_ROUND:
            self._score_round(winner, events)
            return
        self.trick = Trick(winner)
        self.turn = winner

    def _take_trick(self, trick: Trick, led: tuple[int, Card], follow: tuple[int, Card]) -> int:
        """Record the trick of ``led`` and ``follow``, credit its winner and return it."""
        a = led[1]
        b = follow[1]
        strength = _STRENGTH_BY_KEY
        thirds = _THIRDS_BY_KEY
        winner = follow[0] if b.suit is a.suit and strength[b.key] > strength[a.key] else led[0]
        self.won_thirds[winner] += thirds[a.key] + thirds[b.key]
        self.tricks.append(_tuple_new(TrickRecord, (trick.leader, (led, follow), winner)))
        return winner

    # -- scoring -------------------------------------------------------------------

    def _score_round(self, last_winner: int, events: list[base.Event] | None) -> None:
        """Score the round, then end the game or deal the next round; events go to
        ``events`` unless it is None (the trusted path)."""
        declared = [0, 0]
        for declaration in self.declarations:
            declared[declaration.seat] += declaration.points
        points = []
        for seat in range(self.players):
            total = self.won_thirds[seat] + 3 * declared[seat]
            if seat == last_winner:
                total += LAST_TRICK_THIRDS
            points.append(total // 3)
        for seat in range(self.players):
            self.totals[seat] += points[seat]
        self._last_points = tuple(points)
        if events is not None:
            events.append(
                RoundTally(tuple(self.won_thirds), last_winner, tuple(declared), self._last_points)
            )
            events.append(base.RoundScored(self._last_points, tuple(self.totals)))
        top = max(self.totals)
        if top >= self.options.target and self.totals[0] != self.totals[1]:
            self.phase = _OVER
            self.is_over = True
            self.turn = None
            self.final_winners = (self.totals.index(top),)
            # The last trick is kept in ``tricks``; the table shows no trick in play.
            self.trick = Trick(last_winner)
            if events is not None:
                events.append(base.GameOver(self.final_winners))
            return
        self.round_number += 1
        self.dealer = 1 - self.dealer
        self._deal(None, events)


# Rules -----------------------------------------------------------------------------


_ACTION_PATTERN = re.compile(
    r"^\s*(take pile|stand pile|lift stack|play)\s+(\S+)\s*$", re.IGNORECASE
)


class SpizzichinoRules(base.GameRules[SpizzichinoState, SpizzichinoOptions]):
    """Spizzichino for two players."""

    name: ClassVar[str] = "spizzichino"
    title: ClassVar[str] = "Spizzichino"
    summary: ClassVar[str] = (
        "Italian two-hander: pick piles blind, then chase assi, 3s, 2s and court cards."
    )
    player_counts: ClassVar[tuple[int, ...]] = (2,)
    Options: ClassVar[type[base.RulesOptions]] = SpizzichinoOptions

    def start(
        self,
        players: int,
        options: SpizzichinoOptions,
        seed: int,
        rng: random.Random,
        deck: list[Card] | None,
    ) -> SpizzichinoState:
        if deck is not None and sorted(deck, key=_HAND_ORDER.__getitem__) != hand_order(DECK):
            raise ValueError("A stacked Spizzichino deck must be the 40 Italian cards, once each.")
        state = SpizzichinoState(
            players=players,
            options=options,
            seed=seed,
            rng=rng,
            dealer=rng.randrange(players),
        )
        state._deal(deck, None)
        return state

    def determinize(self, view: base.GameView, rng: random.Random) -> SpizzichinoState:
        if not isinstance(view, SpizzichinoView):
            raise TypeError("Spizzichino needs a Spizzichino view.")
        return _determinize(view, rng)

    def parse_action(self, text: str) -> base.Action:
        match = _ACTION_PATTERN.match(text)
        if match is None:
            raise base.ActionParseError(
                f"{text!r} is not a Spizzichino move (try 'take pile 3', 'stand pile 5', "
                "'lift stack 0' or 'play 3Co')."
            )
        verb, argument = match.group(1).lower(), match.group(2)
        if verb == "play":
            try:
                return PlayCard(Card.parse(argument))
            except CardError as error:
                raise base.ActionParseError(str(error)) from None
        if not argument.isdigit():
            raise base.ActionParseError(f"{argument!r} is not a pile or stack number.")
        number = int(argument)
        limit = STACKS if verb == "lift stack" else PILES
        if number >= limit:
            raise base.ActionParseError(f"{verb.capitalize()} {number} does not exist.")
        if verb == "take pile":
            return _TAKE[number]
        if verb == "stand pile":
            return _STAND[number]
        return _LIFT[number]


# Determinization -----------------------------------------------------------------------

_DETERMINIZE_TRIES = 30


def _determinize(view: SpizzichinoView, rng: random.Random) -> SpizzichinoState:
    """A full state matching ``view``. Hidden places (the other hand, every card under a
    stack top, the piles nobody has chosen) are filled from the cards this seat has not
    seen; the other hand honours its known voids and, where some sample allows it, holds
    no undeclared combination (it would have had to declare one)."""
    me = view.seat
    seen: set[Card] = set(view.played())
    for tops in view.stack_tops:
        seen.update(c for c in tops if c is not None)
    for known in view.known_hands:
        seen.update(known)
    if me is not None:
        seen.update(view.hand)
    unseen = [c for c in DECK if c not in seen]

    hand_slots: dict[int, int] = {}
    for seat in range(2):
        if seat != me:
            hand_slots[seat] = view.hand_counts[seat] - len(view.known_hands[seat])
    stack_slots = [
        (seat, i, size - 1)
        for seat in range(2)
        for i, size in enumerate(view.stack_sizes[seat])
        if size > 1
    ]
    sizes: dict[int, int] = {}
    voids: dict[int, frozenset[Suit]] = {}
    for seat, count in hand_slots.items():
        sizes[seat] = count
        voids[seat] = view.voids(seat)
    for k, (_, _, count) in enumerate(stack_slots):
        sizes[2 + k] = count
    pile_key = 2 + len(stack_slots)
    for k, _pile in enumerate(view.open_piles):
        sizes[pile_key + k] = PILE_SIZE

    declared = {
        seat: {c for d in view.declarations if d.seat == seat for c in d.cards} for seat in range(2)
    }
    deal: dict[int, list[Card]] = {}
    for _ in range(_DETERMINIZE_TRIES):
        deal = deal_unseen(unseen, sizes, voids, rng)
        if not view.declarations_on or view.phase is not Phase.PLAY:
            break
        if all(
            not best_declarations(
                [c for c in deal[seat] + list(view.known_hands[seat]) if c not in declared[seat]]
            )
            for seat in hand_slots
        ):
            break

    hands: list[list[Card]] = [[], []]
    for seat in range(2):
        if seat == me:
            hands[seat] = list(view.hand)
        else:
            hands[seat] = hand_order(deal[seat] + list(view.known_hands[seat]))
    stacks: list[list[list[Card]]] = [[], []]
    hidden = {(seat, i): deal[2 + k] for k, (seat, i, _) in enumerate(stack_slots)}
    for seat in range(2):
        for i, top in enumerate(view.stack_tops[seat]):
            if top is not None:
                stacks[seat].append(hidden.get((seat, i), []) + [top])
            elif view.phase is not Phase.CHOOSE:
                stacks[seat].append([])
    piles: list[list[Card]] = [[] for _ in range(PILES)]
    for k, pile in enumerate(view.open_piles):
        piles[pile] = deal[pile_key + k]

    trick_leader = view.trick_leader
    if trick_leader is None:
        trick_leader = view.to_move if view.to_move is not None else 0
    trick = Trick(trick_leader, list(view.trick))
    won = [0, 0]
    for record in view.tricks:
        won[record.winner] += sum(THIRDS[c] for _, c in record.plays)
    return SpizzichinoState(
        players=2,
        options=SpizzichinoOptions(target=view.target, declarations=view.declarations_on),
        seed=0,
        rng=random.Random(rng.getrandbits(64)),
        dealer=view.dealer,
        round_number=view.round_number,
        phase=view.phase,
        totals=list(view.totals),
        piles=piles,
        pile_choices=list(view.pile_choices),
        hands=hands,
        stacks=stacks,
        known=[list(k) for k in view.known_hands],
        declarations=list(view.declarations),
        tricks=list(view.tricks),
        trick=trick,
        won_thirds=won,
        turn=view.to_move,
        final_winners=view.winners,
    )
