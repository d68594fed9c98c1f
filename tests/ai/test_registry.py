"""The table of each game's own computer players."""

from __future__ import annotations

from cardtable_gui.ai.registry import AGENTS
from cardtable_gui.rules import GAMES


def test_every_game_with_rules_has_its_own_players_and_nothing_else_does() -> None:
    assert set(AGENTS) == set(GAMES)


def test_only_hand_and_foot_bounds_the_search_by_a_plan() -> None:
    assert [game for game, own in AGENTS.items() if own.search_plan is not None] == ["hand_and_foot"]
