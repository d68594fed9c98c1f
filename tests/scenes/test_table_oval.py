"""Seats around the oval: every count from 2 to 8 fits the area, starts at the bottom,
runs clockwise, and four seats sit exactly at the four sides; each seat's plate and
fan of backs stay inside the table and clear of the other seats at every window size."""

from __future__ import annotations

import math

import pygame
import pytest

from cardtable_gui.scenes.table.oval import place_seats, ring_sizes, seat_spots
from cardtable_gui.scenes.table.seat_panel import Side, fan_extent
from cardtable_gui.ui.theme import Theme

AREA = pygame.Rect(100, 50, 1000, 600)


@pytest.mark.parametrize("count", range(2, 9))
def test_every_count_fits_starts_at_the_bottom_and_spreads_evenly(count: int) -> None:
    spots = seat_spots(count, AREA)
    assert len(spots) == count
    first = spots[0]
    assert first.center == pytest.approx((AREA.centerx, AREA.bottom)) and first.angle == 0
    for spot in spots:
        x, y = spot.center
        assert AREA.left - 1e-6 <= x <= AREA.right + 1e-6 and AREA.top - 1e-6 <= y <= AREA.bottom + 1e-6
        assert math.hypot(*spot.toward) == pytest.approx(1.0)
    gaps = [math.dist(a.center, b.center) for a, b in zip(spots, spots[1:] + spots[:1], strict=True)]
    assert min(gaps) > 0.3 * AREA.height


def test_four_seats_are_bottom_left_top_right_turned_like_the_spades_table() -> None:
    spots = seat_spots(4, AREA)
    bottom, left, top, right = (spot.center for spot in spots)
    assert left[0] == pytest.approx(AREA.left) and top[1] == pytest.approx(AREA.top) and right[0] == pytest.approx(AREA.right)
    assert bottom[1] == pytest.approx(AREA.bottom)
    assert [spot.angle for spot in spots] == [Side.BOTTOM.angle, Side.LEFT.angle, Side.TOP.angle, Side.RIGHT.angle]


def test_the_next_seat_sits_to_the_left_clockwise() -> None:
    spots = seat_spots(6, AREA)
    assert spots[1].center[0] < AREA.centerx and spots[-1].center[0] > AREA.centerx


@pytest.mark.parametrize("count", [0, 1, 9])
def test_a_table_seats_two_to_eight(count: int) -> None:
    with pytest.raises(ValueError, match="2 to 8"):
        seat_spots(count, AREA)


SIZES = [(1024, 640), (1280, 800), (1920, 1080)]


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("count", range(2, 9))
def test_plates_and_fans_of_the_other_seats_stay_apart_and_inside(size: tuple[int, int], count: int) -> None:
    theme = Theme(size)
    plate, card_width = ring_sizes(theme, count, lines=2)
    card = (card_width, round(card_width * 1.45))
    area = pygame.Rect(0, theme.px(58), size[0], round(size[1] * 0.78) - theme.px(58))
    places = place_seats(count, area, plate, card)
    assert len(places) == count
    pieces = []
    for place in places[1:]:
        fan = pygame.Rect((0, 0), fan_extent(card, place.angle))
        fan.center = (round(place.cards_center[0]), round(place.cards_center[1]))
        assert area.contains(place.plate) and area.contains(fan)
        # The plate sits on the middle's side of its own fan.
        to_plate = (place.plate.centerx - fan.centerx, place.plate.centery - fan.centery)
        assert to_plate[0] * place.toward[0] + to_plate[1] * place.toward[1] > 0
        pieces.append(place.plate)
    for place in places[1:]:
        # A slanted fan's upright box is far larger than the fan; only square ones count.
        if place.angle % 90 == 0:
            fan = pygame.Rect((0, 0), fan_extent(card, place.angle))
            fan.center = (round(place.cards_center[0]), round(place.cards_center[1]))
            assert fan.collidelist(pieces) == -1
    for i, a in enumerate(pieces):
        for b in pieces[i + 1:]:
            assert not a.colliderect(b)


def test_a_slanted_seat_keeps_its_plate_close_to_its_cards() -> None:
    theme = Theme((1280, 800))
    plate, card_width = ring_sizes(theme, 8)
    card = (card_width, round(card_width * 1.45))
    places = place_seats(8, pygame.Rect(0, 60, 1280, 560), plate, card)
    slanted = places[3]
    assert slanted.angle % 90 != 0
    distance = math.dist(slanted.plate.center, slanted.cards_center)
    assert distance < plate[0] * 0.5 + fan_extent(card, slanted.angle)[0] * 0.5
