"""The player's preferences, kept in ``settings.json`` in the data directory.

A settings file that cannot be read never stops the program: the settings that are
still good are kept, the rest fall back to their defaults, the player is told, and the
damaged file is renamed aside (``settings.json.bad-<time>``) rather than deleted, so the
next save cannot overwrite what the player had.
"""

from __future__ import annotations

import json
import os
from enum import StrEnum
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StringConstraints, ValidationError, field_validator

from cardtable_gui.persistence.atomic import set_aside_with_message, write_atomic
from cardtable_gui.persistence.opening import Unopened, open_own_file
from cardtable_gui.persistence.reading import SMALL_FILE
from cardtable_gui.seats import GAME_KEY_LIMIT, NAME_LIMIT, SEATS_LIMIT, PlayerName
from cardtable_gui.shown_text import TEXT_LIMIT, drop_control_characters

SETTINGS_FILE = "settings.json"

GAMES_REMEMBERED = 32
"""Most games whose last table size the settings keep: far more than there are."""

GameKey = Annotated[str, StringConstraints(min_length=1, max_length=GAME_KEY_LIMIT)]
TableSize = Annotated[int, Field(ge=1, le=SEATS_LIMIT)]
SeatIndex = Annotated[int, Field(ge=0, lt=SEATS_LIMIT)]
SeatPlayer = Literal["human", "easy", "medium", "hard"]

MIN_WINDOW = (1024, 640)
"""The smallest window the table and every screen are laid out for."""
MAX_WINDOW = (7680, 4320)
"""The largest window asked for (an 8K screen)."""


class GameSpeed(StrEnum):
    """How long the table leaves each computer action in view (see the table's pace)."""

    SLOW = "slow"
    NORMAL = "normal"
    FAST = "fast"


class Settings(BaseModel):
    """Every preference, with its default and allowed range. Assigning a field checks
    it (``settings.volume = 2.0`` raises ``ValidationError``)."""

    model_config = ConfigDict(validate_assignment=True, extra="ignore")

    player_name: PlayerName = Field(
        default="You", description=f"The name shown at your seat (1 to {NAME_LIMIT} characters)."
    )
    animation_speed: float = Field(
        default=1.0, ge=0.25, le=4.0, description="How fast cards move; 2 is twice as fast."
    )
    ai_pace: float = Field(
        default=0.6, ge=0.0, le=3.0, description="Seconds of pause between computer moves."
    )
    game_speed: GameSpeed = Field(
        default=GameSpeed.NORMAL,
        description="How long each computer action stays in view: slow, normal or fast.",
    )
    volume: float = Field(default=0.8, ge=0.0, le=1.0, description="Sound volume, 0 to 1.")
    muted: bool = Field(default=False, description="Silence every sound.")
    four_colour: bool = Field(
        default=False, description="Draw each suit in its own colour, easier to tell apart."
    )
    card_scale: float = Field(
        default=1.0, ge=0.7, le=1.5, description="How large cards are drawn, 1 is normal."
    )
    window_size: tuple[int, int] = Field(
        default=(1280, 800),
        description="Window width and height in pixels (from 1024 x 640 to 7680 x 4320).",
    )
    fullscreen: bool = Field(default=False, description="Fill the whole screen.")
    confirm_before_play: bool = Field(
        default=False, description="Ask before a chosen card or bid is played."
    )
    last_game: str = Field(
        default="", max_length=GAME_KEY_LIMIT, description="The game the New game screen opens on."
    )
    lesson_game: str = Field(
        default="",
        max_length=GAME_KEY_LIMIT,
        description="The game the Learn to play screen opens on (the New game screen keeps its own).",
    )
    player_counts: dict[GameKey, TableSize] = Field(
        default_factory=dict,
        max_length=GAMES_REMEMBERED,
        description="How many players the New game screen sets each game up for, as last chosen.",
    )
    seat_players: dict[SeatIndex, SeatPlayer] = Field(
        default_factory=dict,
        max_length=SEATS_LIMIT,
        description="Who the New game screen seats at each seat (a person, or the computer at a level), as last chosen there.",
    )
    first_game_tips: bool = Field(
        default=True,
        description="In your first game of each kind, a short tip the first time something new comes up.",
    )
    friends_name: str = Field(
        default="",
        max_length=NAME_LIMIT,
        description="The name your friends last saw at your seat, offered again when you host or join.",
    )
    last_join_address: str = Field(
        default="",
        max_length=60,
        description="The host's address you last joined, offered again on the Join form.",
    )
    last_join_code: str = Field(
        default="",
        max_length=30,
        description="The join code you last joined with, offered again with that address: "
        "after a restart you rejoin a game under way without asking the host again.",
    )


    @field_validator("window_size")
    @classmethod
    def _window_within_limits(cls, size: tuple[int, int]) -> tuple[int, int]:
        """A size outside the supported range is brought to its nearest edge, not
        refused: a settings file from a version that allowed smaller windows still
        opens, at the smallest size now laid out for."""
        return (
            min(max(size[0], MIN_WINDOW[0]), MAX_WINDOW[0]),
            min(max(size[1], MIN_WINDOW[1]), MAX_WINDOW[1]),
        )


