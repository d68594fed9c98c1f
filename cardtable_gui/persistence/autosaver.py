"""Keeping the game in progress on disk without holding up the frame loop.

A table autosaves after every move. Writing a save safely (a temporary file, fsync,
rename) takes a few milliseconds on a good disk and far more on a slow one, so the
write happens on a worker thread. Only the newest position matters: a save waiting to
be written is replaced by a newer one. ``flush`` waits for the last one to reach the
disk; a table calls it (through ``close``) when it closes, so quitting in the middle of
an animation or while a computer player thinks loses nothing.
"""

from __future__ import annotations

import threading

from cardtable_gui.persistence.saves import SavedGame, SaveError, SaveStore


class Autosaver:
    """Writes ``SaveStore.autosave`` on a worker thread, newest position first.

    ``problem`` is the reason the last write failed (None once a write succeeds), so
    the table can tell the player without the writer touching the screen.
    """

    def __init__(self, store: SaveStore) -> None:
        self.store = store
        self.problem: str | None = None
        self._pending: SavedGame | None = None
        self._writing = False
        self._closed = False
        self._changed = threading.Condition()
        self._thread: threading.Thread | None = None

    def save(self, saved: SavedGame) -> None:
        """Write ``saved`` soon, replacing any save not yet written."""
        with self._changed:
            if self._closed:
                return
            self._pending = saved
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="cardtable-autosave", daemon=True)
                self._thread.start()
            self._changed.notify_all()

    def flush(self) -> None:
        """Wait until every save handed over so far is on disk (or has failed)."""
        with self._changed:
            self._changed.wait_for(lambda: self._pending is None and not self._writing)

    def finish_game(self) -> None:
        """The game is over: once its last position is written, file the autosave
        away as the finished game, so the menu no longer offers to continue it."""
        self.flush()
        try:
            self.store.clear_autosave()
        except SaveError as error:
            self.problem = error.message

    def close(self) -> None:
        """Write what is pending and stop the worker."""
        self.flush()
        with self._changed:
            self._closed = True
            self._changed.notify_all()
        if self._thread is not None:
            self._thread.join()

    def _run(self) -> None:
        while True:
            with self._changed:
                self._changed.wait_for(lambda: self._pending is not None or self._closed)
                if self._pending is None:
                    return
                saved, self._pending = self._pending, None
                self._writing = True
            problem: str | None = None
            try:
                self.store.autosave(saved)
            except SaveError as error:
                problem = error.message
            finally:
                # Even an unexpected error must not leave ``flush`` waiting forever.
                with self._changed:
                    self.problem = problem
                    self._writing = False
                    self._changed.notify_all()
