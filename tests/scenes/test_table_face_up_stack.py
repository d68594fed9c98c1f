"""A face-up stack: its depth shows as edges and a count, only the top card can be
taken (clicked or dragged), and what it draws stays within the room it reports."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame
import pytest

from cardtable_gui.card_art import CardArt
from cardtable_gui.cards import Card
from cardtable_gui.scenes.table.card_sprites import CardSprites
from cardtable_gui.scenes.table.face_up_stack import FaceUpStack
from cardtable_gui.ui.theme import Theme

TOP = Card.parse("3Co")


@pytest.fixture(scope="module")
def sprites() -> CardSprites:
    pygame.init()
    return CardSprites(CardArt())


def stack(count: int = 5, top: Card | None = TOP) -> FaceUpStack:
    placed = FaceUpStack(count=count, top=top)
    placed.layout((400.0, 300.0), 80)
    return placed


def test_a_deeper_stack_lifts_its_top_card_further(sprites: CardSprites) -> None:
    one, five = stack(1), stack(5)
    assert one.top_center == (400.0, 300.0)
    assert five.top_center[0] < 400 and five.top_center[1] < 300
    assert five.bounds(sprites).contains(five.top_rect(sprites))


def test_only_the_top_card_answers_the_pointer(sprites: CardSprites) -> None:
    placed = stack(5)
    top = placed.top_rect(sprites)
    assert placed.contains(top.center, sprites)
    assert not placed.contains((top.right + 3, top.bottom + 3), sprites), "an edge below is not the top"
    assert not stack(0).contains((400, 300), sprites)


def test_a_top_is_picked_up_only_while_its_owner_may_act(sprites: CardSprites) -> None:
    placed = stack(5)
    centre = placed.top_rect(sprites).center
    assert not placed.press(centre, sprites)
    placed.active = True
    assert placed.press(centre, sprites)
    assert placed.release() == (TOP, False), "pressed and let go in place: a click"
    assert not stack(5, top=None).press(centre, sprites), "a top not known yet cannot be taken"


def test_a_top_carried_away_is_a_drag(sprites: CardSprites) -> None:
    placed = stack(3)
    placed.active = True
    x, y = placed.top_rect(sprites).center
    placed.press((x, y), sprites)
    placed.move((x + 60, y - 90), sprites)
    assert placed.drag_moved
    assert placed.drag_pos[1] < placed.top_center[1]
    assert placed.release() == (TOP, True)
    assert not placed.dragging


def test_everything_drawn_lies_within_its_reported_room(sprites: CardSprites) -> None:
    theme = Theme((1024, 640))
    surface = pygame.Surface((800, 600), pygame.SRCALPHA)
    placed = stack(5)
    placed.label = "Pile 3"
    placed.draw(surface, theme, sprites)
    room = placed.rect(theme, sprites)
    drawn = surface.get_bounding_rect()
    assert room.contains(drawn), (room, drawn)
    assert room.contains(placed.badge_rect(theme, sprites))


def test_an_empty_stack_leaves_only_its_outline(sprites: CardSprites) -> None:
    theme = Theme((1024, 640))
    surface = pygame.Surface((800, 600), pygame.SRCALPHA)
    empty = stack(0, top=None)
    empty.draw(surface, theme, sprites)
    drawn = surface.get_bounding_rect()
    assert drawn.width and sprites.rect(empty.center, 80).inflate(2, 2).contains(drawn)
