"""Undo at the end of a hand, in every game: from the moment the hand's last card is
played, while the last trick still lies on the table and then under the summary, the
greyed button says the same few words, "hand over" (it said "new hand dealt" while
the trick was still in view)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from cardtable_gui.app_window import App
from cardtable_gui.rules import GAMES
from cardtable_gui.rules.base import Action, GameState, RoundScored
from cardtable_gui.scenes.table import TableScene
from cardtable_gui.undo_rule import HAND_OVER, NO_MOVE_THIS_HAND
from tests.scenes.test_table_geometry import just_before
from tests.scenes.test_table_support import click, frames, make_app, run_until


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    app = make_app(tmp_path)
    yield app
    app.quit()


def ending_move(state: GameState[Any]) -> Action:
    """A move that ends the hand, for a person whose turn brings the hand's end."""
    return next(action for action in state.legal_actions() if any(isinstance(event, RoundScored) for event in state.clone().apply(action)))


def words_under_undo(scene: TableScene) -> str | None:
    refusal = scene.undo_refusal()
    return None if refusal is None else refusal.short


@pytest.mark.parametrize("game", sorted(GAMES))
def test_undo_says_hand_over_from_the_hand_s_last_card(app: App, game: str) -> None:
    players = min(GAMES[game].player_counts)
    restored = just_before(game, players, "RoundScored", humans=(0,))
    scene = TableScene(app, restored.config, resume=restored)
    app.scenes.push(scene)
    history = len(scene.match.history)
    if scene.match.to_move == 0:
        run_until(app, lambda: scene.offering == 0 and not scene.animator.busy)
        scene.submit(ending_move(restored.state))
    run_until(app, lambda: len(scene.match.history) > history)
    words: list[str | None] = []
    while not scene.summary.visible:
        words.append(words_under_undo(scene))
        frames(app)
    frames(app, 2)
    words.append(words_under_undo(scene))
    assert set(words) == {HAND_OVER.short} and HAND_OVER.short == "hand over"
    assert scene.undo_off_rect() is not None, "the words stand under the greyed button"
    if scene.match.is_over:
        return
    # Seen in play: "hand over" stood under Undo at the next hand's start, as if that
    # hand were over too.
    click(app, scene.summary.button.rect.center)
    frames(app, 2)
    assert not scene.summary.visible
    assert scene.undo_refusal() is NO_MOVE_THIS_HAND
