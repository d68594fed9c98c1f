"""Where the seats sit around the table, for any count from 2 to 8.

The player at the bottom of the screen is seat 0 of the picture; the others follow
clockwise around an oval (the next seat to the left, as players sit at a real table),
spaced evenly. Each spot says where that seat's cards gather and how far they turn to
face the middle. With four seats the spots are exactly bottom, left, top and right.
``place_seats`` turns the spots into room for each seat's plate and face-down fan.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from cardtable_gui.scenes.table.seat_panel import FAN_SPREAD, FULL_HAND, fan_extent, plate_height
from cardtable_gui.ui.theme import Theme

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


@dataclass(frozen=True, slots=True)
class SeatPlace:
    """Where one seat's pieces go: its name ``plate``, the centre of its face-down
    fan, how far those cards turn, and the unit direction toward the middle."""

    plate: pygame.Rect
    cards_center: tuple[float, float]
    angle: float
    toward: tuple[float, float]


def ring_sizes(theme: Theme, count: int, lines: int = 1) -> tuple[tuple[int, int], int]:
    """The plate size and the width of the small face-down cards that let ``count``
    seats sit around a table without touching, with ``lines`` lines on each plate."""
    crowded = count > 5
    plate = (theme.px(160 if crowded else 184), plate_height(theme, lines))
    return plate, theme.px(38 if crowded else 46)


def place_seats(
    count: int, area: pygame.Rect, plate_size: tuple[int, int], card_size: tuple[int, int], gap: int = 6
) -> list[SeatPlace]:
    """Places for ``count`` seats around the oval that fills ``area``: each seat's
    fan of backs on the rim, turned to face the middle and kept inside ``area``, and
    its plate just inside the fan, toward the middle. ``card_size`` is one small
    card's size; position 0 is the bottom, the rest clockwise as ``seat_spots``."""
    places = []
    for spot in seat_spots(count, area):
        fan_w, fan_h = fan_extent(card_size, spot.angle)
        rim = area.inflate(-fan_w, -fan_h)
        x, y = _on_oval(rim, spot)
        fan = pygame.Rect(0, 0, fan_w, fan_h)
        fan.center = (round(x), round(y))
        fan.clamp_ip(area)
        plate = pygame.Rect((0, 0), plate_size)
        outline = fan_outline(fan.center, card_size, spot.angle)
        dx, dy = spot.toward
        step = 0
        while True:
            plate.center = (round(fan.centerx + dx * step), round(fan.centery + dy * step))
            near = plate.inflate(gap * 2, gap * 2)
            if not any(near.collidepoint(point) for point in outline):
                break
            step += 2
        plate.clamp_ip(area)
        places.append(SeatPlace(plate, (float(fan.centerx), float(fan.centery)), spot.angle, spot.toward))
    return places


def _on_oval(area: pygame.Rect, spot: SeatSpot) -> tuple[float, float]:
    """Where the line from the middle toward ``spot`` meets the oval filling ``area``."""
    dx, dy = -spot.toward[0], -spot.toward[1]
    rx, ry = max(1.0, area.width / 2), max(1.0, area.height / 2)
    scale = 1.0 / math.hypot(dx / rx, dy / ry)
    return area.centerx + dx * scale, area.centery + dy * scale


def fan_outline(
    center: tuple[float, float], card_size: tuple[int, int], angle: float, along_steps: int = 16, across_steps: int = 8
) -> list[tuple[float, float]]:
    """Points along the edge of a full fan of backs turned by ``angle`` (not its upright
    bounding box, which is much larger for a seat at a slant), to keep a plate or a
    button close but clear: ``along_steps`` spans on each long side, ``across_steps``
    on each end."""
    w, h = card_size
    along = w + w * FAN_SPREAD * (FULL_HAND - 1)
    turn = math.radians(angle)
    ux, uy = math.cos(turn), -math.sin(turn)
    vx, vy = -uy, ux
    points = []
    for i in range(along_steps + 1):
        a = (i / along_steps - 0.5) * along
        for b in (-h / 2, h / 2):
            points.append((center[0] + ux * a + vx * b, center[1] + uy * a + vy * b))
    for i in range(across_steps + 1):
        b = (i / across_steps - 0.5) * h
        for a in (-along / 2, along / 2):
            points.append((center[0] + ux * a + vx * b, center[1] + uy * a + vy * b))
    return points
