"""Nothing lost, through the real App with real events: autosave and Continue (also
after closing mid-AI-thought), a damaged autosave, Save with a name, the Load screen
(newest first, bad files with their message, delete and move aside only after asking),
undo against the computer, never past a deal, and undo at a shared screen only when
the table allowed it."""

from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pygame
import pytest
from test_table_support import (
    click,
    frames,
    human_turn_ready,
    make_app,
    play_bottom_turn,
    post,
    run_until,
    show_my_cards,
    spades_config,
    start_table,
)

from cardtable_gui.app_window import App
from cardtable_gui.match import Match
from cardtable_gui.persistence import saves
from cardtable_gui.persistence.saves import SavedGame, SaveStore, rebuild
from cardtable_gui.rules import GAMES
from cardtable_gui.rules.base import Action, GameState
from cardtable_gui.scenes.dialog import Dialog
from cardtable_gui.scenes.load import LoadScene
from cardtable_gui.scenes.menu import MenuScene
from cardtable_gui.scenes.setup import SetupScene
from cardtable_gui.scenes.table import TableScene
from cardtable_gui.scenes.table.scene import UNDO_OFF_AT_SHARED_SCREEN
from cardtable_gui.scenes.table.summary import saved_summary
from cardtable_gui.seats import AILevel, MatchConfig, SeatConfig, SeatKind
from cardtable_gui.undo_rule import NO_MOVE_THIS_HAND


@pytest.fixture
def apps(tmp_path: Path) -> Iterator[list[App]]:
    """Every App a test opens (on the same data folder), closed at the end."""
    opened: list[App] = []
    yield opened
    for app in opened:
        if app.running:
            app.quit()


def open_app(apps: list[App], tmp_path: Path, size: tuple[int, int] = (1280, 800)) -> App:
    app = make_app(tmp_path, size)
    apps.append(app)
    return app


def press(app: App, key: int, mod: int = 0, unicode: str = "") -> None:
    post(pygame.KEYDOWN, key=key, mod=mod, unicode=unicode, scancode=0)
    frames(app)


def type_text(app: App, text: str) -> None:
    for char in text:
        post(pygame.TEXTINPUT, text=char)
    frames(app)


def button(scene: object, label: str):
    buttons = scene.buttons  # type: ignore[attr-defined]
    return next(b for b in buttons if b.text == label)


def play_turns(app: App, scene: TableScene, turns: int) -> None:
    for _ in range(turns):
        run_until(app, lambda: human_turn_ready(scene))
        before = len(scene.match.history)
        play_bottom_turn(app, scene)
        assert len(scene.match.history) == before + 1, scene.message
    run_until(app, lambda: human_turn_ready(scene))


def continue_from_menu(app: App) -> TableScene:
    app.scenes.push(MenuScene(app))
    frames(app)
    click(app, button(app.scenes.top, "Continue").rect.center)
    scene = app.scenes.top
    assert isinstance(scene, TableScene)
    return scene


