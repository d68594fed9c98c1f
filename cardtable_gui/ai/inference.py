"""What the table has shown about the hidden hands, for the search player's samples.

``rules.determinize`` deals the unseen cards at random, honouring only hard facts
(hand sizes, suits a seat has shown it lacks). A player learns more than that: a nil
bidder rarely holds the ace of spades, a bid of five comes from a hand worth about
five tricks, a player who took a costly trick when last to play had no lower card of
the suit. This module turns such evidence into a weight for a sampled deal, and
``sample_world`` draws several deals from ``determinize`` and picks one by weight
(sampling-importance-resampling). Every sample is still one ``determinize`` made, so
each stays exactly consistent with the view; only how often each kind of deal turns
up changes. Everything draws from the caller's random source, so it is seeded.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from typing import Any, Protocol

from cardtable_gui.ai.spades import BID_CAUTION, can_duck_all, estimate_tricks
from cardtable_gui.ai.trick_facts import beats
from cardtable_gui.cards import Card, Rank, Suit
from cardtable_gui.rules.arizona_spaghetti import ROUNDS, ArizonaSpaghettiState, ArizonaSpaghettiView
from cardtable_gui.rules.base import GameRules, GameState, GameView
from cardtable_gui.rules.spades import SpadesState, SpadesView
from cardtable_gui.rules.spinado import SPINADO, SpinadoState, SpinadoView, next_in_run

CANDIDATES = 12
"""Deals drawn from ``determinize`` for each sample kept."""

BID_SPREAD = 1.5
"""How far, in tricks, a bid may stray from what the Medium player would bid on a hand
before that hand becomes unlikely (one standard deviation)."""

NIL_SHARPNESS = 2.0
"""How fast a nil grows unlikely as the bidder's hand gets stronger, per estimated trick."""

NOT_NIL_ALIKE = 0.35
"""The extra weight a nil bidder's hand gets when it is not one Medium would bid nil on."""

NIL_WITH_HIGH_SPADE = {Rank.ACE: 0.03, Rank.KING: 0.15, Rank.QUEEN: 0.5}
"""The extra weight a nil bidder's hand gets for each high spade: the ace is a sure
trick, and hardly anyone bids nil holding it."""

TOOK_WHEN_LAST = 0.15
"""The weight of a deal in which a player who took a costly trick, playing last, held
a lower card of the suit they could have ducked with."""

TOOK_EARLIER = 0.5
"""The same when they were not last (a later card might still have come over theirs)."""

KEPT_THE_SPINADO = 0.35
"""The weight, per run a player let pass to another seat, of that player holding the
spinado: a player who holds it sends it down to keep the lead."""


class Evidence(Protocol):
    """The weight of one sampled deal, given what the view has shown."""

    def weight(self, world: GameState[Any]) -> float: ...


EVIDENCE: dict[str, Callable[[GameView], Evidence]] = {}
"""For each game that has any, how to read a view's evidence."""


def sample_world(
    rules: GameRules[Any, Any], view: GameView, rng: random.Random, evidence: Evidence | None
) -> GameState[Any]:
    """A deal consistent with ``view``, drawn in proportion to how well it fits the
    evidence (``None``: a plain ``determinize``)."""
    if evidence is None:
        return rules.determinize(view, rng)
    worlds = [rules.determinize(view, rng) for _ in range(CANDIDATES)]
    weights = [evidence.weight(world) for world in worlds]
    if sum(weights) <= 0.0:
        return worlds[0]
    return rng.choices(worlds, weights)[0]


def read_evidence(rules: GameRules[Any, Any], view: GameView) -> Evidence | None:
    """The evidence ``view`` holds about hidden cards, or ``None`` where the game has
    none worth weighing."""
    reader = EVIDENCE.get(rules.name)
    return reader(view) if reader is not None else None


# Spades: the bids.


