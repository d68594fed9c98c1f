"""The trick in the middle: every count from 2 to 8 places each card in front of its
player, the cards overlap only at their corners, and four cards lie exactly where
Spades has always put them."""

from __future__ import annotations

import math

import pygame
import pytest

from cardtable_gui.scenes.table.trick_area import TrickArea, takes_it


class Sizes:
    """Stands in for the card sprites: only sizes are asked of them here."""

    def size(self, width: int) -> tuple[int, int]:
        return width, round(width * 1.45)


SPRITES = Sizes()


def placed(seats: int, width: int = 60) -> tuple[TrickArea, list[pygame.Rect]]:
    area = TrickArea()
    w, h = SPRITES.size(width)
    size = TrickArea.size_for((w, h), 20, seats)
    area.layout(pygame.Rect((100, 100), size), width, seats, 20)
    rects = []
    for position in range(seats):
        rect = pygame.Rect(0, 0, w, h)
        rect.center = tuple(round(v) for v in area.slot(position, SPRITES))  # type: ignore[arg-type]
        rects.append(rect)
    return area, rects


@pytest.mark.parametrize("seats", range(2, 9))
def test_cards_overlap_only_at_the_corners(seats: int) -> None:
    _, rects = placed(seats)
    for i, a in enumerate(rects):
        for b in rects[i + 1:]:
            overlap = a.clip(b)
            assert overlap.width * overlap.height < 0.15 * a.width * a.height


@pytest.mark.parametrize("seats", range(2, 9))
def test_each_card_lies_toward_its_player(seats: int) -> None:
    area, rects = placed(seats)
    cx, cy = area.rect.center
    assert rects[0].centery > cy and abs(rects[0].centerx - cx) <= 1
    for position, rect in enumerate(rects):
        turn = math.radians(90 + 360 * position / seats)
        if abs(math.cos(turn)) > 0.1:
            assert (rect.centerx - cx) * math.cos(turn) > 0
        if abs(math.sin(turn)) > 0.1:
            assert (rect.centery - cy) * math.sin(turn) > 0


@pytest.mark.parametrize("seats", range(2, 9))
def test_the_cards_fit_the_room_asked_for(seats: int) -> None:
    area, rects = placed(seats)
    room = area.rect.inflate(area.rect.width // 10, area.rect.height // 10)
    assert all(room.contains(rect) for rect in rects)


def test_four_cards_lie_north_east_south_and_west_as_in_spades() -> None:
    area, rects = placed(4)
    w, h = SPRITES.size(60)
    cx, cy = area.rect.center
    assert [r.center for r in rects] == [
        (cx, round(cy + h * 0.54)),
        (round(cx - w * 0.86), cy),
        (cx, round(cy - h * 0.54)),
        (round(cx + w * 0.86), cy),
    ]


def test_the_winner_label_agrees_with_you() -> None:
    assert takes_it("Bruno") == "Bruno takes it"
    assert takes_it("You") == "You take it"
