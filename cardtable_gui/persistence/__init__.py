"""Everything Card Table keeps between runs: saved games, settings and statistics, in
one data directory, written so that nothing the player had is ever lost.

Paths, atomic writes and settings are imported at once: the window needs them before
the first frame. Saves and statistics are imported the first time one of their names
is used (``persistence.SaveStore`` or ``from cardtable_gui.persistence import
SaveStore`` both work), because saves pull in every game's rules, which would make
opening the menu wait for code it does not use.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from cardtable_gui.persistence.atomic import WriteFailed, set_aside, write_atomic
from cardtable_gui.persistence.paths import DATA_DIR_VARIABLE, data_dir
from cardtable_gui.persistence.settings import Settings, load_settings, save_settings

if TYPE_CHECKING:
    from cardtable_gui.persistence.saves import (
        BadActionInSave,
        CorruptSave,
        DigestMismatch,
        NewerSchema,
        SavedGame,
        SaveEntry,
        SaveError,
        SaveStore,
        SaveSummary,
        SaveWriteFailed,
        UnknownGameInSave,
        migrate,
        parse_save,
        read_save,
        restore,
        same_game,
    )
    from cardtable_gui.persistence.statistics import (
        GameRecord,
        PlayerStats,
        SeatRecord,
        Statistics,
        load_statistics,
        record_game,
        save_statistics,
        summary,
    )

_LAZY: dict[str, str] = {
    **dict.fromkeys(
        (
            "BadActionInSave",
            "CorruptSave",
            "DigestMismatch",
            "NewerSchema",
            "SavedGame",
            "SaveEntry",
            "SaveError",
            "SaveStore",
            "SaveSummary",
            "SaveWriteFailed",
            "UnknownGameInSave",
            "migrate",
            "parse_save",
            "read_save",
            "restore",
            "same_game",
        ),
        "cardtable_gui.persistence.saves",
    ),
    **dict.fromkeys(
        (
            "GameRecord",
            "PlayerStats",
            "SeatRecord",
            "Statistics",
            "load_statistics",
            "record_game",
            "save_statistics",
            "summary",
        ),
        "cardtable_gui.persistence.statistics",
    ),
}
"""Public names imported on first use, and the module each comes from."""


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_LAZY))


__all__ = [
    "DATA_DIR_VARIABLE",
    "BadActionInSave",
    "CorruptSave",
    "DigestMismatch",
    "GameRecord",
    "NewerSchema",
    "PlayerStats",
    "SaveEntry",
    "SaveError",
    "SaveStore",
    "SaveSummary",
    "SaveWriteFailed",
    "SavedGame",
    "SeatRecord",
    "Settings",
    "Statistics",
    "UnknownGameInSave",
    "WriteFailed",
    "data_dir",
    "load_settings",
    "load_statistics",
    "migrate",
    "parse_save",
    "read_save",
    "record_game",
    "restore",
    "same_game",
    "save_settings",
    "save_statistics",
    "set_aside",
    "summary",
    "write_atomic",
]
