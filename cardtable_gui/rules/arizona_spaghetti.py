"""Arizona Spaghetti: six deals of trick play for 3 to 8 players, each for themselves.

Every round is one deal with no trumps; the highest card of the led suit takes the
trick. Each round has its own point cards, and points are bad: the lowest total after
round 6 wins. Round 1 scores tricks, round 2 hearts, round 3 queens, round 4 the king of
spades, round 5 the last trick, and round 6 all of them together. Hearts (rounds 2 and
6) and spades (round 4) may not be led until broken. Rounds 2 to 4 stop as soon as the
trick holding their last point card is complete (option ``early_end``).

The deck is stripped so that it shares out evenly (``DECK_SETUP``).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import ClassVar, NamedTuple, Self

from pydantic import Field

from cardtable_gui.cards import (
    BY_ORDER,
    FRENCH_SUITS,
    Card,
    CardError,
    Rank,
    Suit,
    by_key,
    french_deck,
    parse_cards,
    shuffle,
    suit_number,
)
from cardtable_gui.rules import base
from cardtable_gui.rules.tricks import (
    HeldMoves,
    InternedPlay,
    Trick,
    deal_round,
    deal_unseen,
    follow_suit_reason,
)

ROUNDS_PER_GAME = 6


# The deck for each table size.


@dataclass(frozen=True, slots=True)
class DeckSetup:
    """How many cards each player gets and which cards leave the pack first."""

    hand_size: int
    removed: tuple[Card, ...]


DECK_SETUP: dict[int, DeckSetup] = {
    players: DeckSetup(hand_size, tuple(parse_cards(removed)))
    for players, hand_size, removed in (
        (3, 17, "2C"),
        (4, 13, ""),
        (5, 10, "2C 2D"),
        (6, 8, "2C 3C 2D 3D"),
        (7, 7, "2C 3C 2D"),
        (8, 6, "2C 3C 2D 3D"),
    )
}


_FULL_PACK: tuple[Card, ...] = tuple(french_deck())

_DECKS: dict[int, tuple[Card, ...]] = {
    players: tuple(french_deck(without=setup.removed))
    for players, setup in DECK_SETUP.items()
}


def deck_for(players: int) -> list[Card]:
    """The stripped pack for ``players`` players, in a fixed order."""
    return list(_DECKS[players])


# What each round scores.


@dataclass(frozen=True, slots=True)
class RoundRule:
    """The scoring of one round: points per trick, per heart, per queen, for the king of
    spades and for the last trick; the suit that may not be led until broken; and
    whether the round stops once its point cards are all taken."""

    number: int
    name: str
    description: str
    per_trick: int = 0
    per_heart: int = 0
    per_queen: int = 0
    king_of_spades: int = 0
    last_trick: int = 0
    restricted: Suit | None = None
    ends_early: bool = False
    early_reason: str = ""

    def card_points(self, card: Card) -> int:
        """What ``card`` is worth to whoever takes it this round (the queen of hearts
        counts as a heart and as a queen)."""
        points = 0
        if card.suit is Suit.HEARTS:
            points += self.per_heart
        if card.rank is Rank.QUEEN:
            points += self.per_queen
        if card.rank is Rank.KING and card.suit is Suit.SPADES:
            points += self.king_of_spades
        return points


ROUNDS: tuple[RoundRule, ...] = (
    RoundRule(1, "Tricks", "Every trick you take costs 10 points.", per_trick=10),
    RoundRule(
        2,
        "Hearts",
        "Every heart you take costs 10 points. Hearts may not be led until broken.",
        per_heart=10,
        restricted=Suit.HEARTS,
        ends_early=True,
        early_reason="Every heart has been taken.",
    ),
    RoundRule(
        3,
        "Queens",
        "Every queen you take costs 25 points.",
        per_queen=25,
        ends_early=True,
        early_reason="Every queen has been taken.",
    ),
    RoundRule(
        4,
        "King of spades",
        "Taking the king of spades costs 100 points. Spades may not be led until broken.",
        king_of_spades=100,
        restricted=Suit.SPADES,
        ends_early=True,
        early_reason="The king of spades has been taken.",
    ),
    RoundRule(5, "Last trick", "Taking the last trick costs 100 points.", last_trick=100),
    RoundRule(
        6,
        "Everything",
        "All of it at once: 10 a trick, 10 a heart, 25 a queen, 100 for the king of "
        "spades and 100 for the last trick. Hearts may not be led until broken.",
        per_trick=10,
        per_heart=10,
        per_queen=25,
        king_of_spades=100,
        last_trick=100,
        restricted=Suit.HEARTS,
    ),
)

CARD_POINTS: tuple[dict[Card, int], ...] = tuple(
    {card: rule.card_points(card) for card in _FULL_PACK} for rule in ROUNDS
)
"""Each round's ``card_points`` for every card, looked up rather than worked out."""
_POINTS_BY_KEY = tuple(by_key(points) for points in CARD_POINTS)
_CLOSED_NUMBER: tuple[int | None, ...] = tuple(
    None if rule.restricted is None else suit_number(rule.restricted) for rule in ROUNDS
)
"""Each round's suit that may not be led until broken, as its suit number."""


