"""Text from files that no screen could draw as it is, through the real App with real
events: names made only of invisible characters (in a save, the settings or the
statistics), a NUL in an old save's game, a file name that is not UTF-8, and a save
far too large. Every screen draws them (as "Player 2", "You", "?", or without what
cannot be drawn), says what it refuses, and leaves the files as they were."""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pygame
import pytest
from test_table_support import (
    click,
    frames,
    human_turn_ready,
    make_app,
    play_out,
    post,
    run_until,
    spades_config,
)

from cardtable_gui.app_window import App
from cardtable_gui.persistence import GameRecord, SeatRecord, Statistics, save_statistics
from cardtable_gui.persistence.saves import SAVE_SIZE_LIMIT, SavedGame, SaveStore
from cardtable_gui.persistence.settings import SETTINGS_FILE
from cardtable_gui.persistence.statistics import STATISTICS_FILE
from cardtable_gui.rules import GAMES
from cardtable_gui.scenes.dialog import Dialog
from cardtable_gui.scenes.load import LoadScene
from cardtable_gui.scenes.menu import MenuScene
from cardtable_gui.scenes.settings import SettingsScene
from cardtable_gui.scenes.setup import SetupScene
from cardtable_gui.scenes.statistics import UNNAMED, StatisticsScene
from cardtable_gui.scenes.table import TableScene
from cardtable_gui.seats import AILevel, MatchConfig, SeatConfig, SeatKind

INVISIBLE_NAMES = ("\u200b", "\u00ad", "\u2060\ufeff")


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    app = make_app(tmp_path)
    yield app
    if app.running:
        app.quit()


def spades_save(names: tuple[str, ...], name: str | None = None) -> SavedGame:
    """A Spades game just dealt, with these seat names (the first a person's)."""
    config = spades_config()
    seats = tuple(seat.model_copy(update={"name": text}) for seat, text in zip(config.seats, names, strict=True))
    state = GAMES["spades"].new_game(4, seed=config.seed)
    return SavedGame.capture(config.model_copy(update={"seats": seats}), [], state, name=name)


def press(app: App, key: int) -> None:
    post(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0)
    frames(app)


def menu_entry(app: App, label: str) -> object:
    """Open the menu if it is not on top, choose ``label`` with a click, and return
    what opened."""
    if not isinstance(app.scenes.top, MenuScene):
        app.scenes.push(MenuScene(app))
        frames(app)
    menu = app.scenes.top
    click(app, next(b for b in menu.buttons if b.text == label).rect.center)
    return app.scenes.top


def button_labelled(buttons: list, label: str):
    return next(b for b in buttons if b.text == label)


# Saves --------------------------------------------------------------------------------


def test_invisible_names_in_a_save_show_as_placeholders_on_the_load_screen(app: App) -> None:
    path = SaveStore(app.data_dir).save_named(spades_save((*INVISIBLE_NAMES, "Dev"), name="\u2060"))
    before = path.read_bytes()
    load = menu_entry(app, "Load game")
    assert isinstance(load, LoadScene)
    frames(app, 3)
    (row,) = load.rows
    assert row.ok and row.name == "Spades"
    assert row.lines()[1].split("  \u00b7  ") == ["Player 1 & Player 3 0", "Player 2 & Dev 0"]
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.scenes.top, MenuScene)
    assert path.read_bytes() == before


def test_continue_into_the_table_with_invisible_seat_names(app: App) -> None:
    SaveStore(app.data_dir).autosave(spades_save(("\u200b", "Ben", "\u2060\u00ad", "Dev")))
    table = menu_entry(app, "Continue")
    assert isinstance(table, TableScene)
    run_until(app, lambda: human_turn_ready(table))
    assert [table.seat_name(seat) for seat in range(4)] == ["Player 1", "Ben", "Player 3", "Dev"]
    assert table.match.config.seats[0].name == "\u200b", "the game keeps its names as they were"


def test_a_whole_game_continued_with_invisible_names_names_every_seat_in_its_summaries(tmp_path: Path) -> None:
    app = make_app(tmp_path, (1024, 640))
    names = ("\u200b", "Ben", "\u2060\u00ad", "Dev")
    seats = tuple(SeatConfig(name=name, kind=SeatKind.AI, level=AILevel.EASY) for name in names)
    config = MatchConfig(game="spades", seats=seats, options={"target": 200}, seed=5)
    state = GAMES["spades"].new_game(4, GAMES["spades"].Options(target=200), seed=5)
    SaveStore(app.data_dir).autosave(SavedGame.capture(config, [], state))
    summaries: list[str] = []
    try:
        table = menu_entry(app, "Continue")
        assert isinstance(table, TableScene)

        def read_summary() -> None:
            shown = table.summary.table
            assert shown is not None
            summaries.extend(cell for row in shown.rows for cell in row)
            summaries.extend(total.label for total in shown.totals)

        play_out(app, table, read_summary)
        frames(app, 5)
        sides = {name for name, _, _ in table.game_over.lines}
        assert sides == {"Player 1 & Player 3", "Ben & Dev"}
        assert "Player 1 & Player 3" in summaries and not any("\u200b" in text for text in summaries)
    finally:
        app.quit()


