"""Saves from an earlier version load, upgraded; saves from a newer version are refused
with a clear message; the file on disk is rewritten only when the game is next saved."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from cardtable_gui.persistence.saves import (
    CorruptSave,
    NewerSchema,
    SavedGame,
    SaveStore,
    migrate,
    read_save,
    restore,
)
from cardtable_gui.seats import AILevel, SeatKind


@pytest.fixture(scope="module")
def version_1(play: Callable[..., tuple]) -> tuple[dict[str, Any], SavedGame]:
    """A save as version 1 wrote it, and the same game saved now."""
    config, state, actions = play("spades", 4, 8, 25)
    current = SavedGame.capture(config, actions, state, name="Old game")
    old = {
        "schema_version": 1,
        "game": "spades",
        "players": ["Ada", "Bob", "Cy", "Di"],
        "ai": [False, True, True, True],
        "ai_level": "hard",
        "options": current.options,
        "seed": current.seed,
        "actions": current.actions,
        "digest": current.digest,
        "name": "Old game",
        "saved_at": "2023-05-01T20:15:00+02:00",
    }
    return old, current


def test_migrate_builds_seats_from_the_old_names_and_flags(
    version_1: tuple[dict[str, Any], SavedGame],
) -> None:
    old, _ = version_1
    untouched = json.dumps(old)
    upgraded = migrate(old)

    assert json.dumps(old) == untouched
    assert upgraded["schema_version"] == 2
    assert upgraded["seats"] == [
        {"name": "Ada", "kind": "human", "level": "hard"},
        {"name": "Bob", "kind": "ai", "level": "hard"},
        {"name": "Cy", "kind": "ai", "level": "hard"},
        {"name": "Di", "kind": "ai", "level": "hard"},
    ]
    assert upgraded["deck"] is None and upgraded["summary"] is None
    assert not {"players", "ai", "ai_level"} & set(upgraded)


def test_a_current_save_needs_no_migration(version_1: tuple[dict[str, Any], SavedGame]) -> None:
    _, current = version_1
    raw = json.loads(current.to_bytes())
    assert migrate(raw) == raw


def test_an_old_save_loads_and_replays(
    version_1: tuple[dict[str, Any], SavedGame], tmp_path: Path
) -> None:
    old, current = version_1
    path = tmp_path / "saves" / "old.json"
    path.parent.mkdir()
    data = json.dumps(old, indent=2).encode()
    path.write_bytes(data)
    store = SaveStore(tmp_path)

    listed = store.list_saves()
    assert [entry.ok for entry in listed] == [True]
    assert listed[0].saved is not None and listed[0].saved.summary is None

    saved = store.load(path)
    assert saved.schema_version == 2
    assert [seat.kind for seat in saved.seats] == [SeatKind.HUMAN] + [SeatKind.AI] * 3
    assert {seat.level for seat in saved.seats} == {AILevel.HARD}
    assert current.summary is not None
    renamed = current.summary.model_copy(update={"players": ("Ada", "Bob", "Cy", "Di")})
    assert saved.summary == renamed
    _, state, _ = restore(saved)
    assert state.digest() == current.digest
    assert path.read_bytes() == data

    rewritten = store.save_named(saved)
    assert json.loads(rewritten.read_bytes())["schema_version"] == 2
    assert path.read_bytes() == data


@pytest.mark.parametrize(
    "damage",
    [
        {"players": "Ada, Bob"},
        {"ai": [False, True]},
        {"ai": [0, 1, 1, 1]},
        {"ai_level": None},
        {"ai_level": "grandmaster"},
    ],
)
def test_a_damaged_old_save_is_refused(
    version_1: tuple[dict[str, Any], SavedGame], damage: dict[str, Any]
) -> None:
    old, _ = version_1
    with pytest.raises(CorruptSave):
        read_save(json.dumps(old | damage).encode())


def test_a_newer_save_is_refused_whatever_else_it_holds(tmp_path: Path) -> None:
    path = tmp_path / "saves" / "future.json"
    path.parent.mkdir()
    data = json.dumps({"schema_version": 3, "hologram": True}).encode()
    path.write_bytes(data)

    with pytest.raises(NewerSchema, match="^This save was made by a newer version of Card Table.$"):
        SaveStore(tmp_path).load(path)
    (entry,) = SaveStore(tmp_path).list_saves()
    assert entry.error == "This save was made by a newer version of Card Table."
    assert path.read_bytes() == data