class ArizonaSpaghettiOptions(base.RulesOptions):
    """House rules for Arizona Spaghetti."""

    early_end: bool = Field(
        default=True,
        description="Rounds 2-4 stop once their last point card has been taken.",
    )


# Actions and events.


class PlayCard(InternedPlay, pack=_FULL_PACK, pack_name="French"):
    """Play ``card`` to the current trick (one interned move per card)."""

    __slots__ = ()


_PLAY_BY_KEY = PlayCard.by_card_key


@dataclass(frozen=True, slots=True)
class SuitBroken(base.SeatEvent):
    """``seat``, unable to follow suit, played ``suit``: from now on this round it may be
    led."""

    suit: Suit


@dataclass(frozen=True, slots=True)
class TrickTaken(base.TrickWon):
    """A ``TrickWon`` that also says what the trick cost its taker this round."""

    points: int


@dataclass(frozen=True, slots=True)
class RoundEndedEarly(base.Event):
    """Round ``round_number`` stopped with ``cards_left`` cards unplayed, because its
    point cards were all taken; ``reason`` says so in a sentence."""

    round_number: int
    cards_left: int
    reason: str


# Public history and views.


class CompletedTrick(NamedTuple):
    """A finished trick of the current round: who led, the plays in order, who took it
    and what it cost them.

    A named tuple rather than a frozen dataclass: random play and search finish a trick
    every few moves, and the rules build a tuple at a third of the cost
    (``_new_tuple(CompletedTrick, ...)``, skipping even the Python ``__new__``)."""

    leader: int
    plays: tuple[tuple[int, Card], ...]
    winner: int
    points: int


_new_tuple = tuple.__new__


