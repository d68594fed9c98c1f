"""A rule-of-thumb Spizzichino player.

It picks piles at random (the choice is blind, so nothing better is possible), lifts
stack cards when that declares something or opens more options, wins tricks holding
points with the cheapest card that does it, throws worthless cards on tricks it cannot
win, cashes sure winners that carry points, and keeps a sure winner back for the last
trick, which is worth a whole point.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from cardtable_gui.ai.advice import Advice
from cardtable_gui.ai.base import register_heuristic
from cardtable_gui.cards import Card, Suit
from cardtable_gui.rules.base import Action, GameView
from cardtable_gui.rules.spizzichino import (
    DECK,
    LAST_TRICK_THIRDS,
    STRENGTH,
    THIRDS,
    TRICKS_PER_ROUND,
    LiftCard,
    Phase,
    PlayCard,
    SpizzichinoView,
    StandPile,
    TakePile,
    best_declarations,
)


@register_heuristic("spizzichino")
class SpizzichinoHeuristic:
    """Plays from the view alone: what it holds, what is showing, what has been played."""

    def __init__(self, seat: int, rng: random.Random) -> None:
        self.seat = seat
        self.rng = rng

    def choose(self, view: GameView, legal: Sequence[Action]) -> Action:
        return self.advise(view, legal).action

    def advise(self, view: GameView, legal: Sequence[Action]) -> Advice:
        """The move to make, and why in the game's terms (tricks, thirds, stacks)."""
        if not isinstance(view, SpizzichinoView) or view.phase is not Phase.PLAY:
            return _blind(self.rng.choice(list(legal)))
        for action in legal:
            if isinstance(action, LiftCard) and self._wants_lift(view, action.stack):
                return self._explain_lift(view, action)
        plays = [a for a in legal if isinstance(a, PlayCard)]
        if not plays:
            return _blind(self.rng.choice(list(legal)))
        if len(legal) == 1:
            only = plays[0]
            return Advice(only, f"Play the {only.card.name}: it is the only card you may play.", "only-card")
        table = _Table(view)
        if view.trick:
            chosen = max(plays, key=lambda a: self._follow_value(view, table, a.card))
            return self._explain_follow(view, chosen, plays)
        chosen = max(plays, key=lambda a: self._lead_value(view, table, a.card, plays))
        return self._explain_lead(view, table, chosen, plays)

    def _wants_lift(self, view: SpizzichinoView, stack: int) -> bool:
        """Lift when it declares something; otherwise when it cannot hurt: leading, or
        following a suit we can follow anyway (a card uncovered while void might force
        us to follow with it)."""
        card = view.stack_tops[self.seat][stack]
        if card is None:
            return False
        if view.declarations_on:
            declared = {c for d in view.declarations if d.seat == self.seat for c in d.cards}
            free = [c for c in view.hand if c not in declared]
            if best_declarations(free + [card]):
                return True
        led = view.led_suit
        if led is None:
            return True
        return any(c.suit is led for c in _my_cards(view, self.seat))

    def _follow_value(self, view: SpizzichinoView, table: _Table, card: Card) -> float:
        """Second to play: the points swing of the trick, then a small charge for
        spending a strong card."""
        led = view.trick[0][1]
        wins = card.suit is led.suit and STRENGTH[card] > STRENGTH[led]
        points = THIRDS[led] + THIRDS[card]
        if len(view.tricks) == TRICKS_PER_ROUND - 1:
            points += LAST_TRICK_THIRDS
        swing = points if wins else -points
        return swing * 10 - STRENGTH[card] - (5 if table.is_master(card) else 0)

    def _lead_value(
        self, view: SpizzichinoView, table: _Table, card: Card, plays: Sequence[PlayCard]
    ) -> float:
        """Leading: cash sure winners that carry points, otherwise lead low and cheap;
        hold one sure winner for the last trick."""
        sure = table.is_master(card)
        left = TRICKS_PER_ROUND - len(view.tricks)
        if sure:
            masters = sum(1 for a in plays if table.is_master(a.card))
            if left > 1 and masters == 1 and len(plays) > 1 and left <= 6:
                return -50.0
            return 20 + THIRDS[card] * 10 + table.points_out(card.suit)
        penalty = THIRDS[card] * 12 + STRENGTH[card]
        if table.opponent_void(card.suit):
            penalty += 5
        return -penalty


    # ----- saying why ---------------------------------------------------------------

    def _explain_lift(self, view: SpizzichinoView, action: LiftCard) -> Advice:
        card = view.stack_tops[self.seat][action.stack]
        assert card is not None
        if view.declarations_on:
            declared = {c for d in view.declarations if d.seat == self.seat for c in d.cards}
            free = [c for c in view.hand if c not in declared]
            if best_declarations(free + [card]):
                return Advice(
                    action,
                    f"Lift the {card.name} from your stack: with the cards in your hand "
                    "it makes a declaration worth points at once.",
                    "lift-declare",
                )
        led = view.led_suit
        if led is None:
            why = "you are leading, so nothing forces you to play it"
        else:
            why = f"you can follow {led.title} anyway, so it can't force your hand"
        return Advice(
            action,
            f"Lift the {card.name} from your stack: {why}, and it uncovers another card to play from.",
            "lift-free",
        )

    def _explain_follow(
        self, view: SpizzichinoView, action: PlayCard, plays: Sequence[PlayCard]
    ) -> Advice:
        led = view.trick[0][1]
        card = action.card
        points = THIRDS[led] + THIRDS[card]
        if len(view.tricks) == TRICKS_PER_ROUND - 1:
            points += LAST_TRICK_THIRDS
        wins = card.suit is led.suit and STRENGTH[card] > STRENGTH[led]
        if wins and points:
            return Advice(
                action,
                f"Take the trick with the {card.name}: it beats the {led.name} and "
                f"brings you {_in_points(points)}.",
                "win-points",
            )
        if not points:
            return Advice(
                action,
                f"Play the {card.name}: this trick is worth nothing to either of you, "
                "so spend your weakest card and keep the strong ones.",
                "cheap-trick",
            )
        return Advice(
            action,
            f"Play the {card.name}: nothing you hold beats the {led.name}, so let the "
            "trick go with your least valuable card.",
            "give-cheap",
        )

    def _explain_lead(
        self, view: SpizzichinoView, table: _Table, action: PlayCard, plays: Sequence[PlayCard]
    ) -> Advice:
        card = action.card
        if table.is_master(card):
            out = table.points_out(card.suit)
            suit = card.suit.title if card.suit is not None else "that suit"
            gain = f", and your opponent may still have {_in_points(out)} in {suit} to give up" if out else ""
            return Advice(
                action,
                f"Lead the {card.name}: nothing your opponent may hold beats it, so it "
                f"takes the trick{gain}.",
                "cash-winner",
            )
        kept = [a.card for a in plays if table.is_master(a.card)]
        if kept:
            return Advice(
                action,
                f"Lead the {card.name} and keep the {kept[0].name}: your only sure "
                "winner is worth saving for the last trick, which brings a whole point.",
                "save-last",
            )
        return Advice(
            action,
            f"Lead the {card.name}: it is weak and worth little, so losing the trick "
            "costs you almost nothing.",
            "lead-cheap",
        )


