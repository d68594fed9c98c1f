"""How far the player got with the lessons, kept in ``lessons.json`` in the data
directory: for each lesson, the step reached and whether it was finished.

Progress is a convenience, never worth a crash: a damaged file (a value of the wrong
type among them, or one far larger than any progress) gives empty progress and a
message, and is renamed aside (``lessons.json.bad-<time>``) rather than deleted.
"""

from __future__ import annotations

import os
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from cardtable_gui.persistence.atomic import set_aside_with_message, write_atomic
from cardtable_gui.persistence.opening import Unopened, open_own_file
from cardtable_gui.persistence.reading import SMALL_FILE

PROGRESS_FILE = "lessons.json"


class LessonProgress(BaseModel):
    """One lesson: the step reached (counted from 0) and whether it was finished."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    step: int = Field(default=0, ge=0)
    done: bool = False


class Progress(BaseModel):
    """Every lesson the player has started, keyed ``"<game>/<lesson id>"``."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    version: int = 1
    lessons: dict[str, LessonProgress] = Field(default_factory=dict)

    def of(self, game: str, lesson_id: str) -> LessonProgress:
        """The lesson's progress; a lesson never started is at step 0, not done."""
        return self.kept(game, lesson_id) or LessonProgress()

    def kept(self, game: str, lesson_id: str) -> LessonProgress | None:
        """The lesson's progress as kept, or None for a lesson never opened. A lesson
        is kept from the first time it is left, so one left at its first step is
        kept at step 0: begun, though no further than one never opened."""
        return self.lessons.get(_key(game, lesson_id))

    def reached(self, game: str, lesson_id: str, step: int) -> Progress:
        """Progress with the lesson at ``step``; a finished lesson stays finished."""
        done = self.of(game, lesson_id).done
        return self._with(game, lesson_id, LessonProgress(step=step, done=done))

    def finished(self, game: str, lesson_id: str) -> Progress:
        """Progress with the lesson finished (and ready to start again from step 0)."""
        return self._with(game, lesson_id, LessonProgress(step=0, done=True))

    def _with(self, game: str, lesson_id: str, lesson: LessonProgress) -> Progress:
        return self.model_copy(update={"lessons": self.lessons | {_key(game, lesson_id): lesson}})


def _key(game: str, lesson_id: str) -> str:
    return f"{game}/{lesson_id}"


_UNOPENED = Unopened(
    refused="Your lesson progress could not be used ({why}), so every lesson starts afresh.",
    failed="Your lesson progress could not be opened ({why}).",
)


def load_progress(directory: str | os.PathLike[str]) -> tuple[Progress, str | None]:
    """The saved progress and, when the file was damaged, a message for the player.
    A missing file is no progress yet. Never raises for a bad file."""
    path = Path(directory) / PROGRESS_FILE
    raw, message = open_own_file(path, SMALL_FILE, _UNOPENED)
    if raw is None:
        return Progress(), message
    try:
        # Strict, as the saves are: a step written as "3" or done as "yes" is damage.
        return Progress.model_validate_json(raw, strict=True), None
    except ValidationError:
        damaged = "Your lesson progress was damaged, so every lesson starts afresh."
        return Progress(), set_aside_with_message(path, damaged)


def save_progress(directory: str | os.PathLike[str], progress: Progress) -> None:
    """Write the progress atomically; raises ``WriteFailed`` with a message if it cannot."""
    write_atomic(Path(directory) / PROGRESS_FILE, progress.model_dump_json(indent=2).encode())
