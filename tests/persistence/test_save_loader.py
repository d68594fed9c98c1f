"""A bad save never crashes the loader and is never changed: random bytes, random JSON
and damaged saves all end in a ``SaveError`` with a message, and the file stays
byte for byte as it was. A file too large to be a save, and a field longer than any
name, are refused before any of their characters is looked at."""

from __future__ import annotations

import json
import random
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardtable_gui.cards import french_deck
from cardtable_gui.persistence import saves
from cardtable_gui.persistence.saves import (
    BadActionInSave,
    CorruptSave,
    DigestMismatch,
    NewerRules,
    NewerSchema,
    SavedGame,
    SaveError,
    SaveStore,
    UnknownGameInSave,
    restore,
)

FUZZ = settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**70), max_value=2**70)
    | st.floats(allow_nan=False)
    | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4)
    | st.dictionaries(st.text(max_size=10), inner, max_size=4),
    max_leaves=12,
)


@pytest.fixture(scope="module")
def valid_save(play: Callable[..., tuple]) -> SavedGame:
    """A Spades game part-way through its first hand, from a stacked deal."""
    deck = french_deck()
    random.Random(3).shuffle(deck)
    config, state, actions = play("spades", 4, 21, 40, deck=deck)
    return SavedGame.capture(config, actions, state, name="Fuzz me")


def load_and_keep(data: bytes) -> tuple[SavedGame | None, SaveError | None]:
    """Load ``data`` from a file of its own; check the folder is left exactly as it was."""
    with tempfile.TemporaryDirectory() as folder:
        store = SaveStore(folder)
        path = store.saves_folder / "game.json"
        path.parent.mkdir()
        path.write_bytes(data)
        before = sorted(p.name for p in Path(folder).rglob("*"))
        try:
            result: tuple[SavedGame | None, SaveError | None] = (store.load(path), None)
        except SaveError as error:
            assert error.message and str(error) == error.message
            result = (None, error)
        assert path.read_bytes() == data
        assert sorted(p.name for p in Path(folder).rglob("*")) == before
        return result


@FUZZ
@given(st.binary(max_size=400))
def test_random_bytes_are_refused(data: bytes) -> None:
    saved, error = load_and_keep(data)
    assert saved is None and isinstance(error, CorruptSave)


@FUZZ
@given(json_values)
def test_random_json_is_refused(value: Any) -> None:
    saved, error = load_and_keep(json.dumps(value).encode())
    assert saved is None and isinstance(error, SaveError)


