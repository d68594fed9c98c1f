"""The Settings screen through the real App with real pygame events: every setting
takes effect the moment it changes and is still there after a restart; and the table
asks before a card is played when the player wants it to."""

from __future__ import annotations

import json
from pathlib import Path

import pygame
import pytest
import test_table_support as table_support
from frame_support import click, frame, key, make_app, type_text
from test_table_support import card_grip, drag, human_turn_ready, run_until, spades_config

from cardtable_gui.app_window import App
from cardtable_gui.rules.spades import PlayCard
from cardtable_gui.scenes.menu import MenuScene
from cardtable_gui.scenes.settings import PREVIEW_CARDS, SettingsScene, window_choices
from cardtable_gui.scenes.table import TableScene
from cardtable_gui.scenes.table.pace import Beat
from cardtable_gui.ui.widgets import Stepper


@pytest.fixture
def app(tmp_path: Path):
    app = make_app(tmp_path)
    app.scenes.push(MenuScene(app))
    frame(app)
    yield app
    app.quit()


def open_settings(app: App) -> SettingsScene:
    menu = app.scenes.top
    assert isinstance(menu, MenuScene)
    click(app, next(b for b in menu.buttons if b.text == "Settings"))
    scene = app.scenes.top
    assert isinstance(scene, SettingsScene)
    return scene


def plus(app: App, stepper: Stepper, times: int = 1) -> None:
    _, _, plus_rect = stepper._parts()
    for _ in range(times):
        click(app, plus_rect.center)


def minus(app: App, stepper: Stepper, times: int = 1) -> None:
    minus_rect, _, _ = stepper._parts()
    for _ in range(times):
        click(app, minus_rect.center)


def saved(app: App) -> dict[str, object]:
    return json.loads((app.data_dir / "settings.json").read_text())


def test_the_menu_offers_settings_and_escape_comes_back(app) -> None:
    open_settings(app)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.scenes.top, MenuScene)


def test_sound_changes_are_heard_at_once_and_saved(app) -> None:
    board = app.sound
    scene = open_settings(app)
    plus(app, scene.volume)
    assert app.settings.volume == pytest.approx(0.9)
    assert board.volume == pytest.approx(0.9)
    minus(app, scene.volume, 3)
    assert board.volume == pytest.approx(0.6)
    click(app, scene.muted)
    assert board.muted and app.settings.muted
    assert saved(app)["volume"] == pytest.approx(0.6) and saved(app)["muted"] is True


def test_four_colours_redraw_the_cards_at_once(app) -> None:
    art = app.art
    scene = open_settings(app)
    club = PREVIEW_CARDS[2]
    before = art.face(club, 80).copy()
    click(app, scene.four_colour)
    assert art.four_colour and app.settings.four_colour
    after = art.face(club, 80)
    assert pygame.image.tobytes(before, "RGBA") != pygame.image.tobytes(after, "RGBA")
    assert saved(app)["four_colour"] is True


def test_name_and_confirm_are_saved_and_an_empty_name_is_refused(app) -> None:
    scene = open_settings(app)
    click(app, scene.name)
    for _ in range(len(scene.name.text)):
        key(app, pygame.K_BACKSPACE)
    assert scene.message.text and app.settings.player_name == "Y"
    type_text(app, "Mia")
    assert app.settings.player_name == "Mia" and not scene.message.text
    key(app, pygame.K_RETURN)
    click(app, scene.confirm)
    assert app.settings.confirm_before_play
    assert saved(app)["player_name"] == "Mia" and saved(app)["confirm_before_play"] is True


def test_first_game_tips_are_on_until_switched_off(app) -> None:
    scene = open_settings(app)
    assert app.settings.first_game_tips and scene.tips.value
    click(app, scene.tips)
    assert not app.settings.first_game_tips
    assert saved(app)["first_game_tips"] is False


def test_window_size_and_full_screen_apply_to_the_window(app) -> None:
    scene = open_settings(app)
    sizes = scene._window_sizes
    assert (1280, 800) in sizes and sizes == sorted(sizes, key=lambda s: s[0] * s[1])
    minus(app, scene.window_size, sizes.index((1280, 800)))
    assert app.screen.get_size() == sizes[0] == app.settings.window_size
    assert app.theme.size == sizes[0]
    click(app, scene.fullscreen)
    assert app.fullscreen and app.settings.fullscreen
    assert app.screen.get_size() == pygame.display.get_desktop_sizes()[0]
    click(app, scene.fullscreen)
    assert not app.fullscreen and app.screen.get_size() == sizes[0]


def test_window_choices_fit_the_screen_and_keep_a_hand_made_size() -> None:
    assert window_choices((1100, 700), (1280, 800)) == [(1024, 640), (1100, 700), (1280, 800)]
    assert window_choices((1280, 800), (1024, 768)) == [(1024, 640), (1280, 800)]


