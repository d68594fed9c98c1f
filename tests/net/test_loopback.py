"""Whole games over loopback, every seat a guest on its own connection played by a
computer: after every move each guest's table shows exactly the host's view for its
seat, and each guest is told every event of the game once, in order."""

from __future__ import annotations

import pytest

from cardtable_gui.net.loopback import play

SHORT = {"hand_and_foot": {"rounds": 1}}
"""Hand and Foot plays one round here: a whole six-round game is long for CI."""


@pytest.mark.parametrize(
    ("game", "players"),
    [("spades", 4), ("spizzichino", 2), ("spinado", 4), ("arizona_spaghetti", 5), ("hand_and_foot", 4)],
)
def test_a_whole_game_with_every_seat_a_guest_stays_in_step(game: str, players: int) -> None:
    result = play(game, players, seed=3, options=SHORT.get(game))
    assert result.moves > 20
    assert all(len(messages) > result.moves / players for messages in result.received.values())


def test_guests_and_the_hosts_computers_play_together() -> None:
    result = play("arizona_spaghetti", 4, seed=4, computers=(1, 2))
    assert set(result.received) == {0, 3}


def test_the_harness_plays_each_game_under_the_house_rules_it_has() -> None:
    from cardtable_gui.net.loopback import house_rules

    assert house_rules(["hand_and_foot", "spades", "spinado"], ["target=200", "hands=3"], 1) == {
        "hand_and_foot": {"rounds": 1},
        "spades": {"target": 200},
        "spinado": {"hands": 3},
    }


@pytest.mark.parametrize("pairs", [["colour=red"], ["target"], ["target=7"]])
def test_the_harness_refuses_a_house_rule_no_game_can_take(pairs: list[str]) -> None:
    from cardtable_gui.net.loopback import BadOption, house_rules

    with pytest.raises(BadOption):
        house_rules(["spades", "spizzichino"], pairs, None)
