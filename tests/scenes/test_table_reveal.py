"""A hidden hand turned face up: the cards turn one after another while the animator
waits, every card stays on its panel however many there are, and a hand shown again
from a saved game is face up at once."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame
import pytest

from cardtable_gui.card_art import CardArt
from cardtable_gui.cards import Card, french_deck
from cardtable_gui.scenes.table.animation import Animator
from cardtable_gui.scenes.table.card_sprites import CardSprites
from cardtable_gui.scenes.table.reveal import Reveal
from cardtable_gui.ui.theme import Theme

CARDS = [Card.parse(text) for text in ("3H", "7S", "QD", "AC", "10H")]


@pytest.fixture(scope="module")
def sprites() -> CardSprites:
    pygame.init()
    pygame.display.set_mode((10, 10))
    return CardSprites(CardArt())


def placed(count: int, sprites: CardSprites, width: int = 900) -> tuple[Reveal, Theme]:
    theme = Theme((1280, 800))
    reveal = Reveal()
    size = Reveal.size_for(sprites.size(60), count, theme)
    reveal.layout(pygame.Rect(40, 40, min(width, size[0]), size[1]), 60, theme)
    return reveal, theme


def test_the_cards_turn_over_one_after_another(sprites: CardSprites) -> None:
    reveal, theme = placed(len(CARDS), sprites)
    animator = Animator()
    reveal.show(CARDS, "The dead hand", animator)
    assert reveal.visible and reveal.turning and animator.busy
    animator.update(0.2)
    progress = [turn.progress for turn in reveal.turns]
    assert progress == sorted(progress, reverse=True) and progress[0] > progress[-1]
    surface = pygame.Surface((1280, 800), pygame.SRCALPHA)
    reveal.draw(surface, theme, sprites)
    while animator.busy:
        animator.update(0.05)
    assert not reveal.turning


def test_a_hand_shown_without_an_animator_is_face_up_at_once(sprites: CardSprites) -> None:
    reveal, _ = placed(3, sprites)
    reveal.show(CARDS[:3], "The dead hand")
    assert not reveal.turning


@pytest.mark.parametrize("count", [1, 5, 14])
def test_every_card_stays_on_the_panel(sprites: CardSprites, count: int) -> None:
    cards = list(french_deck())[:count]
    reveal, theme = placed(count, sprites, width=400)
    reveal.show(cards, "The dead hand")
    w, h = sprites.size(60)
    for index in range(count):
        rect = pygame.Rect(0, 0, w, h)
        rect.center = tuple(round(v) for v in reveal.card_center(index, sprites))
        assert reveal.rect.contains(rect), (index, rect, reveal.rect)
    surface = pygame.Surface((1280, 800), pygame.SRCALPHA)
    reveal.draw(surface, theme, sprites)
    assert reveal.rect.inflate(0, theme.px(12)).contains(surface.get_bounding_rect())


def test_hiding_puts_the_hand_away(sprites: CardSprites) -> None:
    reveal, _ = placed(2, sprites)
    reveal.show(CARDS[:2], "The dead hand")
    reveal.hide()
    assert not reveal.visible and reveal.cards == []
