"""Which first-game tips the player has been shown, kept in ``tips.json`` in the data
directory, so that each tip appears at most once ever per game.

The record is a convenience: a missing or damaged file reads as "no tip seen yet"
(at worst a tip shows again) and a write that fails is given up quietly, never
stopping a game.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from cardtable_gui.persistence.atomic import write_atomic

TIPS_FILE = "tips.json"


class TipsSeen(BaseModel):
    """The ids of the tips shown, per game."""

    model_config = ConfigDict(extra="ignore")

    games: dict[str, list[str]] = Field(default_factory=dict)


def load_tips_seen(directory: str | os.PathLike[str]) -> TipsSeen:
    """The tips shown so far; nothing for a missing or unreadable file."""
    try:
        return TipsSeen.model_validate(json.loads((Path(directory) / TIPS_FILE).read_bytes()))
    except (OSError, ValueError, ValidationError, RecursionError):
        return TipsSeen()


def mark_tip_seen(directory: str | os.PathLike[str], game: str, tip: str) -> None:
    """Add ``tip`` of ``game`` to the record (read afresh, so two tables never undo
    each other's marks)."""
    record = load_tips_seen(directory)
    seen = record.games.setdefault(game, [])
    if tip in seen:
        return
    seen.append(tip)
    try:
        write_atomic(Path(directory) / TIPS_FILE, record.model_dump_json(indent=2).encode())
    except OSError:
        # A tip that shows a second time is better than a game that stops.
        return
