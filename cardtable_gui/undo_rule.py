"""The one undo rule of every game, and the reasons Undo may be off.

A person's last decision may be taken back as long as no card that person had not seen
has been shown to them since: not by their own move (a draw, a pile chosen blind, a
card lifted off a stack that uncovers the one beneath), nor by anyone's after it (the
next player's lead, a new deal). Whatever was seen stays seen, so the decision stands.

The rule reads only views: after every move it counts the cards each person's view
shows (``shown_cards``), and notes the move after which a count grew.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from cardtable_gui.cards import Card
from cardtable_gui.rules.base import GameState, shown_cards


@dataclass(frozen=True, slots=True)
class UndoOff:
    """Why Undo is off now: ``short`` a few words that stand under the greyed button
    for as long as it is off, ``reason`` the whole sentence (said when the player asks
    for Undo all the same, and while the pointer rests on the button)."""

    short: str
    reason: str


NOTHING_TO_UNDO = UndoOff("no move yet", "You have no move to take back yet.")
HAND_OVER = UndoOff("hand over", "That hand is over, so your last move in it stands.")
"""From the hand's last card on: while the last trick still lies on the table, under
the hand's summary and after the next deal, Undo says the same words (it said "new
hand dealt" under a trick still on the table)."""
NO_MOVE_THIS_HAND = UndoOff(
    "no move yet", "Your moves in the last hand stand, and you have made none in this one yet."
)
"""Once the next hand is on the table: "hand over" there read as this hand being over."""
CARDS_SEEN_SINCE = UndoOff(
    "new cards seen",
    "Your last move stands: you have seen cards since that you had not seen when you made it.",
)


class CardsSeen:
    """For each person's seat, the last move after which their view showed a card it
    had not shown just before. A decision made at or before that move stands."""

    def __init__(self, state: GameState[Any], seats: Iterable[int]) -> None:
        self._shown: dict[int, Counter[Card]] = {seat: shown_cards(state.view(seat)) for seat in seats}
        self._last_new: dict[int, int] = {seat: -1 for seat in self._shown}

    def moved(self, index: int, state: GameState[Any]) -> None:
        """Move ``index`` of the history has been applied and ``state`` is the result."""
        for seat, before in self._shown.items():
            now = shown_cards(state.view(seat))
            if now - before:
                self._last_new[seat] = index
            self._shown[seat] = now

    def new_since(self, seat: int, index: int) -> bool:
        """Whether ``seat`` has been shown a card it had not seen by move ``index`` or
        any move after it."""
        return self._last_new.get(seat, -1) >= index
