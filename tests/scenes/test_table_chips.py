"""Chip stacks and chips flying between them: the counts always add up to the chips on
the table, the animator stays busy until the last chip lands, a big stack keeps to its
room, and a skipped animation still delivers every chip."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame
import pytest

from cardtable_gui.scenes.table.animation import Animator
from cardtable_gui.scenes.table.chips import MOST_FLYING, ChipMover, ChipStack, body_size
from cardtable_gui.ui.theme import Theme


@pytest.fixture(autouse=True)
def display():
    pygame.init()
    yield


def stacks(mine: int = 20, pot: int = 0) -> tuple[ChipStack, ChipStack]:
    a = ChipStack(mine, show_count=False)
    a.layout((100, 300), 10)
    b = ChipStack(pot, label="Pot")
    b.layout((500, 120), 10)
    return a, b


def run(animator: Animator, seconds: float, step: float = 0.02) -> None:
    for _ in range(round(seconds / step)):
        animator.update(step)


def test_a_payment_moves_its_chips_and_keeps_the_total() -> None:
    animator = Animator()
    mover = ChipMover(animator)
    a, b = stacks(20, 3)
    landed: list[bool] = []
    mover.send(a, b, 7, on_done=lambda: landed.append(True))
    seen_in_air = False
    while animator.busy:
        animator.update(0.02)
        in_air = 27 - a.count - b.count
        seen_in_air |= in_air > 0
        assert in_air >= 0
    assert seen_in_air and (a.count, b.count) == (13, 10)
    assert landed == [True] and not mover.flying


def test_a_big_payment_flies_as_a_handful_of_chips() -> None:
    animator = Animator()
    mover = ChipMover(animator)
    a, b = stacks(100)
    mover.send(a, b, 40, stagger=0.0)
    run(animator, 0.05)
    assert len(mover.flying) == MOST_FLYING
    run(animator, 2.0)
    assert (a.count, b.count) == (60, 40)


def test_skipping_delivers_every_chip() -> None:
    animator = Animator()
    mover = ChipMover(animator)
    a, b = stacks(9)
    done: list[bool] = []
    mover.send(a, b, 9, delay=0.5, on_done=lambda: done.append(True))
    animator.skip()
    assert (a.count, b.count) == (0, 9) and done == [True]
    assert not animator.busy and not mover.flying


def test_nothing_to_carry_is_done_at_once() -> None:
    animator = Animator()
    done: list[bool] = []
    a, b = stacks()
    ChipMover(animator).send(a, b, 0, on_done=lambda: done.append(True))
    assert done == [True] and not animator.busy


def test_a_chip_lands_on_top_of_the_stack() -> None:
    a, _ = stacks(0)
    empty_top = a.top
    a.count = 4
    assert a.top[1] < empty_top[1]
    a.count = 10
    assert a.top[0] > empty_top[0], "a full column starts the next one beside it"


@pytest.mark.parametrize("count", [0, 1, 9, 10, 31, 500])
def test_a_stack_of_any_size_stays_in_its_room(count: int) -> None:
    theme = Theme((1280, 800))
    stack = ChipStack(count, label="Matrimony")
    stack.layout((200, 200), theme.px(10))
    surface = pygame.Surface((400, 400), pygame.SRCALPHA)
    stack.draw(surface, theme)
    drawn = surface.get_bounding_rect()
    assert stack.rect(theme).contains(drawn) or count == 0
    assert stack.body.size == body_size(theme.px(10))


def test_the_chips_are_drawn_once_per_count() -> None:
    theme = Theme((1280, 800))
    stack = ChipStack(12, show_count=False)
    stack.layout((100, 100), 10)
    surface = pygame.Surface((200, 200), pygame.SRCALPHA)
    stack.draw(surface, theme)
    picture = stack._picture
    stack.draw(surface, theme)
    assert stack._picture is picture
    stack.count = 13
    stack.draw(surface, theme)
    assert stack._picture is not picture
