"""The checkers of the claims that spinado's advice makes, each judged on the full state.

The full state knows where every card lies (a seat, the dead hand, or played), so a
claim about who can ever play a card is a look-up there."""

from __future__ import annotations

from typing import Any, cast

from cardtable_gui.ai.claims import Claim
from cardtable_gui.audit.judge import Checker
from cardtable_gui.cards import Card
from cardtable_gui.rules.base import Action, GameState
from cardtable_gui.rules.spinado import DEAD, SpinadoState, next_in_run, previous_in_run


def _only_move(claim: Claim, state: GameState[Any], seat: int, action: Action) -> bool:
    return len(state.legal_actions()) == 1


def _holds(claim: Claim, state: GameState[Any], seat: int, action: Action) -> bool:
    """Every card named is in the seat's hand."""
    hand = cast(SpinadoState, state).hands[seat]
    return all(Card.parse(str(card)) in hand for card in claim.about)


def _not_held(claim: Claim, state: GameState[Any], seat: int, action: Action) -> bool:
    return Card.parse(str(claim.about[0])) not in cast(SpinadoState, state).hands[seat]


def _run_stops(claim: Claim, state: GameState[Any], seat: int, action: Action) -> bool:
    """Nobody can play the card after the one named: it is out of the pack, played or
    in the dead hand (or the named card ends its run)."""
    return _out_of_play(cast(SpinadoState, state), next_in_run(Card.parse(str(claim.about[0]))))


def _only_start(claim: Claim, state: GameState[Any], seat: int, action: Action) -> bool:
    """Nobody can play into the card named: the card before it is out of play."""
    return _out_of_play(cast(SpinadoState, state), previous_in_run(Card.parse(str(claim.about[0]))))


def _fewest_cards(claim: Claim, state: GameState[Any], seat: int, action: Action) -> bool:
    game = cast(SpinadoState, state)
    others = [
        len(hand)
        for other, hand in enumerate(game.hands)
        if other != seat and other not in game.sitting_out
    ]
    return bool(others) and min(others) == claim.about[0]


def _hand_size(claim: Claim, state: GameState[Any], seat: int, action: Action) -> bool:
    """The seat holds exactly the number of cards named."""
    return len(cast(SpinadoState, state).hands[seat]) == claim.about[0]


def _out_of_play(game: SpinadoState, card: Card | None) -> bool:
    return card is None or game.holder.get(card, DEAD) == DEAD


CHECKERS: dict[str, Checker] = {
    "only-move": _only_move,
    "holds": _holds,
    "not-held": _not_held,
    "run-stops": _run_stops,
    "only-start": _only_start,
    "fewest-cards": _fewest_cards,
    "hand-size": _hand_size,
}