def test_every_setting_survives_a_restart(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    app.scenes.push(MenuScene(app))
    frame(app)
    scene = open_settings(app)
    plus(app, scene.speed, 2)
    plus(app, scene.pace, 3)
    plus(app, scene.card_scale, 2)
    minus(app, scene.volume, 2)
    for toggle in (scene.muted, scene.four_colour, scene.confirm, scene.tips):
        click(app, toggle)
    click(app, scene.name)
    type_text(app, " too")
    minus(app, scene.window_size, scene._window_sizes.index((1280, 800)))
    chosen = app.settings.model_dump()
    app.quit()
    again = App(data_dir=tmp_path / "data", home=MenuScene)
    try:
        assert again.settings.model_dump() == chosen
        assert again.settings.player_name == "You too"
        assert again.settings.animation_speed == 1.5 and again.settings.ai_pace == pytest.approx(0.9)
        assert again.settings.card_scale == pytest.approx(1.1) and again.settings.volume == pytest.approx(0.6)
        assert again.screen.get_size() == tuple(chosen["window_size"])
    finally:
        again.quit()


def test_restore_defaults_keeps_the_window(app) -> None:
    scene = open_settings(app)
    plus(app, scene.speed)
    click(app, scene.four_colour)
    click(app, scene.defaults)
    assert app.settings.animation_speed == 1.0 and not app.settings.four_colour
    scene = app.scenes.top
    assert isinstance(scene, SettingsScene) and scene.speed.value == 1.0
    assert app.screen.get_size() == (1280, 800)


def test_a_running_match_follows_pace_speed_and_card_size(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    try:
        table = TableScene(app, spades_config())
        app.scenes.push(table)
        frame(app, 3)
        width_before = table.table.card_width
        app.scenes.push(SettingsScene(app))
        frame(app)
        settings = app.scenes.top
        assert isinstance(settings, SettingsScene)
        plus(app, settings.pace, 5)
        plus(app, settings.speed, 4)
        plus(app, settings.card_scale, 4)
        key(app, pygame.K_ESCAPE)
        frame(app)
        assert app.scenes.top is table
        assert table.match.ai_pace == pytest.approx(app.settings.ai_pace) == pytest.approx(1.1)
        assert table.animator.speed() == app.settings.animation_speed == 2.0
        assert table.table.card_width > width_before
    finally:
        app.quit()


def test_the_game_speed_is_chosen_by_name_and_a_running_table_follows_it(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    try:
        table = TableScene(app, spades_config())
        app.scenes.push(table)
        frame(app, 3)
        normal = table.reading_time(Beat.PLAY)
        app.scenes.push(SettingsScene(app))
        frame(app)
        settings = app.scenes.top
        assert isinstance(settings, SettingsScene)
        assert settings.game_speed.fmt(settings.game_speed.value) == "Normal"
        minus(app, settings.game_speed)
        assert settings.game_speed.fmt(settings.game_speed.value) == "Slow"
        assert saved(app)["game_speed"] == "slow"
        key(app, pygame.K_ESCAPE)
        frame(app)
        assert app.scenes.top is table
        assert table.reading_time(Beat.PLAY) > normal
    finally:
        app.quit()


def test_the_settings_screen_fits_small_and_large_windows(tmp_path: Path) -> None:
    for size in ((1024, 640), (1920, 1080)):
        app = make_app(tmp_path, size)
        try:
            scene = SettingsScene(app)
            app.scenes.push(scene)
            frame(app)
            window = app.screen.get_rect()
            for widget in (scene.back, scene.defaults, *scene.controls):
                if widget.rect.colliderect(scene.area.rect):
                    assert window.contains(widget.rect), widget
            assert scene.area.scroller.max_offset == 0
        finally:
            app.quit()


# Asking before a card is played -------------------------------------------------------------


@pytest.fixture
def table_app(tmp_path: Path):
    app = table_support.make_app(tmp_path)
    app.settings.confirm_before_play = True
    yield app
    app.quit()


def reach_card_play(app: App) -> TableScene:
    """Open a Spades table and bid until the person's first card is to be played."""
    scene = table_support.start_table(app, spades_config())
    while True:
        run_until(app, lambda: human_turn_ready(scene))
        if scene.table.fan.active:
            return scene
        table_support.place_bid(app, scene, "3")


def test_a_dropped_card_is_asked_about_and_cancel_changes_nothing(table_app) -> None:
    app = table_app
    scene = reach_card_play(app)
    fan = scene.table.fan
    index = next(i for i, slot in enumerate(fan.slots) if slot.card in fan.legal)
    card = fan.slots[index].card
    history = list(scene.match.history)
    digest = scene.match.state.digest()
    drag(app, card_grip(scene, index), scene.table.trick.rect.center)
    assert scene.confirm.visible
    assert scene.confirm.question == f"Play the {card.name}?"
    assert scene.match.history == history
    click(app, scene.confirm.cancel)
    assert not scene.confirm.visible
    assert scene.match.history == history and scene.match.state.digest() == digest
    assert card in [slot.card for slot in fan.slots] and fan.active


def test_enter_asks_and_play_goes_ahead(table_app) -> None:
    app = table_app
    scene = reach_card_play(app)
    fan = scene.table.fan
    before = len(scene.match.history)
    key(app, pygame.K_RIGHT)
    for _ in range(len(fan.slots)):
        if fan.selected_card in fan.legal:
            break
        key(app, pygame.K_RIGHT)
    card = fan.selected_card
    assert card in fan.legal
    key(app, pygame.K_RETURN)
    assert scene.confirm.visible and len(scene.match.history) == before
    key(app, pygame.K_ESCAPE)
    assert not scene.confirm.visible and app.scenes.top is scene
    assert len(scene.match.history) == before
    key(app, pygame.K_RETURN)
    key(app, pygame.K_RETURN)
    assert not scene.confirm.visible
    assert scene.match.history[before] == PlayCard(card)


def test_no_question_when_the_setting_is_off(table_app) -> None:
    app = table_app
    app.settings.confirm_before_play = False
    scene = reach_card_play(app)
    fan = scene.table.fan
    index = next(i for i, slot in enumerate(fan.slots) if slot.card in fan.legal)
    before = len(scene.match.history)
    drag(app, card_grip(scene, index), scene.table.trick.rect.center)
    assert not scene.confirm.visible and len(scene.match.history) == before + 1
