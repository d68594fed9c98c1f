"""Settings: defaults and bounds, a round trip through the file, and a bad file that
costs the player nothing (good settings kept, a message, the old file set aside): a
value of the wrong type, a named pipe or device, or a file far too large among them."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from pydantic import ValidationError

from cardtable_gui.persistence.settings import SETTINGS_FILE, GameSpeed, Settings, load_settings, save_settings
from tests.persistence.odd_files import finishes, named_pipe, posix_only


def test_defaults() -> None:
    settings = Settings()
    assert settings.player_name == "You"
    assert (settings.animation_speed, settings.ai_pace, settings.volume) == (1.0, 0.6, 0.8)
    assert (settings.muted, settings.four_colour, settings.fullscreen) == (False, False, False)
    assert settings.card_scale == 1.0 and settings.window_size == (1280, 800)
    assert settings.confirm_before_play is False
    assert all(field.description for field in Settings.model_fields.values())


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("player_name", ""),
        ("player_name", "   "),
        ("player_name", "x" * 25),
        ("animation_speed", 0.2),
        ("animation_speed", 4.5),
        ("ai_pace", -0.1),
        ("ai_pace", 3.5),
        ("volume", 1.1),
        ("card_scale", 0.6),
        ("card_scale", 1.6),
        ("window_size", (1280,)),
    ],
)
def test_out_of_bounds_values_are_refused(field: str, value: object) -> None:
    with pytest.raises(ValidationError):
        Settings.model_validate({field: value})
    settings = Settings()
    with pytest.raises(ValidationError):
        setattr(settings, field, value)


def test_a_missing_file_means_defaults_and_no_message(tmp_path: Path) -> None:
    assert load_settings(tmp_path) == (Settings(), None)


def test_settings_round_trip(tmp_path: Path) -> None:
    settings = Settings(player_name="  Ada  ", volume=0.25, muted=True, window_size=(1920, 1080))
    assert settings.player_name == "Ada"
    save_settings(tmp_path, settings)
    assert load_settings(tmp_path) == (settings, None)
    assert sorted(p.name for p in tmp_path.iterdir()) == [SETTINGS_FILE]


@pytest.mark.parametrize("content", [b"", b"\xff\xfe", b"{\"volume\": 0.5", b"[1, 2]", b"null"])
def test_an_unreadable_file_gives_defaults_and_is_kept(tmp_path: Path, content: bytes) -> None:
    (tmp_path / SETTINGS_FILE).write_bytes(content)

    settings, message = load_settings(tmp_path)
    assert settings == Settings()
    assert message is not None and message.startswith("Your settings file was damaged")
    (kept,) = tmp_path.iterdir()
    assert kept.name.startswith("settings.json.bad-") and kept.name in message
    assert kept.read_bytes() == content


def test_only_the_bad_settings_are_reset(tmp_path: Path) -> None:
    content = json.dumps(
        {"player_name": "Ada", "volume": 7, "window_size": [100], "muted": True, "future": 1}
    ).encode()
    (tmp_path / SETTINGS_FILE).write_bytes(content)

    settings, message = load_settings(tmp_path)
    assert settings == Settings(player_name="Ada", muted=True)
    assert message is not None
    assert message.startswith("Some settings were not valid and were reset: volume, window size.")
    (kept,) = tmp_path.iterdir()
    assert kept.read_bytes() == content

    save_settings(tmp_path, settings)
    assert load_settings(tmp_path) == (settings, None)
    assert len(list(tmp_path.iterdir())) == 2


def test_a_file_from_before_the_game_speed_loads_at_normal_speed(tmp_path: Path) -> None:
    (tmp_path / SETTINGS_FILE).write_text(json.dumps({"volume": 0.3, "ai_pace": 1.2}))
    assert load_settings(tmp_path) == (Settings(volume=0.3, ai_pace=1.2), None)
    assert load_settings(tmp_path)[0].game_speed is GameSpeed.NORMAL


@pytest.mark.parametrize("stored", ["slow", "fast"])
def test_the_game_speed_round_trips_by_its_name(tmp_path: Path, stored: str) -> None:
    save_settings(tmp_path, Settings(game_speed=GameSpeed(stored)))
    assert json.loads((tmp_path / SETTINGS_FILE).read_text())["game_speed"] == stored
    assert load_settings(tmp_path)[0].game_speed == GameSpeed(stored)


@pytest.mark.parametrize("stored", ["turbo", 2, "Slow", None])
def test_a_game_speed_that_is_not_one_of_the_three_is_reset_alone(tmp_path: Path, stored: object) -> None:
    (tmp_path / SETTINGS_FILE).write_text(json.dumps({"game_speed": stored, "volume": 0.3}))
    settings, message = load_settings(tmp_path)
    assert settings == Settings(volume=0.3)
    assert message is not None and "game speed" in message


def test_the_player_counts_round_trip_and_a_file_from_before_them_loads(tmp_path: Path) -> None:
    (tmp_path / SETTINGS_FILE).write_text(json.dumps({"volume": 0.3, "last_game": "spades"}))
    assert load_settings(tmp_path) == (Settings(volume=0.3, last_game="spades"), None)
    save_settings(tmp_path, Settings(player_counts={"arizona_spaghetti": 6, "spinado": 3}))
    assert load_settings(tmp_path)[0].player_counts == {"arizona_spaghetti": 6, "spinado": 3}


def test_who_sits_at_each_seat_round_trips_and_a_file_from_before_has_nobody(tmp_path: Path) -> None:
    (tmp_path / SETTINGS_FILE).write_text(json.dumps({"volume": 0.3}))
    assert load_settings(tmp_path)[0].seat_players == {}
    save_settings(tmp_path, Settings(seat_players={1: "hard", 2: "human", 3: "easy"}))
    assert load_settings(tmp_path)[0].seat_players == {1: "hard", 2: "human", 3: "easy"}
    (tmp_path / SETTINGS_FILE).write_text(json.dumps({"volume": 0.3, "seat_players": {"1": "grandmaster"}}))
    settings, message = load_settings(tmp_path)
    assert (settings.volume, settings.seat_players) == (0.3, {})
    assert message is not None


def test_settings_newer_versions_add_are_ignored(tmp_path: Path) -> None:
    (tmp_path / SETTINGS_FILE).write_text(json.dumps({"volume": 0.3, "theme": "dark"}))
    assert load_settings(tmp_path) == (Settings(volume=0.3), None)


@pytest.mark.parametrize(
    ("stored", "opened"),
    [
        ((640, 480), (1024, 640)),
        ((800, 900), (1024, 900)),
        ((1300, 500), (1300, 640)),
        ((9000, 5000), (7680, 4320)),
        ((1024, 640), (1024, 640)),
    ],
)
def test_a_window_size_out_of_range_is_brought_within_it(tmp_path: Path, stored: tuple[int, int], opened: tuple[int, int]) -> None:
    """Older versions allowed windows down to 640x480: such a file still loads, with
    no complaint, at the smallest size the screens are now laid out for."""
    (tmp_path / SETTINGS_FILE).write_text(json.dumps({"window_size": list(stored), "volume": 0.3}))
    settings, message = load_settings(tmp_path)
    assert message is None
    assert settings.window_size == opened and settings.volume == 0.3
    settings.window_size = stored
    assert settings.window_size == opened


def test_a_name_with_characters_no_screen_can_draw_keeps_the_rest_of_it(tmp_path: Path) -> None:
    (tmp_path / SETTINGS_FILE).write_text(json.dumps({"player_name": "Ad\u0000a\u0007", "volume": 0.3}))
    settings, message = load_settings(tmp_path)
    assert settings.player_name == "Ada" and settings.volume == 0.3
    assert message is None


def test_a_name_of_nothing_but_control_characters_is_reset(tmp_path: Path) -> None:
    (tmp_path / SETTINGS_FILE).write_text(json.dumps({"player_name": "\u0000\u0001", "volume": 0.3}))
    settings, message = load_settings(tmp_path)
    assert settings.player_name == "You" and settings.volume == 0.3
    assert message is not None and "player name" in message


def test_a_name_with_a_control_character_is_refused_when_assigned() -> None:
    settings = Settings()
    with pytest.raises(ValidationError):
        settings.player_name = "Ad\u0000a"


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("fullscreen", "yes"),
        ("first_game_tips", "false"),
        ("muted", 1),
        ("confirm_before_play", "on"),
        ("volume", "0.5"),
        ("animation_speed", "2"),
        ("window_size", ["1920", "1080"]),
        ("window_size", [1920.0, 1080]),
        ("player_counts", {"spades": "4"}),
        ("player_counts", {"spades": 4.0}),
        ("player_counts", [["spades", 4]]),
        ("player_counts", {"spades": 99}),
    ],
)
def test_a_value_of_the_wrong_type_is_refused_as_in_a_save(tmp_path: Path, field: str, value: object) -> None:
    """``"yes"`` is not On and ``"false"`` is not a switch at all: the setting takes its
    default, the player is told, and the file is kept aside byte for byte."""
    content = json.dumps({field: value, "four_colour": True}).encode()
    (tmp_path / SETTINGS_FILE).write_bytes(content)

    settings, message = load_settings(tmp_path)
    assert getattr(settings, field) == getattr(Settings(), field)
    assert settings.four_colour is True, "the settings that are good are kept"
    assert message is not None
    assert message.startswith(f"Some settings were not valid and were reset: {field.replace('_', ' ')}.")
    (kept,) = tmp_path.iterdir()
    assert kept.name.startswith("settings.json.bad-") and kept.name in message
    assert kept.read_bytes() == content


@posix_only
def test_a_named_pipe_for_settings_gives_defaults_at_once_and_is_set_aside(tmp_path: Path) -> None:
    with named_pipe(tmp_path / SETTINGS_FILE):
        settings, message = finishes(lambda: load_settings(tmp_path))
    assert settings == Settings()
    assert message is not None and "it is not an ordinary file" in message
    (kept,) = tmp_path.iterdir()
    assert kept.name.startswith("settings.json.bad-") and kept.name in message and kept.is_fifo()


@posix_only
def test_a_link_to_a_device_for_settings_gives_defaults_and_the_link_is_set_aside(tmp_path: Path) -> None:
    (tmp_path / SETTINGS_FILE).symlink_to("/dev/null")
    settings, message = finishes(lambda: load_settings(tmp_path))
    assert settings == Settings()
    assert message is not None and message.startswith("Your settings file could not be used")
    (kept,) = tmp_path.iterdir()
    assert kept.is_symlink() and os.readlink(kept) == "/dev/null"


def test_a_settings_file_larger_than_any_settings_is_refused_and_kept(tmp_path: Path) -> None:
    content = json.dumps({"volume": 0.3, "padding": "x" * 300_000}).encode()
    (tmp_path / SETTINGS_FILE).write_bytes(content)
    settings, message = load_settings(tmp_path)
    assert settings == Settings()
    assert message is not None and "it is larger than 256 KB" in message
    (kept,) = tmp_path.iterdir()
    assert kept.read_bytes() == content


def test_a_huge_name_is_reset_before_any_of_it_is_examined(tmp_path: Path, examined: list[str]) -> None:
    (tmp_path / SETTINGS_FILE).write_text(json.dumps({"player_name": "\u0000" + "A" * 200_000, "volume": 0.3}))
    settings, message = load_settings(tmp_path)
    assert settings.player_name == "You" and settings.volume == 0.3
    assert message is not None and "player name" in message
    assert len(examined) < 1_000
