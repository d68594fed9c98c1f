"""A Spades player that counts its tricks when bidding and plays by the usual craft:
win cheaply when the side needs tricks (third hand over the opponent's card), duck when
the partner is winning, cover a partner's nil, try to set an opponent's nil, press on to
set the other side's contract when it is within reach, and otherwise avoid bags once
the contract is safe."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from functools import cached_property
from typing import Any

from cardtable_gui.ai.advice import Advice
from cardtable_gui.ai.base import SeatHeuristic
from cardtable_gui.ai.claims import Claim, certain, likely
from cardtable_gui.ai.trick_facts import TrickFacts, beats, highest_left, touching
from cardtable_gui.cards import FRENCH_SUITS, Card, Rank, Suit, french_deck
from cardtable_gui.grammar import listed
from cardtable_gui.rules.base import Action, GameState, GameView
from cardtable_gui.rules.spades import (
    BAG_LIMIT,
    BAG_PENALTY,
    BLIND_NIL,
    LOOK,
    TRICKS_PER_HAND,
    Bid,
    PlayCard,
    SideResult,
    SpadesState,
    SpadesView,
)

BLIND_NIL_DEFICIT_TO_GAMBLE = 250
"""How far behind the side must be before this player risks a blind nil."""

BLIND_NIL_DANGER = 150
"""Blind nil is a last resort: only when the leaders are this close to the target."""

BID_CAUTION = 0.6
"""Tricks taken off the hand's estimate (what it takes on average) before it is rounded
to a bid: a set costs the whole bid, a trick over it only a bag, so a bid a little under
the average pays. Measured over 2,000 whole games against the same player at other
cautions: 0.6 won the most; 0.4 and 0.8 fewer, a whole trick far fewer."""

NIL_MOST_SPADES = 3
"""A nil bid holds no more spades than this: each one more is a card that may be forced
to win a trick when the others run out of a suit."""

NIL_MOST_TRICKS = 2.5
"""A nil bid's hand counts fewer tricks than this (``estimate_tricks``): kings and queens
guarded by low cards count for less than a trick each, and can usually be ducked."""

PRESS_WITHIN = 3
"""Once the side has its contract it keeps taking tricks, rather than ducking to avoid
bags, while this many more tricks of its own would set the other side's contract: a set
costs them ten points for every trick they bid, more than a few bags cost. Measured
over whole games against the same player that always ducked: about three games in
four won; pressing from further out won no more and took more bags."""

_PACK = frozenset(french_deck())


class SpadesHeuristic(SeatHeuristic):
    """Plays one seat of Spades from its view alone."""

    contests_every_trick = False
    """Whether it keeps taking tricks once its contract is safe (``SpadesRival``)."""

    def choose(self, view: GameView, legal: Sequence[Action]) -> Action:
        # The same choice as ``advise`` without the words: search asks this for every
        # move of every rollout, where a reason would be built and thrown away.
        assert isinstance(view, SpadesView)
        if LOOK in legal or isinstance(legal[0], Bid):
            return self.advise(view, legal).action
        cards = [a.card for a in legal if isinstance(a, PlayCard)]
        if len(cards) == 1:
            return PlayCard(cards[0])
        return PlayCard(Play(view, self.seat, self.contests_every_trick).choose(cards))

    def advise(self, view: GameView, legal: Sequence[Action]) -> Advice:
        """The bid or card, and why in the hand's terms (contract, nil, bags)."""
        assert isinstance(view, SpadesView)
        if LOOK in legal:
            if self._gamble_blind_nil(view):
                own = view.side_of(self.seat)
                behind = max(s for i, s in enumerate(view.scores) if i != own) - view.scores[own]
                return Advice(
                    BLIND_NIL,
                    f"Bid blind nil: your side is {behind} points behind and the leaders are "
                    "close to winning, so the 100-point gamble is worth it.",
                    "blind-nil",
                )
            return Advice(
                LOOK,
                "Look at your cards: your side is not far enough behind to gamble on a blind nil.",
                "look",
            )
        if isinstance(legal[0], Bid):
            return self._bid(view, legal)
        cards = [a.card for a in legal if isinstance(a, PlayCard)]
        if len(cards) == 1:
            return Advice(PlayCard(cards[0]), f"Play the {cards[0].name}: it is the only card you may play.", "only-card")
        play = Play(view, self.seat)
        card, rule = play.pick(cards)
        reason, claims = play.reason(card, rule, cards)
        return Advice(PlayCard(card), reason, rule, claims=claims)

    # Bidding

    def _gamble_blind_nil(self, view: SpadesView) -> bool:
        own = view.side_of(self.seat)
        behind = max(s for i, s in enumerate(view.scores) if i != own) - view.scores[own]
        partner = _partner(view, self.seat)
        partner_bid = view.bids[partner] if partner is not None else None
        partner_nil = partner_bid is not None and partner_bid.is_nil
        leaders_close = max(view.scores) >= view.target - BLIND_NIL_DANGER
        return behind >= BLIND_NIL_DEFICIT_TO_GAMBLE and leaders_close and not partner_nil

    def _bid(self, view: SpadesView, legal: Sequence[Action]) -> Advice:
        hand = view.hand
        estimate = estimate_tricks(hand)
        partner = _partner(view, self.seat)
        partner_bid = view.bids[partner] if partner is not None else None
        nil = Bid(0)
        if nil in legal and (partner_bid is None or not partner_bid.is_nil) and can_duck_all(hand):
            return Advice(
                nil,
                "Bid nil: you hold no ace, at most three spades and none above the jack, and "
                "in each other suit as many low cards as high ones to hide behind, so you can "
                "hope to stay under every trick.",
                "bid-nil",
            )
        covering = partner_bid is not None and partner_bid.is_nil
        if covering:
            estimate += 1
        tricks = max(1, min(13, round(estimate - BID_CAUTION)))
        count = f"{tricks} trick" + ("" if tricks == 1 else "s")
        if covering:
            reason = (
                f"Bid {tricks}: your high cards and spades should take about {tricks - 1 if tricks > 1 else 1}, "
                "and covering your partner's nil will take one more."
            )
        else:
            reason = f"Bid {tricks}: your high cards and spades should take about {count}."
        return Advice(Bid(tricks), reason, "bid-count")


