"""The final standings: the winners first, then everyone else from the best score
down, and in a game where points count against you the best score is the lowest."""

from __future__ import annotations

from cardtable_gui.scenes.table.game_over import standings


def test_a_high_game_lists_the_winner_then_the_highest_scores() -> None:
    lines = standings([("Ana & Cleo", 320), ("Ben & Dev", 510)], [1])
    assert lines == [("Ben & Dev", "510", True), ("Ana & Cleo", "320", False)]


def test_a_low_game_lists_the_winner_then_the_lowest_scores() -> None:
    lines = standings([("Ana", 40), ("Ben", 12), ("Cleo", 75), ("Dev", 30)], [1])
    assert [name for name, _, _ in lines] == ["Ben", "Dev", "Ana", "Cleo"]


def test_shared_wins_come_first_together() -> None:
    lines = standings([("Ana", 9), ("Ben", 9), ("Cleo", 20)], [0, 1])
    assert [won for _, _, won in lines] == [True, True, False]
