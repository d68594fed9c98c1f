"""Where the seats sit around the table, for any count from 2 to 8.

The player at the bottom of the screen is seat 0 of the picture; the others follow
clockwise around an oval (the next seat to the left, as players sit at a real table),
spaced evenly. Each spot says where that seat's cards gather and how far they turn to
face the middle. With four seats the spots are exactly bottom, left, top and right.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

MOST_SEATS = 8


@dataclass(frozen=True, slots=True)
class SeatSpot:
    """One seat's place: ``center`` of its cards, ``angle`` in degrees that its cards
    turn (0 upright at the bottom, -90 on the left, 180 at the top, 90 on the right),
    and ``toward``, the unit direction from the seat to the middle of the table."""

    center: tuple[float, float]
    angle: float
    toward: tuple[float, float]


def seat_spots(count: int, area: pygame.Rect) -> list[SeatSpot]:
    """Spots for ``count`` seats on the oval that fills ``area``, the first at the
    bottom middle and the rest clockwise. Raises ValueError outside 2 to 8."""
    if not 2 <= count <= MOST_SEATS:
        raise ValueError(f"a table seats 2 to {MOST_SEATS} players, not {count}")
    cx, cy = area.center
    rx, ry = area.width / 2, area.height / 2
    spots = []
    for index in range(count):
        turn = 360.0 * index / count
        # Screen y points down, so growing angles run clockwise from the bottom.
        radians = math.radians(90.0 + turn)
        x, y = cx + rx * math.cos(radians), cy + ry * math.sin(radians)
        length = math.hypot(cx - x, cy - y) or 1.0
        angle = (-turn + 180.0) % 360.0 - 180.0
        spots.append(SeatSpot((x, y), 180.0 if angle == -180.0 else angle, ((cx - x) / length, (cy - y) / length)))
    return spots