@dataclass(frozen=True, slots=True)
class ArizonaSpaghettiView(base.GameView):
    """What one seat knows: its own hand, how many cards the others hold, every card
    played this round, and the scores. ``seat`` None is a spectator with no hand."""

    seat: int | None
    players: int
    options: ArizonaSpaghettiOptions
    round_number: int
    dealer: int
    to_move: int | None
    hand: tuple[Card, ...]
    hand_counts: tuple[int, ...]
    trick_leader: int
    trick: tuple[tuple[int, Card], ...]
    tricks: tuple[CompletedTrick, ...]
    broken: bool
    round_points: tuple[int, ...]
    past_rounds: tuple[tuple[int, ...], ...]
    totals: tuple[int, ...]
    is_over: bool
    winners: tuple[int, ...]

    @property
    def round_rule(self) -> RoundRule:
        return ROUNDS[self.round_number - 1]

    @property
    def restricted(self) -> Suit | None:
        """The suit that may not be led this round until broken, if any."""
        return self.round_rule.restricted

    @property
    def removed(self) -> tuple[Card, ...]:
        """The cards taken out of the pack for this many players."""
        return DECK_SETUP[self.players].removed

    def played_cards(self) -> list[Card]:
        """Every card played this round, in order, the current trick last."""
        cards = [card for done in self.tricks for _, card in done.plays]
        cards.extend(card for _, card in self.trick)
        return cards

    def unseen_cards(self) -> list[Card]:
        """The cards this seat has not seen: the other players' hands, together."""
        seen = set(self.hand)
        seen.update(self.played_cards())
        return [card for card in deck_for(self.players) if card not in seen]

    def known_voids(self) -> dict[int, set[Suit]]:
        """The suits each seat has shown it no longer holds this round: it did not follow
        one, or it led the restricted suit before it was broken (so held nothing else)."""
        # Spades reads voids the same way but apart on purpose: there any spade played
        # breaks spades and the house rule may free the first lead, while here only a
        # restricted card thrown off-suit breaks its suit.
        voids: dict[int, set[Suit]] = {seat: set() for seat in range(self.players)}
        restricted = self.restricted
        broken = False
        plays_by_trick = [done.plays for done in self.tricks]
        if self.trick:
            plays_by_trick.append(self.trick)
        for plays in plays_by_trick:
            leader, lead = plays[0]
            if restricted is not None and lead.suit is restricted and not broken:
                voids[leader].update(s for s in FRENCH_SUITS if s is not restricted)
            for seat, card in plays[1:]:
                if card.suit is not lead.suit:
                    voids[seat].add(lead.suit)  # type: ignore[arg-type]
                    if card.suit is restricted:
                        broken = True
        return voids


def _sort_hand(cards: list[Card]) -> list[Card]:
    return sorted(cards, key=BY_ORDER)


def _point_cards(hands: list[list[Card]], round_number: int) -> int:
    """How many of round ``round_number``'s point cards ``hands`` hold."""
    points = _POINTS_BY_KEY[round_number - 1]
    return len([card for hand in hands for card in hand if points[card.key]])


# The game state.


