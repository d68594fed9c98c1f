"""Saves from an earlier version load, upgraded; saves from a newer version are refused
with a clear message; the file on disk is rewritten only when the game is next saved."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from cardtable_gui.cards import Suit
from cardtable_gui.persistence.saves import (
    BadActionInSave,
    CorruptSave,
    NewerRules,
    NewerSchema,
    SavedGame,
    SaveStore,
    migrate,
    parse_save,
    read_save,
    rebuild,
    restore,
)
from cardtable_gui.rules import GAMES
from cardtable_gui.rules.base import Action, GameState
from cardtable_gui.rules.spades import PlayCard
from cardtable_gui.seats import AILevel, MatchConfig, SeatConfig, SeatKind


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
    assert upgraded["schema_version"] == 3
    assert upgraded["rules_version"] == 1
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
    assert saved.schema_version == 3
    assert [seat.kind for seat in saved.seats] == [SeatKind.HUMAN] + [SeatKind.AI] * 3
    assert {seat.level for seat in saved.seats} == {AILevel.HARD}
    assert current.summary is not None
    renamed = current.summary.model_copy(update={"players": ("Ada", "Bob", "Cy", "Di")})
    assert saved.summary == renamed
    _, state, _ = restore(saved)
    assert state.digest() == current.digest
    assert path.read_bytes() == data

    rewritten = store.save_named(saved)
    assert json.loads(rewritten.read_bytes())["schema_version"] == 3
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
    data = json.dumps({"schema_version": 4, "hologram": True}).encode()
    path.write_bytes(data)

    with pytest.raises(NewerSchema, match="^This save was made by a newer version of Card Table.$"):
        SaveStore(tmp_path).load(path)
    (entry,) = SaveStore(tmp_path).list_saves()
    assert entry.error == "This save was made by a newer version of Card Table."
    assert path.read_bytes() == data


# Rules versions


def _spade_led_to_the_first_trick(seed: int) -> tuple[MatchConfig, GameState[Any], list[Action]]:
    """A Spades game with the free first lead, where the first trick was led with a
    spade by a player who held other suits, played on into the second trick."""
    rules = GAMES["spades"]
    options = rules.Options(first_trick_spade_lead=True)
    seats = tuple(SeatConfig(name=name) for name in ("Ada", "Bob", "Cy", "Di"))
    config = MatchConfig(game="spades", seats=seats, seed=seed)
    state = rules.new_game(4, options, seed=seed)
    rng = random.Random(seed)
    actions: list[Action] = []
    while len(actions) < 12:
        legal = state.legal_actions()
        spades = [a for a in legal if isinstance(a, PlayCard) and a.card.suit is Suit.SPADES]
        first_lead = isinstance(legal[0], PlayCard) and not state.completed and not state.trick.plays
        action = spades[0] if first_lead and spades and len(spades) < len(legal) else rng.choice(legal)
        state.apply(action)
        actions.append(action)
    return config, state, actions


@pytest.fixture(scope="module")
def spades_before_versions() -> tuple[dict[str, Any], SavedGame]:
    """A Spades save as schema 2 wrote it (no rules version, no house rule for the first
    lead, which was then always free) whose moves lead a spade to trick 1, and the same
    game saved now."""
    config, state, actions = _spade_led_to_the_first_trick(seed=6)
    current = SavedGame.capture(config, actions, state)
    old = json.loads(current.to_bytes())
    del old["rules_version"], old["options"]["first_trick_spade_lead"]
    return old | {"schema_version": 2}, current


def test_a_save_from_before_rules_were_versioned_was_played_under_version_1(
    spades_before_versions: tuple[dict[str, Any], SavedGame],
) -> None:
    old, _ = spades_before_versions
    upgraded = migrate(old)
    assert upgraded["schema_version"] == 3 and upgraded["rules_version"] == 1
    assert "rules_version" not in old


def test_an_old_spades_save_leading_a_spade_to_trick_1_replays_with_the_free_first_lead(
    spades_before_versions: tuple[dict[str, Any], SavedGame], tmp_path: Path
) -> None:
    old, current = spades_before_versions
    path = tmp_path / "old.json"
    data = json.dumps(old).encode()
    path.write_bytes(data)

    game = SaveStore(tmp_path).open(path)

    assert game.state.digest() == current.digest
    assert game.state.options.first_trick_spade_lead
    assert game.config.options["first_trick_spade_lead"] is True
    assert path.read_bytes() == data


def test_an_old_game_keeps_its_earlier_rule_when_saved_again(
    spades_before_versions: tuple[dict[str, Any], SavedGame],
) -> None:
    old, _ = spades_before_versions
    game = rebuild(parse_save(json.dumps(old).encode()))
    move = game.state.legal_actions()[0]
    game.state.apply(move)

    again = SavedGame.capture(game.config, [*game.actions, move], game.state)

    assert again.options["first_trick_spade_lead"] is True
    assert again.rules_version == GAMES["spades"].rules_version


def test_a_rule_a_save_states_is_not_replaced_by_its_versions_earlier_rule(
    spades_before_versions: tuple[dict[str, Any], SavedGame],
) -> None:
    old, _ = spades_before_versions
    stated_off = old | {"options": old["options"] | {"first_trick_spade_lead": False}}

    with pytest.raises(BadActionInSave, match="Spades may not be led"):
        rebuild(parse_save(json.dumps(stated_off).encode()))


def test_a_save_played_under_newer_rules_is_refused_and_kept(
    spades_before_versions: tuple[dict[str, Any], SavedGame], tmp_path: Path
) -> None:
    _, current = spades_before_versions
    path = tmp_path / "future.json"
    data = json.dumps(json.loads(current.to_bytes()) | {"rules_version": 3}).encode()
    path.write_bytes(data)

    with pytest.raises(NewerRules) as error:
        SaveStore(tmp_path).open(path)
    assert str(error.value) == (
        "This save was played under newer rules of Spades than this version of Card Table "
        "knows; a newer version can open it."
    )
    assert path.read_bytes() == data
