"""Hard's choices on a few seeded positions of every game, recorded: a change to how the
search simulates (the trusted apply in rollouts, say) must not change a single decision.

Make the record again only when the search is meant to choose differently:

    PYTHONPATH=. python tests/ai/test_search_decisions.py
"""

from __future__ import annotations

import random
import sys

import pytest

from cardtable_gui.ai.search import SearchAgent
from cardtable_gui.rules import GAMES

POSITIONS = [(game, depth) for game in sorted(GAMES) for depth in (3, 17)]
"""Each game after this many random moves (then on to the next real choice)."""

RECORDED = {
    "arizona_spaghetti-3": 'play JD',
    "arizona_spaghetti-17": 'play 9S',
    "hand_and_foot-3": 'meld new 4D 4D JK; new 8D 8H JK',
    "hand_and_foot-17": 'meld book 0 5H',
    "spades-3": 'bid 1',
    "spades-17": 'play 2H',
    "spinado-3": 'play 10S',
    "spinado-17": 'play AH',
    "spizzichino-3": 'take pile 5',
    "spizzichino-17": 'play 1De',
}


def hard_choice(game: str, depth: int) -> str:
    """The move Hard chooses, seeded, at the first choice after ``depth`` random moves."""
    rules = GAMES[game]
    players = 4 if 4 in rules.player_counts else rules.player_counts[0]
    state = rules.new_game(players, seed=11)
    rng = random.Random(depth)
    for _ in range(depth):
        state.apply(rng.choice(state.legal_actions()))
    while len(state.legal_actions()) < 2:
        state.apply(state.legal_actions()[0])
    seat = state.to_move
    agent = SearchAgent(rules, seat, random.Random(7))
    return str(agent.choose(state.view(seat), state.legal_actions()))


@pytest.mark.parametrize(("game", "depth"), POSITIONS)
def test_hard_chooses_as_recorded(game: str, depth: int) -> None:
    assert hard_choice(game, depth) == RECORDED[f"{game}-{depth}"]


if __name__ == "__main__":
    for game, depth in POSITIONS:
        print(f'    "{game}-{depth}": {hard_choice(game, depth)!r},', file=sys.stdout, flush=True)
