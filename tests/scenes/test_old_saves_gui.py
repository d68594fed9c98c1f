"""A Spades game saved by an earlier version, whose moves lead a spade to the first
trick, is continued and loaded through the real menu and Load screen, plays on, and is
saved again under the rules it was played with."""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from test_table_support import click, frames, human_turn_ready, make_app, play_bottom_turn, run_until

from cardtable_gui.app_window import App
from cardtable_gui.persistence.saves import AUTOSAVE_FILE, SAVES_FOLDER
from cardtable_gui.rules import GAMES
from cardtable_gui.scenes.load import LoadScene
from cardtable_gui.scenes.menu import MenuScene
from cardtable_gui.scenes.rules_book import RulesBookScene, rule_text
from cardtable_gui.scenes.table import TableScene

GOLDEN = Path(__file__).parents[1] / "persistence" / "golden_saves"
OLD_SPADES = GOLDEN / "ba9e28f-spades-spade-led-to-trick-1.json"
"""Saved by the version just before spades were refused as the first lead of a hand."""
AT_SUMMARY = GOLDEN / "5cb66b2-spades-at-summary.json"
"""Saved by the first version that kept the summary up when a game was saved."""


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    opened = make_app(tmp_path)
    opened.data_dir.mkdir(parents=True, exist_ok=True)
    yield opened
    if opened.running:
        opened.quit()


def menu_button(app: App, label: str) -> None:
    app.scenes.push(MenuScene(app))
    frames(app)
    buttons = app.scenes.top.buttons  # type: ignore[attr-defined]
    click(app, next(b for b in buttons if b.text == label).rect.center)


def play_on_and_read_the_autosave(app: App, table: TableScene) -> dict[str, Any]:
    """Play the person's next turn by real events; the autosave that follows."""
    moves = len(table.match.history)
    run_until(app, lambda: human_turn_ready(table))
    play_bottom_turn(app, table)
    assert len(table.match.history) > moves, table.message
    autosave = app.data_dir / AUTOSAVE_FILE
    run_until(
        app, lambda: autosave.exists() and len(json.loads(autosave.read_bytes())["actions"]) > moves
    )
    return json.loads(autosave.read_bytes())


def test_continue_resumes_an_old_spades_game_with_the_free_first_lead(app: App) -> None:
    shutil.copy(OLD_SPADES, app.data_dir / AUTOSAVE_FILE)

    menu_button(app, "Continue")

    table = app.scenes.top
    assert isinstance(table, TableScene)
    assert table.match.state.options.first_trick_spade_lead
    saved = play_on_and_read_the_autosave(app, table)
    assert saved["options"]["first_trick_spade_lead"] is True
    assert saved["rules_version"] == GAMES["spades"].rules_version


def test_the_load_screen_opens_an_old_spades_save_and_plays_it_on(app: App) -> None:
    folder = app.data_dir / SAVES_FOLDER
    folder.mkdir()
    shutil.copy(OLD_SPADES, folder / OLD_SPADES.name)
    original = OLD_SPADES.read_bytes()

    menu_button(app, "Load game")
    load = app.scenes.top
    assert isinstance(load, LoadScene)
    run_until(app, lambda: all(row.checked for row in load.rows))
    (row,) = load.rows
    assert row.problem is None
    click(app, next(b for b in row.buttons if b.text == "Load").rect.center)

    table = app.scenes.top
    assert isinstance(table, TableScene)
    assert table.match.state.options.first_trick_spade_lead
    play_on_and_read_the_autosave(app, table)
    assert (folder / OLD_SPADES.name).read_bytes() == original


def test_the_rules_page_of_an_old_game_shows_the_rule_it_keeps(app: App) -> None:
    shutil.copy(OLD_SPADES, app.data_dir / AUTOSAVE_FILE)
    menu_button(app, "Continue")
    table = app.scenes.top
    assert isinstance(table, TableScene)
    click(app, table.rules_button.rect.center)
    page = app.scenes.top
    assert isinstance(page, RulesBookScene)
    shown = [block.text for block in page._blocks(rule_text("spades") or "")]
    assert "House rules at this table" in shown
    assert any(text.startswith("Spades may be led to the first trick: On") for text in shown)


def test_continue_shows_the_summary_a_save_kept_then_plays_on(app: App) -> None:
    shutil.copy(AT_SUMMARY, app.data_dir / AUTOSAVE_FILE)
    menu_button(app, "Continue")
    table = app.scenes.top
    assert isinstance(table, TableScene)
    frames(app)
    shown = table.summary.table
    assert shown is not None and shown.title == "Hand 1" and shown.notes[0] == "Saved while this summary was up."
    assert shown.notes[1] == "The game was saved at this summary: the next hand is already dealt behind it."
    click(app, table.summary.button.rect.center)
    assert not table.summary.visible
    saved = play_on_and_read_the_autosave(app, table)
    assert saved["hand_summary"] is None
