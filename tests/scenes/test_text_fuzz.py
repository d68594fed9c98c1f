"""Any text at all, in every field a screen draws, through the real screens with real
events: seat names, the save's name, its summary's title, progress and players, an old
save's game and the file's own name on the Load screen; seat names at the table after
Continue; the player's name from the settings on the menu, New game and Settings; and
names and games from the statistics on the Statistics screen. No screen raises, and no
file is changed by being shown."""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pygame
from hypothesis import HealthCheck, assume, event, given, settings
from hypothesis import strategies as st
from test_table_support import click, frames, make_app, post, spades_config
from text_support import texts

from cardtable_gui.app_window import App
from cardtable_gui.persistence import GameRecord, SeatRecord
from cardtable_gui.persistence.saves import SavedGame, SaveStore
from cardtable_gui.persistence.settings import SETTINGS_FILE
from cardtable_gui.persistence.statistics import STATISTICS_FILE
from cardtable_gui.rules import GAMES
from cardtable_gui.scenes.dialog import Dialog
from cardtable_gui.scenes.menu import MenuScene
from cardtable_gui.scenes.statistics import Picker, StatisticsScene
from cardtable_gui.scenes.table import TableScene
from cardtable_gui.seats import SeatKind
from cardtable_gui.shown_text import drop_control_characters

FUZZ = settings(
    max_examples=50,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.large_base_example],
)

file_names = st.binary(min_size=1, max_size=60).map(lambda name: name.replace(b"/", b"_").replace(b"\0", b"_"))
"""A file name's bytes on Linux: anything but a slash or a NUL, UTF-8 or not."""



def accepted(longest: int) -> st.SearchStrategy[str]:
    """Text of the kind a save accepts in a field of ``longest`` characters (invisible,
    combining, right-to-left and all; a zero-width space where nothing is left), so
    that the screens draw it, not only the loader's refusal."""
    return texts.map(lambda text: drop_control_characters(text).strip()[:longest] or "\u200b")


accepted_names = accepted(24)


def any_or_accepted(longest: int) -> st.SearchStrategy[str]:
    """Any text at all, or text a save accepts in a field of ``longest`` characters."""
    return st.one_of(texts, accepted(longest))

KEYS = (pygame.K_DOWN, pygame.K_DOWN, pygame.K_TAB, pygame.K_RIGHT, pygame.K_LEFT, pygame.K_UP)
"""Moving the focus about a screen, through every button and picker it has."""


@contextmanager
def fresh_app(files: dict[str, bytes] | None = None) -> Iterator[App]:
    """An App on a data folder of its own holding ``files`` (name: bytes) from the start."""
    with tempfile.TemporaryDirectory() as folder:
        data = Path(folder) / "data"
        data.mkdir()
        for name, content in (files or {}).items():
            (data / name).write_bytes(content)
        app = make_app(Path(folder))
        try:
            yield app
        finally:
            app.quit()


def press(app: App, key: int) -> None:
    post(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0)
    frames(app)


def choose(app: App, label: str) -> None:
    """Click ``label`` on the menu, opening the menu first if another screen is on top."""
    if not isinstance(app.scenes.top, MenuScene):
        app.scenes.push(MenuScene(app))
        frames(app)
    click(app, next(b for b in app.scenes.top.buttons if b.text == label).rect.center)


def look_around(app: App) -> None:
    """Draw a few frames, move the focus with the keys, scroll, and leave with Escape."""
    frames(app, 3)
    for key in KEYS:
        press(app, key)
    post(pygame.MOUSEMOTION, pos=(640, 400), rel=(0, 0), buttons=(0, 0, 0))
    post(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False)
    frames(app)
    press(app, pygame.K_ESCAPE)


def saved_in(folder: Path, name: bytes) -> Path:
    """The path of the file called ``name`` (bytes, UTF-8 or not) in ``folder``."""
    return Path(os.fsdecode(os.path.join(os.fsencode(folder), name)))


def spades_json(names: list[str]) -> dict:
    """A Spades save just dealt, as JSON, its seats named ``names`` (the first a person)."""
    config = spades_config()
    return json.loads(SavedGame.capture(config, [], GAMES["spades"].new_game(4, seed=config.seed)).to_bytes()) | {
        "seats": [seat.model_dump(mode="json") | {"name": name} for seat, name in zip(config.seats, names, strict=True)]
    }


def of_version_1(save: dict, game: str, players: list[str]) -> dict:
    """``save`` as the first version of the file wrote it, with ``game`` and ``players``."""
    old = {key: value for key, value in save.items() if key not in ("seats", "deck", "summary")}
    return old | {
        "schema_version": 1,
        "game": game,
        "players": players,
        "ai": [False, True, True, True],
        "ai_level": "easy",
        "saved_at": "2020-01-01T12:00:00+00:00",
    }