class SpadesRival(SpadesHeuristic):
    """Medium's bids and play, but it never ducks to avoid bags: it fights for every
    trick its nil allows. The search seats it on the other side in its rollouts, so
    Hard never counts on an opponent giving tricks away once their contract is safe.
    Measured on the same 100 duplicate deals against OpenSpiel's ISMCTS, which fights
    for every trick: Hard went from 13.4 to 19.2 points a hand ahead (5.8 +- 4.0 on the
    same deals), its side set in 3% of hands instead of 10%; against Medium it stayed
    as strong (19.1 points a hand ahead over 200 deals, 19.3 before)."""

    contests_every_trick = True


TRICKS_FROM_LOW_CARDS = 0.6
"""The tricks a hand takes on average besides those its holdings below count: a low
card that wins when the others have run out of its suit, a trick an opponent misplays."""

TRICK_WORTH = {
    "spade ace": 1.14,
    "spade king with another spade": 0.84,
    "spade queen with two more spades": 0.61,
    "spade queen with fewer spades": 0.26,
    "spade jack with three more spades": 0.34,
    "each spade past the third": 0.65,
    "side ace in a suit of six or fewer": 0.91,
    "side ace in a longer suit": 0.70,
    "side king with another card of its suit, five or fewer": 0.61,
    "side king in a longer suit": 0.39,
    "side queen in a suit of three or four": 0.28,
    "a spade spare to trump a short side suit": 0.59,
}
"""What each holding adds to the tricks a hand takes, on average, in this player's own
games: least squares over 14,600 hands of Medium's play (its partner not bidding nil).
Fitted instead of guessed, the bids they give, taken ``BID_CAUTION`` lower, won 58% of
2,000 whole games against the same player with the guessed worths (the guesses counted
the high cards too high and the small cards not at all)."""


