"""Which first-game tips the player has been shown, kept in ``tips.json`` in the data
directory, so that each tip appears at most once ever per game.

The record is a convenience: a missing file reads as "no tip seen yet" (at worst a
tip shows again) and a write that fails is given up quietly, never stopping a game. A
damaged file also reads as nothing seen, but is first renamed aside
(``tips.json.bad-<time>``), with a message, so the next tip shown never writes over it.
"""

from __future__ import annotations

import os
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from cardtable_gui.persistence.atomic import set_aside_with_message, write_atomic
from cardtable_gui.persistence.reading import SMALL_FILE, RefusedFile, read_data_file

TIPS_FILE = "tips.json"

DAMAGED = "Your record of the tips already shown could not be read, so a tip may show again."


class TipsSeen(BaseModel):
    """The ids of the tips shown, per game."""

    model_config = ConfigDict(extra="ignore")

    games: dict[str, list[str]] = Field(default_factory=dict)


def load_tips_seen(directory: str | os.PathLike[str]) -> tuple[TipsSeen, str | None]:
    """The tips shown so far and, when the file was damaged (and has been set aside),
    a message for the player. A missing or unopenable file is nothing seen yet."""
    path = Path(directory) / TIPS_FILE
    try:
        # Strict, as the saves are: an id that is not text is damage.
        return TipsSeen.model_validate_json(read_data_file(path, SMALL_FILE), strict=True), None
    except (RefusedFile, ValidationError):
        return TipsSeen(), set_aside_with_message(path, DAMAGED)
    except OSError:
        return TipsSeen(), None


def mark_tip_seen(directory: str | os.PathLike[str], game: str, tip: str) -> None:
    """Add ``tip`` of ``game`` to the record (read afresh, so two tables never undo
    each other's marks)."""
    record, _damage = load_tips_seen(directory)
    seen = record.games.setdefault(game, [])
    if tip in seen:
        return
    seen.append(tip)
    try:
        write_atomic(Path(directory) / TIPS_FILE, record.model_dump_json(indent=2).encode())
    except OSError:
        # A tip that shows a second time is better than a game that stops.
        return
