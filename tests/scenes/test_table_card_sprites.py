"""Small cards stay readable: where a table draws its cards so small that the art's own
rank would be 9 or 10 pixels tall (eight players' trick, the Spinado board, at
1024x640), the rank in each corner is drawn as tall as the art draws it on a card
whose rank is ``READABLE_RANK`` pixels tall."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from cardtable_gui.app_window import App
from cardtable_gui.cards import Card
from cardtable_gui.rules import GAMES
from cardtable_gui.scenes.table import TableScene
from cardtable_gui.scenes.table.card_sprites import RANK_SHARE, READABLE_RANK
from cardtable_gui.seats import AILevel, MatchConfig, SeatConfig, SeatKind
from tests.scenes.test_table_support import frames, make_app

CARDS = tuple(Card.parse(notation) for notation in ("2S", "QS", "AC", "KS", "JC"))
"""Black cards, measured by their dark ink, whose rank lies clear of the pip under it
(a 10's or a 4's runs into it at a few pixels' distance)."""
READABLE_WIDTH = round(READABLE_RANK / RANK_SHARE / 1.4)
"""The width of a card whose art draws its rank ``READABLE_RANK`` pixels tall."""


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    app = make_app(tmp_path, (1024, 640))
    yield app
    app.quit()


def ink_rows(image: pygame.Surface) -> tuple[int, int]:
    """The top and the height of the first run of rows of dark ink in the left third
    of ``image``, from the top: the rank of its upper index."""
    width, height = image.get_size()

    def dark(y: int) -> bool:
        return any(sum(image.get_at((x, y))[:3]) < 150 and image.get_at((x, y))[3] > 200 for x in range(width // 3))

    rows = [dark(y) for y in range(height)]
    top = rows.index(True)
    return top, rows.index(False, top) - top


def turned(image: pygame.Surface) -> pygame.Surface:
    return pygame.transform.rotate(image, 180)


def watched(app: App, game: str) -> TableScene:
    """The computers playing ``game`` at its largest number of players."""
    seats = tuple(SeatConfig(name=f"P{i}", kind=SeatKind.AI, level=AILevel.EASY) for i in range(max(GAMES[game].player_counts)))
    scene = TableScene(app, MatchConfig(game=game, seats=seats, seed=7), watch=True)
    app.scenes.push(scene)
    frames(app, 2)
    return scene


@pytest.mark.parametrize(("game", "part"), (("arizona_spaghetti", "trick"), ("spinado", "board")))
def test_the_smallest_cards_at_1024x640_show_ranks_a_person_can_read(app: App, game: str, part: str) -> None:
    scene = watched(app, game)
    width = getattr(scene.table, part).card_width
    sprites = scene.table.sprites
    for card in CARDS:
        drawn = sprites.image(card, width, shadow=False)
        readable = app.art.face(card, READABLE_WIDTH)
        for corner in (lambda image: image, turned):
            assert ink_rows(corner(drawn))[1] >= ink_rows(corner(readable))[1], f"the {card} at {width} px wide"