@FUZZ
@given(
    names=st.lists(any_or_accepted(24), min_size=4, max_size=4),
    save_name=any_or_accepted(60),
    title=any_or_accepted(100),
    progress=any_or_accepted(100),
    players=st.lists(any_or_accepted(24), min_size=4, max_size=4),
    game=texts,
    file_name=file_names,
)
def test_any_text_in_a_save_draws_on_the_load_screen(
    names: list[str], save_name: str, title: str, progress: str, players: list[str], game: str, file_name: bytes
) -> None:
    assume(file_name + b".json" not in (b"old.json", b"newest.json"))
    # Older than a plain save beside it, so that its row is first drawn unchecked, from
    # what the file says, before the replay puts its summary right.
    save = spades_json(names) | {"name": save_name, "saved_at": "2021-01-01T12:00:00+00:00"}
    save["summary"] |= {"title": title, "progress": progress, "players": players}
    written = {
        file_name + b".json": json.dumps(save).encode(),
        b"old.json": json.dumps(of_version_1(save, game, players)).encode(),
        b"newest.json": json.dumps(spades_json(["Ana", "Ben", "Cleo", "Dev"])).encode(),
    }
    with fresh_app({"autosave.json": written[b"old.json"]}) as app:
        folder = SaveStore(app.data_dir).saves_folder
        folder.mkdir()
        for name, content in written.items():
            saved_in(folder, name).write_bytes(content)
        choose(app, "Load game")
        look_around(app)
        assert isinstance(app.scenes.top, MenuScene)
        for name, content in written.items():
            assert saved_in(folder, name).read_bytes() == content
        choose(app, "Continue")
        top = app.scenes.top
        event("at the table" if isinstance(top, TableScene) else "refused")
        assert isinstance(top, TableScene | Dialog)
        frames(app, 2)


@FUZZ
@given(names=st.lists(accepted_names, min_size=4, max_size=4), save_name=st.none() | accepted_names)
def test_any_seat_names_in_the_autosave_draw_at_the_table(names: list[str], save_name: str | None) -> None:
    autosave = json.dumps(spades_json(names) | {"name": save_name}).encode()
    with fresh_app({"autosave.json": autosave}) as app:
        choose(app, "Continue")
        table = app.scenes.top
        assert isinstance(table, TableScene)
        frames(app, 10)
        assert all(table.seat_name(seat) for seat in range(4))


@FUZZ
@given(name=texts)
def test_any_player_name_in_the_settings_draws_on_the_screens_that_show_it(name: str) -> None:
    with fresh_app({SETTINGS_FILE: json.dumps({"player_name": name}).encode()}) as app:
        app.scenes.push(MenuScene(app))
        frames(app, 2)
        for label in ("New game", "Settings"):
            choose(app, label)
            look_around(app)
            assert isinstance(app.scenes.top, MenuScene)


def step_through(app: App, scene: StatisticsScene, picker: Picker) -> None:
    """Focus ``picker`` with Tab and show each of its values in turn with Right."""
    for _ in range(3):
        if scene.focus.current is picker:
            break
        press(app, pygame.K_TAB)
    for _ in picker.options:
        press(app, pygame.K_RIGHT)


@FUZZ
@given(names=st.lists(texts, min_size=1, max_size=4), game=texts)
def test_any_names_in_the_statistics_draw_on_the_statistics_screen(names: list[str], game: str) -> None:
    seats = tuple(SeatRecord(name=f"Seat {index}", kind=SeatKind.HUMAN, score=100 * index) for index in range(4))
    record = GameRecord(
        game="spades", finished_at="2025-03-01T18:00:00+00:00", seats=seats, teams=((0, 2), (1, 3)), winners=(0, 2)
    )
    # A game each, so that a name the file may not hold costs only its own record.
    games = [json.loads(record.model_dump_json()) for _ in range(len(names) + 1)]
    for played, name in zip(games, names, strict=False):
        played["seats"][0]["name"] = name
    games[-1]["game"] = game
    with fresh_app({STATISTICS_FILE: json.dumps({"schema_version": 1, "games": games}).encode()}) as app:
        choose(app, "Statistics")
        scene = app.scenes.top
        assert isinstance(scene, StatisticsScene)
        for picker in (scene.player_picker, scene.game_picker):
            step_through(app, scene, picker)
        look_around(app)
        assert isinstance(app.scenes.top, MenuScene)