_UNOPENED = Unopened(
    refused="Your settings file could not be used ({why}), so the defaults are in use.",
    failed="Your settings could not be opened ({why}); the defaults are in use for now.",
)


def load_settings(directory: str | os.PathLike[str]) -> tuple[Settings, str | None]:
    """The saved settings and, when the file was damaged, a message for the player.

    A missing file simply means defaults. Never raises for a bad file.
    """
    path = Path(directory) / SETTINGS_FILE
    raw_bytes, message = open_own_file(path, SMALL_FILE, _UNOPENED)
    if raw_bytes is None:
        return Settings(), message
    raw = _decode(raw_bytes)
    if raw is None:
        damaged = "Your settings file was damaged, so the defaults are in use."
        return Settings(), set_aside_with_message(path, damaged)
    settings, bad_fields = _salvage(raw)
    if not bad_fields:
        return settings, None
    names = ", ".join(field.replace("_", " ") for field in bad_fields)
    reset = f"Some settings were not valid and were reset: {names}."
    return settings, set_aside_with_message(path, reset)


def save_settings(directory: str | os.PathLike[str], settings: Settings) -> None:
    """Write the settings atomically; raises ``WriteFailed`` with a message if it cannot."""
    write_atomic(Path(directory) / SETTINGS_FILE, settings.model_dump_json(indent=2).encode())


def _decode(raw_bytes: bytes) -> dict[str, Any] | None:
    try:
        raw = json.loads(raw_bytes.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        return None
    return raw if isinstance(raw, dict) else None


def _salvage(raw: dict[str, Any]) -> tuple[Settings, list[str]]:
    """Keep every valid field of ``raw``; return the settings and the fields reset.

    Each value must have its own JSON type, as in a save: ``"yes"`` is not On and
    ``"false"`` is not a switch at all, so such a value is reset rather than guessed at.
    A name holding characters no screen draws (a NUL) is kept without them: the
    player's name is worth more than the stray character."""
    name = raw.get("player_name")
    # A name too long to be one is left for the validator to refuse, unexamined.
    if isinstance(name, str) and len(name) <= TEXT_LIMIT:
        raw = raw | {"player_name": drop_control_characters(name)}
    try:
        return _strictly(raw), []
    except ValidationError as error:
        bad = sorted({str(e["loc"][0]) for e in error.errors() if e["loc"]})
    good = {key: value for key, value in raw.items() if key not in bad}
    try:
        return _strictly(good), bad
    except ValidationError:
        return Settings(), sorted(Settings.model_fields)


def _strictly(raw: dict[str, Any]) -> Settings:
    # JSON mode, so that a JSON list reads as the window size's pair, yet strict: no
    # value is converted from another JSON type.
    return Settings.model_validate_json(json.dumps(raw), strict=True)