@dataclass(eq=False)
class ArizonaSpaghettiState(base.GameState[ArizonaSpaghettiOptions], HeldMoves[PlayCard]):
    """A game of Arizona Spaghetti in progress.

    ``trick`` is the trick being played (never complete); ``tricks`` the finished tricks
    of this round. ``point_cards_left`` counts this round's point cards not yet played,
    so that an early-ending round knows when to stop.
    """

    game: ClassVar[str] = "arizona_spaghetti"
    move_of = _PLAY_BY_KEY

    players: int
    options: ArizonaSpaghettiOptions
    seed: int
    rng: random.Random
    round_number: int
    dealer: int
    hands: list[list[Card]]
    trick: Trick
    tricks: list[CompletedTrick] = field(default_factory=list)
    broken: bool = False
    point_cards_left: int = 0
    round_points: list[int] = field(default_factory=list)
    past_rounds: list[tuple[int, ...]] = field(default_factory=list)
    totals: list[int] = field(default_factory=list)
    finished: bool = False
    # A plain attribute (GameState's contract has a property): the loop of search and
    # simulation asks it after every move. It changes only with ``finished``.
    is_over = False

    def __post_init__(self) -> None:
        self.is_over = self.finished
        self._hold_moves()

    @property
    def round_rule(self) -> RoundRule:
        return ROUNDS[self.round_number - 1]

    @property
    def to_move(self) -> int | None:
        if self.finished:
            return None
        return (self.trick.leader + len(self.trick.plays)) % self.players

    @property
    def scores(self) -> tuple[int, ...]:
        return tuple(self.totals)

    @property
    def winners(self) -> tuple[int, ...]:
        if not self.finished:
            return ()
        best = min(self.totals)
        return tuple(seat for seat, total in enumerate(self.totals) if total == best)

    @property
    def rounds_scored(self) -> int:
        return len(self.past_rounds)

    @property
    def last_round_points(self) -> tuple[int, ...]:
        return self.past_rounds[-1] if self.past_rounds else ()

    def legal_actions(self) -> list[base.Action]:
        if self.is_over:
            return []
        # follow_suit and lead_options, read off the moves held by suit.
        trick = self.trick
        plays = trick.plays
        seat = (trick.leader + len(plays)) % self.players
        if plays:
            same_suit = self.held_by_suit[seat][plays[0][1].key & 15]
            return same_suit[:] if same_suit else self.held[seat][:]  # type: ignore[return-value]
        held = self.held[seat]
        closed = _CLOSED_NUMBER[self.round_number - 1]
        if closed is None or self.broken:
            return held[:]  # type: ignore[return-value]
        count = len(self.held_by_suit[seat][closed])
        if count == 0 or count == len(held):
            return held[:]  # type: ignore[return-value]
        return [play for play in held if play.card.key & 15 != closed]

    def _closed_suits(self) -> tuple[Suit, ...]:
        restricted = self.round_rule.restricted
        if restricted is None or self.broken:
            return ()
        return (restricted,)

    def apply(self, action: base.Action) -> list[base.Event]:
        seat = self._check(action)
        events: list[base.Event] = []
        self._play(seat, action, events)  # type: ignore[arg-type]  # _check saw a PlayCard
        return events

    def apply_trusted(self, action: base.Action) -> None:
        # _play inlined: the only move, made in every step of random play and search.
        plays = self.trick.plays
        seat = (self.trick.leader + len(plays)) % self.players
        card: Card = action.card  # type: ignore[attr-defined]
        hand = self.hands[seat]
        # One search of the hand serves both lists: ``held`` is in the hand's order.
        at = hand.index(card)
        del hand[at], self.held[seat][at]
        self.held_by_suit[seat][card.key & 15].remove(action)
        if plays and not self.broken:
            led = plays[0][1].suit
            if card.suit is not led and card.suit is ROUNDS[self.round_number - 1].restricted:
                self.broken = True
        plays.append((seat, card))
        if _POINTS_BY_KEY[self.round_number - 1][card.key]:
            self.point_cards_left -= 1
        if len(plays) == self.players:
            self._finish_trick(None)

    # The steps after a play append their events to ``events`` unless it is None (the
    # trusted path).

    def _play(self, seat: int, action: PlayCard, events: list[base.Event]) -> None:
        """``apply_trusted``'s play, telling what happens in ``events``."""
        card = action.card
        self._take_from_hand(seat, card, action)
        plays = self.trick.plays
        led = plays[0][1].suit if plays else None
        plays.append((seat, card))
        events.append(base.CardPlayed(seat, card))
        if led is not None and card.suit is not led and not self.broken:
            if card.suit is self.round_rule.restricted:
                self.broken = True
                events.append(SuitBroken(seat, card.suit))
        if _POINTS_BY_KEY[self.round_number - 1][card.key]:
            self.point_cards_left -= 1
        if len(plays) == self.players:
            self._finish_trick(events)

    def _check(self, action: base.Action) -> int:
        """The seat to move, once ``action`` is known to be legal; otherwise raise
        ``IllegalAction`` saying why."""
        if self.finished:
            raise base.IllegalAction("The game is over; no more cards can be played.")
        if not isinstance(action, PlayCard):
            raise base.IllegalAction("In Arizona Spaghetti the only move is to play a card.")
        seat = (self.trick.leader + len(self.trick.plays)) % self.players
        hand = self.hands[seat]
        card = action.card
        if card not in hand:
            raise base.IllegalAction(f"You do not hold the {card.name}.")
        if self.trick.plays:
            led = self.trick.plays[0][1].suit
            if card.suit is not led and any(c.suit is led for c in hand):
                raise base.IllegalAction(follow_suit_reason(led))  # type: ignore[arg-type]
        elif card.suit in self._closed_suits() and any(c.suit is not card.suit for c in hand):
            name = card.suit.title.capitalize()  # type: ignore[union-attr]
            raise base.IllegalAction(f"{name} may not be led until they are broken.")
        return seat

    def _finish_trick(self, events: list[base.Event] | None) -> None:
        rule = self.round_rule
        trick = self.trick
        card_points = _POINTS_BY_KEY[self.round_number - 1]
        # trick_winner (no trumps) and the points taken, in one pass. Within a suit a
        # card's key orders it as its rank does.
        winner, best = trick.plays[0]
        led = best.suit
        taken: int = card_points[best.key]  # type: ignore[assignment]
        for seat, card in trick.plays[1:]:
            taken += card_points[card.key]  # type: ignore[operator]
            if card.suit is led and card.key > best.key:
                winner, best = seat, card
        points = rule.per_trick + taken
        last = not self.hands[winner]
        if last:
            points += rule.last_trick
        self.round_points[winner] += points
        plays = tuple(trick.plays)
        self.tricks.append(_new_tuple(CompletedTrick, (trick.leader, plays, winner, points)))
        if events is not None:
            events.append(TrickTaken(winner, tuple(card for _, card in plays), points))
        early = (
            not last
            and rule.ends_early
            and self.options.early_end
            and self.point_cards_left == 0
        )
        # The trick is collected before anything else happens, so a finished trick is
        # never both on the table and among the tricks (at game over too).
        self.trick = Trick(winner)
        if last or early:
            self._finish_round(events, early)

    def _finish_round(self, events: list[base.Event] | None, early: bool) -> None:
        rule = self.round_rule
        if early and events is not None:
            left = sum(len(hand) for hand in self.hands)
            events.append(RoundEndedEarly(rule.number, left, rule.early_reason))
        points = tuple(self.round_points)
        self.past_rounds.append(points)
        self.totals = [total + p for total, p in zip(self.totals, points, strict=True)]
        if events is not None:
            events.append(base.RoundScored(points, tuple(self.totals)))
        if self.round_number == ROUNDS_PER_GAME:
            self.finished = self.is_over = True
            if events is not None:
                events.append(base.GameOver(self.winners))
            return
        self.round_number += 1
        self.dealer = (self.dealer + 1) % self.players
        deck = deck_for(self.players)
        shuffle(deck, self.rng)
        self.deal(deck)
        if events is not None:
            events.append(base.HandDealt(self.dealer, self.hand_counts(), self.round_number))

    def deal(self, deck: Sequence[Card]) -> None:
        """Deal ``deck`` (top first) for the current round, starting left of the dealer,
        and reset the round's trick, points and broken suit."""
        first = (self.dealer + 1) % self.players
        hands = deal_round(deck, self.players, first, DECK_SETUP[self.players].hand_size)
        self.hands = [_sort_hand(hand) for hand in hands]
        self._hold_moves()
        self.trick = Trick(first)
        self.tricks = []
        self.broken = False
        self.round_points = [0] * self.players
        self.point_cards_left = _point_cards(hands, self.round_number)

    def hand_counts(self) -> tuple[int, ...]:
        return tuple(map(len, self.hands))

    def earlier_digests(self) -> Iterator[str]:
        """Also the fingerprint a finished game had until the last trick of the game
        was collected like every other: that trick stayed on the table as well."""
        yield from super().earlier_digests()
        if self.finished and self.tricks and not self.trick.plays:
            last = self.tricks[-1]
            as_it_was = self.clone()
            as_it_was.trick = Trick(last.leader, list(last.plays))
            yield as_it_was.digest()

    def clone(self) -> Self:
        rng = base.copy_rng(self.rng)
        return type(self)(
            players=self.players,
            options=self.options,
            seed=self.seed,
            rng=rng,
            round_number=self.round_number,
            dealer=self.dealer,
            hands=[list(hand) for hand in self.hands],
            trick=self.trick.copy(),
            tricks=list(self.tricks),
            broken=self.broken,
            point_cards_left=self.point_cards_left,
            round_points=list(self.round_points),
            past_rounds=list(self.past_rounds),
            totals=list(self.totals),
            finished=self.finished,
        )

    def view(self, seat: int | None) -> ArizonaSpaghettiView:
        return ArizonaSpaghettiView(
            seat=seat,
            players=self.players,
            options=self.options,
            round_number=self.round_number,
            dealer=self.dealer,
            to_move=self.to_move,
            hand=() if seat is None else tuple(self.hands[seat]),
            hand_counts=self.hand_counts(),
            trick_leader=self.trick.leader,
            trick=tuple(self.trick.plays),
            tricks=tuple(self.tricks),
            broken=self.broken,
            round_points=tuple(self.round_points),
            past_rounds=tuple(self.past_rounds),
            totals=tuple(self.totals),
            is_over=self.finished,
            winners=self.winners,
        )


