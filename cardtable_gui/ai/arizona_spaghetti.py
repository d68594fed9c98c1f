"""A heuristic player for Arizona Spaghetti: take as few of the round's points as it can.

Every legal card is priced as the points it risks now less the risk it removes from the
hand for later:

- now: the chance the card takes this trick (nil when it is below the card winning the
  trick or off-suit; otherwise shrinking with every higher card still out among the
  players yet to play) times what the trick would cost: its trick charge, the point
  cards in it, the card itself, and what the players still to play are likely to add
  (a player known to be void throws off a point card);
- later: how likely the card is to take a trick of its own in the rest of the round
  (again by the higher cards still out), times what a trick costs on average this round,
  plus part of its own points: a point card is only ever gone once played.

It knows which cards are still out, and who is void in what, from the view's record of
this round's tricks. Round 5 shows the scheme at its plainest: only the last trick
costs, so early tricks are free and the player sheds its high cards.
"""

from __future__ import annotations

import functools
from bisect import bisect_right
from collections.abc import Sequence
from functools import cached_property

from cardtable_gui.ai.advice import Advice
from cardtable_gui.ai.base import SeatHeuristic
from cardtable_gui.ai.claims import certain, likely
from cardtable_gui.ai.trick_facts import TrickFacts, touching
from cardtable_gui.cards import Card, Suit, french_deck
from cardtable_gui.rules.arizona_spaghetti import (
    CARD_POINTS,
    ArizonaSpaghettiView,
    PlayCard,
    RoundRule,
    deck_for,
)
from cardtable_gui.rules.base import Action, GameView

LATER_WEIGHT = 0.3
"""How much a card's risk later in the round counts against the risk it takes now."""

SHED_SHARE = 0.2
"""The part of a point card's own value a player gains by getting it out of the hand."""

OVERTAKE = 0.5
"""How likely a player holding a higher card of the suit is to play it over ours."""


class ArizonaSpaghettiHeuristic(SeatHeuristic):
    """Ducks under the winning card, throws off its costliest cards when void, and leads
    low in suits where higher cards are still out."""

    def choose(self, view: GameView, legal: Sequence[Action]) -> Action:
        # The same choice as ``advise`` without the words: search asks this for every
        # move of every rollout, where a reason would be built and thrown away.
        if len(legal) == 1 or not isinstance(view, ArizonaSpaghettiView):
            return legal[0]
        return self._weigh(view, legal)[0]

    def advise(self, view: GameView, legal: Sequence[Action]) -> Advice:
        """The card to play, and why in the round's own terms."""
        if len(legal) == 1 or not isinstance(view, ArizonaSpaghettiView):
            action = legal[0]
            card = getattr(action, "card", None)
            named = f"the {card.name}" if isinstance(card, Card) else "it"
            return Advice(action, f"Play {named}: it is the only card you may play.", "only-card")
        chosen, reading, cards = self._weigh(view, legal)
        return reading.explain(chosen, cards)

    def _weigh(
        self, view: ArizonaSpaghettiView, legal: Sequence[Action]
    ) -> tuple[PlayCard, _Reading, list[Card]]:
        """The cheapest card to play, the reading that costed it, and the cards weighed."""
        reading = _Reading(view)
        costs = [
            (reading.cost(action.card), action) for action in legal if isinstance(action, PlayCard)
        ]
        best = min(cost for cost, _ in costs)
        # Among equally good cards, the higher one: keeping low cards keeps ducking easy.
        choices = [action for cost, action in costs if cost <= best + 1e-9]
        chosen = max(choices, key=lambda action: action.card.rank)
        return chosen, reading, [action.card for _, action in costs]