def estimate_tricks(hand: Sequence[Card]) -> float:
    """The tricks ``hand`` should take on average: high cards that stand up, long spades,
    and spades spare to trump the side suits the hand is short in."""
    by_suit = {suit: [c.rank for c in hand if c.suit is suit] for suit in FRENCH_SUITS}
    spades = by_suit[Suit.SPADES]
    count = len(spades)
    worth = TRICK_WORTH
    tricks = TRICKS_FROM_LOW_CARDS
    if Rank.ACE in spades:
        tricks += worth["spade ace"]
    if Rank.KING in spades and count >= 2:
        tricks += worth["spade king with another spade"]
    if Rank.QUEEN in spades:
        tricks += worth["spade queen with two more spades" if count >= 3 else "spade queen with fewer spades"]
    if Rank.JACK in spades and count >= 4:
        tricks += worth["spade jack with three more spades"]
    tricks += max(0, count - 3) * worth["each spade past the third"]
    for suit in (Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS):
        ranks = by_suit[suit]
        length = len(ranks)
        if Rank.ACE in ranks:
            tricks += worth["side ace in a suit of six or fewer" if length <= 6 else "side ace in a longer suit"]
        if Rank.KING in ranks and length >= 2:
            tricks += worth[
                "side king with another card of its suit, five or fewer" if length <= 5 else "side king in a longer suit"
            ]
        if Rank.QUEEN in ranks and 3 <= length <= 4:
            tricks += worth["side queen in a suit of three or four"]
    # Two spades are kept to draw trumps; the rest trump a void twice, a singleton once,
    # a doubleton half the time, taking the side suits in turn until they run out.
    spare = max(0, count - 2)
    for suit in (Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS):
        if spare <= 0:
            break
        ruffs = min({0: 2, 1: 1, 2: 0.5}.get(len(by_suit[suit]), 0), spare)
        tricks += ruffs * worth["a spade spare to trump a short side suit"]
        spare -= ruffs
    return tricks


def can_duck_all(hand: Sequence[Card]) -> bool:
    """A hand that can hope to take no trick: no ace; at most three spades, none above
    the jack; in each side suit at least as many low cards (six or under) as cards of
    ten or more, to hide under; and fewer than ``NIL_MOST_TRICKS`` counted tricks.

    Measured over whole games against the same player with a stricter test (no king or
    queen either, a low card more than the high ones, under one counted trick), which bid
    nil in one hand in 450: this one bids it about once in 20 hands, makes two in three,
    and won 56% of 1,000 games both ways round (+31 points a game)."""
    spades = [c for c in hand if c.suit is Suit.SPADES]
    if len(spades) > NIL_MOST_SPADES or any(c.rank > Rank.JACK for c in spades):
        return False
    if any(c.rank is Rank.ACE for c in hand):
        return False
    for suit in (Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS):
        cards = [c for c in hand if c.suit is suit]
        high = [c for c in cards if c.rank >= Rank.TEN]
        low = [c for c in cards if c.rank <= Rank.SIX]
        if len(low) < len(high):
            return False
    return estimate_tricks(hand) < NIL_MOST_TRICKS


SLIP_TRICKS = 2
"""How far a beginner's bid may stray from a sound one, in tricks."""


def beginner_slips(good: Action, legal: Sequence[Action]) -> Sequence[Action]:
    """What a beginner might do in place of ``good``: a bid a trick or two off it (nil
    only near a nil or a bid of one), looking at the cards rather than gambling on a
    blind nil, or any card. A bid of eleven on a hand worth three is no slip a player
    makes, and it decided a new player's first game before a card was played."""
    if LOOK in legal:
        return [LOOK]
    if not isinstance(good, Bid):
        return legal
    near = [bid for bid in legal if isinstance(bid, Bid) and not bid.blind and abs(bid.tricks - good.tricks) <= SLIP_TRICKS]
    if good.tricks > 1:
        near = [bid for bid in near if not bid.is_nil]
    return near or [good]


WEIGHED_TRICKS = 2
"""How far from the heuristic's bid the search weighs other bids, in tricks."""


def bids_worth_weighing(favourite: Action, legal: Sequence[Action]) -> Sequence[Action]:
    """The bids the search weighs beside ``favourite`` (the heuristic's): those up to
    two tricks either side of it, and nil, a different plan for the hand (and looking
    at the cards, against a blind nil). A bid five tricks off a sound one is never
    best, and trying all fourteen spread the samples so thin that the close calls were
    decided on a dozen deals. Weighing only these made Hard's bids no worse (+8.1 points
    a hand over Medium's, with Medium's card play, against +7.9 weighing all; 200
    duplicate deals) in two thirds of the time."""
    if not isinstance(favourite, Bid):
        return legal
    return [
        move
        for move in legal
        if not isinstance(move, Bid)
        or move == favourite
        or (not move.blind and (move.is_nil or abs(move.tricks - favourite.tricks) <= WEIGHED_TRICKS))
    ]


