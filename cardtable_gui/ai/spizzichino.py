"""A rule-of-thumb Spizzichino player.

It picks piles at random (the choice is blind, so nothing better is possible), lifts
stack cards when that declares something or opens more options, wins tricks holding
points with the cheapest card that does it, throws worthless cards on tricks it cannot
win, cashes sure winners that carry points, and keeps a sure winner back for the last
trick, which is worth a whole point.
"""

from __future__ import annotations

from collections.abc import Sequence

from cardtable_gui.ai.advice import Advice
from cardtable_gui.ai.base import SeatHeuristic
from cardtable_gui.ai.claims import certain, likely
from cardtable_gui.cards import Card, Suit
from cardtable_gui.rules.base import Action, GameView
from cardtable_gui.rules.spizzichino import (
    DECK,
    LAST_TRICK_THIRDS,
    LIFTABLE,
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


class SpizzichinoHeuristic(SeatHeuristic):
    """Plays from the view alone: what it holds, what is showing, what has been played."""

    def choose(self, view: GameView, legal: Sequence[Action]) -> Action:
        # The same choice as ``advise`` without the words: search asks this for every
        # move of every rollout, where a reason would be built and thrown away.
        return self._decide(view, legal)[0]

    def advise(self, view: GameView, legal: Sequence[Action]) -> Advice:
        """The move to make, and why in the game's terms (tricks, thirds, stacks)."""
        action, table = self._decide(view, legal)
        if not isinstance(view, SpizzichinoView) or view.phase is not Phase.PLAY:
            return _blind(action)
        if isinstance(action, LiftCard):
            return self._explain_lift(view, action)
        if not isinstance(action, PlayCard):
            return _blind(action)
        if len(legal) == 1:
            return Advice(
                action,
                f"Play the {action.card.name}: it is the only card you may play.",
                "only-card",
                claims=(certain("only-move"),),
            )
        assert table is not None
        if view.trick:
            return self._explain_follow(view, action)
        plays = [a for a in legal if isinstance(a, PlayCard)]
        return self._explain_lead(view, table, action, plays)

    def _decide(self, view: GameView, legal: Sequence[Action]) -> tuple[Action, _Table | None]:
        """The move, and what the seat worked out about the opponent's cards when the
        move is a card played by choice."""
        if not isinstance(view, SpizzichinoView) or view.phase is not Phase.PLAY:
            return self.rng.choice(list(legal)), None
        for action in legal:
            if isinstance(action, LiftCard) and self._wants_lift(view, action.stack):
                return action, None
        plays = [a for a in legal if isinstance(a, PlayCard)]
        if not plays:
            return self.rng.choice(list(legal)), None
        if len(legal) == 1:
            return plays[0], None
        table = _Table(view)
        if view.trick:
            return max(plays, key=lambda a: self._follow_value(view, table, a.card)), table
        return max(plays, key=lambda a: self._lead_value(view, table, a.card, plays)), table

    def _wants_lift(self, view: SpizzichinoView, stack: int) -> bool:
        """Lift when it declares something; otherwise when it uncovers a card and
        cannot hurt: leading, or following a suit we can follow anyway (a card uncovered
        while void might force us to follow with it). The last card of a stack is
        playable where it stands, so lifting it for nothing only wastes a move (a
        play-tester took the hint to lift it for a slip): it waits until it declares."""
        card = view.stack_tops[self.seat][stack]
        if card is None:
            return False
        if _declares(view, self.seat, card):
            return True
        if view.stack_sizes[self.seat][stack] < 2:
            return False
        led = view.led_suit
        if led is None:
            return True
        return any(c.suit is led for c in _my_cards(view, self.seat))

    def _follow_value(self, view: SpizzichinoView, table: _Table, card: Card) -> float:
        """Second to play: the points swing of the trick, then a small charge for
        spending a strong card."""
        wins, points = _follow_outcome(view, view.trick[0][1], card)
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
            return 20 + THIRDS[card] * 10 + table.points_held(card.suit)
        penalty = THIRDS[card] * 12 + STRENGTH[card]
        if table.opponent_void(card.suit):
            penalty += 5
        return -penalty

    # ----- saying why ---------------------------------------------------------------

    def _explain_lift(self, view: SpizzichinoView, action: LiftCard) -> Advice:
        card = view.stack_tops[self.seat][action.stack]
        assert card is not None
        if _declares(view, self.seat, card):
            return Advice(
                action,
                f"Lift the {card.name} from your stack: with the cards in your hand "
                "it makes a declaration worth points at once.",
                "lift-declare",
                claims=(certain("declares", str(card)),),
            )
        led = view.led_suit
        if led is None:
            why = "you are leading, so nothing forces you to play it"
            fact = certain("leading")
        else:
            why = f"you can follow {led.title} anyway, so it can't force your hand"
            fact = certain("can-follow", led.value)
        if view.stack_sizes[self.seat][action.stack] > 1:
            return Advice(
                action,
                f"Lift the {card.name} from your stack: {why}, and it uncovers another card to play from.",
                "lift-free",
                claims=(fact, certain("uncovers", action.stack)),
            )
        return Advice(action, f"Lift the {card.name} from your stack: {why}.", "lift-free", claims=(fact,))

    def _explain_follow(self, view: SpizzichinoView, action: PlayCard) -> Advice:
        led = view.trick[0][1]
        card = action.card
        wins, points = _follow_outcome(view, led, card)
        worth = certain("trick-worth", points)
        if wins and points:
            return Advice(
                action,
                f"Take the trick with the {card.name}: it beats the {led.name} and "
                f"brings you {_in_points(points)}.",
                "win-points",
                claims=(certain("trick-won", str(card)), worth),
            )
        if not points:
            return Advice(
                action,
                f"Play the {card.name}: this trick is worth nothing to either of you, "
                "so spend a low card and keep the strong ones.",
                "cheap-trick",
                claims=(worth,),
            )
        return Advice(
            action,
            f"Play the {card.name}: nothing you hold beats the {led.name}, so let the "
            f"trick go with a card carrying {_points_carried(card)}, the least you may play.",
            "give-cheap",
            claims=(certain("cannot-beat", str(led)), worth, certain("least-points", str(card), THIRDS[card])),
        )

    def _explain_lead(
        self, view: SpizzichinoView, table: _Table, action: PlayCard, plays: Sequence[PlayCard]
    ) -> Advice:
        card = action.card
        if table.is_master(card):
            out = table.points_out(card.suit)
            suit = card.suit.title if card.suit is not None else "that suit"
            if not out:
                gain = ""
            elif table.opponent_void(card.suit):
                # A play-tester read "may still have ... to give up" as wrong once the
                # opponent had shown no such card: only their stacks can still hold one.
                gain = (
                    f", and though your opponent has no {suit} in hand, "
                    f"{_in_points(out)} in {suit} may still come out of their stacks"
                )
            else:
                gain = f", and your opponent may still have {_in_points(out)} in {suit} to give up"
            hopes = (likely("points-out", str(card), out),) if out else ()
            if table.answer_can_beat(card):
                why = (
                    "it should take the trick, as only a card your opponent might uncover "
                    "by lifting from a stack could beat it"
                )
                won = likely("trick-won", str(card))
            else:
                why = "nothing your opponent may hold beats it, so it takes the trick"
                won = certain("trick-won", str(card))
            return Advice(action, f"Lead the {card.name}: {why}{gain}.", "cash-winner", claims=(won, *hopes))
        kept = [a.card for a in plays if table.is_master(a.card)]
        if kept:
            save = kept[0]
            if table.ever_beaten(save):
                why = "it should win when you lead it"
                safe = likely("never-beaten", str(save))
            else:
                why = "no card your opponent has can ever beat it"
                safe = certain("never-beaten", str(save))
            # A card lying on other stack cards cannot be the last one played: "save it
            # for the last trick" was advice the table made impossible to follow.
            covering = any(
                top == save and size > 1
                for top, size in zip(view.stack_tops[self.seat], view.stack_sizes[self.seat], strict=True)
            )
            plan = (
                "so keep it for a trick worth more (it lies on your other stack cards, so it cannot be your last)"
                if covering
                else "so save it for the last trick, which brings a whole point"
            )
            return Advice(
                action,
                f"Lead the {card.name} and keep the {save.name}: {why}, {plan}.",
                "save-last",
                claims=(safe,),
            )
        return Advice(
            action,
            f"Lead the {card.name}: it carries {_points_carried(card)}, the least of any card "
            "you may lead, so losing the trick costs you little.",
            "lead-cheap",
            claims=(certain("least-points", str(card), THIRDS[card]),),
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


def _follow_outcome(view: SpizzichinoView, led: Card, card: Card) -> tuple[bool, int]:
    """Playing ``card`` second on ``led``: whether it takes the trick, and the thirds the
    trick is worth (the last trick carries a whole point more)."""
    wins = card.suit is led.suit and STRENGTH[card] > STRENGTH[led]
    points = THIRDS[led] + THIRDS[card]
    if len(view.tricks) == TRICKS_PER_ROUND - 1:
        points += LAST_TRICK_THIRDS
    return wins, points


def _declares(view: SpizzichinoView, seat: int, card: Card) -> bool:
    """Whether lifting ``card`` into the hand makes a declaration (when they are played)."""
    if not view.declarations_on:
        return False
    declared = {c for d in view.declarations if d.seat == seat for c in d.cards}
    free = [c for c in view.hand if c not in declared]
    return bool(best_declarations(free + [card]))


def _points_carried(card: Card) -> str:
    """What ``card`` is worth, said as a player would: "no points", "a third of a point"."""
    return _in_points(THIRDS[card]) if THIRDS[card] else "no points"


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
    """What the seat can work out about the opponent's cards.

    The heuristic plays by an estimate (``is_master``: no unseen card of a suit the
    opponent has not shown void in, nor a card showing, beats it). Words of certainty
    need more: cards under the opponent's stacks can be of any suit, and a 3, 2 or asso
    on top can be lifted to uncover one before answering a lead."""

    def __init__(self, view: SpizzichinoView) -> None:
        seat = view.seat if view.seat is not None else 0
        opponent = 1 - seat
        seen: set[Card] = set(view.played())
        seen.update(view.hand)
        for tops in view.stack_tops:
            seen.update(c for c in tops if c is not None)
        for known in view.known_hands:
            seen.update(known)
        unseen = [c for c in DECK if c not in seen]
        voids = view.voids(opponent)
        possible = [c for c in unseen if c.suit not in voids]
        theirs = [*view.known_hands[opponent], *(c for c in view.stack_tops[opponent] if c is not None)]
        possible.extend(theirs)
        self.view = view
        self.opponent = opponent
        self.unseen = unseen
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
        # A suit the opponent showed void in still comes to light under its stacks
        # (and the seat cannot tell which unseen cards lie under its own): its points
        # are out until seen, whatever the void says of the hand.
        self.out: dict[Suit, int] = {}
        for card in [*unseen, *theirs]:
            if card.suit is not None:
                self.out[card.suit] = self.out.get(card.suit, 0) + THIRDS[card]

    def is_master(self, card: Card) -> bool:
        """No card the opponent might hold can beat ``card`` in its suit."""
        return card.suit is not None and STRENGTH[card] > self.best.get(card.suit, -1)

    def points_held(self, suit: Suit | None) -> int:
        """Thirds the opponent might hold in ``suit`` by the estimate the heuristic
        plays by (a suit it showed void in counts only its showing cards)."""
        return 0 if suit is None else self.points.get(suit, 0)

    def points_out(self, suit: Suit | None) -> int:
        """Thirds the opponent may still play in ``suit``, as the advice says it:
        every card of it not seen yet, the opponent's known cards and its stack tops
        (not those played, nor the seat's own)."""
        return 0 if suit is None else self.out.get(suit, 0)

    def opponent_void(self, suit: Suit | None) -> bool:
        return suit in self.voids

    def answer_can_beat(self, card: Card) -> bool:
        """Whether, in some deal the seat cannot tell from this one, the opponent can
        answer ``card`` led with a higher card of its suit: from the hand, a stack top,
        or a card uncovered by lifting a 3, 2 or asso off a stack."""
        view = self.view
        tops = [c for c in view.stack_tops[self.opponent] if c is not None]
        lifts_uncover = any(
            top is not None and top.rank in LIFTABLE and size > 1
            for top, size in zip(view.stack_tops[self.opponent], view.stack_sizes[self.opponent])
        )
        return self._stronger_reachable(card, tops, lifts_uncover)

    def ever_beaten(self, card: Card) -> bool:
        """Whether, in some deal the seat cannot tell from this one, the opponent has a
        card of ``card``'s suit above it anywhere: in hand or in a stack."""
        view = self.view
        tops = [c for c in view.stack_tops[self.opponent] if c is not None]
        hidden = any(size > 1 for size in view.stack_sizes[self.opponent])
        return self._stronger_reachable(card, tops, hidden)

    def _stronger_reachable(self, card: Card, tops: list[Card], under_stacks: bool) -> bool:
        view = self.view
        known = view.known_hands[self.opponent]
        shown = [*known, *tops]
        if any(c.suit is card.suit and STRENGTH[c] > STRENGTH[card] for c in shown):
            return True
        hidden_in_hand = view.hand_counts[self.opponent] > len(known) and card.suit not in self.voids
        if not (hidden_in_hand or under_stacks):
            return False
        return any(c.suit is card.suit and STRENGTH[c] > STRENGTH[card] for c in self.unseen)
