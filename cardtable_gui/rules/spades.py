"""Spades: four players, partners sit opposite, spades are always trump.

Each hand: the whole pack is dealt, every player bids how many tricks they will take
(or nil), thirteen tricks are played, and each side scores its contract. The game ends
when a side reaches the target with the highest score, or falls to the losing score.
The rules page ``rulebook/spades.md`` says how the open questions are settled.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import Any, ClassVar, Literal, NamedTuple, cast

from pydantic import Field

from cardtable_gui.cards import BY_ORDER, Card, Suit, french_deck, shuffle, suit_number
from cardtable_gui.rules import base
from cardtable_gui.rules.tricks import (
    HeldMoves,
    InternedPlay,
    Trick,
    deal_round,
    deal_unseen,
    follow_suit_reason,
)

PLAYERS = 4
TRICKS_PER_HAND = 13
NIL_BONUS = 50
BLIND_NIL_BONUS = 100
BLIND_NIL_DEFICIT = 100
BAG_LIMIT = 10
BAG_PENALTY = 100


class SpadesOptions(base.RulesOptions):
    """The house rules of Spades."""

    partnerships: bool = Field(
        default=True, description="Partners sit opposite (seats 1+3 against 2+4); off: four singles."
    )
    target: Literal[200, 300, 500] = Field(
        default=500, description="Points a side needs to win the game."
    )
    nil_allowed: bool = Field(default=True, description="Players may bid nil: no tricks at all.")
    blind_nil_allowed: bool = Field(
        default=True,
        description="A side 100 or more behind may bid nil before looking at the cards.",
    )
    bag_penalty: bool = Field(
        default=True, description="Every 10 overtricks (bags) a side collects cost it 100 points."
    )
    losing_score_enabled: bool = Field(
        default=True, description="A side that falls to the losing score loses at once."
    )
    losing_score: int = Field(
        default=-200, ge=-1000, le=-100, description="The score at or below which a side loses."
    )
    first_trick_spade_lead: bool = Field(
        default=False,
        title="Spades may be led to the first trick",
        description="The opening lead of each hand may be a spade, which breaks spades.",
        json_schema_extra={base.RULE_CHANGE: 2},
    )


# Actions


@dataclass(frozen=True, slots=True)
class Bid(base.Action):
    """A bid of ``tricks`` (1-13), or nil (0); ``blind`` marks blind nil."""

    tricks: int
    blind: bool = False

    @property
    def is_nil(self) -> bool:
        return self.tricks == 0

    def __str__(self) -> str:
        if self.blind:
            return "bid blind nil"
        return "bid nil" if self.tricks == 0 else f"bid {self.tricks}"


@dataclass(frozen=True, slots=True)
class LookAtCards(base.Action):
    """Pick up the cards, giving up the chance to bid blind nil."""

    def __str__(self) -> str:
        return "look"

    def in_words(self) -> str:
        return "look at your cards"


class PlayCard(InternedPlay, pack=french_deck(), pack_name="Spades"):
    """Play ``card`` to the trick (one interned move per card)."""

    __slots__ = ()


BLIND_NIL = Bid(0, blind=True)
LOOK = LookAtCards()
_BIDS = {n: Bid(n) for n in range(TRICKS_PER_HAND + 1)}
_BIDS_WITH_NIL: tuple[base.Action, ...] = tuple(_BIDS.values())
_BIDS_WITHOUT_NIL: tuple[base.Action, ...] = _BIDS_WITH_NIL[1:]
_BLIND_OR_LOOK: tuple[base.Action, ...] = (BLIND_NIL, LOOK)
_PLAY_BY_KEY = PlayCard.by_card_key


# Events


@dataclass(frozen=True, slots=True)
class BidMade(base.SeatEvent):
    bid: Bid


@dataclass(frozen=True, slots=True)
class CardsLookedAt(base.SeatEvent):
    """A player who could have bid blind nil picked up their cards instead."""


@dataclass(frozen=True, slots=True)
class SpadesBroken(base.SeatEvent):
    """The first spade of the hand was played; spades may be led from the next trick."""


class SideResult(NamedTuple):
    """How one side scored a hand, for the end-of-hand summary. (Named tuples here and
    below, not frozen dataclasses: a simulated hand builds them at a fifth of the cost.)"""

    seats: tuple[int, ...]
    contract: int
    tricks: int
    contract_points: int
    nil_points: int
    bags: int
    bag_penalty: int
    points: int
    total: int
    bags_total: int

    @property
    def made(self) -> bool:
        return self.tricks >= self.contract


class NilResult(NamedTuple):
    seat: int
    blind: bool
    tricks: int

    @property
    def made(self) -> bool:
        return self.tricks == 0


@dataclass(frozen=True, slots=True)
class HandScored(base.Event):
    """The hand is over: each side's contract, tricks, nils, bags and points."""

    hand_number: int
    bids: tuple[Bid, ...]
    tricks: tuple[int, ...]
    nils: tuple[NilResult, ...]
    sides: tuple[SideResult, ...]