def touching_cards(view: GameView, move: Action, other: Action) -> bool:
    """Whether two plays are of touching cards (``trick_facts.touching``), which take
    the same tricks whichever is played: weighing both spent samples on a difference
    that is only the luck of the rollouts."""
    if not (isinstance(move, PlayCard) and isinstance(other, PlayCard) and isinstance(view, SpadesView)):
        return False
    played = {card for trick in view.completed for _, card in trick.plays}
    return touching(move.card, other.card, played.union(view.hand))



def nil_cover(view: GameView, legal: Sequence[Action], seat: int) -> Action | None:
    """The high card that covers a partner's nil still unbroken when the partner plays
    after this seat in the trick, or None elsewhere.

    The search plays it without weighing: its worth lies in the deals where the nil
    bidder holds high cards of the suit, and the rollouts' players, who after covering
    do not play on to protect the nil, rate the cheaper card better on the rest. An
    expert covers with the highest card of the suit that still beats the trick."""
    assert isinstance(view, SpadesView)
    if not view.trick or not all(isinstance(a, PlayCard) for a in legal):
        return None
    play = Play(view, seat)
    partner = play.partner
    if partner is None or not play.nil_partner or view.tricks_won[partner]:
        return None
    card, reason = play.pick([a.card for a in legal if isinstance(a, PlayCard)])
    return PlayCard(card) if reason == "cover-nil-high" else None


BAG_WEIGHT = 5
"""Points the search takes off a hand for each bag it brings. Ten bags cost a hundred, ten
points each, but a game often ends before the tenth is taken, and a side that ducks every
bag it can is set more often. Measured against OpenSpiel's ISMCTS (100 duplicate deals)
and Medium (30 whole games): at ten, Hard led the bot by +9.2 points a hand and Medium by
+28.47 a hand over whole games (54 games of 60); at five, +15.0 and +24.87 (53 of 60);
at none, +18.6 and +10.70 (43 of 60). With each bag counted at ten over a game, the bot
was behind by 33.4 at five and 29.3 at ten."""

HAND_WORTH_WORDS = "with five points taken off for each bag, in place of the penalty for ten"
"""What ``hand_worth`` counts differently from the score, said beside a figure of it."""


def hand_worth(state: GameState[Any]) -> tuple[float, ...]:
    """What the hand just scored in ``state`` is worth to the search, seat by seat
    (partners carry their side's): ``BAG_WEIGHT`` points off for each bag, and the
    penalty paid on this hand's tenth bag left to the bags that brought it. Counted only
    by its own points, a bag looked like a gift: the search bid low and took two bags a
    hand, whose penalties came later."""
    assert isinstance(state, SpadesState) and state.last_hand is not None
    if state.is_over or not state.options.bag_penalty:
        return state.last_round_points
    worth = [side_worth(side, BAG_WEIGHT) for side in state.last_hand.sides]
    return tuple([worth[state.side_of(seat)] for seat in range(state.players)])


def side_worth(side: SideResult, per_bag: float = BAG_PENALTY / BAG_LIMIT) -> float:
    """One side's hand with ``per_bag`` points off for each bag (by default the ten each
    costs over a game, how a benchmark judges a hand), and the penalty paid on a tenth
    bag left to the bags that brought it."""
    return side.points + side.bag_penalty - side.bags * per_bag


def _partner(view: SpadesView, seat: int) -> int | None:
    return (seat + 2) % 4 if view.partnerships else None


def _beats(card: Card, best: Card) -> bool:
    """Whether ``card`` would take the trick from ``best``, spades being trumps."""
    return beats(card, best, Suit.SPADES)