def count_replays(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Records every replay of a save from here on: the loader's check (``rebuild``)
    and any replay by the match itself."""
    calls: list[str] = []
    original_rebuild, original_replay = saves.rebuild, Match.replay

    def rebuilt(*args: object, **kwargs: object) -> object:
        calls.append("loader")
        return original_rebuild(*args, **kwargs)  # type: ignore[arg-type]

    def replayed(self: Match, actions: object) -> None:
        calls.append("match")
        original_replay(self, actions)  # type: ignore[arg-type]

    monkeypatch.setattr(saves, "rebuild", rebuilt)
    monkeypatch.setattr(Match, "replay", replayed)
    return calls


def reveal(app: App, scene: LoadScene, widget: object) -> None:
    """Scroll the list with the mouse wheel until ``widget`` is fully in view."""
    area = scene.area
    post(pygame.MOUSEMOTION, pos=area.rect.center, rel=(0, 0), buttons=(0, 0, 0))
    for _ in range(40):
        rect = widget.rect  # type: ignore[attr-defined]
        if area.rect.contains(rect):
            return
        post(pygame.MOUSEWHEEL, x=0, y=-1 if rect.bottom > area.rect.bottom else 1, flipped=False)
        frames(app)
    raise AssertionError("the list never scrolled to the row")


def press_row_button(app: App, scene: LoadScene, path: Path, label: str) -> None:
    target = button(row_for(scene, path), label)
    reveal(app, scene, target)
    click(app, target.rect.center)


# Autosave and Continue ----------------------------------------------------------------


def test_continue_shows_the_same_table(apps, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    app = open_app(apps, tmp_path)
    scene = start_table(app, spades_config(seed=11))
    play_turns(app, scene, 3)
    match = scene.match
    view, scores, to_move = match.view_for(0), match.state.scores, match.to_move
    digest, hand = match.state.digest(), list(scene.table.fan.cards)
    assert to_move == 0
    app.quit()

    calls = count_replays(monkeypatch)
    again = open_app(apps, tmp_path)
    resumed = continue_from_menu(again)
    assert calls == ["loader"], "Continue replays the save exactly once"
    run_until(again, lambda: human_turn_ready(resumed))
    assert resumed.match.view_for(0) == view
    assert resumed.match.state.scores == scores
    assert resumed.match.to_move == to_move
    assert resumed.match.state.digest() == digest
    assert resumed.match.config.seats == scene.match.config.seats
    assert resumed.table.fan.cards == hand
    assert resumed.table.fan.active or resumed.table.bidding.visible


def test_closing_mid_ai_thought_then_continue_gives_the_same_position(apps, tmp_path: Path) -> None:
    app = open_app(apps, tmp_path)
    scene = start_table(app, spades_config(seed=4))
    run_until(app, lambda: human_turn_ready(scene))
    app.settings.ai_pace = 3.0
    play_bottom_turn(app, scene)
    frames(app, 5)
    match = scene.match
    assert not match.is_human(match.to_move), "a computer seat is thinking"
    digest, history = match.state.digest(), list(match.history)
    app.quit()

    again = open_app(apps, tmp_path)
    resumed = continue_from_menu(again)
    assert resumed.match.state.digest() == digest
    assert resumed.match.history == history
    again.settings.ai_pace = 0.0
    run_until(again, lambda: len(resumed.match.history) > len(history))


def test_closing_mid_animation_loses_nothing(apps, tmp_path: Path) -> None:
    app = open_app(apps, tmp_path)
    app.settings.animation_speed = 0.25
    scene = start_table(app, spades_config(seed=8))
    run_until(app, lambda: human_turn_ready(scene), limit=2000)
    play_bottom_turn(app, scene)
    assert scene.animator.busy
    digest = scene.match.state.digest()
    app.quit()
    again = open_app(apps, tmp_path)
    assert continue_from_menu(again).match.state.digest() == digest


def test_a_damaged_autosave_is_explained_and_moved_aside_only_when_asked(apps, tmp_path: Path) -> None:
    app = open_app(apps, tmp_path)
    store = SaveStore(app.data_dir)
    store.autosave_path.write_bytes(b'{"schema_version": 2, "game": "spa')
    app.scenes.push(MenuScene(app))
    frames(app)
    click(app, button(app.scenes.top, "Continue").rect.center)
    dialog = app.scenes.top
    assert isinstance(dialog, Dialog)
    assert "damaged or cut short" in dialog.message.text
    click(app, button(dialog, "Keep it").rect.center)
    assert store.autosave_path.read_bytes() == b'{"schema_version": 2, "game": "spa'
    click(app, button(app.scenes.top, "Continue").rect.center)
    click(app, button(app.scenes.top, "Move aside").rect.center)
    assert not store.autosave_path.exists()
    assert (app.data_dir / "autosave.json.bad").read_bytes() == b'{"schema_version": 2, "game": "spa'
    menu = app.scenes.top
    assert isinstance(menu, MenuScene)
    assert "Continue" not in [b.text for b in menu.buttons]


# Saving by name and the Load screen ---------------------------------------------------


def test_saving_by_name_through_the_dialog(apps, tmp_path: Path) -> None:
    app = open_app(apps, tmp_path)
    scene = start_table(app, spades_config(seed=5))
    play_turns(app, scene, 2)
    press(app, pygame.K_s, pygame.KMOD_CTRL)
    dialog = app.scenes.top
    assert isinstance(dialog, Dialog) and dialog.field is not None
    assert dialog.field.placeholder == "Spades, Hand 1"
    type_text(app, "Friday game")
    press(app, pygame.K_RETURN)
    assert app.scenes.top is scene
    (entry,) = SaveStore(app.data_dir).list_saves()
    assert entry.saved is not None and entry.saved.name == "Friday game"
    assert entry.saved.digest == scene.match.state.digest()

    click(app, scene.save_button.rect.center)
    click(app, button(app.scenes.top, "Save").rect.center)
    names = [e.saved.name for e in SaveStore(app.data_dir).list_saves() if e.saved]
    assert sorted(names) == ["Friday game", "Spades, Hand 1"]

    click(app, scene.save_button.rect.center)
    press(app, pygame.K_ESCAPE)
    assert app.scenes.top is scene
    assert len(SaveStore(app.data_dir).list_saves()) == 2


def played(seed: int, moves: int) -> tuple[MatchConfig, list[Action], GameState]:
    """Spades for one person and three computers, ``moves`` first legal moves in."""
    config = spades_config(seed=seed)
    state = GAMES["spades"].new_game(4, seed=seed)
    actions: list[Action] = []
    for _ in range(moves):
        action = state.legal_actions()[0]
        state.apply(action)
        actions.append(action)
    return config, actions, state


def write_saves(folder: Path) -> dict[str, Path]:
    """Three good saves a day apart and one file of each kind of damage."""
    store = SaveStore(folder)
    paths: dict[str, Path] = {}
    start = datetime(2025, 3, 1, 12, 0, tzinfo=UTC)
    for day, name in enumerate(("Oldest", "Middle", "Newest")):
        config, actions, state = played(day + 1, 6 + day)
        saved = SavedGame.capture(config, actions, state, name=name)
        paths[name] = store.save_named(saved.model_copy(update={"saved_at": start + timedelta(days=day)}))
    good = json.loads(paths["Middle"].read_text())
    damaged = {
        "truncated": paths["Middle"].read_bytes()[:150],
        "corrupt": b"\x89PNG\x00\x01 not a save",
        "illegal": json.dumps(good | {"actions": ["play 2C", *good["actions"]]}).encode(),
        "digest": json.dumps(good | {"actions": good["actions"][:-1]}).encode(),
        "wrong game": json.dumps(good | {"game": "bridge"}).encode(),
        "newer": json.dumps(good | {"schema_version": 9}).encode(),
        "nul name": json.dumps(good | {"seats": [good["seats"][0] | {"name": "An\u0000a"}, *good["seats"][1:]]}).encode(),
        "year one": json.dumps(good | {"saved_at": "0001-01-01T00:30:00+05:00"}).encode(),
        "year 9999": json.dumps(good | {"saved_at": "9999-12-31T23:59:00-05:00"}).encode(),
        "huge score": json.dumps(good | {"summary": good["summary"] | {"scores": [10**400, 0, 0, 0]}}).encode(),
    }
    for name, data in damaged.items():
        path = store.saves_folder / f"{name.replace(' ', '-')}.json"
        path.write_bytes(data)
        paths[name] = path
    return paths


def open_load_screen(app: App) -> LoadScene:
    app.scenes.push(MenuScene(app))
    frames(app)
    click(app, button(app.scenes.top, "Load game").rect.center)
    scene = app.scenes.top
    assert isinstance(scene, LoadScene)
    run_until(app, lambda: all(row.checked for row in scene.rows))
    return scene


def row_for(scene: LoadScene, path: Path):
    return next(row for row in scene.rows if row.entry.path == path)


def test_two_saves_in_one_minute_are_told_apart_by_the_second(apps, tmp_path: Path) -> None:
    """Seen in a play-through: two saves named alike, "saved 29 Nov 2026, 14:25", one
    before a draw and one after, could not be told apart. Where two share a minute,
    each gives its second; a save alone in its minute keeps the shorter time."""
    app = open_app(apps, tmp_path)
    store = SaveStore(app.data_dir)
    start = datetime(2025, 3, 1, 12, 0, 5, tzinfo=UTC)
    for seconds, name in ((0, "Before"), (40, "After"), (600, "Later")):
        config, actions, state = played(1, 6)
        saved = SavedGame.capture(config, actions, state, name=name)
        store.save_named(saved.model_copy(update={"saved_at": start + timedelta(seconds=seconds)}))
    scene = open_load_screen(app)
    times = {row.name: row.lines()[0].rsplit("saved ", 1)[1] for row in scene.rows}
    before, after, later = (times[name] for name in ("Before", "After", "Later"))
    assert before != after and before.count(":") == 2 and after.count(":") == 2
    assert later.count(":") == 1


def test_load_game_is_on_the_menu_only_with_saves(apps, tmp_path: Path) -> None:
    app = open_app(apps, tmp_path)
    app.scenes.push(MenuScene(app))
    frames(app)
    assert "Load game" not in [b.text for b in app.scenes.top.buttons]
    write_saves(SaveStore(app.data_dir).directory)
    app.scenes.push(MenuScene(app))
    frames(app)
    assert [b.text for b in app.scenes.top.buttons][:2] == ["New game", "Load game"]


def test_the_load_screen_lists_newest_first_and_explains_bad_files(apps, tmp_path: Path) -> None:
    app = open_app(apps, tmp_path)
    paths = write_saves(app.data_dir)
    before = {path: path.read_bytes() for path in paths.values()}
    scene = open_load_screen(app)
    good = [row.name for row in scene.rows if row.ok]
    assert good == ["Newest", "Middle", "Oldest"]
    assert [row.name for row in scene.rows].index("Newest") < [row.name for row in scene.rows].index("Oldest")
    expected = {
        "truncated": "damaged or cut short",
        "corrupt": "not text",
        "illegal": "cannot be replayed",
        "digest": "does not lead to the position",
        "wrong game": "'bridge'",
        "newer": "newer version",
        "nul name": "damaged",
        "year one": "damaged",
        "year 9999": "damaged",
        "huge score": "damaged",
    }
    for name, words in expected.items():
        row = row_for(scene, paths[name])
        assert not row.ok and words in (row.problem or ""), (name, row.problem)
        assert [b.text for b in row.buttons] == ["Move aside"]
    middle = row_for(scene, paths["Middle"])
    detail, players = middle.lines()
    assert detail.startswith("Spades \u00b7 Hand 1 \u00b7 saved ")
    assert players.startswith("Ana")
    assert {path: path.read_bytes() for path in paths.values()} == before
    frames(app, 3)
    run_until(app, lambda: middle.checked)
    _, players = middle.lines()
    assert players == "Ana & Cleo 0  \u00b7  Ben & Dev 0", "once replayed, partners show as one side"
    for _ in range(len(scene.rows)):
        press(app, pygame.K_DOWN)
    assert app.scenes.top is scene


def test_delete_and_move_aside_ask_first(apps, tmp_path: Path) -> None:
    app = open_app(apps, tmp_path)
    paths = write_saves(app.data_dir)
    scene = open_load_screen(app)
    press_row_button(app, scene, paths["Oldest"], "Delete")
    assert isinstance(app.scenes.top, Dialog)
    click(app, button(app.scenes.top, "Keep it").rect.center)
    assert app.scenes.top is scene and paths["Oldest"].exists()
    press_row_button(app, scene, paths["Oldest"], "Delete")
    click(app, button(app.scenes.top, "Delete").rect.center)
    assert not paths["Oldest"].exists()
    assert "Oldest" not in [row.name for row in scene.rows]

    data = paths["digest"].read_bytes()
    press_row_button(app, scene, paths["digest"], "Move aside")
    press(app, pygame.K_ESCAPE)
    assert paths["digest"].read_bytes() == data
    press_row_button(app, scene, paths["digest"], "Move aside")
    click(app, button(app.scenes.top, "Move aside").rect.center)
    assert not paths["digest"].exists()
    assert paths["digest"].with_name("digest.json.bad").read_bytes() == data
    assert all(row.entry.path != paths["digest"] for row in scene.rows)


def test_loading_a_save_replays_it_once_and_opens_the_table(
    apps, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = open_app(apps, tmp_path)
    config, actions, state = played(7, 9)
    SaveStore(app.data_dir).save_named(SavedGame.capture(config, actions, state, name="Mine"))
    calls = count_replays(monkeypatch)
    scene = open_load_screen(app)
    click(app, button(scene.rows[0], "Load").rect.center)
    table = app.scenes.top
    assert isinstance(table, TableScene)
    assert calls == ["loader"], "checking and loading share one replay"
    assert table.match.state.digest() == state.digest()
    assert table.match.history == actions


def test_loading_over_a_game_in_progress_asks_and_can_keep_it(apps, tmp_path: Path) -> None:
    app = open_app(apps, tmp_path)
    in_progress = start_table(app, spades_config(seed=11))
    play_turns(app, in_progress, 2)
    kept = in_progress.match.state.digest()
    app.quit()
    app = open_app(apps, tmp_path)
    config, actions, state = played(7, 9)
    SaveStore(app.data_dir).save_named(SavedGame.capture(config, actions, state, name="Mine"))
    scene = open_load_screen(app)
    click(app, button(scene.rows[0], "Load").rect.center)
    dialog = app.scenes.top
    assert isinstance(dialog, Dialog) and dialog.title.text == "Load this game?"
    assert "Spades game in progress will be lost" in dialog.message.text
    click(app, button(dialog, "Cancel").rect.center)
    frames(app)
    assert app.scenes.top is scene
    click(app, button(scene.rows[0], "Load").rect.center)
    click(app, button(app.scenes.top, "Save it first").rect.center)
    table = app.scenes.top
    assert isinstance(table, TableScene) and table.match.state.digest() == state.digest()
    store = SaveStore(app.data_dir)
    names = {entry.path: store.open(entry.path).state.digest() for entry in store.list_saves()}
    assert kept in names.values()


def test_loading_over_a_game_in_progress_kept_as_it_stands_asks_nothing(apps, tmp_path: Path) -> None:
    """Seen: saved with Ctrl+S, not played on, and Load still said the game "will be
    lost". A named save holding it exactly means nothing is lost."""
    app = open_app(apps, tmp_path)
    in_progress = start_table(app, spades_config(seed=11))
    play_turns(app, in_progress, 2)
    store = SaveStore(app.data_dir)
    app.quit()
    autosaved = store.load_autosave()
    assert autosaved is not None
    store.save_named(autosaved.model_copy(update={"name": "Kept"}))
    app = open_app(apps, tmp_path)
    config, actions, state = played(7, 9)
    SaveStore(app.data_dir).save_named(SavedGame.capture(config, actions, state, name="Mine"))
    scene = open_load_screen(app)
    row = next(row for row in scene.rows if row.entry.saved is not None and row.entry.saved.name == "Mine")
    click(app, button(row, "Load").rect.center)
    table = app.scenes.top
    assert isinstance(table, TableScene), "no question asked: the game in progress is kept"
    assert table.match.state.digest() == state.digest()


def test_a_save_whose_summary_wrongly_says_finished_can_be_loaded_once_checked(apps, tmp_path: Path) -> None:
    app = open_app(apps, tmp_path)
    config, actions, state = played(7, 9)
    saved = SavedGame.capture(config, actions, state, name="Claims to be over")
    lying = saved.model_copy(update={"summary": saved.summary.model_copy(update={"is_over": True})})
    SaveStore(app.data_dir).save_named(lying)
    scene = open_load_screen(app)
    frames(app, 2)
    load = button(scene.rows[0], "Load")
    assert load.enabled
    click(app, load.rect.center)
    assert isinstance(app.scenes.top, TableScene)


def test_a_finished_game_says_so_and_offers_a_new_deal_at_the_same_table(apps, tmp_path: Path) -> None:
    app = open_app(apps, tmp_path)
    config, actions, state = played(7, 112)
    assert state.is_over
    SaveStore(app.data_dir).save_named(SavedGame.capture(config, actions, state, name="All over"))
    scene = open_load_screen(app)
    frames(app, 2)
    row = scene.rows[0]
    assert row.checked and row.ok and "Finished" in row.lines()[0]
    assert [b.text for b in row.buttons] == ["Play again", "Delete"]
    kept = row.restored.config
    again = button(row, "Play again")
    reveal(app, scene, again)
    click(app, again.rect.center)
    table = app.scenes.top
    assert isinstance(table, TableScene)
    assert table.match.config.seats == config.seats and table.match.config.options == kept.options
    assert table.match.config.seed != config.seed and not table.match.state.is_over


@pytest.mark.parametrize("size", [(1024, 640), (1920, 1080)])
def test_load_screen_and_dialogs_fit_the_window(apps, tmp_path: Path, size: tuple[int, int]) -> None:
    app = open_app(apps, tmp_path, size)
    paths = write_saves(app.data_dir)
    scene = open_load_screen(app)
    window = app.screen.get_rect()
    for rect in scene.element_rects():
        assert window.contains(rect), rect
    for row in scene.rows:
        inner = row.card.rect
        for widget in row.buttons:
            assert inner.contains(widget.rect)
    press_row_button(app, scene, paths["Newest"], "Delete")
    for rect in app.scenes.top.element_rects():
        assert window.contains(rect), rect


# Undo -----------------------------------------------------------------------------------


def test_undo_against_the_computer_goes_back_to_the_last_decision(apps, tmp_path: Path) -> None:
    app = open_app(apps, tmp_path)
    scene = start_table(app, spades_config(seed=9))
    run_until(app, lambda: human_turn_ready(scene))
    match = scene.match
    digest, scores, view = match.state.digest(), match.state.scores, match.view_for(0)
    moves = len(match.history)
    play_bottom_turn(app, scene)
    run_until(app, lambda: human_turn_ready(scene))
    assert len(match.history) > moves + 1, "the computers bid after the player"
    press(app, pygame.K_z, pygame.KMOD_CTRL)
    run_until(app, lambda: human_turn_ready(scene))
    assert match.state.digest() == digest
    assert match.state.scores == scores
    assert match.view_for(0) == view
    assert len(match.history) == moves
    app.quit()
    again = open_app(apps, tmp_path)
    assert continue_from_menu(again).match.state.digest() == digest, "the undo was autosaved"


def test_undo_never_goes_back_past_a_deal(apps, tmp_path: Path) -> None:
    config = spades_config(seed=2)
    state = GAMES["spades"].new_game(4, seed=2)
    actions: list[Action] = []
    while not (state.hand_number == 2 and state.to_move == 0):
        action = state.legal_actions()[0]
        state.apply(action)
        actions.append(action)
    app = open_app(apps, tmp_path)
    SaveStore(app.data_dir).autosave(SavedGame.capture(config, actions, state))
    scene = continue_from_menu(app)
    assert scene.match.hand_start > 0
    run_until(app, lambda: human_turn_ready(scene))
    assert not scene.undo_button.enabled
    click(app, scene.undo_button.rect.center)
    assert scene.message == NO_MOVE_THIS_HAND.reason, "the second hand is on the table, the first over"
    assert scene.match.state.digest() == state.digest()


def pass_and_play_to_second_person(app: App, scene: TableScene) -> None:
    """Through the first person's turn to the cover for the second."""
    run_until(app, lambda: scene.handoff.visible)
    first = scene.handoff.seat
    show_my_cards(app, scene)
    run_until(app, lambda: human_turn_ready(scene))
    play_bottom_turn(app, scene)
    run_until(app, lambda: scene.handoff.visible and scene.handoff.seat != first)
    show_my_cards(app, scene)
    run_until(app, lambda: human_turn_ready(scene))


def test_undo_is_off_at_a_shared_screen_unless_allowed(apps, tmp_path: Path) -> None:
    app = open_app(apps, tmp_path)
    scene = start_table(app, spades_config(humans=(0, 2), seed=6))
    pass_and_play_to_second_person(app, scene)
    moves = len(scene.match.history)
    press(app, pygame.K_z, pygame.KMOD_CTRL)
    assert scene.message == UNDO_OFF_AT_SHARED_SCREEN.reason
    assert len(scene.match.history) == moves

    allowed = spades_config(humans=(0, 2), seed=6).model_copy(update={"undo_in_pass_and_play": True})
    scene = start_table(app, allowed)
    pass_and_play_to_second_person(app, scene)
    second = scene.viewer
    click(app, scene.undo_button.rect.center)
    assert len(scene.match.history) < moves
    run_until(app, lambda: scene.handoff.visible)
    assert scene.handoff.seat != second and scene.table.fan.cards == []


def test_setup_offers_the_shared_screen_undo_rule(apps, tmp_path: Path) -> None:
    app = open_app(apps, tmp_path)
    setup = SetupScene(app)
    app.scenes.push(setup)
    frames(app)
    assert not setup.config().undo_in_pass_and_play
    click(app, setup.seats[2].who.segment_rects()[0].center)
    frames(app)
    click(app, setup.undo_toggle.rect.center)
    config = setup.config()
    assert config.undo_in_pass_and_play
    config, actions, state = played(3, 4)
    agreed = config.model_copy(update={"undo_in_pass_and_play": True})
    assert rebuild(SavedGame.capture(agreed, actions, state)).config.undo_in_pass_and_play


# The game chosen is the game to continue ------------------------------------------------


def game_config(game: str, players: int, seed: int) -> MatchConfig:
    seats = tuple(
        SeatConfig(name=f"P{i + 1}", kind=SeatKind.HUMAN if i == 0 else SeatKind.AI, level=AILevel.EASY)
        for i in range(players)
    )
    return MatchConfig(game=game, seats=seats, seed=seed)


def leave_and_quit(app: App, table: TableScene) -> None:
    """Menu, Leave, then close the program, as a player would."""
    click(app, table.menu_button.rect.center)
    click(app, button(app.scenes.top, "Leave").rect.center)
    assert isinstance(app.scenes.top, MenuScene)
    app.quit()


def test_a_loaded_game_is_the_one_to_continue_even_before_a_move(apps, tmp_path: Path) -> None:
    app = open_app(apps, tmp_path)
    spinado = start_table(app, game_config("spinado", 3, seed=4))
    run_until(app, lambda: human_turn_ready(spinado) or bool(spinado.match.history))
    app.quit()
    app = open_app(apps, tmp_path)
    config = game_config("spizzichino", 2, seed=9)
    state = GAMES["spizzichino"].new_game(2, seed=9)
    SaveStore(app.data_dir).save_named(SavedGame.capture(config, [], state, name="Italian"))
    scene = open_load_screen(app)
    click(app, button(scene.rows[0], "Load").rect.center)
    click(app, button(app.scenes.top, "Discard").rect.center)
    loaded = app.scenes.top
    assert isinstance(loaded, TableScene) and loaded.match.config.game == "spizzichino"
    frames(app)
    leave_and_quit(app, loaded)

    app = open_app(apps, tmp_path)
    continued = continue_from_menu(app)
    assert continued.match.config.game == "spizzichino"
    assert continued.match.state.digest() == state.digest()
    # The discarded game left nothing behind for Continue to fall back to.
    store = SaveStore(app.data_dir)
    assert all(store.open(path).config.game == "spizzichino" for path in store.autosave_files())


def test_a_new_game_is_the_one_to_continue_even_if_the_program_is_killed_at_once(apps, tmp_path: Path) -> None:
    app = open_app(apps, tmp_path)
    first = start_table(app, game_config("spinado", 3, seed=4))
    play_turns_any(app, first)
    app.quit()
    app = open_app(apps, tmp_path)
    start_table(app, game_config("arizona_spaghetti", 4, seed=5))
    # No frame, no move, no flush: the process could die here.
    restored = SaveStore(app.data_dir).open_autosave()
    assert restored is not None and restored.config.game == "arizona_spaghetti"
    assert not restored.actions


def test_continuing_leaves_the_autosave_and_its_backup_as_they_were(apps, tmp_path: Path) -> None:
    app = open_app(apps, tmp_path)
    table = start_table(app, spades_config(seed=11))
    play_turns(app, table, 2)
    app.quit()
    store = SaveStore(tmp_path / "data")
    before = {path.name: path.read_bytes() for path in store.autosave_files()}
    app = open_app(apps, tmp_path)
    continue_from_menu(app)
    assert {path.name: path.read_bytes() for path in store.autosave_files()} == before


def play_turns_any(app: App, scene: TableScene) -> None:
    """Wait until somebody has moved, so the game in progress has a history."""
    run_until(app, lambda: bool(scene.match.history))


BEHIND = "The game was saved at this summary: the next round is already dealt behind it."


def restored_rows(scene: TableScene) -> tuple[object, ...]:
    table = scene.summary.table
    assert table is not None
    return table.title, table.headers, table.rows, table.totals, table.go_on


def play_to_the_summary(app: App, scene: TableScene) -> None:
    """Play the bottom seat's cards until the round's summary is up."""
    while True:
        run_until(app, lambda: human_turn_ready(scene) or scene.summary.visible)
        if scene.summary.visible:
            return
        play_bottom_turn(app, scene)


def test_a_game_saved_at_a_hand_s_summary_shows_it_again(apps, tmp_path: Path) -> None:
    app = open_app(apps, tmp_path)
    scene = start_table(app, game_config("arizona_spaghetti", 8, seed=3))
    play_to_the_summary(app, scene)
    shown = scene.summary.table
    assert shown is not None and shown.title.startswith("Round 1 of 6")
    click(app, scene.save_button.rect.center)
    dialog = app.scenes.top
    assert isinstance(dialog, Dialog), "Save stays open over the summary"
    assert dialog.field is not None and dialog.field.placeholder == "Arizona Spaghetti, after Round 1 of 6: Tricks"
    type_text(app, "At the summary")
    press(app, pygame.K_RETURN)
    assert app.scenes.top is scene and scene.summary.table == shown
    press(app, pygame.K_F1)
    assert app.scenes.top is not scene, "so do the rules"
    app.scenes.pop()
    frames(app)
    app.quit()

    app = open_app(apps, tmp_path)
    continued = continue_from_menu(app)
    frames(app)
    assert restored_rows(continued) == restored_rows(scene), "Continue brings back the summary that was up"
    assert continued.summary.table.notes == (*shown.notes, BEHIND), "and says the next round is dealt behind it"
    assert not continued.match.history[continued.match.hand_start :], "and the next round waits for it"
    assert continued.saved_game().hand_summary == saved_summary(shown), "saved again, as first shown"
    click(app, continued.summary.button.rect.center)
    assert not continued.summary.visible
    run_until(app, lambda: human_turn_ready(continued))
    app.quit()

    app = open_app(apps, tmp_path)
    again = continue_from_menu(app)
    frames(app)
    assert not again.summary.visible, "a summary once closed stays closed"
    leave_and_quit(app, again)

    app = open_app(apps, tmp_path)
    load = open_load_screen(app)
    click(app, button(next(row for row in load.rows if row.name == "At the summary"), "Load").rect.center)
    if isinstance(app.scenes.top, Dialog):
        click(app, button(app.scenes.top, "Discard").rect.center)
    loaded = app.scenes.top
    assert isinstance(loaded, TableScene)
    frames(app)
    assert loaded.summary.table.notes == (*shown.notes, BEHIND), "so does a save made while it was up"


def test_a_toast_keeps_off_a_summary_brought_back(apps, tmp_path: Path) -> None:
    """Seen after Load: "Your game in progress was saved as ..." lay over the top edge
    of a Spinado summary brought back from the save."""
    config = game_config("spinado", 4, seed=5)
    computers = tuple(seat.model_copy(update={"kind": SeatKind.AI}) for seat in config.seats)
    app = open_app(apps, tmp_path / "first")
    watched = start_table(app, config.model_copy(update={"seats": computers}))
    run_until(app, lambda: watched.summary.visible, limit=200_000, dt=0.5)
    assert watched.summary.table is not None
    saved = SavedGame.capture(config, watched.match.history, watched.match.state)
    saved = saved.model_copy(update={"hand_summary": saved_summary(watched.summary.table)})
    app.quit()

    app = open_app(apps, tmp_path)
    app.data_dir.mkdir(parents=True, exist_ok=True)
    (app.data_dir / saves.AUTOSAVE_FILE).write_bytes(saved.to_bytes())
    app.toast("Your game in progress was saved as \u201cArizona Spaghetti, Round 2\u201d.", 8.0)
    continued = continue_from_menu(app)
    frames(app, 5)
    assert continued.summary.visible
    assert app.toasts.boxes and all(not box.colliderect(continued.summary.box) for box in app.toasts.boxes)
