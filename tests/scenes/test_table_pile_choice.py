"""Choosing among face-down piles: a click or a number picks a pile, the arrows pass
over piles already taken, a letter or a button says what to do with it, Enter does it
when only one thing may be done, and the rows fit the room they are given."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame
import pytest

from cardtable_gui.card_art import CardArt
from cardtable_gui.scenes.table.card_sprites import CardSprites
from cardtable_gui.scenes.table.pile_choice import PileAction, PileChoice
from cardtable_gui.ui.theme import Theme

AREA = pygame.Rect(300, 100, 480, 420)


@pytest.fixture(scope="module")
def sprites() -> CardSprites:
    pygame.init()
    return CardSprites(CardArt())


@pytest.fixture
def chosen() -> list[tuple[int, str]]:
    return []


def offered(sprites: CardSprites, chosen: list[tuple[int, str]], take: bool = True, stand: bool = True) -> PileChoice[str]:
    piles: PileChoice[str] = PileChoice(lambda pile, value: chosen.append((pile, value)))
    piles.set_counts([5] * 8)
    piles.layout(AREA, 80, Theme((1024, 640)), sprites)
    piles.offer(
        "Pick a pile",
        [PileAction("Take into hand", "h", "take", take), PileAction("Stand face up", "s", "stand", stand)],
        "Click, number or arrows, then H or S",
    )
    return piles


def key(piles: PileChoice[str], code: int, unicode: str = "") -> bool:
    return piles.handle_event(pygame.event.Event(pygame.KEYDOWN, key=code, unicode=unicode, mod=0))


def click(piles: PileChoice[str], pos: tuple[int, int]) -> None:
    piles.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    piles.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))


def test_a_click_picks_a_pile_and_a_button_says_what_to_do(sprites, chosen) -> None:
    piles = offered(sprites, chosen)
    assert not any(button.enabled for button in piles.buttons), "nothing to do before a pile is picked"
    click(piles, piles.piles[5].top_rect(sprites).center)
    assert piles.selected == 5 and chosen == []
    click(piles, piles.buttons[1].rect.center)
    assert chosen == [(5, "stand")]


def test_a_number_then_a_letter(sprites, chosen) -> None:
    piles = offered(sprites, chosen)
    assert key(piles, pygame.K_3, "3")
    assert piles.selected == 2
    assert key(piles, pygame.K_h, "h")
    assert chosen == [(2, "take")]


def test_the_arrows_pass_over_piles_already_taken(sprites, chosen) -> None:
    piles = offered(sprites, chosen)
    piles.set_counts([0, 5, 0, 5, 5, 0, 5, 5])
    key(piles, pygame.K_RIGHT)
    assert piles.selected == 1
    key(piles, pygame.K_RIGHT)
    assert piles.selected == 3
    key(piles, pygame.K_DOWN)
    assert piles.selected == 7, "a whole row down"
    key(piles, pygame.K_1, "1")
    assert piles.selected == 7, "pile 1 is gone"


def test_enter_or_a_second_click_does_the_only_thing_left(sprites, chosen) -> None:
    piles = offered(sprites, chosen, take=False)
    key(piles, pygame.K_4, "4")
    key(piles, pygame.K_h, "h")
    assert chosen == [], "taking into the hand is not allowed now"
    key(piles, pygame.K_RETURN, "\r")
    assert chosen == [(3, "stand")]
    click(piles, piles.piles[6].top_rect(sprites).center)
    click(piles, piles.piles[6].top_rect(sprites).center)
    assert chosen[-1] == (6, "stand")


def test_enter_does_nothing_while_two_things_may_be_done(sprites, chosen) -> None:
    piles = offered(sprites, chosen)
    key(piles, pygame.K_2, "2")
    key(piles, pygame.K_RETURN, "\r")
    assert chosen == []


def test_a_pile_being_taken_is_never_chosen_and_nothing_is_offered_after_withdraw(sprites, chosen) -> None:
    piles = offered(sprites, chosen)
    key(piles, pygame.K_5, "5")
    piles.set_counts([5, 5, 5, 5, 0, 5, 5, 5])
    assert piles.selected is None
    piles.withdraw("Ben is choosing piles")
    assert not key(piles, pygame.K_1, "1")
    assert piles.selected is None and chosen == []


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800), (1920, 1080)])
def test_the_rows_the_buttons_and_the_text_fit_the_room(sprites, chosen, size: tuple[int, int]) -> None:
    theme = Theme(size)
    piles = offered(sprites, chosen)
    area = pygame.Rect(0, 0, theme.px(420), theme.px(360))
    piles.layout(area, theme.px(90), theme, sprites)
    rects = piles.rects(theme, sprites)
    assert len(rects) == 8 + 2 + 2
    for rect in rects:
        assert area.contains(rect), rect
    cards = [pile.rect(theme, sprites) for pile in piles.piles]
    for i, a in enumerate(cards):
        for b in cards[i + 1 :]:
            assert not a.colliderect(b)
