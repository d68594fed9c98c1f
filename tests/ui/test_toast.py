"""Toasts keep off what the scene names: the first clear height across the middle of
the window, else a clear spot off the middle, else the spot where they hide least."""

from __future__ import annotations

import pygame

from cardtable_gui.ui.toast import _clear_spot

BOX = pygame.Rect(0, 0, 200, 40)


def test_toasts_go_down_to_the_first_height_that_hides_nothing() -> None:
    plate = pygame.Rect(300, 50, 400, 100)
    centre, top = _clear_spot([BOX, BOX], 10, 1000, 800, 60, 8, [plate])
    assert centre == 500, "across the middle while some height there is clear"
    assert top >= plate.bottom
    assert top - plate.bottom < 8, "the highest clear height"


def test_with_the_middle_taken_at_every_height_toasts_go_beside_it() -> None:
    """Seen in Hand and Foot: a save's toast lay on the "Your turn" line, with free
    felt beside it."""
    column = pygame.Rect(400, 0, 200, 800)
    centre, top = _clear_spot([BOX], 10, 1000, 800, 60, 8, [column])
    spot = pygame.Rect(0, top, 200, 40)
    spot.centerx = centre
    assert not spot.colliderect(column)
    assert top == 60, "as high as it goes"


def test_with_no_clear_spot_toasts_hide_as_little_as_they_can() -> None:
    """Seen on Continue: with the first-game Tip under a seat's plate, no height was
    clear and the toast lay over the plate at the top, not on the strip between."""
    plate = pygame.Rect(0, 50, 1000, 100)
    tip = pygame.Rect(0, 174, 1000, 626)
    centre, top = _clear_spot([BOX], 10, 1000, 800, 60, 8, [plate, tip])
    spot = pygame.Rect(0, top, 200, 40)
    spot.centerx = centre
    hidden = sum(spot.clip(rect).width * spot.clip(rect).height for rect in (plate, tip))
    assert hidden < 200 * 40 // 2, "mostly over the strip of felt between them"
    assert centre == 500, "across the middle"
