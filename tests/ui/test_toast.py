"""Toasts keep off what the scene names: the first clear height going down the window,
else the height where they hide least."""

from __future__ import annotations

import pygame

from cardtable_gui.ui.toast import _clear_top

BOX = pygame.Rect(0, 0, 200, 40)


def test_toasts_go_down_to_the_first_height_that_hides_nothing() -> None:
    plate = pygame.Rect(300, 50, 400, 100)
    top = _clear_top([BOX, BOX], 10, 1000, 800, 60, 8, [plate])
    assert top >= plate.bottom
    assert top - plate.bottom < 8, "the highest clear height"


def test_with_no_clear_height_toasts_hide_as_little_as_they_can() -> None:
    """Seen on Continue: with the first-game Tip under a seat's plate, no height was
    clear and the toast lay over the plate at the top, not on the strip between."""
    plate = pygame.Rect(300, 50, 400, 100)
    tip = pygame.Rect(300, 174, 400, 626)
    top = _clear_top([BOX], 10, 1000, 800, 60, 8, [plate, tip])
    spot = pygame.Rect(0, top, 200, 40)
    spot.centerx = 500
    hidden = sum(spot.clip(rect).width * spot.clip(rect).height for rect in (plate, tip))
    assert hidden < 200 * 40 // 2, "mostly over the strip of felt between them"
