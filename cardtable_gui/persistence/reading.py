"""Reading a file from the data folder: an ordinary file of bounded size, or nothing.

The data folder is the player's, and anything may turn up under a name we read: a link
to ``/dev/zero`` would feed bytes without end, a named pipe (FIFO) would wait for a
writer for ever, and a file of gigabytes would take the memory and the minutes needed
to read it. Every reader in ``persistence`` (and the lesson progress) goes through
``read_data_file``, which opens without waiting, checks what it opened, and reads no
more than a limit, so such a name costs a message and never hangs the game.
"""

from __future__ import annotations

import errno
import os
import stat

SMALL_FILE = 256 * 1024
"""The limit for files that stay small however long the player plays (settings, lesson
progress, tips seen): each is a few kilobytes at most."""

LARGEST_FILE = 32 * 1024 * 1024
"""The limit for files that grow with play (a save's moves, the statistics' games):
many times the largest a lifetime of play writes."""


class RefusedFile(OSError):
    """A name in the data folder that is not read at all. ``strerror`` says why, in
    words a player understands; the file itself is left as it was."""

    def __init__(self, code: int, why: str, path: str | os.PathLike[str]) -> None:
        super().__init__(code, why, os.fspath(path))


class NotAnOrdinaryFile(RefusedFile):
    """The name is a device, a named pipe or a socket, not a file of bytes."""

    def __init__(self, path: str | os.PathLike[str]) -> None:
        super().__init__(errno.EINVAL, "it is not an ordinary file", path)


class FileTooLarge(RefusedFile):
    """The file is larger than any file of its kind that Card Table writes."""

    def __init__(self, path: str | os.PathLike[str], limit: int) -> None:
        why = f"it is larger than {_size(limit)}, far beyond any file of its kind"
        super().__init__(errno.EFBIG, why, path)


def read_data_file(path: str | os.PathLike[str], limit: int = LARGEST_FILE) -> bytes:
    """The bytes of the ordinary file at ``path``, at most ``limit`` of them.

    Raises ``NotAnOrdinaryFile`` or ``FileTooLarge`` (both ``RefusedFile``), and any
    other ``OSError`` as opening and reading do (``FileNotFoundError`` among them, and
    ``IsADirectoryError`` for a folder, which is no danger and not set aside).
    """
    # O_NONBLOCK makes opening a named pipe with no writer return at once instead of
    # waiting; what was opened is then checked before a byte is read. Ordinary files
    # ignore the flag.
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    descriptor = os.open(path, flags)
    try:
        status = os.fstat(descriptor)
        if stat.S_ISDIR(status.st_mode):
            raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), os.fspath(path))
        if not stat.S_ISREG(status.st_mode):
            raise NotAnOrdinaryFile(path)
        if status.st_size > limit:
            raise FileTooLarge(path, limit)
        with os.fdopen(descriptor, "rb", closefd=False) as file:
            # One byte past the limit tells a file that grew since the check.
            data = file.read(limit + 1)
    finally:
        os.close(descriptor)
    if len(data) > limit:
        raise FileTooLarge(path, limit)
    return data


def _size(count: int) -> str:
    """A byte count as a player reads it: "256 KB", "32 MB"."""
    if count >= 1024 * 1024:
        return f"{count // (1024 * 1024)} MB"
    return f"{max(count // 1024, 1)} KB"