class Phase(Enum):
    BIDDING = "bidding"
    PLAYING = "playing"
    OVER = "over"


# Reading an enum member from its class is a slow lookup in Python 3.11 (about ten times
# a global's); the moves, done millions of times by search, read these instead.
_BIDDING, _PLAYING, _OVER = Phase.BIDDING, Phase.PLAYING, Phase.OVER
_SPADES = Suit.SPADES
_SPADE_NUMBER = suit_number(Suit.SPADES)
_NEXT_SEAT = (1, 2, 3, 0)
_PARTNER_SIDES = ((0, 2), (1, 3))
_SINGLE_SIDES = tuple((seat,) for seat in range(PLAYERS))


class CompletedTrick(NamedTuple):
    """A finished trick: who led, the plays in order, and who took it.

    A named tuple rather than a frozen dataclass: random play and search finish a trick
    every four moves, and the rules build a tuple at a third of the cost
    (``_new_tuple(CompletedTrick, ...)``, skipping even the Python ``__new__``)."""

    leader: int
    plays: tuple[tuple[int, Card], ...]
    winner: int


_new_tuple = tuple.__new__


@dataclass(frozen=True, slots=True)
class SpadesView(base.GameView):
    """What one seat knows. ``hand`` is empty while ``hand_hidden`` (a player weighing
    blind nil has not looked yet)."""

    seat: int | None
    options: SpadesOptions
    sides: tuple[tuple[int, ...], ...]
    dealer: int
    hand_number: int
    phase: Phase
    to_move: int | None
    hand: tuple[Card, ...]
    hand_hidden: bool
    hand_counts: tuple[int, ...]
    looked: tuple[bool, ...]
    bids: tuple[Bid | None, ...]
    tricks_won: tuple[int, ...]
    trick_leader: int
    trick: tuple[tuple[int, Card], ...]
    completed: tuple[CompletedTrick, ...]
    spades_broken: bool
    scores: tuple[int, ...]
    bags: tuple[int, ...]
    last_hand: HandScored | None
    winners: tuple[int, ...]

    @property
    def partnerships(self) -> bool:
        return self.options.partnerships

    @property
    def target(self) -> int:
        return self.options.target

    @property
    def last_trick(self) -> CompletedTrick | None:
        return self.completed[-1] if self.completed else None

    def side_of(self, seat: int) -> int:
        return next(i for i, side in enumerate(self.sides) if seat in side)

    def known_voids(self) -> dict[int, set[Suit]]:
        """The suits each seat has shown it no longer holds this hand."""
        return _known_voids(self)


