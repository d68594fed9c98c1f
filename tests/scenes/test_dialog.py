"""The question box with real keys: Tab moves the focus among its buttons, and only
the focused button looks chosen, the main answer included."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest
from frame_support import click, frame, key, looks_chosen, make_app

from cardtable_gui.app_window import App
from cardtable_gui.scenes.dialog import Answer, Dialog
from cardtable_gui.scenes.menu import MenuScene
from cardtable_gui.ui import theme as th


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    app = make_app(tmp_path)
    app.scenes.push(MenuScene(app))
    frame(app)
    yield app
    app.quit()


def ask(app: App) -> Dialog:
    dialog = Dialog(app, "Leave the game?", "It is kept for Continue.", [Answer("Leave", None, "primary"), Answer("Stay", None, "quiet")])
    app.scenes.push(dialog)
    frame(app)
    return dialog


def chosen(app: App, dialog: Dialog) -> list[str]:
    return [button.text for button in dialog.buttons if looks_chosen(app, button)]


def test_tab_takes_the_gold_from_the_main_answer_to_the_focused_one(app: App) -> None:
    dialog = ask(app)
    assert chosen(app, dialog) == ["Leave"]
    key(app, pygame.K_TAB)
    assert dialog.focus.current is dialog.buttons[1]
    assert chosen(app, dialog) == ["Stay"]
    key(app, pygame.K_TAB, pygame.KMOD_SHIFT)
    assert chosen(app, dialog) == ["Leave"]


def test_the_main_answer_stays_marked_as_the_default_in_quieter_gold(app: App) -> None:
    dialog = ask(app)
    key(app, pygame.K_TAB)
    leave = dialog.buttons[0]
    assert app.screen.get_at((leave.rect.left + app.theme.px(4), leave.rect.centery))[:3] == th.BUTTON, "no gold fill"
    pixels = {app.screen.get_at((x, y))[:3] for x in range(leave.rect.left, leave.rect.right) for y in range(leave.rect.top, leave.rect.bottom)}
    assert th.ACCENT in pixels, "its letters are gold"


def test_a_click_beside_the_buttons_leaves_enter_its_button(app: App) -> None:
    """Seen in a play-through: a click on the dimmed table beside "Leave the table?"
    took the focus off Leave, and Enter then did nothing at all."""
    dialog = ask(app)
    click(app, (4, 4))
    assert dialog.focus.current is dialog.buttons[0]
    key(app, pygame.K_RETURN)
    assert dialog.chosen is dialog.answers[0]
