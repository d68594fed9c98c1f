"""Names in the data folder that are not ordinary files (a named pipe, a link to a
device) and a guard that turns a read waiting on one for ever into a failed test."""

from __future__ import annotations

import contextlib
import os
import sys
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TypeVar

import pytest

T = TypeVar("T")

PATIENCE = 20.0
"""Seconds a call may take before it counts as waiting for ever: far more than any of
these reads needs, so a busy machine never fails a test that works."""

posix_only = pytest.mark.skipif(
    sys.platform == "win32", reason="named pipes and /dev are POSIX file system objects"
)


@contextlib.contextmanager
def named_pipe(path: Path) -> Iterator[Path]:
    """A named pipe (FIFO) at ``path``. On leaving, a reader still waiting on it is
    let go (a writer opens and closes it, which gives the reader an empty file), so a
    failed test leaves no thread behind."""
    os.mkfifo(path)
    try:
        yield path
    finally:
        with contextlib.suppress(OSError):
            os.close(os.open(path, os.O_WRONLY | os.O_NONBLOCK))


def finishes(call: Callable[[], T]) -> T:
    """``call()``'s result, or its exception, run on a thread; fails the test when the
    call has not returned within ``PATIENCE`` seconds."""
    outcome: list[T] = []
    failure: list[BaseException] = []

    def run() -> None:
        try:
            outcome.append(call())
        except BaseException as error:  # handed back to the test's own thread
            failure.append(error)

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(PATIENCE)
    if thread.is_alive():
        pytest.fail(f"still waiting after {PATIENCE:g} seconds: the read never returned")
    if failure:
        raise failure[0]
    return outcome[0]