class SpadesBids:
    """A bid describes the hand it was made from: nil a hand that can duck everything,
    a number about what the Medium estimator counts in it."""

    def __init__(self, view: GameView) -> None:
        assert isinstance(view, SpadesView)
        self.seat = view.seat
        self.played: dict[int, list[Card]] = {seat: [] for seat in range(4)}
        for done in view.completed:
            for seat, card in done.plays:
                self.played[seat].append(card)
        for seat, card in view.trick:
            self.played[seat].append(card)
        self.bids = {
            seat: bid for seat, bid in enumerate(view.bids) if bid is not None and not bid.blind and seat != view.seat
        }
        self.partner_nil = {
            seat: view.partnerships
            and (partner_bid := view.bids[(seat + 2) % 4]) is not None
            and partner_bid.is_nil
            for seat in range(4)
        }

    def weight(self, world: GameState[Any]) -> float:
        assert isinstance(world, SpadesState)
        weight = 1.0
        for seat, bid in self.bids.items():
            hand = world.hands[seat] + self.played[seat]
            estimate = estimate_tricks(hand)
            if bid.is_nil:
                weight *= math.exp(-NIL_SHARPNESS * estimate)
                if not can_duck_all(hand):
                    weight *= NOT_NIL_ALIKE
                for card in hand:
                    if card.suit is Suit.SPADES:
                        weight *= NIL_WITH_HIGH_SPADE.get(card.rank, 1.0)
                continue
            if self.partner_nil[seat]:
                estimate += 1
            weight *= math.exp(-((estimate - BID_CAUTION - bid.tricks) ** 2) / (2 * BID_SPREAD**2))
        return weight


# Spades: the plays.


CHEAPER_WINNER_WHEN_LAST = 0.2
"""The weight of a deal in which a player who took the lead of a trick, playing last,
held a lower card that would have taken it as well: nobody pays more than they must."""

CHEAPER_WINNER_EARLIER = 0.5
"""The same when they were not last (some play high to stop a later card)."""

COULD_HAVE_WON_WHEN_LAST = 0.25
"""The weight of a deal in which a player whose side still needed tricks let the
other side keep a trick, playing last, while holding a card that would have taken it."""

COULD_HAVE_RUFFED = 0.5
"""The same for a player not last to play who discarded instead of trumping: most
trump a trick they need, though a few wait to see what comes after."""


class SpadesPlays:
    """A player's cards show what they did not hold: one who took a trick with the
    king held no queen that would have done, and one whose side needed tricks but let
    the other side's card stand held nothing that beat it. A hand with a nil bid in it
    is read for nothing here: around a nil the usual reasons to duck or go high change.
    """

    def __init__(self, view: GameView) -> None:
        assert isinstance(view, SpadesView)
        self.clues: list[tuple[int, frozenset[Card], float]] = []
        """Each clue: a seat, the cards any of which it would have held had it played
        otherwise, and the weight of a deal that gives it one of them."""
        if any(bid is None or bid.is_nil for bid in view.bids):
            return
        tricks = [done.plays for done in view.completed]
        if view.trick:
            tricks.append(view.trick)
        sides = {seat: side for side in view.sides for seat in side}
        needed = {seat: sum(view.bids[s].tricks for s in sides[seat]) for seat in range(4)}  # type: ignore[union-attr]
        won = [0] * 4
        for number, plays in enumerate(tricks):
            led = plays[0][1].suit
            best_seat, best = plays[0]
            for place, (seat, card) in enumerate(plays):
                if place == 0:
                    continue
                last = place == 3
                if seat != view.seat:
                    later = {c for p in tricks[number:] for s, c in p if s == seat}
                    if beats(card, best, Suit.SPADES):
                        low = best.rank + 1 if card.suit is best.suit else Rank.TWO
                        factor = CHEAPER_WINNER_WHEN_LAST if last else CHEAPER_WINNER_EARLIER
                        self._clue(seat, card.suit, low, card.rank - 1, later, factor)
                    elif best_seat not in sides[seat] and sum(won[s] for s in sides[seat]) < needed[seat]:
                        self._could_have_won(seat, card, led, best, last, later)
                if beats(card, best, Suit.SPADES):
                    best_seat, best = seat, card
            if number < len(view.completed):
                won[view.completed[number].winner] += 1

    def _could_have_won(self, seat: int, card: Card, led: Suit, best: Card, last: bool, later: set[Card]) -> None:
        """The clue that ``seat``, playing ``card`` under ``best``, held nothing that beat it."""
        if card.suit is led:
            if last and best.suit is led:
                self._clue(seat, led, best.rank + 1, Rank.ACE, later, COULD_HAVE_WON_WHEN_LAST)
            return
        low = best.rank + 1 if best.suit is Suit.SPADES else Rank.TWO
        factor = COULD_HAVE_WON_WHEN_LAST if last else COULD_HAVE_RUFFED
        self._clue(seat, Suit.SPADES, low, Rank.ACE, later, factor)

    def _clue(self, seat: int, suit: Suit, low: int, high: int, later: set[Card], factor: float) -> None:
        """Keep the clue that ``seat`` held no card of ``suit`` ranked ``low`` to ``high``;
        one a card it played since already shows wrong says nothing about the hand now."""
        cards = frozenset(Card(Rank(rank), suit) for rank in range(low, high + 1))
        if cards and cards.isdisjoint(later):
            self.clues.append((seat, cards, factor))

    def weight(self, world: GameState[Any]) -> float:
        assert isinstance(world, SpadesState)
        weight = 1.0
        for seat, cards, factor in self.clues:
            if not cards.isdisjoint(world.hands[seat]):
                weight *= factor
        return weight