def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place in a JSON value, as a path of keys and indexes."""
    found = [prefix] if prefix else []
    if isinstance(value, dict):
        for key, inner in value.items():
            found += _paths(inner, (*prefix, key))
    elif isinstance(value, list):
        for index, inner in enumerate(value):
            found += _paths(inner, (*prefix, index))
    return found


def _replace(value: Any, path: tuple[Any, ...], new: Any, delete: bool) -> None:
    for key in path[:-1]:
        value = value[key]
    if delete:
        del value[path[-1]]
    else:
        value[path[-1]] = new


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_a_save_with_one_field_damaged_is_refused_or_still_the_same_game(
    valid_save: SavedGame, data: st.DataObject
) -> None:
    original = json.loads(valid_save.to_bytes())
    path = data.draw(st.sampled_from(_paths(original)), label="field")
    delete = data.draw(st.booleans(), label="delete")
    new = None if delete else data.draw(json_values, label="new value")
    damaged = json.loads(valid_save.to_bytes())
    _replace(damaged, path, new, delete)

    saved, error = load_and_keep(json.dumps(damaged).encode())
    if saved is not None:
        # Only a change that leaves the game itself the same may load: a new name, a
        # different seat name or time, or an equivalent way to write the same options.
        _, state, _ = restore(saved)
        assert state.digest() == valid_save.digest
    else:
        assert isinstance(error, SaveError)


def _damaged(valid_save: SavedGame, **changes: Any) -> bytes:
    raw = json.loads(valid_save.to_bytes())
    raw.update(changes)
    return json.dumps(raw).encode()


@pytest.mark.parametrize(
    ("changes", "expected"),
    [
        ({"seed": 22}, DigestMismatch),
        ({"digest": "0" * 64}, DigestMismatch),
        ({"options": {"target": 300}}, DigestMismatch),
        ({"game": "gin_rummy"}, UnknownGameInSave),
        ({"schema_version": 4}, NewerSchema),
        ({"rules_version": 99}, NewerRules),
        ({"rules_version": "2"}, CorruptSave),
        ({"rules_version": 0}, CorruptSave),
        ({"schema_version": "2"}, CorruptSave),
        ({"schema_version": 0}, CorruptSave),
        ({"options": {"target": 450}}, CorruptSave),
        ({"options": {"no_such_rule": True}}, CorruptSave),
        ({"deck": ["QS", "ZZ"]}, CorruptSave),
        ({"deck": ["QS"] * 52}, CorruptSave),
        ({"seed": "21"}, CorruptSave),
        ({"actions": "play QS"}, CorruptSave),
        ({"saved_at": "yesterday"}, CorruptSave),
        ({"saved_at": "2024-01-01T12:00:00"}, CorruptSave),
        ({"extra": 1}, CorruptSave),
    ],
)
def test_each_kind_of_damage_gets_its_own_error(
    valid_save: SavedGame, changes: dict[str, Any], expected: type[SaveError]
) -> None:
    _, error = load_and_keep(_damaged(valid_save, **changes))
    assert type(error) is expected


def test_a_seat_fewer_is_refused(valid_save: SavedGame) -> None:
    raw = json.loads(valid_save.to_bytes())
    raw["seats"] = raw["seats"][:3]
    raw["summary"] = None
    _, error = load_and_keep(json.dumps(raw).encode())
    assert isinstance(error, CorruptSave)
    assert "3 seats" in str(error)


def test_a_move_that_cannot_be_read_names_its_number(valid_save: SavedGame) -> None:
    actions = list(valid_save.actions)
    actions[6] = "dance a jig"
    _, error = load_and_keep(_damaged(valid_save, actions=actions))
    assert isinstance(error, BadActionInSave)
    assert error.move == 7
    assert str(error).startswith("Move 7 in this save cannot be replayed")


def test_an_illegal_move_names_its_number_and_the_rule(valid_save: SavedGame) -> None:
    actions = list(valid_save.actions)
    actions.insert(0, "play QS")
    _, error = load_and_keep(_damaged(valid_save, actions=actions))
    assert isinstance(error, BadActionInSave) and error.move == 1
    assert str(error) == (
        "Move 1 in this save cannot be replayed: The bidding is not finished: make your bid first."
    )


def test_a_move_missing_from_the_end_is_noticed(valid_save: SavedGame) -> None:
    _, error = load_and_keep(_damaged(valid_save, actions=valid_save.actions[:-1]))
    assert isinstance(error, DigestMismatch)


def test_a_truncated_file_is_refused(valid_save: SavedGame) -> None:
    data = valid_save.to_bytes()
    for cut in (0, 1, len(data) // 3, len(data) - 1):
        _, error = load_and_keep(data[:cut])
        assert isinstance(error, CorruptSave)
        assert "damaged" in str(error)


def test_the_newer_schema_message(valid_save: SavedGame) -> None:
    _, error = load_and_keep(_damaged(valid_save, schema_version=9, seats="who knows"))
    assert str(error) == "This save was made by a newer version of Card Table."


def test_the_save_itself_loads(valid_save: SavedGame) -> None:
    assert valid_save.summary is not None and not valid_save.summary.is_over
    saved, error = load_and_keep(valid_save.to_bytes())
    assert error is None and saved == valid_save


def test_an_edited_summary_is_put_right_on_loading(valid_save: SavedGame) -> None:
    raw = json.loads(valid_save.to_bytes())
    raw["summary"].update(scores=[999, 0, 999, 0], progress="Hand 9", is_over=True)
    saved, error = load_and_keep(json.dumps(raw).encode())
    assert error is None and saved == valid_save


@pytest.mark.parametrize(
    ("option", "value"),
    [("losing_score", "-200"), ("nil_allowed", 1), ("target", 500.5), ("bag_penalty", "true")],
)
def test_house_rules_in_a_save_are_read_as_strictly_as_the_rest(
    valid_save: SavedGame, option: str, value: object
) -> None:
    raw = json.loads(valid_save.to_bytes())
    assert option in raw["options"]
    raw["options"][option] = value
    saved, error = load_and_keep(json.dumps(raw).encode())
    assert saved is None and isinstance(error, CorruptSave)
    assert "house rules" in error.message


def test_house_rules_as_written_by_the_game_load(valid_save: SavedGame) -> None:
    saved, error = load_and_keep(valid_save.to_bytes())
    assert error is None and saved is not None


# Huge fields ------------------------------------------------------------------------


HUGE = 1_000_000
"""Characters in an over-long field: far beyond any name, yet the file stays under the
size limit, so the field's own bound has to refuse it."""


@pytest.mark.parametrize(
    "place",
    [
        ("summary", "title"),
        ("summary", "progress"),
        ("summary", "players", 1),
        ("seats", 2, "name"),
        ("name",),
        ("game",),
        ("actions", 0),
        ("deck", 0),
    ],
)
def test_an_over_long_field_is_refused_before_its_characters_are_examined(
    valid_save: SavedGame, examined: list[str], place: tuple[Any, ...]
) -> None:
    raw = json.loads(valid_save.to_bytes())
    raw["deck"] = raw["deck"] or ["QS"]
    _replace(raw, place, "a" * HUGE, delete=False)
    saved, error = load_and_keep(json.dumps(raw).encode())
    assert saved is None and isinstance(error, CorruptSave)
    assert len(examined) < 1_000


def test_a_house_rule_with_an_over_long_name_is_refused_and_named_short(valid_save: SavedGame) -> None:
    raw = json.loads(valid_save.to_bytes())
    raw["options"]["\u200b" + "x" * HUGE] = True
    _, error = load_and_keep(json.dumps(raw).encode())
    assert isinstance(error, CorruptSave) and len(error.message) < 200


def test_a_file_far_larger_than_any_save_is_refused_unread(valid_save: SavedGame) -> None:
    raw = json.loads(valid_save.to_bytes())
    raw["summary"]["title"] = "Spades " * 800_000
    data = json.dumps(raw).encode()
    assert len(data) > saves.SAVE_SIZE_LIMIT
    saved, error = load_and_keep(data)
    assert saved is None and error is not None
    assert error.message == "The save file cannot be opened: it is larger than 4 MB, far beyond any file of its kind."
    with pytest.raises(CorruptSave, match="far larger than any Card Table save"):
        saves.parse_save(data)