def _blind(action: Action) -> Advice:
    """Advice for a choice made without looking: the piles lie face down."""
    if isinstance(action, (TakePile, StandPile)):
        what = "Take" if isinstance(action, TakePile) else "Stand"
        where = "into your hand" if isinstance(action, TakePile) else "face up as a stack"
        return Advice(
            action,
            f"{what} pile {action.pile + 1} {where}: the piles lie face down, so no pile "
            "is better than another.",
            "blind-pile",
        )
    return Advice(action, "Any move is as good as another here.", "any")


def _in_points(thirds: int) -> str:
    """Thirds of a point said as a player would: "1 point", "2 and a third points"."""
    whole, part = divmod(thirds, 3)
    fraction = {0: "", 1: "a third", 2: "two thirds"}[part]
    if not whole:
        return f"{fraction} of a point"
    if not part:
        return f"{whole} point" + ("s" if whole > 1 else "")
    return f"{whole} and {fraction} points"


def _my_cards(view: SpizzichinoView, seat: int) -> list[Card]:
    cards = list(view.hand)
    cards.extend(c for c in view.stack_tops[seat] if c is not None)
    return cards


class _Table:
    """What the seat can work out about the opponent's cards."""

    def __init__(self, view: SpizzichinoView) -> None:
        seat = view.seat if view.seat is not None else 0
        opponent = 1 - seat
        seen: set[Card] = set(view.played())
        seen.update(view.hand)
        for tops in view.stack_tops:
            seen.update(c for c in tops if c is not None)
        for known in view.known_hands:
            seen.update(known)
        voids = view.voids(opponent)
        possible = [c for c in DECK if c not in seen and c.suit not in voids]
        possible.extend(view.known_hands[opponent])
        possible.extend(c for c in view.stack_tops[opponent] if c is not None)
        self.voids = voids
        self.best: dict[Suit, int] = {}
        self.points: dict[Suit, int] = {}
        for card in possible:
            suit = card.suit
            if suit is None:
                continue
            if STRENGTH[card] > self.best.get(suit, -1):
                self.best[suit] = STRENGTH[card]
            self.points[suit] = self.points.get(suit, 0) + THIRDS[card]

    def is_master(self, card: Card) -> bool:
        """No card the opponent might hold can beat ``card`` in its suit."""
        return card.suit is not None and STRENGTH[card] > self.best.get(card.suit, -1)

    def points_out(self, suit: Suit | None) -> int:
        """Thirds the opponent might still hold in ``suit``."""
        return 0 if suit is None else self.points.get(suit, 0)

    def opponent_void(self, suit: Suit | None) -> bool:
        return suit in self.voids