@dataclass(eq=False)
class SpadesState(base.GameState[SpadesOptions], HeldMoves[PlayCard]):
    """A game of Spades in progress."""

    game: ClassVar[str] = "spades"
    move_of = _PLAY_BY_KEY

    players: int
    options: SpadesOptions
    seed: int
    rng: random.Random
    dealer: int
    hand_number: int = 0
    phase: Phase = Phase.BIDDING
    hands: list[list[Card]] = field(default_factory=list)
    looked: list[bool] = field(default_factory=list)
    bids: list[Bid | None] = field(default_factory=list)
    tricks_won: list[int] = field(default_factory=list)
    trick: Trick = field(default_factory=lambda: Trick(0))
    completed: list[CompletedTrick] = field(default_factory=list)
    spades_broken: bool = False
    side_scores: list[int] = field(default_factory=list)
    side_bags: list[int] = field(default_factory=list)
    current: int | None = None
    last_hand: HandScored | None = None
    winning_seats: tuple[int, ...] = ()

    # A plain attribute (GameState's contract has a property): the loop of search and
    # simulation asks it after every move. It changes only with the phase.
    is_over = False

    def __post_init__(self) -> None:
        self.is_over = self.phase is _OVER
        self._hold_moves()

    # Sides

    @property
    def sides(self) -> tuple[tuple[int, ...], ...]:
        return _PARTNER_SIDES if self.options.partnerships else _SINGLE_SIDES

    @property
    def teams(self) -> tuple[tuple[int, ...], ...]:
        return self.sides

    def side_of(self, seat: int) -> int:
        return seat % 2 if self.options.partnerships else seat

    # The contract

    @property
    def to_move(self) -> int | None:
        return self.current

    @property
    def scores(self) -> tuple[int, ...]:
        return tuple(self.side_scores[self.side_of(seat)] for seat in range(self.players))

    @property
    def winners(self) -> tuple[int, ...]:
        return self.winning_seats

    @property
    def rounds_scored(self) -> int:
        last = self.last_hand
        return 0 if last is None else last.hand_number

    @property
    def last_round_points(self) -> tuple[int, ...]:
        last = self.last_hand
        if last is None:
            return ()
        sides = last.sides
        return tuple([sides[self.side_of(seat)].points for seat in range(self.players)])

    def legal_actions(self) -> list[base.Action]:
        seat = self.current
        if seat is None:
            return []
        if self.phase is not _PLAYING:
            if not self.looked[seat]:
                return list(_BLIND_OR_LOOK)
            return list(_BIDS_WITH_NIL if self.options.nil_allowed else _BIDS_WITHOUT_NIL)
        # follow_suit and lead_options, read off the moves held by suit.
        trick = self.trick.plays
        if trick:
            same_suit = self.held_by_suit[seat][trick[0][1].key & 15]
            return same_suit[:] if same_suit else self.held[seat][:]  # type: ignore[return-value]
        held = self.held[seat]
        if self.spades_broken or self._first_lead_is_free():
            return held[:]  # type: ignore[return-value]
        spades = len(self.held_by_suit[seat][_SPADE_NUMBER])
        if spades == 0 or spades == len(held):
            return held[:]  # type: ignore[return-value]
        return [play for play in held if play.card.suit is not _SPADES]

    def apply(self, action: base.Action) -> list[base.Event]:
        if self.phase is _OVER or self.current is None:
            raise base.IllegalAction("The game is over.")
        events: list[base.Event] = []
        if isinstance(action, PlayCard):
            self._check_play(self.current, action.card)
            self._play(self.current, action.card, events)
        elif isinstance(action, Bid):
            self._check_bid(self.current, action)
            self._bid(self.current, action, events)
        elif isinstance(action, LookAtCards):
            self._check_look(self.current)
            self._look(self.current, events)
        else:
            raise base.IllegalAction(f"{action} is not a move in Spades.")
        return events

    def apply_trusted(self, action: base.Action) -> None:
        seat: int = self.current  # type: ignore[assignment]  # a move is only asked of a seat to move
        if type(action) is PlayCard:
            # _play inlined: the most frequent move of random play and search.
            card = action.card
            plays = self.trick.plays
            hand = self.hands[seat]
            # One search of the hand serves both lists: ``held`` is in the hand's order.
            at = hand.index(card)
            del hand[at], self.held[seat][at]
            self.held_by_suit[seat][card.key & 15].remove(action)
            plays.append((seat, card))
            if card.suit is _SPADES:
                self.spades_broken = True
            if len(plays) < PLAYERS:
                self.current = _NEXT_SEAT[seat]
            else:
                self._end_trick(self.trick, None)
        elif type(action) is Bid:
            self._bid(seat, action, None)
        else:
            self._look(seat, None)

    def clone(self) -> SpadesState:
        rng = base.copy_rng(self.rng)
        return SpadesState(
            players=self.players,
            options=self.options,
            seed=self.seed,
            rng=rng,
            dealer=self.dealer,
            hand_number=self.hand_number,
            phase=self.phase,
            hands=[list(h) for h in self.hands],
            looked=list(self.looked),
            bids=list(self.bids),
            tricks_won=list(self.tricks_won),
            trick=self.trick.copy(),
            completed=list(self.completed),
            spades_broken=self.spades_broken,
            side_scores=list(self.side_scores),
            side_bags=list(self.side_bags),
            current=self.current,
            last_hand=self.last_hand,
            winning_seats=self.winning_seats,
        )

    def view(self, seat: int | None) -> SpadesView:
        sees_hand = seat is not None and self.looked[seat]
        return SpadesView(
            seat=seat,
            options=self.options,
            sides=self.sides,
            dealer=self.dealer,
            hand_number=self.hand_number,
            phase=self.phase,
            to_move=self.current,
            hand=tuple(sorted(self.hands[seat], key=BY_ORDER)) if sees_hand else (),
            hand_hidden=seat is not None and not sees_hand,
            hand_counts=tuple(len(h) for h in self.hands),
            looked=tuple(self.looked),
            bids=tuple(self.bids),
            tricks_won=tuple(self.tricks_won),
            trick_leader=self.trick.leader,
            trick=self.trick.frozen(),
            completed=tuple(self.completed),
            spades_broken=self.spades_broken,
            scores=tuple(self.side_scores),
            bags=tuple(self.side_bags),
            last_hand=self.last_hand,
            winners=self.winning_seats,
        )

    # Dealing and bidding

    def deal(self, deck: Sequence[Card] | None = None) -> list[base.Event]:
        """Start a new hand: shuffle (unless ``deck`` is stacked) and deal all 52."""
        events: list[base.Event] = []
        self._deal(deck, events)
        return events

    def _deal(self, deck: Sequence[Card] | None, events: list[base.Event] | None) -> None:
        self.hand_number += 1
        cards = list(deck) if deck is not None else french_deck()
        if deck is None:
            shuffle(cards, self.rng)
        first = (self.dealer + 1) % self.players
        self.hands = deal_round(cards, self.players, first)
        self._hold_moves()
        if max(self.side_scores) - min(self.side_scores) < BLIND_NIL_DEFICIT:
            self.looked = [True] * self.players  # no side is far enough behind for blind nil
        else:
            self.looked = [not self.may_bid_blind_nil(seat) for seat in range(self.players)]
        self.bids = [None] * self.players
        self.tricks_won = [0] * self.players
        # The trick object goes on from hand to hand, like the one from trick to trick.
        self.trick.leader = first
        self.trick.plays = []
        self.completed = []
        self.spades_broken = False
        self.phase = _BIDDING
        self.current = first
        if events is not None:
            counts = tuple(len(h) for h in self.hands)
            events.append(base.HandDealt(self.dealer, counts, self.hand_number))

    def may_bid_blind_nil(self, seat: int) -> bool:
        """Blind nil needs the option, and the seat's side 100 or more points behind the
        best other side (before the seat has looked at this hand's cards)."""
        if not (self.options.nil_allowed and self.options.blind_nil_allowed):
            return False
        own = self.side_of(seat)
        others = [s for i, s in enumerate(self.side_scores) if i != own]
        return max(others) - self.side_scores[own] >= BLIND_NIL_DEFICIT

    # Each move is checked by ``_check_*`` (raising with a sentence for the player) and then
    # done by a method that appends its events to ``events`` unless that is None (the
    # trusted path, which builds none).

    def _check_look(self, seat: int) -> None:
        if self.phase is not Phase.BIDDING:
            raise base.IllegalAction("The bidding is over.")
        if self.looked[seat]:
            raise base.IllegalAction("You have already seen your cards.")

    def _look(self, seat: int, events: list[base.Event] | None) -> None:
        self.looked[seat] = True
        if events is not None:
            events.append(CardsLookedAt(seat))

    def _check_bid(self, seat: int, bid: Bid) -> None:
        if self.phase is not Phase.BIDDING:
            raise base.IllegalAction("The bidding is over.")
        if bid.blind:
            if bid.tricks != 0:
                raise base.IllegalAction("Only nil can be bid blind.")
            if self.looked[seat]:
                if not (self.options.nil_allowed and self.options.blind_nil_allowed):
                    raise base.IllegalAction("Blind nil is not allowed in this game.")
                if self.may_bid_blind_nil(seat):
                    raise base.IllegalAction(
                        "You have seen your cards, so you can no longer bid blind nil."
                    )
                raise base.IllegalAction("Blind nil is only for a side 100 or more points behind.")
        else:
            if not self.looked[seat]:
                raise base.IllegalAction("Look at your cards first, or bid blind nil.")
            if not 0 <= bid.tricks <= TRICKS_PER_HAND:
                raise base.IllegalAction("A bid is 1 to 13 tricks, or nil.")
            if bid.tricks == 0 and not self.options.nil_allowed:
                raise base.IllegalAction("Nil bids are not allowed in this game.")

    def _bid(self, seat: int, bid: Bid, events: list[base.Event] | None) -> None:
        self.bids[seat] = bid
        self.looked[seat] = True
        if events is not None:
            events.append(BidMade(seat, bid))
        nxt = (seat + 1) % self.players
        if self.bids[nxt] is None:
            self.current = nxt
        else:
            self.phase = _PLAYING
            self.current = self.trick.leader

    # Playing

    def _check_play(self, seat: int, card: Card) -> None:
        if self.phase is not Phase.PLAYING:
            raise base.IllegalAction("The bidding is not finished: make your bid first.")
        hand = self.hands[seat]
        if card not in hand:
            raise base.IllegalAction(f"You do not hold the {card.name}.")
        led = self.trick.led_suit
        if led is not None:
            if card.suit is not led and any(c.suit is led for c in hand):
                raise base.IllegalAction(follow_suit_reason(led))
        elif (
            card.suit is Suit.SPADES
            and not self.spades_broken
            and not self._first_lead_is_free()
            and any(c.suit is not Suit.SPADES for c in hand)
        ):
            raise base.IllegalAction(
                "Spades may not be led until a spade has been played, unless you hold only spades."
            )

    def _first_lead_is_free(self) -> bool:
        """Whether the lead now is a hand's first and the house rule lets it be any
        card, a spade included (as the rules were until version 2). Without the rule
        the first lead too waits for spades to be broken."""
        return not self.completed and self.options.first_trick_spade_lead

    def _play(self, seat: int, card: Card, events: list[base.Event] | None) -> None:
        self._take_from_hand(seat, card, _PLAY_BY_KEY[card.key])
        trick = self.trick
        trick.plays.append((seat, card))
        if events is not None:
            events.append(base.CardPlayed(seat, card))
        if card.suit is _SPADES and not self.spades_broken:
            self.spades_broken = True
            if events is not None:
                events.append(SpadesBroken(seat))
        if len(trick.plays) < PLAYERS:
            self.current = (seat + 1) % PLAYERS
        else:
            self._end_trick(trick, events)

    def _end_trick(self, trick: Trick, events: list[base.Event] | None) -> None:
        """The fourth card is down: the trick goes to its winner, who leads the next."""
        plays = trick.plays
        # trick_winner inlined: spades trump, else the highest card of the suit led.
        winner, best = plays[0]
        for seat, card in plays[1:]:
            if card.suit is best.suit:
                if card.rank > best.rank:
                    winner, best = seat, card
            elif card.suit is _SPADES:
                winner, best = seat, card
        self.tricks_won[winner] += 1
        done = tuple(plays)
        completed = self.completed
        completed.append(_new_tuple(CompletedTrick, (trick.leader, done, winner)))
        if events is not None:
            events.append(base.TrickWon(winner, tuple(card for _, card in done)))
        # The finished trick lives on in ``completed``; its object starts the next one.
        trick.leader = winner
        trick.plays = []
        self.current = winner
        if len(completed) == TRICKS_PER_HAND:
            self._end_hand(events)

    # Scoring

    def _end_hand(self, events: list[base.Event] | None) -> None:
        """Score the hand into ``last_hand`` and the totals, then end the game or deal
        the next hand. Events are built only when ``events`` collects them."""
        bids = cast(list[Bid], self.bids)  # every seat has bid once a trick is played
        tricks = self.tricks_won
        sides = self.sides
        bag_penalty = self.options.bag_penalty
        results = tuple(
            [
                score_side(side, bids, tricks, self.side_scores[index], self.side_bags[index], bag_penalty)
                for index, side in enumerate(sides)
            ]
        )
        for index, result in enumerate(results):
            self.side_scores[index] = result.total
            self.side_bags[index] = result.bags_total
        nils = tuple(
            [NilResult(seat, bid.blind, tricks[seat]) for seat, bid in enumerate(bids) if bid.tricks == 0]
        )
        self.last_hand = HandScored(self.hand_number, tuple(bids), tuple(tricks), nils, results)
        if events is not None:
            events += (self.last_hand, base.RoundScored(self.last_round_points, self.scores))
        winning_sides = winning_sides_after_hand(self.side_scores, self.options)
        if winning_sides is not None:
            winners = self._seats_of(winning_sides)
            self.phase = Phase.OVER
            self.is_over = True
            self.current = None
            self.winning_seats = winners
            if events is not None:
                events.append(base.GameOver(winners))
            return
        self.dealer = (self.dealer + 1) % self.players
        self._deal(None, events)

    def _seats_of(self, side_indexes: Iterable[int]) -> tuple[int, ...]:
        chosen = set(side_indexes)
        return tuple(sorted(s for i, side in enumerate(self.sides) if i in chosen for s in side))


