"""Which computer players each game has: the one table of them.

The table names each game's own heuristic player and, where the game needs one, the
plan that bounds the search player's work. The game modules only define their players;
this module gathers them by importing each game, so adding a game's players means adding
a line here, and nothing registers itself as a side effect of being imported.
"""

from __future__ import annotations

from dataclasses import dataclass

from cardtable_gui.ai import arizona_spaghetti, hand_and_foot, spades, spinado, spizzichino
from cardtable_gui.ai.base import AgentFactory, RoundWorth, SafetyPlay, SearchPlan, Shortlist, Slips, Twins


@dataclass(frozen=True, slots=True)
class GameAgents:
    """What one game adds to the players every game has: its heuristic player (also
    the casual player's skill and the search player's rollouts) and its search plan,
    if the search must be bounded (most games search every move fully); the safety
    plays the search makes without weighing, if the game has any; the player its
    rollouts seat on the other side, where it is not the heuristic one; the moves a
    beginner (Easy) slips into, where not any legal move; the moves worth its weighing
    beside the heuristic's choice, where not every legal move; which moves are the
    same choice, if any are; and what a round is worth over the game, where that is
    not its points."""

    heuristic: AgentFactory
    search_plan: SearchPlan | None = None
    safety_play: SafetyPlay | None = None
    rival: AgentFactory | None = None
    slips: Slips | None = None
    shortlist: Shortlist | None = None
    twins: Twins | None = None
    round_worth: RoundWorth | None = None
    worth_words: str = ""
    """How ``round_worth`` differs from the points, for words that quote it."""


AGENTS: dict[str, GameAgents] = {
    "spades": GameAgents(
        spades.SpadesHeuristic,
        safety_play=spades.nil_cover,
        rival=spades.SpadesRival,
        slips=spades.beginner_slips,
        shortlist=spades.bids_worth_weighing,
        twins=spades.touching_cards,
        round_worth=spades.hand_worth,
        worth_words=spades.HAND_WORTH_WORDS,
    ),
    "hand_and_foot": GameAgents(hand_and_foot.HandAndFootHeuristic, hand_and_foot.SEARCH_PLAN),
    "spinado": GameAgents(spinado.SpinadoHeuristic),
    "arizona_spaghetti": GameAgents(arizona_spaghetti.ArizonaSpaghettiHeuristic, twins=arizona_spaghetti.touching_cards),
    "spizzichino": GameAgents(spizzichino.SpizzichinoHeuristic),
}
"""Each game's own players, by the game's name in ``rules.GAMES``."""