class _Reading:
    """What the table shows this seat right now, worked out once per decision."""

    def __init__(self, view: ArizonaSpaghettiView) -> None:
        assert view.seat is not None
        self.view = view
        self.seat = view.seat
        self.rule: RoundRule = view.round_rule
        self.points = CARD_POINTS[view.round_number - 1]
        self.players = view.players
        unseen = view.unseen_cards()
        self.unseen = unseen
        self.unseen_ranks: dict[Suit, list[int]] = {}
        suit_points: dict[Suit, int] = {}
        for card in unseen:
            assert card.suit is not None
            self.unseen_ranks.setdefault(card.suit, []).append(int(card.rank))
            suit_points[card.suit] = suit_points.get(card.suit, 0) + self.points[card]
        for ranks in self.unseen_ranks.values():
            ranks.sort()
        # What a player following suit adds to a trick, on average, per suit.
        self.follow_points = {
            suit: suit_points[suit] / len(ranks) for suit, ranks in self.unseen_ranks.items()
        }
        self.voids = view.known_voids()
        points = sorted((self.points[c] for c in unseen), reverse=True)
        self.unseen_points = sum(points)
        top = [p for p in points[:3] if p]
        self.throw_off = sum(top) / len(top) if top else 0.0
        self.tricks_left = len(view.hand)
        held_points = sum(self.points[c] for c in view.hand)
        in_trick = sum(self.points[c] for _, c in view.trick)
        per_trick_points = (self.unseen_points + held_points + in_trick) / max(self.tricks_left, 1)
        self.average_trick = self.rule.per_trick + per_trick_points
        self.yet_to_play = [
            (self.seat + k) % self.players for k in range(1, self.players - len(view.trick))
        ]

    @cached_property
    def facts(self) -> TrickFacts:
        """What the seat can be sure of about this trick, for the reason's claims."""
        return TrickFacts(
            seat=self.seat,
            out=frozenset(self.unseen),
            counts=self.view.hand_counts,
            voids=self.voids,
            plays=self.view.trick,
            later=tuple(self.yet_to_play),
        )

    def cost(self, card: Card) -> float:
        """The points playing ``card`` risks now, less those it saves later."""
        now = self.chance_to_take(card) * self.trick_cost(card)
        return now - LATER_WEIGHT * self.risk_of_holding(card)

    def chance_to_take(self, card: Card) -> float:
        trick = self.view.trick
        if trick:
            led = trick[0][1].suit
            if card.suit is not led:
                return 0.0
            winning = max(int(c.rank) for _, c in trick if c.suit is led)
            if int(card.rank) < winning:
                return 0.0
        return self.survives(card, self.yet_to_play)

    def survives(self, card: Card, seats: Sequence[int]) -> float:
        """How likely ``card`` is to stay the best of its suit while ``seats`` play."""
        assert card.suit is not None
        ranks = self.unseen_ranks.get(card.suit, [])
        higher = len(ranks) - bisect_right(ranks, int(card.rank))
        if higher == 0:
            return 1.0
        holders = [
            s for s in range(self.players) if s != self.seat and card.suit not in self.voids[s]
        ]
        counts = self.view.hand_counts
        pool = sum(counts[s] for s in holders)
        still = sum(counts[s] for s in seats if s in holders)
        if pool == 0 or still == 0:
            return 1.0
        return (1.0 - OVERTAKE * still / pool) ** higher

    def trick_cost(self, card: Card) -> float:
        rule = self.rule
        cost = rule.per_trick + self.points[card]
        cost += sum(self.points[c] for _, c in self.view.trick)
        if self.tricks_left == 1:
            cost += rule.last_trick
        suit = self.view.trick[0][1].suit if self.view.trick else card.suit
        assert suit is not None
        follow = self.follow_points.get(suit, 0.0)
        for seat in self.yet_to_play:
            cost += self.throw_off if suit in self.voids[seat] else follow
        return cost

    def free_for_sure(self, card: Card) -> bool:
        """Whether taking the trick with ``card`` costs nothing whatever the others
        throw on it: nothing a trick, nothing for this being the last, no points in the
        card or on the table, and no point card left in anyone else's hand. The cost
        model's zero is an expectation; only this is said as fact."""
        rule = self.rule
        if rule.per_trick or (self.tricks_left == 1 and rule.last_trick):
            return False
        if self.points[card] or any(self.points[c] for _, c in self.view.trick):
            return False
        return not any(self.points[c] for c in self.unseen)

    def risk_of_holding(self, card: Card) -> float:
        rule = self.rule
        points = self.points[card]
        later = self.tricks_left - 1
        if later <= 0:
            return 0.0
        chance = self.survives(card, [s for s in range(self.players) if s != self.seat])
        last_share = rule.last_trick / later
        return chance * (self.average_trick + points + last_share) + SHED_SHARE * points

    # ----- saying why -----------------------------------------------------------------

    def explain(self, action: PlayCard, playable: Sequence[Card]) -> Advice:
        """Name the rule of thumb behind playing ``action`` and say it in the round's
        terms: the card winning the trick, the suit led, what the trick would cost."""
        card = action.card
        trick = self.view.trick
        if not trick:
            return self._explain_lead(action)
        led = trick[0][1].suit
        assert led is not None
        winning = max((c for _, c in trick if c.suit is led), key=lambda c: c.rank)
        if card.suit is not led:
            points = self.points[card]
            if points:
                return Advice(
                    action,
                    f"Throw away the {card.name}: you have no {led.title}, so its {points} "
                    "points leave your hand without costing you anything.",
                    "shed-points",
                )
            if self.facts.highest_left(card):
                suit = card.suit.title if card.suit is not None else "suit"
                return Advice(
                    action,
                    f"Throw away the {card.name}: you have no {led.title}, and no higher {suit} "
                    "remain to be played, so if you kept it, it would likely take a trick later.",
                    "shed-high",
                    claims=(certain("highest-left", str(card)),),
                )
            return Advice(
                action,
                f"Throw away the {card.name}: you have no {led.title}, and of your cards it "
                "is the one likeliest to cost you later if kept.",
                "shed-high",
            )
        if card.rank < winning.rank:
            return Advice(
                action,
                f"Play the {card.name}: it stays under the {winning.name}, so someone "
                "else takes this trick.",
                "duck",
                claims=(certain("trick-lost", str(card)),),
            )
        cost = round(self.trick_cost(card))
        can_duck = any(c.suit is led and c.rank < winning.rank for c in playable)
        if cost <= 0:
            return self._explain_free(
                action,
                f"Play the {card.name}: this trick costs nothing this round, a good time "
                "to get rid of a high card.",
                f"Play the {card.name}: this trick should cost nothing this round, a good time "
                "to get rid of a high card.",
            )
        if can_duck:
            return self._explain_taking(action, cost)
        return self._explain_forced(action, winning, playable)

    def _explain_free(self, action: PlayCard, sure: str, probable: str) -> Advice:
        """Playing or leading into a trick that should cost nothing: said as ``sure`` when
        no point card can still fall on it, as ``probable`` while one might."""
        card = action.card
        if self.free_for_sure(card):
            return Advice(action, sure, "free-trick", claims=(certain("trick-free", str(card)),))
        return Advice(action, probable, "free-trick", claims=(likely("trick-free", str(card)),))

    def _explain_taking(self, action: PlayCard, cost: int) -> Advice:
        """Taking a costly trick while a lower card could have ducked: sure only when
        nothing still to play can come over the card."""
        card = action.card
        if self.facts.sure_to_win(card):
            # With nobody left to play the trick's points are all on the table: exact.
            amount = f"{cost} points" if not self.yet_to_play else f"about {cost} points"
            return Advice(
                action,
                f"Take this trick with the {card.name}: {amount} now is less "
                "than it would likely cost you later in the round.",
                "take-now",
                claims=(certain("trick-won", str(card)),),
            )
        chance = self.chance_to_take(card)
        return Advice(
            action,
            f"Go for this trick with the {card.name}: a later card may still come over it, "
            f"but about {cost} points now is less than it would likely cost you later in the round.",
            "take-now",
            claims=(likely("trick-won", str(card), share=chance),),
        )

    def _explain_forced(self, action: PlayCard, winning: Card, playable: Sequence[Card]) -> Advice:
        """Every card of the led suit held beats the one winning. With the trick sure,
        the cost model spends the card that would cost most to keep; otherwise it
        weighs the chance a later card comes over each one."""
        card = action.card
        suit = winning.suit.title  # type: ignore[union-attr]
        above = f"none of your {suit} stays under the {winning.name}"
        beaten = certain("all-beat", str(winning))
        lowest = min(playable, key=lambda c: c.rank)
        if self.facts.sure_to_win(lowest):
            last = "you play last" if not self.yet_to_play else "no one still to play can come over it"
            return Advice(
                action,
                f"Play the {card.name}: {above} and {last}, so the trick is yours anyway; spend the "
                "card likeliest to cost you later and keep the low ones for ducking.",
                "win-high",
                claims=(beaten, certain("trick-won", str(lowest))),
            )
        chance = likely("trick-won", str(card), share=self.chance_to_take(card))
        if card is lowest:
            return Advice(
                action,
                f"Play the {card.name}: {above}, but players still to come may play over it; "
                "your lowest gives them the most room to take the trick.",
                "win-low",
                claims=(beaten, chance),
            )
        return Advice(
            action,
            f"Play the {card.name}: {above}; a later card may still come over it, and playing the "
            f"{card.name} now costs less than keeping it for later in the round.",
            "win-high",
            claims=(beaten, chance),
        )

    def _explain_lead(self, action: PlayCard) -> Advice:
        card = action.card
        assert card.suit is not None
        chance = self.chance_to_take(card)
        cost = round(self.trick_cost(card))
        if chance < 0.5:
            return Advice(
                action,
                f"Lead the {card.name}: higher {card.suit.title} are still out, so "
                "someone else will probably take the trick.",
                "lead-low",
                claims=(likely("trick-won", str(card), share=chance),),
            )
        if cost <= 0:
            return self._explain_free(
                action,
                f"Lead the {card.name}: this trick costs nothing this round, so taking "
                "it is harmless, and the high card is gone.",
                f"Lead the {card.name}: this trick should cost nothing this round, so taking "
                "it likely does no harm, and the high card is gone.",
            )
        # With no point card left in anyone's hand the trick's cost is known exactly.
        exact = not any(self.points[c] for c in self.unseen)
        amount = f"{cost} points" if exact else f"about {cost} points"
        return Advice(
            action,
            f"Lead the {card.name}: it is the card most likely to cost you later, so "
            f"get it out now while the trick costs {amount}.",
            "lead-shed",
            claims=(likely("trick-won", str(card), share=chance),),
        )


def touching_cards(view: GameView, move: Action, other: Action) -> bool:
    """Whether two plays are one choice: touching cards (``trick_facts.touching``; a
    card left out of the pack for this many players counts as played) worth the same
    points this round. Every trick to come then goes the same way and costs the same,
    so weighing both spent samples on the rollouts' luck."""
    if not (isinstance(move, PlayCard) and isinstance(other, PlayCard) and isinstance(view, ArizonaSpaghettiView)):
        return False
    rule = view.round_rule
    if rule.card_points(move.card) != rule.card_points(other.card):
        return False
    held_or_gone = {card for trick in view.tricks for _, card in trick.plays}
    held_or_gone.update(view.hand)
    held_or_gone.update(_left_out(view.players))
    return touching(move.card, other.card, held_or_gone)


@functools.cache
def _left_out(players: int) -> frozenset[Card]:
    """The cards taken out of the pack for ``players`` (asked for every pair of moves)."""
    return frozenset(french_deck()).difference(deck_for(players))