_CLOSED_UNTIL_BROKEN = (Suit.SPADES,)


def winning_sides_after_hand(
    scores: Sequence[int], options: SpadesOptions
) -> list[int] | None:
    """The sides that win if the game ends after a hand with these totals, else None.

    A side at or below the losing score loses at once: the best of the others wins.
    Otherwise the game ends when a side has reached the target with a score higher than
    every other side's; a tie at the top means one more hand.
    """
    if options.losing_score_enabled and min(scores) <= options.losing_score:
        everyone = range(len(scores))
        standing = [i for i in everyone if scores[i] > options.losing_score] or list(everyone)
        top = max(scores[i] for i in standing)
        return [i for i in standing if scores[i] == top]
    best = max(scores)
    if best < options.target:
        return None
    leaders = [i for i, score in enumerate(scores) if score == best]
    return leaders if len(leaders) == 1 else None


def score_side(
    side: tuple[int, ...],
    bids: Sequence[Bid],
    tricks: Sequence[int],
    score_before: int,
    bags_before: int,
    bag_penalty: bool = True,
) -> SideResult:
    """Score one side's hand.

    The contract is the sum of the side's non-nil bids; tricks won by a nil bidder do
    not count toward it and each is a bag. Made: 10 per trick bid plus 1 per overtrick
    (each overtrick a bag); missed: minus 10 per trick bid. Nil scores 50 (blind 100)
    made or lost. Each time the bag count reaches 10 it costs 100 and drops by 10.
    """
    contract = contract_tricks = nil_tricks = nil_points = 0
    for seat in side:
        bid = bids[seat]
        if bid.tricks:
            contract += bid.tricks
            contract_tricks += tricks[seat]
        else:
            nil_tricks += tricks[seat]
            bonus = BLIND_NIL_BONUS if bid.blind else NIL_BONUS
            nil_points += bonus if tricks[seat] == 0 else -bonus
    if contract == 0:
        contract_points, overtricks = 0, contract_tricks
    elif contract_tricks >= contract:
        overtricks = contract_tricks - contract
        contract_points = 10 * contract + overtricks
    else:
        contract_points, overtricks = -10 * contract, 0
    bags = overtricks + nil_tricks
    penalty = 0
    bags_total = bags_before + bags
    if bag_penalty:
        while bags_total >= BAG_LIMIT:
            bags_total -= BAG_LIMIT
            penalty += BAG_PENALTY
    points = contract_points + nil_points - penalty
    # SideResult's fields in order, built without the Python call of its __new__.
    return _new_tuple(
        SideResult,
        (
            side,
            contract,
            contract_tricks,
            contract_points,
            nil_points,
            bags,
            penalty,
            points,
            score_before + points,
            bags_total,
        ),
    )


