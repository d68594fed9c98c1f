"""The banner names the round with its facts; a callout, like a seat's speech bubble,
stays up for the time it was given and then is gone."""

from __future__ import annotations

import pygame

from cardtable_gui.scenes.table.banner import Banner
from cardtable_gui.scenes.table.bubbles import Bubbles
from cardtable_gui.scenes.table.score_panel import leaders
from cardtable_gui.ui.theme import Theme


def test_a_callout_shows_for_its_time_and_then_goes() -> None:
    pygame.font.init()
    theme = Theme((1024, 640))
    surface = pygame.Surface((1024, 640))
    banner = Banner("Round 2 of 6", ["Hearts cost 1 each", "Hearts may not be led until broken"])
    banner.layout(pygame.Rect(300, 10, 420, Banner.height_for(theme, 2)), (512, 320))
    banner.announce("The last heart is out: the round ends early.", 1.0)
    banner.draw(surface, theme)
    assert banner.callout_box.collidepoint(512, 320)
    assert surface.get_rect().contains(banner.callout_box)
    banner.update(0.6)
    assert banner.callout
    banner.update(0.5)
    assert not banner.callout


def test_leaders_are_the_highest_or_in_a_low_game_the_lowest() -> None:
    assert leaders([10, 30, 30]) == {1, 2}
    assert leaders([10, 30, 4], lowest_wins=True) == {2}
    assert leaders([0, 0, 0]) == set()


def test_a_bubble_fades_after_its_time_and_stays_in_the_window() -> None:
    pygame.font.init()
    theme = Theme((1024, 640))
    surface = pygame.Surface((1024, 640))
    bubbles = Bubbles()
    bubbles.say(2, "Bid 4", seconds=0.5)
    bubbles.draw(surface, theme, lambda seat: ((1020, 5), False))
    assert surface.get_at((1010, 10))[:3] != (0, 0, 0)
    bubbles.update(0.6)
    assert not bubbles.shown