class SpadesTable:
    """Everything a Spades table has shown: the bids and the plays."""

    def __init__(self, view: GameView) -> None:
        self.parts: tuple[Evidence, ...] = (SpadesBids(view), SpadesPlays(view))

    def weight(self, world: GameState[Any]) -> float:
        return math.prod(part.weight(world) for part in self.parts)


EVIDENCE["spades"] = SpadesTable


# Arizona Spaghetti: costly tricks taken show the low cards a player lacked.


class CostlyTricks:
    """A player who followed suit and took a trick that cost points had, most likely,
    no lower card of the suit to duck under the card they beat."""

    def __init__(self, view: GameView) -> None:
        assert isinstance(view, ArizonaSpaghettiView)
        rule = ROUNDS[view.round_number - 1]
        tricks = [done.plays for done in view.tricks]
        # Each clue: (seat, suit, rank to duck under, the cards the seat played from
        # that trick on, which were still in its hand then, and the weight if it
        # could have ducked).
        self.clues: list[tuple[int, Suit, int, list[Card], float]] = []
        for number, plays in enumerate(tricks):
            led = plays[0][1].suit
            best = plays[0][1]
            cost = rule.per_trick
            for place, (seat, card) in enumerate(plays):
                cost += rule.card_points(card)
                if place == 0 or card.suit is not led:
                    continue
                if card.rank > best.rank:
                    beaten = best
                    best = card
                    if cost > 0 and seat != view.seat and self._kept(plays, seat, card):
                        later = [c for p in tricks[number:] for s, c in p if s == seat]
                        later += [c for s, c in view.trick if s == seat]
                        factor = TOOK_WHEN_LAST if place == len(plays) - 1 else TOOK_EARLIER
                        self.clues.append((seat, led, int(beaten.rank), later, factor))  # type: ignore[arg-type]

    @staticmethod
    def _kept(plays: tuple[tuple[int, Card], ...], seat: int, card: Card) -> bool:
        """Whether ``card`` of ``seat`` still took the trick at its end."""
        led = plays[0][1].suit
        return all(c.suit is not led or c.rank <= card.rank for _, c in plays)

    def weight(self, world: GameState[Any]) -> float:
        assert isinstance(world, ArizonaSpaghettiState)
        weight = 1.0
        for seat, suit, under, later, factor in self.clues:
            held = world.hands[seat] + later
            if any(c.suit is suit and c.rank < under for c in held):
                weight *= factor
        return weight


EVIDENCE["arizona_spaghetti"] = CostlyTricks


# Spinado: who let a run pass does not hold the spinado.


class RunsLetGo:
    """A player holding the spinado sends it down when their run would pass to another
    seat; one who let a run pass most likely does not hold it."""

    def __init__(self, view: GameView) -> None:
        assert isinstance(view, SpinadoView)
        self.let_go = {seat: 0 for seat in range(view.players)}
        plays = view.plays
        for (seat, card), (after, following) in zip(plays, plays[1:]):
            if card is not SPINADO and after != seat and following == next_in_run(card):
                self.let_go[seat] += 1
        self.let_go.pop(view.seat, None)  # type: ignore[arg-type]

    def weight(self, world: GameState[Any]) -> float:
        assert isinstance(world, SpinadoState)
        holder = world.holder.get(SPINADO)
        if holder is None or holder not in self.let_go:
            return 1.0
        return KEPT_THE_SPINADO ** self.let_go[holder]


EVIDENCE["spinado"] = RunsLetGo
