"""The trusted path tells a search all the checked path's events would: thousands of
random games per game, played at once by ``apply`` on one state and ``apply_trusted``
on a copy, agree after every move on everything the search reads.

The search's rollouts see a round end by ``rounds_scored`` changing and take the
round's points from ``last_round_points``, where the checked path says both with a
``RoundScored`` event; between rounds its players read the seat to move, its legal
moves and its view, and at the end the scores.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardtable_gui.rules import GAMES, GameState
from cardtable_gui.rules.base import RoundScored

GAMES_PER_GAME = {
    "arizona_spaghetti": 1_500,
    "hand_and_foot": 1_000,
    "spades": 2_000,
    "spinado": 1_500,
    "spizzichino": 1_000,
}
"""Random games played per game, each some 3 to 18 ms of work: Hand and Foot's are the
longest."""

HOUSE_RULES: dict[str, list[dict[str, Any]]] = {
    "arizona_spaghetti": [{}, {"early_end": False}],
    "hand_and_foot": [{"rounds": 1}, {"rounds": 2, "teams": "2v2v2", "red_threes": True}],
    "spades": [{}, {"partnerships": False, "target": 200}, {"nil_allowed": False, "bag_penalty": False}],
    "spinado": [{}, {"starting_chips": 6}],
    "spizzichino": [{}, {"declarations": False, "target": 21}],
}
"""Each game's house rules to play under: the defaults, and some that change how a
round or the game ends."""

MAX_ACTIONS = 50_000


def check_agree(checked: GameState[Any], trusted: GameState[Any]) -> None:
    """The two states agree on what a search reads after every move."""
    assert trusted.rounds_scored == checked.rounds_scored
    assert trusted.last_round_points == checked.last_round_points
    assert trusted.to_move == checked.to_move
    assert trusted.is_over == checked.is_over
    assert trusted.scores == checked.scores


def check_agree_wholly(checked: GameState[Any], trusted: GameState[Any]) -> None:
    """The two states agree on everything: what the seat to move may do and see, and
    the whole position."""
    check_agree(checked, trusted)
    assert trusted.legal_actions() == checked.legal_actions()
    if checked.to_move is not None:
        assert trusted.view(checked.to_move) == checked.view(checked.to_move)
    assert trusted.digest() == checked.digest()


def play_both_ways(game: str, players: int, options: dict[str, Any], seed: int) -> int:
    """Play one random game by both paths, checking them after every move, and wholly
    at one random moment and after every round; the number of rounds scored."""
    rules = GAMES[game]
    checked = rules.new_game(players, rules.Options(**options), seed=seed)
    trusted = checked.clone()
    chooser = random.Random(seed)
    inspect_at = chooser.randrange(100)
    for step in range(MAX_ACTIONS):
        if checked.is_over:
            break
        before = checked.rounds_scored
        action = chooser.choice(checked.legal_actions())
        events = checked.apply(action)
        trusted.apply_trusted(action)
        scored = [event for event in events if isinstance(event, RoundScored)]
        # A round's end on the checked path is exactly one round more on both counts.
        assert checked.rounds_scored == before + len(scored)
        if scored:
            assert checked.last_round_points == scored[0].points
        if scored or step == inspect_at:
            check_agree_wholly(checked, trusted)
        else:
            check_agree(checked, trusted)
    assert checked.is_over, f"{game} did not end in {MAX_ACTIONS} moves"
    return checked.rounds_scored


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_trusted_path_tells_the_search_what_the_events_tell(game: str) -> None:
    rules = GAMES[game]

    @settings(
        max_examples=GAMES_PER_GAME[game],
        deadline=None,
        database=None,
        suppress_health_check=[HealthCheck.too_slow],
    )
    @given(
        players=st.sampled_from(rules.player_counts),
        options=st.sampled_from(HOUSE_RULES[game]),
        seed=st.integers(0, 2**32 - 1),
    )
    def random_games(players: int, options: dict[str, Any], seed: int) -> None:
        assert play_both_ways(game, players, options, seed) >= 1

    random_games()


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_state_that_has_scored_no_round_says_so(game: str) -> None:
    rules = GAMES[game]
    state = rules.new_game(rules.player_counts[0], seed=1)
    assert state.rounds_scored == 0
    assert state.last_round_points == ()
