"""Seats around the oval: every count from 2 to 8 fits the area, starts at the bottom,
runs clockwise, and four seats sit exactly at the four sides."""

from __future__ import annotations

import math

import pygame
import pytest

from cardtable_gui.scenes.table.oval import seat_spots
from cardtable_gui.scenes.table.seat_panel import Side

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
