"""How long each thing the computers do stays in view before the next one shows.

A person follows a computer's play by reading it: a card put down needs a moment, a
sequence that stops, a pot won or a declaration needs longer. Each such moment is a
``Beat``; the table holds the next event back until the beat is over, counted from
when the action's cards have landed, so actions show one after another and never
several at once, and a summary never covers the last one before it was seen. Only the
player's game speed (Slow, Normal, Fast) stretches or shortens the beats, and
``watch --speed`` when the computers play alone; the animation speed only sets how fast
cards fly, so fast cards land sooner but stay in view just as long.
"""

from __future__ import annotations

from enum import Enum

from cardtable_gui.persistence.settings import GameSpeed

SPEED_FACTOR: dict[GameSpeed, float] = {
    GameSpeed.SLOW: 1.5,
    GameSpeed.NORMAL: 1.0,
    GameSpeed.FAST: 0.6,
}
"""What each game speed multiplies the beats (and the pause between computer moves) by."""


class Beat(Enum):
    """A kind of moment at the table, with the seconds it stays in view at Normal speed."""

    PLAY = 0.9
    """A card played, a pile taken, a card lifted: one short action."""
    BID = 1.2
    """A bid, said over the bidder's seat: a number to remember for the whole hand."""
    TRICK = 1.4
    """A trick won: the full trick, with its taker named, before it is gathered."""
    STOP = 1.8
    """A run that stops, with the reason and who starts next."""
    WIN = 1.8
    """A pot won, a hand won, a penalty paid: chips or points change hands."""
    DECLARATION = 2.4
    """A declaration, shown with its cards and its points."""
    REVEAL = 3.0
    """A hidden hand turned face up, a row of cards to read before the summary covers
    the table."""

    @property
    def seconds(self) -> float:
        return float(self.value)


def beat_seconds(beat: Beat, speed: GameSpeed) -> float:
    """How long ``beat`` stays in view at ``speed`` (before the animation speed)."""
    return beat.seconds * SPEED_FACTOR[speed]
