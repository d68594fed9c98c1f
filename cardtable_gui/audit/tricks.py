"""Checkers for the trick facts that Spades and Arizona Spaghetti advice states, judged
on the full state with every hand in sight.

A claim about the trick's end ("the trick is yours") is judged against every card the
seats still to play may legally play: since one card coming over ours is enough to take
the trick from it, the trick is ours for sure exactly when no single later card does.
"""

from __future__ import annotations

from typing import Any

from cardtable_gui.ai.claims import Claim
from cardtable_gui.audit.judge import Checker
from cardtable_gui.cards import Card, Suit
from cardtable_gui.rules.base import Action, GameState
from cardtable_gui.rules.tricks import Trick, follow_suit, trick_winner


def trick_checkers(trump: Suit | None) -> dict[str, Checker]:
    """The checkers of the shared trick claims, for a game with ``trump`` (or none):

    - ``highest-left`` (card): no other seat holds a higher card of its suit;
    - ``trick-won`` (card): played now, the card takes the trick whatever the seats
      still to play hold and play;
    - ``trick-lost`` (card): played now, the card cannot take the trick;
    - ``all-beat`` (card): that card is winning the trick, and every card the seat may
      play would take it;
    - ``none-beat`` (card): that card is winning the trick, and no card the seat may
      play would take it."""

    def trick_won(claim: Claim, state: GameState[Any], seat: int, action: Action) -> bool:
        card = _card(claim)
        trick = _with(state, seat, card)
        if trick_winner(trick, trump=trump) != seat:
            return False
        led = trick.led_suit
        for later in _still_to_play(state, seat):
            for answer in follow_suit(state.hands[later], led):  # type: ignore[attr-defined]
                if trick_winner(_plus(trick, later, answer), trump=trump) != seat:
                    return False
        return True

    def trick_lost(claim: Claim, state: GameState[Any], seat: int, action: Action) -> bool:
        return trick_winner(_with(state, seat, _card(claim)), trump=trump) != seat

    def takers(claim: Claim, state: GameState[Any], seat: int) -> list[bool] | None:
        """For each legal card of ``seat``, whether it would take the trick from the
        claim's card; None unless that card is the one winning it now."""
        trick: Trick = state.trick  # type: ignore[attr-defined]
        if not trick.plays or (trick_winner(trick, trump=trump), _card(claim)) not in trick.plays:
            return None
        return [
            trick_winner(_with(state, seat, move.card), trump=trump) == seat  # type: ignore[attr-defined]
            for move in state.legal_actions()
        ]

    def all_beat(claim: Claim, state: GameState[Any], seat: int, action: Action) -> bool:
        taking = takers(claim, state, seat)
        return taking is not None and all(taking)

    def none_beat(claim: Claim, state: GameState[Any], seat: int, action: Action) -> bool:
        taking = takers(claim, state, seat)
        return taking is not None and not any(taking)

    return {
        "highest-left": _highest_left,
        "trick-won": trick_won,
        "trick-lost": trick_lost,
        "all-beat": all_beat,
        "none-beat": none_beat,
    }


def _highest_left(claim: Claim, state: GameState[Any], seat: int, action: Action) -> bool:
    card = _card(claim)
    hands = state.hands  # type: ignore[attr-defined]
    return not any(
        other.suit is card.suit and other.rank > card.rank
        for holder, hand in enumerate(hands)
        if holder != seat
        for other in hand
    )


def _card(claim: Claim) -> Card:
    return Card.parse(str(claim.about[0]))


def _with(state: GameState[Any], seat: int, card: Card) -> Trick:
    """The trick as it stands, with ``seat`` playing ``card`` to it."""
    return _plus(state.trick, seat, card)  # type: ignore[attr-defined]


def _plus(trick: Trick, seat: int, card: Card) -> Trick:
    return Trick(trick.leader, [*trick.plays, (seat, card)])


def _still_to_play(state: GameState[Any], seat: int) -> list[int]:
    """The seats that play to the trick after ``seat``."""
    players: int = state.players  # type: ignore[attr-defined]
    played = {s for s, _ in state.trick.plays}  # type: ignore[attr-defined]
    return [s for s in range(players) if s != seat and s not in played]