class Play:
    """The reasoning for one card choice, from one seat's view; ``contest``: the
    seat goes on taking tricks when its contract is safe (``SpadesRival``)."""

    def __init__(self, view: SpadesView, seat: int, contest: bool = False) -> None:
        self.view = view
        self.seat = seat
        self.partner = _partner(view, seat)
        bids = view.bids
        self.nil_me = bids[seat] is not None and bids[seat].is_nil  # type: ignore[union-attr]
        self.nil_partner = self.partner is not None and _is_nil(bids[self.partner])
        self.opponents = [s for s in range(4) if s != seat and s != self.partner]
        self.nil_opponents = [
            s for s in self.opponents if _is_nil(bids[s]) and view.tricks_won[s] == 0
        ]
        side = view.sides[view.side_of(seat)]
        self.need = _still_needed(view, side)
        """Tricks the side still needs for its contract (none or fewer: made)."""
        self.left = TRICKS_PER_HAND - len(view.completed)
        """Tricks still to be won, this one included."""
        self.their_need = _still_needed(view, self.opponents) if self.partner is not None else 0
        """Tricks the other side still needs for its contract (partnerships only)."""
        self.to_set = self.left - self.their_need + 1
        """Tricks that, taken by this side, leave the other side short of its contract."""
        self.setting = self.need <= 0 and not self.nil_me and 1 <= self.to_set <= PRESS_WITHIN
        """The contract is made and the other side's can still be set but is not yet
        (they need more than nothing, and no more than the tricks left): keep taking
        tricks. Once they are set, further tricks are only bags."""
        self.wants_tricks = self.need > 0 or self.setting or (contest and not self.nil_me)
        self.hand = list(view.hand)

    @cached_property
    def out(self) -> frozenset[Card]:
        """The cards neither played nor in this hand: worked out only when a choice
        asks (most of a rollout's plays never do)."""
        view = self.view
        played = [card for done in view.completed for _, card in done.plays]
        return _PACK.difference(played, (card for _, card in view.trick), self.hand)

    @cached_property
    def facts(self) -> TrickFacts:
        """What the seat can be sure of about this trick, for the reason's claims (the
        card choice never needs more than ``out``)."""
        view = self.view
        return TrickFacts(
            seat=self.seat,
            out=self.out,
            counts=view.hand_counts,
            voids=view.known_voids(),
            plays=view.trick,
            later=tuple((self.seat + k) % 4 for k in range(1, 4 - len(view.trick))),
            trump=Suit.SPADES,
        )

    def choose(self, legal: list[Card]) -> Card:
        return self.pick(legal)[0]

    def pick(self, legal: list[Card]) -> tuple[Card, str]:
        """The card to play and the rule of thumb that chose it."""
        if not self.view.trick:
            return self._lead(legal)
        return self._follow(legal)

    # Leading

    def _lead(self, legal: list[Card]) -> tuple[Card, str]:
        if self.nil_me:
            return _lowest(legal), "nil-lead-low"
        if self.nil_partner:
            return _highest(legal, prefer_side_suits=True), "cover-nil-lead"
        if self.nil_opponents:
            return _lowest(legal), "set-nil-lead"
        if self.wants_tricks:
            winners = [c for c in legal if self._is_master(c)]
            if winners:
                return _highest(winners, prefer_side_suits=True), "cash-winner"
        side_cards = [c for c in legal if c.suit is not Suit.SPADES]
        if self.wants_tricks and side_cards and any(c.suit is Suit.SPADES for c in self.hand):
            # Emptying the shortest side suit early lets the spades trump it later; a
            # short suit's queen or better stays home to win a trick of its own.
            low = [c for c in side_cards if c.rank < Rank.QUEEN] or side_cards
            lengths = Counter(c.suit for c in self.hand)
            return min(low, key=lambda c: (lengths[c.suit], c.rank)), "lead-short"
        return _lowest(side_cards or legal), "lead-low"

    def _short_lead_reason(self, card: Card) -> str:
        """Why lead low from ``card``'s side suit: it is the shortest, or the shortest
        but for suits whose only cards are a queen or better, kept to win a trick each.
        Seen in play: "a short side suit (you hold 4 hearts)" beside a lone queen."""
        length = self._length(card.suit)
        kept = sorted(
            (c for c in self.hand if c.suit is not Suit.SPADES and c.suit is not card.suit and self._length(c.suit) < length),
            key=lambda c: -c.rank,
        )
        start = f"Lead the {card.name}: with no sure winner to cash, start"
        trump = "once it runs out, your spades can trump it."
        if not kept:
            return f"{start} on your shortest side suit (you hold {_count(length, card)}) with its lowest card; {trump}"
        names = listed([f"the {c.name}" for c in kept])
        is_kept = "is kept" if len(kept) == 1 else "are kept"
        return (
            f"{start} on your shortest side suit that has a low card (you hold {_count(length, card)}), "
            f"with its lowest; {names} {is_kept} to try for a trick of {'its' if len(kept) == 1 else 'their'} own, "
            f"and once your {_suit(card)} run out, your spades can trump them."
        )

    def _length(self, suit: Suit | None) -> int:
        """How many cards of ``suit`` this seat holds."""
        return sum(1 for c in self.hand if c.suit is suit)

    def _is_master(self, card: Card) -> bool:
        """No higher card of its suit is still out in another hand."""
        return highest_left(card, self.out)

    # Following

    def _follow(self, legal: list[Card]) -> tuple[Card, str]:
        view = self.view
        best_seat, best = self._best()
        last_to_play = len(view.trick) == 3
        winning = [c for c in legal if _beats(c, best)]
        losing = [c for c in legal if c not in winning]

        if self.nil_me:
            return (_highest(losing), "nil-duck") if losing else (_highest(legal), "nil-forced")
        led = view.trick[0][1].suit
        if self.nil_partner:
            if best_seat == self.partner:
                # Beating the partner's card is all it takes, whatever comes after:
                # the cheapest card that does it keeps the big ones for later.
                return (_lowest(winning), "cover-nil") if winning else (_lowest(legal), "cannot-cover")
            if self.partner not in [s for s, _ in view.trick]:
                # The partner plays after: the higher the card of the suit, the more
                # room it leaves them underneath; a ruff only needs to be a spade.
                in_suit = [c for c in winning if c.suit is led]
                if in_suit:
                    return _highest(in_suit), "cover-nil-high"
                return (_lowest(winning), "cover-nil-ruff") if winning else (_lowest(legal), "cannot-cover")
        if self.nil_opponents:
            nil_seat = self.nil_opponents[0]
            if best_seat == nil_seat:
                # Stay under the nil bidder; following suit, shed the highest card
                # that still ducks, but a discard is a low one: an ace thrown here
                # is a sure trick given away.
                in_suit = [c for c in losing if c.suit is led]
                if in_suit:
                    return _highest(in_suit), "set-nil"
                return (_lowest(losing), "set-nil-discard") if losing else (_lowest(legal), "forced-win")
            if nil_seat not in [s for s, _ in view.trick] and losing:
                return _lowest(losing), "set-nil-low"
        partner_winning = best_seat == self.partner
        if not self.wants_tricks:
            if losing:
                return _highest(losing, prefer_side_suits=True), "avoid-bags"
            return _lowest(legal), "forced-win"
        if partner_winning and (last_to_play or self._is_master(best) or best.suit is Suit.SPADES):
            return (_lowest(losing), "partner-winning") if losing else (_lowest(legal), "forced-win")
        if winning:
            cheapest = _lowest(winning)
            if last_to_play or self._is_master(cheapest) or cheapest.rank >= Rank.QUEEN:
                return cheapest, "win-cheap"
            if cheapest.suit is Suit.SPADES and best.suit is not Suit.SPADES:
                return cheapest, "ruff"
            if len(view.trick) == 2 and not partner_winning:
                # Third hand, the opponent's card on top of the partner's lead: ducking
                # here hands the trick to the last player for the cheapest card they hold.
                return cheapest, "win-cheap"
        return (_lowest(losing), "duck-low") if losing else (_lowest(legal), "forced-win")

    def _best(self) -> tuple[int, Card]:
        """The seat winning the trick so far, and its card."""
        best_seat, best = self.view.trick[0]
        for seat, card in self.view.trick[1:]:
            if _beats(card, best):
                best_seat, best = seat, card
        return best_seat, best

    # Saying why

    def _goal(self) -> str:
        """Why the side wants tricks, as the end of a sentence: "your side needs 2 more
        tricks", or the set it is pressing for."""
        if self.need > 0:
            return f"your side needs {self.need} more trick" + ("" if self.need == 1 else "s")
        more = f"{self.to_set} more" if self.to_set > 1 else "one more"
        return (
            f"the other side still needs {self.their_need} of the {self.left} tricks left, "
            f"so {more} for your side sets their contract"
        )

    def reason(self, card: Card, rule: str, legal: list[Card]) -> tuple[str, tuple[Claim, ...]]:
        """``rule``'s reason for playing ``card`` (one of ``legal``) in the hand's terms,
        and the facts the reason states."""
        name = card.name
        if not self.view.trick:
            if rule == "cash-winner":
                return self._cash_reason(card)
            return {
                "nil-lead-low": f"Lead the {name}: you bid nil, so lead low and let the others fight for the trick.",
                "cover-nil-lead": (
                    f"Lead the {name}, your highest card{'' if card.suit is Suit.SPADES else ' outside spades'}: "
                    "the higher the lead, the more room your partner has to play under it and keep their nil."
                ),
                "set-nil-lead": f"Lead the {name}: a low lead against a nil bid leaves the nil bidder little room to play under.",
                "lead-short": self._short_lead_reason(card),
                "lead-low": (
                    f"Lead the {name}: your side has its contract, so give the lead away cheaply and avoid bags."
                    if not self.wants_tricks
                    else f"Lead the {name}: with no sure winner to cash, a low side card gives the least away."
                ),
            }[rule], ()
        best_seat, best = self._best()
        if rule in ("forced-win", "nil-forced"):
            return self._forced_reason(card, rule, best, legal)
        if rule in ("win-cheap", "ruff"):
            return self._taking_reason(card, rule, best)
        led_card = self.view.trick[0][1]
        lost = (certain("trick-lost", str(card)),)
        return {
            "nil-duck": (f"Play the {name}: it is your highest card that stays under the {best.name}, protecting your nil.", lost),
            "cover-nil": (f"Play the {name}: it beats your partner's {best.name}, taking the trick off their nil as cheaply as you can.", ()),
            "cover-nil-high": (f"Play the {name}: your partner plays after you, and a high {_one_of(led_card)} leaves them the most room under it for their nil.", ()),
            "cover-nil-ruff": (f"Ruff with the {name}: you have no {_suit(led_card)}, and a spade takes the trick before your partner has to play.", ()),
            "cannot-cover": (
                f"Play the {name}: nothing you may play beats the {best.name}, so keep your higher cards for later.",
                (certain("none-beat", str(best)),),
            ),
            "set-nil": (f"Play the {name}: the nil bidder's {best.name} is winning, and this is your highest {_one_of(led_card)} that stays under it.", lost),
            "set-nil-discard": (f"Throw away the {name}: the nil bidder's {best.name} is winning, so keep your high cards.", lost),
            "set-nil-low": (f"Play the {name}: the nil bidder plays after you; your lowest card under the {best.name} leaves them less room to duck.", lost),
            "avoid-bags": (f"Play the {name}: your side has made its contract, so duck with your highest losing card and avoid bags.", lost),
            "partner-winning": (f"Play the {name}: your partner's {best.name} is winning the trick, so save your good cards.", ()),
            "duck-low": (
                f"Play the {name}: your partner's {best.name} is winning the trick for now, so play your "
                "cheapest card that stays under it and keep your higher ones."
                if best_seat == self.partner
                else f"Play the {name}: you can't take this trick safely, and it is the cheapest card to give it up with."
                if any(_beats(c, best) for c in legal)
                else f"Play the {name}: nothing you may play beats the {best.name}, and it is the cheapest card to give the trick up with.",
                lost if any(_beats(c, best) for c in legal) else (*lost, certain("none-beat", str(best))),
            ),
        }[rule]

    def _cash_reason(self, card: Card) -> tuple[str, tuple[Claim, ...]]:
        """Leading a card no other hand can beat in its suit: it wins for sure only if
        nobody can trump it."""
        name = card.name
        top = certain("highest-left", str(card))
        # The trick it takes: one of those the side needs, or one toward the set.
        if self.need == 1:
            trick = "the one more trick your side needs"
        elif self.need > 1:
            trick = f"one of the {self.need} more tricks your side needs"
        else:
            more = f"{self.to_set} more" if self.to_set > 1 else "one more"
            trick = (
                f"a trick toward setting the other side (they still need {self.their_need} of the "
                f"{self.left} tricks left; {more} for your side sets their contract)"
            )
        if self.facts.sure_to_win(card):
            trumps = "" if card.suit is Suit.SPADES else " and nobody can trump it"
            return (
                f"Lead the {name}: no higher {_one_of(card)} is still out{trumps}, so it wins {trick}.",
                (top, certain("trick-won", str(card))),
            )
        return (
            f"Lead the {name}: no higher {_one_of(card)} is still out, so it takes {trick} "
            f"unless a player with no {_suit(card)} left trumps it.",
            (top, likely("trick-won", str(card))),
        )

    def _forced_reason(self, card: Card, rule: str, best: Card, legal: list[Card]) -> tuple[str, tuple[Claim, ...]]:
        """Every legal card beats the one winning: whether the trick is then surely
        ours depends on whether even the weakest of them can be beaten later."""
        name = card.name
        # The legal cards are all of one suit here (following suit, or all spades).
        weakest = min(legal, key=lambda c: c.rank)
        sure = self.facts.sure_to_win(weakest)
        won = certain("trick-won", str(weakest)) if sure else likely("trick-won", str(card))
        every = f"every card you may play beats the {best.name}"
        text = {
            ("nil-forced", True): "every card you may play wins this trick, so your nil is lost; shed your highest",
            ("nil-forced", False): (
                f"{every}, so your nil is lost on this trick unless a player still to come takes it; "
                "shed your highest"
            ),
            ("forced-win", True): "every card you may play wins this trick, so spend the cheapest",
            ("forced-win", False): f"{every}, so spend the cheapest; a card still to come may yet take the trick",
        }[rule, sure]
        return f"Play the {name}: {text}.", (certain("all-beat", str(best)), won)

    def _taking_reason(self, card: Card, rule: str, best: Card) -> tuple[str, tuple[Claim, ...]]:
        """Going for the trick: said as sure only when no card still to come can take it."""
        name = card.name
        led = _suit(self.view.trick[0][1])
        sure = self.facts.sure_to_win(card)
        goal = self._goal()
        text = {
            ("ruff", True): f"Ruff with the {name}: you have no {led}, nobody still to play can over-ruff it, and {goal}.",
            ("ruff", False): (
                f"Ruff with the {name}: you have no {led}, and {goal}; it takes the trick unless "
                "someone still to play over-ruffs."
            ),
            ("win-cheap", True): (
                f"Take the trick with the {name}: the cheapest card that beats the {best.name}, nothing still to "
                f"come can take it, and {goal}."
            ),
            ("win-cheap", False): (
                f"Go for the trick with the {name}: the cheapest card that beats the {best.name}, and {goal}; "
                "a later card may still come over it."
            ),
        }[rule, sure]
        return text, ((certain if sure else likely)("trick-won", str(card)),)