def test_a_nul_in_the_game_of_an_old_save_is_drawn_before_the_save_is_checked(app: App) -> None:
    store = SaveStore(app.data_dir)
    store.save_named(spades_save(("Ana", "Ben", "Cleo", "Dev")))
    raw = json.loads(spades_save(("Ana", "Ben", "Cleo", "Dev")).to_bytes())
    old = {key: value for key, value in raw.items() if key not in ("seats", "deck", "summary")}
    old |= {
        "schema_version": 1,
        "game": "spa\u0000des",
        "players": ["Ana", "Ben", "Cleo", "Dev"],
        "ai": [False, True, True, True],
        "ai_level": "easy",
        "saved_at": "2020-01-01T12:00:00+00:00",
    }
    path = store.saves_folder / "old.json"
    path.write_text(json.dumps(old))

    load = menu_entry(app, "Load game")
    assert isinstance(load, LoadScene)
    row = next(r for r in load.rows if r.entry.path == path)
    assert not row.checked, "the newest save is checked first; this row was drawn unchecked"
    assert row.name == "spades" and row.lines()[0].startswith("spades \u00b7 saved")
    frames(app, 3)
    assert row.checked and not row.ok and "spa\\x00des" in (row.problem or "")
    assert json.loads(path.read_text()) == old


def test_a_damaged_file_whose_name_is_not_utf8_is_listed_and_moved_aside(app: App) -> None:
    folder = SaveStore(app.data_dir).saves_folder
    folder.mkdir(parents=True)
    path = Path(os.fsdecode(os.path.join(os.fsencode(folder), b"\xff\xfe-x.json")))
    path.write_bytes(b"{not json")

    load = menu_entry(app, "Load game")
    assert isinstance(load, LoadScene)
    frames(app, 2)
    (row,) = load.rows
    assert not row.ok and row.name == "\ufffd\ufffd-x.json"
    click(app, button_labelled(row.buttons, "Move aside").rect.center)
    dialog = app.scenes.top
    assert isinstance(dialog, Dialog) and "\ufffd\ufffd-x.json" in dialog.message.text
    click(app, button_labelled(dialog.buttons, "Move aside").rect.center)
    frames(app, 2)
    moved = Path(os.fsdecode(os.path.join(os.fsencode(folder), b"\xff\xfe-x.json.bad")))
    assert moved.read_bytes() == b"{not json"
    assert any("\ufffd\ufffd-x.json.bad" in toast.message for toast in app.toasts.toasts)
    assert app.scenes.top is load and not load.rows


def test_a_save_far_too_large_is_refused_on_the_load_screen_and_at_continue(app: App) -> None:
    raw = json.loads(spades_save(("Ana", "Ben", "Cleo", "Dev")).to_bytes())
    raw["summary"]["title"] = "Spades" * (SAVE_SIZE_LIMIT // 6 + 1)
    data = json.dumps(raw).encode()
    store = SaveStore(app.data_dir)
    store.saves_folder.mkdir(parents=True)
    (store.saves_folder / "huge.json").write_bytes(data)
    store.autosave_path.write_bytes(data)

    load = menu_entry(app, "Load game")
    assert isinstance(load, LoadScene)
    (row,) = load.rows
    assert not row.ok and "larger than 4 MB" in (row.problem or "")
    press(app, pygame.K_ESCAPE)
    dialog = menu_entry(app, "Continue")
    assert isinstance(dialog, Dialog) and "larger than 4 MB" in dialog.message.text
    assert store.autosave_path.read_bytes() == data


# The settings and the statistics ------------------------------------------------------


def test_a_settings_name_that_draws_as_nothing(tmp_path: Path) -> None:
    data = tmp_path / "data"
    data.mkdir()
    (data / SETTINGS_FILE).write_text(json.dumps({"player_name": "\u200b"}))
    app = make_app(tmp_path)
    try:
        setup = menu_entry(app, "New game")
        assert isinstance(setup, SetupScene)
        assert setup.seats[0].name.text == "You"
        frames(app, 2)
        press(app, pygame.K_ESCAPE)
        settings = menu_entry(app, "Settings")
        assert isinstance(settings, SettingsScene)
        assert settings.name.text == "", "the field is empty, its placeholder asks for a name"
        frames(app, 2)
        press(app, pygame.K_ESCAPE)
        assert isinstance(app.scenes.top, MenuScene)
    finally:
        app.quit()
    assert json.loads((data / SETTINGS_FILE).read_text())["player_name"] == "\u200b"


def test_statistics_names_that_draw_as_nothing(app: App) -> None:
    seats = tuple(
        SeatRecord(name=name, kind=SeatKind.HUMAN if index == 0 else SeatKind.AI, score=120)
        for index, name in enumerate(("\u200b", "Ada", "\u00ad", "Bruno"))
    )
    record = GameRecord(
        game="spades", finished_at=datetime(2025, 3, 1, tzinfo=UTC), seats=seats, teams=((0, 2), (1, 3)), winners=(0, 2)
    )
    save_statistics(app.data_dir, Statistics(games=[record]))
    before = (app.data_dir / STATISTICS_FILE).read_bytes()

    scene = menu_entry(app, "Statistics")
    assert isinstance(scene, StatisticsScene)
    assert scene.player_picker.options == [("\u200b", UNNAMED)]
    assert scene.figures is not None and scene.figures.played == 1
    for key in (pygame.K_TAB, pygame.K_TAB, pygame.K_RIGHT, pygame.K_LEFT, pygame.K_ESCAPE):
        press(app, key)
    assert isinstance(app.scenes.top, MenuScene)
    assert (app.data_dir / STATISTICS_FILE).read_bytes() == before

