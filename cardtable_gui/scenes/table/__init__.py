"""The card table: the scene where a match is played, and the pieces it is built from
(hand fan, seats, trick area, piles, scores, bidding, summaries, pass-and-play cover).
The pieces know no game; ``layouts`` arranges them for each game."""

from cardtable_gui.scenes.table.scene import TableScene

__all__ = ["TableScene"]
