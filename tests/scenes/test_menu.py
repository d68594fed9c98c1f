"""The main menu with real events: entries shown only when their screen exists,
mouse and keyboard navigation, Continue only with an autosave, Quit."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pygame
import pytest
from frame_support import click, frame, key, looks_chosen, make_app

from cardtable_gui.scenes.menu import MENU, MenuEntry, MenuScene
from cardtable_gui.scenes.rules_book import RulesBookScene
from cardtable_gui.scenes.setup import SetupScene


@pytest.fixture
def app(tmp_path: Path):
    app = make_app(tmp_path)
    app.scenes.push(MenuScene(app))
    frame(app)
    yield app
    app.quit()


def labels(app) -> list[str]:
    return [button.text for button in app.scenes.top.buttons]


def test_only_built_screens_are_offered(app) -> None:
    expected = [entry.label for entry in MENU if entry.shown(app)] + ["Quit"]
    assert labels(app) == expected
    assert labels(app)[:1] == ["New game"]
    assert "Rules" in labels(app)
    assert "Continue" not in labels(app)


def test_an_entry_appears_exactly_when_its_screen_exists(app) -> None:
    for entry in MENU:
        assert (entry.label in labels(app)) == entry.shown(app)
        assert entry.available() == (importlib.util.find_spec(entry.module) is not None)
    missing = MenuEntry("Nowhere", "cardtable_gui.scenes.no_such_screen", "NoSuchScene")
    assert not missing.available()


def test_click_new_game_opens_setup(app) -> None:
    button = next(b for b in app.scenes.top.buttons if b.text == "New game")
    click(app, button)
    assert isinstance(app.scenes.top, SetupScene)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.scenes.top, MenuScene)


def test_arrows_and_enter_open_rules(app) -> None:
    for _ in range(labels(app).index("Rules")):
        key(app, pygame.K_DOWN)
    assert app.scenes.top.focus.current.text == "Rules"
    key(app, pygame.K_RETURN)
    assert isinstance(app.scenes.top, RulesBookScene)


def test_only_the_entry_the_arrows_reached_looks_chosen(app) -> None:
    """"New game", the main entry, steps back while the focus is on another, so that one
    entry looks chosen."""
    buttons = app.scenes.top.buttons
    main = next(b for b in buttons if b.text == "New game")
    assert main.style == "primary" and looks_chosen(app, main)
    key(app, pygame.K_DOWN)
    focused = app.scenes.top.focus.current
    assert focused is not main
    assert [b.text for b in buttons if looks_chosen(app, b)] == [focused.text]
    key(app, pygame.K_UP)
    assert [b.text for b in buttons if looks_chosen(app, b)] == ["New game"]


def test_escape_moves_to_quit_and_enter_quits(app) -> None:
    key(app, pygame.K_ESCAPE)
    assert app.scenes.top.focus.current.text == "Quit"
    key(app, pygame.K_RETURN)
    assert not app.running
    assert len(app.scenes) == 0


def test_continue_appears_with_an_autosave_and_a_bad_one_is_kept(app) -> None:
    autosave = app.data_dir / "autosave.json"
    autosave.write_text("not a save at all")
    app.scenes.push(MenuScene(app))
    frame(app)
    assert labels(app)[:2] == ["New game", "Continue"]
    click(app, app.scenes.top.buttons[1])
    dialog = app.scenes.top
    assert "can't be continued" in dialog.title.text
    click(app, next(b for b in dialog.buttons if b.text == "Keep it"))
    assert isinstance(app.scenes.top, MenuScene)
    assert autosave.read_text() == "not a save at all"
