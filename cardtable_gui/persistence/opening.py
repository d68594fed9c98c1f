"""Opening one of the player's own files (settings, statistics, lesson progress): its
bytes, or the words that tell the player why not and what happens instead.

Every such file fails alike: a missing one is a fresh start and says nothing; a name
that is not read at all (``RefusedFile``: a device, a pipe, a file far too large) is
set aside and the player told where it went; any other failure to open is told and the
file left as it was. Only the words differ from file to file, so only they are given.
"""

from __future__ import annotations

import os
from dataclasses import dataclass

from cardtable_gui.persistence.atomic import reason, set_aside_with_message
from cardtable_gui.persistence.reading import RefusedFile, read_data_file


@dataclass(frozen=True, slots=True)
class Unopened:
    """What the player is told when a file cannot be used. Each sentence has ``{why}``
    where the system's reason goes."""

    refused: str
    """For a name that is not read at all, and is set aside: "... could not be used
    ({why}), so the defaults are in use." """
    failed: str
    """For a file that could not be opened, and is left alone."""


def open_own_file(path: str | os.PathLike[str], limit: int, words: Unopened) -> tuple[bytes | None, str | None]:
    """The bytes of ``path`` (at most ``limit``) and no message; or no bytes and the
    message for the player (none when the file is simply missing)."""
    try:
        return read_data_file(path, limit), None
    except FileNotFoundError:
        return None, None
    except RefusedFile as error:
        return None, set_aside_with_message(path, words.refused.format(why=reason(error)))
    except OSError as error:
        return None, words.failed.format(why=reason(error))
