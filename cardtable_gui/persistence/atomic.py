"""Writing files so that nothing the player had is ever lost.

A file is written whole or not at all: the bytes go to a temporary file in the same
folder, are flushed and synced to the disk, and only then renamed over the old file with
``os.replace`` (atomic on every platform we support). A crash or power cut at any moment
leaves either the old file or the new one, never a mixture. A damaged file is never
deleted; ``set_aside`` renames it out of the way so the player (or we) can look at it.
A write killed half-way leaves only its temporary file, which ``remove_leftovers``
clears at the next start.
"""

from __future__ import annotations

import contextlib
import os
import re
import secrets
import tempfile
from datetime import datetime
from pathlib import Path

from cardtable_gui.persistence.reading import read_data_file

BACKUP_SUFFIX = ".bak"

LEFTOVER = re.compile(r"^\.[^/]+\.[0-9a-z_]{6,16}\.tmp$")
"""The names of our temporary files (".autosave.json.x1y2z3ab.tmp"): a dot, the file
being written, a random part and ".tmp". Nothing else in a folder is ever removed."""


class WriteFailed(OSError):
    """A file could not be written; the message is a sentence for the player. The old
    file, if there was one, is untouched."""


def backup_path(path: str | os.PathLike[str]) -> Path:
    """Where ``write_atomic(path, ..., backup=True)`` keeps the previous file."""
    path = Path(path)
    return path.with_name(path.name + BACKUP_SUFFIX)


def write_atomic(path: str | os.PathLike[str], data: bytes, *, backup: bool = False) -> None:
    """Replace ``path`` with ``data`` in one step.

    With ``backup=True`` the file being replaced is kept as ``<name>.bak``; callers ask
    for that only when the old file is known to be good, so the backup is always a
    usable older version. Raises ``WriteFailed``.
    """
    path = Path(path)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        if backup and path.exists():
            _keep_as_backup(path)
        _replace_with(path, data)
    except OSError as error:
        raise WriteFailed(f"Card Table could not write {path.name}: {reason(error)}.") from error


def reason(error: OSError) -> str:
    """Why a file operation failed, in the system's words: "No space left on device"."""
    return error.strerror or str(error) or type(error).__name__


def _keep_as_backup(path: Path) -> None:
    """Make the current ``path`` also ``<name>.bak``, leaving a complete file at ``path``
    throughout. A hard link gives the old file a second name without copying a byte;
    on a file system without links the bytes are copied instead."""
    backup = backup_path(path)
    if backup.exists() and os.path.samefile(path, backup):
        # Already two names for one file (a crash between the two renames below):
        # the backup holds the current bytes, and renaming a link onto another link
        # of the same file would do nothing and leave the temporary name behind.
        return
    temporary = path.with_name(f".{path.name}.{secrets.token_hex(6)}.tmp")
    try:
        os.link(path, temporary)
    except OSError:
        _replace_with(backup_path(path), read_data_file(path))
        return
    try:
        os.replace(temporary, backup)
    finally:
        # The rename leaves ``temporary`` in place when it fails, and also when the
        # backup became a link of the same file meanwhile (then it does nothing).
        with contextlib.suppress(OSError):
            os.unlink(temporary)


def _replace_with(path: Path, data: bytes) -> None:
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(handle, "wb") as file:
            file.write(data)
            file.flush()
            os.fsync(file.fileno())
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise
    _sync_folder(path.parent)


def _sync_folder(folder: Path) -> None:
    # The rename itself lives in the folder's entry list; syncing the folder makes it
    # durable on POSIX. Windows cannot open folders this way and needs no such step.
    if not hasattr(os, "O_DIRECTORY"):
        return
    with contextlib.suppress(OSError):
        handle = os.open(folder, os.O_RDONLY | os.O_DIRECTORY)
        try:
            os.fsync(handle)
        finally:
            os.close(handle)


def remove_leftovers(folder: str | os.PathLike[str]) -> list[Path]:
    """Delete the temporary files that writes killed half-way left in ``folder`` and
    return them. Only names of our own pattern go; a folder that cannot be read is
    left alone."""
    removed: list[Path] = []
    with contextlib.suppress(OSError):
        for entry in Path(folder).iterdir():
            if LEFTOVER.match(entry.name) and entry.is_file():
                with contextlib.suppress(OSError):
                    entry.unlink()
                    removed.append(entry)
    return removed


def set_aside(path: str | os.PathLike[str], suffix: str | None = None) -> Path:
    """Rename a damaged file out of the way and return its new path.

    The new name is ``<name><suffix>``, by default ``<name>.bad-<local time stamp>``;
    a number is added when that name is taken, so no file is ever overwritten.
    Raises ``OSError`` if the rename fails (the file then stays where it was).
    """
    path = Path(path)
    if suffix is None:
        suffix = ".bad-" + datetime.now().strftime("%Y%m%d-%H%M%S")
    target = path.with_name(path.name + suffix)
    number = 2
    while target.exists():
        target = path.with_name(f"{path.name}{suffix}-{number}")
        number += 1
    os.replace(path, target)
    return target


def set_aside_with_message(path: str | os.PathLike[str], message: str) -> str:
    """Set a damaged file aside and return ``message`` followed by where it went, or,
    when even the rename fails, by the word that it was left as it was."""
    try:
        kept = set_aside(path)
    except OSError:
        return f"{message} The old file was left as it was."
    return f"{message} The old file was kept as {kept.name}."
