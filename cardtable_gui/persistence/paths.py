"""Where Card Table keeps its files.

Everything lives in one data directory: ``settings.json``, ``statistics.json`` and the
saves. The directory is, in order of precedence, the one passed in (the command line or
a test), the ``CARDTABLE_DATA_DIR`` environment variable, or the platform's usual place
for application data (``platformdirs.user_data_dir("cardtable")``).
"""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs

APP_NAME = "cardtable"
DATA_DIR_VARIABLE = "CARDTABLE_DATA_DIR"


def data_dir(override: str | os.PathLike[str] | None = None) -> Path:
    """The data directory, created if it does not exist yet."""
    if override is not None:
        chosen = Path(override)
    elif os.environ.get(DATA_DIR_VARIABLE):
        chosen = Path(os.environ[DATA_DIR_VARIABLE])
    else:
        chosen = Path(platformdirs.user_data_dir(APP_NAME))
    chosen = chosen.expanduser()
    chosen.mkdir(parents=True, exist_ok=True)
    return chosen
