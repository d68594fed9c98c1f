"""A card the rules refuse, clicked twice at its foot as a person double-clicks, says
the rule's reason at once in every game played from a fanned hand: the first click
raises the card above the point clicked, and the second went to the card beside it.
Hand and Foot refuses no single card of its hand: it has no dimmed cards."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest
from test_table_support import frames, make_app, post, run_until

from cardtable_gui.app_window import App
from cardtable_gui.scenes.table import TableScene
from cardtable_gui.seats import AILevel, MatchConfig, SeatConfig, SeatKind

FANNED = ("arizona_spaghetti", "spades", "spinado", "spizzichino")
NAMES = ("Ana", "Ben", "Cleo", "Dev")


def table_at_a_refusable_turn(app: App, game: str) -> tuple[TableScene, int]:
    """The person's first turn with a dimmed card beside one that may be played, and
    the dimmed card's index."""
    seats = tuple(
        SeatConfig(name=NAMES[i], kind=SeatKind.HUMAN if i == 0 else SeatKind.AI, level=AILevel.EASY)
        for i in range(2 if game == "spizzichino" else 4)
    )
    scene = TableScene(app, MatchConfig(game=game, seats=seats, seed=7))
    app.scenes.push(scene)
    fan = scene.table.fan
    while True:
        run_until(app, lambda: scene.offering == 0 and not scene.animator.busy, limit=3000)
        frames(app, 3)
        dimmed = [i for i, slot in enumerate(fan.slots) if slot.card not in fan.legal]
        if fan.active and dimmed and fan.legal:
            run_until(app, lambda: not fan.gliding)
            return scene, dimmed[0]
        scene.submit(scene.match.legal_actions_for(0)[0])


def foot_of(scene: TableScene, index: int) -> tuple[int, int]:
    """A point on the visible strip of card ``index``, near its lower edge."""
    rect = scene.table.fan.card_rect(index)
    return (rect.left + max(4, rect.width // 8), rect.bottom - rect.height // 10)


@pytest.mark.parametrize("game", FANNED)
def test_a_double_click_at_the_foot_of_a_dimmed_card_says_why(tmp_path: Path, game: str) -> None:
    app = make_app(tmp_path, (1024, 640))
    scene, index = table_at_a_refusable_turn(app, game)
    card = scene.table.fan.slots[index].card
    point = foot_of(scene, index)
    for _ in range(2):
        post(pygame.MOUSEBUTTONDOWN, pos=point, button=1)
        frames(app, 2)
        post(pygame.MOUSEBUTTONUP, pos=point, button=1)
        frames(app, 2)
    assert scene.message_is_refusal and scene.message
    assert card in scene.table.fan.cards
    app.quit()

