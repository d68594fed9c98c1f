"""The checkers of the claims that spizzichino's advice makes, each judged on the full state.

A claim about the trick in play holds only if it holds whatever the opponent may
legally answer, lifting from its stacks included: the full state knows every card
under every stack, so the checker tries each answer there."""

from __future__ import annotations

from typing import Any, cast

from cardtable_gui.ai.claims import Claim
from cardtable_gui.audit.judge import Checker
from cardtable_gui.cards import Card
from cardtable_gui.rules.base import Action, GameState, TrickWon
from cardtable_gui.rules.spizzichino import (
    LAST_TRICK_THIRDS,
    STRENGTH,
    THIRDS,
    TRICKS_PER_ROUND,
    PlayCard,
    SpizzichinoState,
)


def _only_move(claim: Claim, state: GameState[Any], seat: int, action: Action) -> bool:
    return len(state.legal_actions()) == 1


def _declares(claim: Claim, state: GameState[Any], seat: int, action: Action) -> bool:
    game = cast(SpizzichinoState, state)
    before = sum(1 for d in game.declarations if d.seat == seat)
    after = game.clone()
    after.apply(action)
    return sum(1 for d in after.declarations if d.seat == seat) > before


def _leading(claim: Claim, state: GameState[Any], seat: int, action: Action) -> bool:
    return not cast(SpizzichinoState, state).trick.plays


def _can_follow(claim: Claim, state: GameState[Any], seat: int, action: Action) -> bool:
    game = cast(SpizzichinoState, state)
    plays = game.trick.plays
    if not plays or plays[0][1].suit.value != claim.about[0]:  # type: ignore[union-attr]
        return False
    return any(card.suit is plays[0][1].suit for card in _holding(game, seat))


def _cannot_beat(claim: Claim, state: GameState[Any], seat: int, action: Action) -> bool:
    game = cast(SpizzichinoState, state)
    plays = game.trick.plays
    if not plays or str(plays[0][1]) != claim.about[0]:
        return False
    led = plays[0][1]
    return not any(c.suit is led.suit and STRENGTH[c] > STRENGTH[led] for c in _holding(game, seat))


def _trick_worth(claim: Claim, state: GameState[Any], seat: int, action: Action) -> bool:
    game = cast(SpizzichinoState, state)
    cards = [card for _, card in game.trick.plays] + [action.card]  # type: ignore[attr-defined]
    worth = sum(THIRDS[card] for card in cards)
    if len(game.tricks) == TRICKS_PER_ROUND - 1:
        worth += LAST_TRICK_THIRDS
    return worth == claim.about[0]


def _trick_won(claim: Claim, state: GameState[Any], seat: int, action: Action) -> bool:
    """Every way the trick can finish after ``action`` (each lift and card the
    opponent may choose) gives it to ``seat``."""
    if str(action.card) != claim.about[0]:  # type: ignore[attr-defined]
        return False
    return _winners_after(state, action) == {seat}


def _winners_after(state: GameState[Any], action: Action) -> set[int]:
    after = state.clone()
    events = after.apply(action)
    taken = {event.seat for event in events if isinstance(event, TrickWon)}
    if taken:
        return taken
    winners: set[int] = set()
    for answer in after.legal_actions():
        winners |= _winners_after(after, answer)
    return winners


def _never_beaten(claim: Claim, state: GameState[Any], seat: int, action: Action) -> bool:
    """No card the opponent has, in hand or anywhere in a stack, is above the card."""
    game = cast(SpizzichinoState, state)
    card = Card.parse(str(claim.about[0]))
    opponent = 1 - seat
    theirs = [*game.hands[opponent], *(c for stack in game.stacks[opponent] for c in stack)]
    return not any(c.suit is card.suit and STRENGTH[c] > STRENGTH[card] for c in theirs)


def _points_out(claim: Claim, state: GameState[Any], seat: int, action: Action) -> bool:
    """The opponent holds point cards of the led card's suit, in hand or stacks."""
    game = cast(SpizzichinoState, state)
    card = Card.parse(str(claim.about[0]))
    opponent = 1 - seat
    theirs = [*game.hands[opponent], *(c for stack in game.stacks[opponent] for c in stack)]
    return any(c.suit is card.suit and THIRDS[c] for c in theirs)


def _uncovers(claim: Claim, state: GameState[Any], seat: int, action: Action) -> bool:
    """The stack lifted from holds a card under its top."""
    return len(cast(SpizzichinoState, state).stacks[seat][int(claim.about[0])]) > 1


def _least_points(claim: Claim, state: GameState[Any], seat: int, action: Action) -> bool:
    """The card carries the thirds said, and no card the seat may play carries fewer."""
    card = Card.parse(str(claim.about[0]))
    playable = [move.card for move in state.legal_actions() if isinstance(move, PlayCard)]
    return THIRDS[card] == claim.about[1] == min(THIRDS[c] for c in playable)


def _holding(game: SpizzichinoState, seat: int) -> list[Card]:
    """The cards ``seat`` may play from: its hand and its stack tops."""
    return [*game.hands[seat], *(stack[-1] for stack in game.stacks[seat] if stack)]


CHECKERS: dict[str, Checker] = {
    "only-move": _only_move,
    "declares": _declares,
    "leading": _leading,
    "can-follow": _can_follow,
    "cannot-beat": _cannot_beat,
    "trick-worth": _trick_worth,
    "trick-won": _trick_won,
    "never-beaten": _never_beaten,
    "points-out": _points_out,
    "uncovers": _uncovers,
    "least-points": _least_points,
}
