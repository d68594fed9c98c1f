"""Everything Card Table keeps between runs: saved games, settings and statistics, in
one data directory, written so that nothing the player had is ever lost."""

from __future__ import annotations

from cardtable_gui.persistence.atomic import WriteFailed, set_aside, write_atomic
from cardtable_gui.persistence.paths import DATA_DIR_VARIABLE, data_dir
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
)
from cardtable_gui.persistence.settings import Settings, load_settings, save_settings
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
    "save_settings",
    "save_statistics",
    "set_aside",
    "summary",
    "write_atomic",
]