def _is_nil(bid: Bid | None) -> bool:
    return bid is not None and bid.is_nil


def _still_needed(view: SpadesView, seats: Sequence[int]) -> int:
    """Tricks ``seats`` (one side) still need for their contract: what they bid apart
    from nil, less the tricks taken by those who did not bid nil (a nil bidder's
    tricks never count toward it)."""
    bids = view.bids
    won = view.tricks_won
    # A plain loop: rollouts ask this twice for each card played by choice.
    needed = 0
    for seat in seats:
        bid = bids[seat]
        if bid is None:
            needed -= won[seat]
        elif not bid.is_nil:
            needed += bid.tricks - won[seat]
    return needed


def _lowest(cards: list[Card]) -> Card:
    """The cheapest card: side suits before spades, low ranks first."""
    return min(cards, key=lambda c: (c.suit is Suit.SPADES, c.rank))


def _highest(cards: list[Card], prefer_side_suits: bool = False) -> Card:
    if prefer_side_suits:
        side = [c for c in cards if c.suit is not Suit.SPADES]
        cards = side or cards
    return max(cards, key=lambda c: (c.rank, c.suit is not Suit.SPADES))


def _count(number: int, card: Card) -> str:
    """``number`` cards of ``card``'s suit in words: "1 diamond", "3 clubs"."""
    return f"{number} {_one_of(card) if number == 1 else _suit(card)}"


def _suit(card: Card) -> str:
    """The suit of ``card`` said of many cards: "hearts"."""
    return card.suit.title if card.suit is not None else "cards"


def _one_of(card: Card) -> str:
    """The suit of ``card`` said of one card: "heart", "spade"."""
    return card.suit.title.removesuffix("s") if card.suit is not None else "card"