class SpadesRules(base.GameRules[SpadesState, SpadesOptions]):
    name: ClassVar[str] = "spades"
    title: ClassVar[str] = "Spades"
    summary: ClassVar[str] = "Bid your tricks and make them with your partner; spades are trump."
    player_counts: ClassVar[tuple[int, ...]] = (PLAYERS,)
    Options: ClassVar[type[SpadesOptions]] = SpadesOptions
    # Version 2: spades may not be led to the first trick either (until then the first
    # lead of a hand was free, a spade included).
    rules_version: ClassVar[int] = 2
    earlier_rules: ClassVar[Mapping[int, Mapping[str, Any]]] = {
        1: {"first_trick_spade_lead": True}
    }

    def start(
        self, players: int, options: SpadesOptions, seed: int, rng: random.Random, deck: list[Card] | None
    ) -> SpadesState:
        if deck is not None and sorted(deck, key=BY_ORDER) != sorted(
            french_deck(), key=BY_ORDER
        ):
            raise ValueError("A stacked Spades deck must be exactly one 52-card pack.")
        state = SpadesState(
            players=players,
            options=options,
            seed=seed,
            rng=rng,
            dealer=rng.randrange(players),
            side_scores=[0] * (2 if options.partnerships else players),
            side_bags=[0] * (2 if options.partnerships else players),
        )
        state.deal(deck)
        return state

    def determinize(self, view: base.GameView, rng: random.Random) -> SpadesState:
        if not isinstance(view, SpadesView) or view.seat is None:
            raise ValueError("Spades can only fill in hidden cards for a seated player's view.")
        seat = view.seat
        seen = set(view.hand)
        for done in view.completed:
            seen.update(card for _, card in done.plays)
        seen.update(card for _, card in view.trick)
        unseen = [c for c in french_deck() if c not in seen]
        sizes = {s: view.hand_counts[s] for s in range(PLAYERS) if s != seat or view.hand_hidden}
        dealt = deal_unseen(unseen, sizes, _known_voids(view), rng)
        hands = [list(view.hand) if s not in dealt else dealt[s] for s in range(PLAYERS)]
        trick = Trick(view.trick_leader, list(view.trick))
        return SpadesState(
            players=PLAYERS,
            options=view.options,
            seed=0,
            rng=random.Random(rng.getrandbits(64)),
            dealer=view.dealer,
            hand_number=view.hand_number,
            phase=view.phase,
            hands=hands,
            looked=list(view.looked),
            bids=list(view.bids),
            tricks_won=list(view.tricks_won),
            trick=trick,
            completed=list(view.completed),
            spades_broken=view.spades_broken,
            side_scores=list(view.scores),
            side_bags=list(view.bags),
            current=view.to_move,
            last_hand=view.last_hand,
            winning_seats=view.winners,
        )

    def parse_action(self, text: str) -> base.Action:
        words = text.strip().lower().split()
        if words == ["look"]:
            return LOOK
        if words == ["bid", "blind", "nil"]:
            return BLIND_NIL
        if len(words) == 2 and words[0] == "bid":
            if words[1] == "nil":
                return _BIDS[0]
            if words[1].isdigit() and 1 <= int(words[1]) <= TRICKS_PER_HAND:
                return _BIDS[int(words[1])]
        if len(words) == 2 and words[0] == "play":
            try:
                return PlayCard(Card.parse(words[1]))
            except ValueError:
                pass
        raise base.ActionParseError(
            f"{text!r} is not a Spades move (try 'bid 4', 'bid nil', 'play QS')."
        )


def _known_voids(view: SpadesView) -> dict[int, set[Suit]]:
    """Suits each seat has shown it lacks: by not following the led suit, or by leading
    a spade before spades were broken (allowed only with nothing but spades, except to
    the first trick where the house rule lets that lead be free)."""
    voids: dict[int, set[Suit]] = {s: set() for s in range(PLAYERS)}
    tricks = [done.plays for done in view.completed]
    if view.trick:
        tricks.append(view.trick)
    broken = False
    for number, plays in enumerate(tricks):
        led = plays[0][1].suit
        leader = plays[0][0]
        free_lead = number == 0 and view.options.first_trick_spade_lead
        if led is Suit.SPADES and not broken and not free_lead:
            voids[leader].update(s for s in (Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS))
        for seat, card in plays:
            if card.suit is not led and led is not None:
                voids[seat].add(led)
            if card.suit is Suit.SPADES:
                broken = True
    return voids
