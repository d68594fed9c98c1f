"""The buttons' looks with real key events: of a pair that answers a question, only the
one the keyboard focus is on looks chosen; the main one, left, keeps a quieter mark."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame
import pytest

from cardtable_gui.ui import theme as th
from cardtable_gui.ui.theme import Theme
from cardtable_gui.ui.widgets import Button, focus_one, offer_pair


@pytest.fixture(autouse=True)
def fonts():
    pygame.font.init()
    yield


def fill_of(button: Button, theme: Theme) -> tuple[int, int, int]:
    """The colour the button is filled with, drawn alone on a black surface."""
    surface = pygame.Surface((400, 200))
    button.draw(surface, theme)
    return tuple(surface.get_at((button.rect.left + theme.px(4), button.rect.centery))[:3])


def test_the_main_button_of_a_pair_is_gold_only_while_no_other_has_the_focus() -> None:
    theme = Theme()
    play = Button("Play", lambda: None, style="primary")
    cancel = Button("Cancel", lambda: None)
    play.rect = pygame.Rect(20, 20, 150, 48)
    cancel.rect = pygame.Rect(200, 20, 150, 48)
    focus_one((play, cancel), play)
    assert fill_of(play, theme) == th.PRIMARY
    tab = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB, mod=0, unicode="", scancode=0)
    offer_pair(play, cancel, tab)
    assert cancel.focused and not play.focused
    assert fill_of(play, theme) == th.BUTTON, "the gold goes with the focus"
    offer_pair(play, cancel, pygame.event.Event(pygame.KEYDOWN, key=pygame.K_LEFT, mod=0, unicode="", scancode=0))
    assert play.focused and fill_of(play, theme) == th.PRIMARY


def test_a_chosen_item_stays_gold_wherever_the_focus_is() -> None:
    theme = Theme()
    game = Button("Spades", lambda: None, style="chosen")
    start = Button("Start game", lambda: None, style="primary")
    game.rect = pygame.Rect(20, 20, 150, 48)
    focus_one((game, start), start)
    assert fill_of(game, theme) == th.PRIMARY