# The rules object.


class ArizonaSpaghettiRules(base.GameRules[ArizonaSpaghettiState, ArizonaSpaghettiOptions]):
    """Starts games of Arizona Spaghetti, reads its moves and samples hidden hands."""

    name: ClassVar[str] = "arizona_spaghetti"
    title: ClassVar[str] = "Arizona Spaghetti"
    summary: ClassVar[str] = (
        "Six rounds of no-trump tricks, each with its own costly cards; lowest total wins."
    )
    player_counts: ClassVar[tuple[int, ...]] = (3, 4, 5, 6, 7, 8)
    Options: ClassVar[type[ArizonaSpaghettiOptions]] = ArizonaSpaghettiOptions
    low_score_wins: ClassVar[bool] = True

    def start(
        self,
        players: int,
        options: ArizonaSpaghettiOptions,
        seed: int,
        rng: random.Random,
        deck: list[Card] | None,
    ) -> ArizonaSpaghettiState:
        dealer = rng.randrange(players)
        if deck is None:
            cards = deck_for(players)
            shuffle(cards, rng)
        else:
            cards = deck
            if Counter(cards) != Counter(_DECKS[players]):
                removed = " ".join(str(c) for c in DECK_SETUP[players].removed) or "nothing"
                raise ValueError(
                    f"A stacked deck for {players} players must hold the pack less {removed}."
                )
        state = ArizonaSpaghettiState(
            players=players,
            options=options,
            seed=seed,
            rng=rng,
            round_number=1,
            dealer=dealer,
            hands=[],
            trick=Trick((dealer + 1) % players),
            totals=[0] * players,
        )
        state.deal(cards)
        return state

    def determinize(self, view: base.GameView, rng: random.Random) -> ArizonaSpaghettiState:
        if not isinstance(view, ArizonaSpaghettiView) or view.seat is None:
            raise ValueError("Only a seated player's Arizona Spaghetti view can be filled in.")
        sizes = {s: n for s, n in enumerate(view.hand_counts) if s != view.seat}
        dealt = deal_unseen(view.unseen_cards(), sizes, view.known_voids(), rng)
        dealt[view.seat] = list(view.hand)
        hands = [_sort_hand(dealt[seat]) for seat in range(view.players)]
        seed = rng.getrandbits(32)
        trick = Trick(view.trick_leader, list(view.trick))
        return ArizonaSpaghettiState(
            players=view.players,
            options=view.options,
            seed=seed,
            rng=random.Random(seed),
            round_number=view.round_number,
            dealer=view.dealer,
            hands=hands,
            trick=trick,
            tricks=list(view.tricks),
            broken=view.broken,
            point_cards_left=_point_cards(hands, view.round_number),
            round_points=list(view.round_points),
            past_rounds=list(view.past_rounds),
            totals=list(view.totals),
            finished=view.is_over,
        )

    def parse_action(self, text: str) -> PlayCard:
        words = text.split()
        if len(words) != 2 or words[0].lower() != "play":
            raise base.ActionParseError(f"{text!r} is not a move; write it like 'play QS'.")
        try:
            card = Card.parse(words[1])
        except CardError as error:
            raise base.ActionParseError(str(error)) from None
        play = _PLAY_BY_KEY[card.key]
        if play is None:
            raise base.ActionParseError(f"{card} is not in the pack Arizona Spaghetti uses.")
        return play
