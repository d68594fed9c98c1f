"""The shared pieces of every game's rules in ``rules/base.py``."""

from __future__ import annotations

import pytest

from cardtable_gui.rules import GAMES


@pytest.mark.parametrize("name", sorted(GAMES))
def test_default_options_are_the_fields_defaults_and_shared(name: str) -> None:
    options_type = GAMES[name].Options
    assert options_type.default() == options_type()
    assert options_type.default() is options_type.default()


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_game_without_options_plays_by_the_defaults(name: str) -> None:
    rules = GAMES[name]
    players = rules.player_counts[0]
    assert rules.new_game(players, seed=7).options == rules.Options()
