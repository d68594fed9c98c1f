"""A seat's speech bubble keeps clear of the table's own buttons and the words under
them, in every game and window size: "Opened with 260" over the top seat once hid the
Rules button in Hand and Foot."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardtable_gui.rules import GAMES
from cardtable_gui.seats import AILevel, MatchConfig, SeatConfig, SeatKind
from tests.scenes.test_table_support import frames, make_app, start_table

LONG_SAY = "Opened with 260"


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800)], ids=lambda size: f"{size[0]}x{size[1]}")
@pytest.mark.parametrize("game", sorted(GAMES))
def test_no_bubble_lies_over_the_toolbar(tmp_path: Path, game: str, size: tuple[int, int]) -> None:
    app = make_app(tmp_path, size)
    rules = GAMES[game]
    players = max(rules.player_counts)
    seats = tuple(
        SeatConfig(name=f"P{seat}", kind=SeatKind.HUMAN if seat == 0 else SeatKind.AI, level=AILevel.EASY)
        for seat in range(players)
    )
    scene = start_table(app, MatchConfig(game=game, seats=seats, seed=2))
    frames(app, 2)
    for seat in range(players):
        scene.table.bubbles.say(seat, LONG_SAY, seconds=60.0)
    frames(app, 2)
    toolbar = scene.toolbar_rects()
    drawn = scene.table.bubbles.drawn
    assert len(drawn) == players
    covered = [(seat, tuple(box)) for seat, box in drawn.items() if box.collidelist(toolbar) >= 0]
    assert not covered, f"bubbles over the toolbar {[tuple(r) for r in toolbar]}: {covered}"
    app.quit()
