"""Reading a game's lessons from ``cardtable_gui/tutorials/<game>.toml``.

A lesson file is read with the standard library's ``tomllib``, checked by the
``Course`` model, and then every lesson is played through once, making the scripted
moves and giving the right answers: that proves the deal is a legal deal for the game
and every listed move is legal at its step. Anything wrong raises ``LessonFileError``
with one sentence naming the file, the lesson and the field.
"""

from __future__ import annotations

import functools
import tomllib
from importlib import resources
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from cardtable_gui.cards import Card
from cardtable_gui.rules import GAMES
from cardtable_gui.tutorials.games import lesson_pack
from cardtable_gui.tutorials.model import AREAS, Course, Do, Free, Lesson, LessonError, Watch
from cardtable_gui.tutorials.run import LessonRun, step_label


class LessonFileError(ValueError):
    """A lesson file that cannot be used; the message says where and why."""


def course_file(game: str) -> str:
    return f"{game}.toml"


def has_course(game: str) -> bool:
    """Whether the game has a lesson file."""
    return resources.files(__package__).joinpath(course_file(game)).is_file()


@functools.cache
def load_course(game: str) -> Course:
    """The game's course, read from the package and checked (once per process)."""
    name = course_file(game)
    try:
        text = resources.files(__package__).joinpath(name).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise LessonFileError(f"{name}: there is no such lesson file.") from None
    return parse_course(text, name)


def load_course_file(path: str | Path) -> Course:
    """A course read from any file (for writing lessons and for tests)."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise LessonFileError(f"{path.name}: the file cannot be read ({error}).") from None
    return parse_course(text, path.name)


def parse_course(text: str, name: str) -> Course:
    """Read, check and play through a course; ``name`` is the file named in errors."""
    try:
        raw = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise LessonFileError(f"{name}: this is not valid TOML ({error}).") from None
    except RecursionError:
        # tomllib reads each nested array or table by recursing; a file nesting hundreds
        # deep runs out of stack before it runs out of text.
        raise LessonFileError(f"{name}: arrays or tables are nested too deeply to read.") from None
    if raw.get("game") not in GAMES:
        known = ", ".join(GAMES)
        raise LessonFileError(f"{name}: 'game' must name one of the games ({known}).")
    try:
        course = Course.model_validate(raw)
    except ValidationError as error:
        raise LessonFileError(_validation_message(name, raw, error)) from None
    for index, lesson in enumerate(course.lessons):
        try:
            play_through(course.game, lesson)
        except LessonError as error:
            raise LessonFileError(
                f"{name}, lesson {lesson.id!r}: {error.field}: {error.message}"
            ) from None
    return course


def play_through(game: str, lesson: Lesson) -> LessonRun:
    """Play the lesson from start to end as its script says; raises ``LessonError``."""
    _check_highlights(game, lesson)
    _check_after_free_steps(lesson)
    run = LessonRun(game, lesson)
    while not run.done:
        run.skip()
    return run


def _check_highlights(game: str, lesson: Lesson) -> None:
    """Every card a step points at is a card of the game's pack."""
    pack = set(lesson_pack(game, lesson))
    for index, step in enumerate(lesson.steps):
        for item in step.highlight:
            if item not in AREAS and Card.parse(item) not in pack:
                raise LessonError(step_label(index, step), f"{item} is not a card of this pack.")


def _check_after_free_steps(lesson: Lesson) -> None:
    """Once the learner has made a move of their own choice, the script cannot know the
    position: later moves must come from the ``auto`` player, never from a list."""
    free = False
    for index, step in enumerate(lesson.steps):
        scripted = isinstance(step, Do) or (isinstance(step, Watch) and step.moves)
        if free and scripted:
            raise LessonError(
                step_label(index, step),
                "after a free step only the auto player can move for the others, "
                "and no do step may follow.",
            )
        free = free or isinstance(step, Free)


def _validation_message(name: str, raw: dict[str, Any], error: ValidationError) -> str:
    """The first problem pydantic found, as one sentence naming lesson and field."""
    problem = error.errors()[0]
    location = list(problem["loc"])
    where = [name]
    if location[:1] == ["lessons"] and len(location) > 1 and isinstance(location[1], int):
        index = location[1]
        where.append(f"lesson {_lesson_name(raw, index)}")
        location = location[2:]
        if location[:1] == ["steps"] and len(location) > 1 and isinstance(location[1], int):
            step = location[1]
            kind = location[2] if len(location) > 2 and isinstance(location[2], str) else None
            where.append(f"step {step + 1}" + (f" ({kind})" if kind else ""))
            location = location[3:] if kind else location[2:]
    field = ".".join(str(part) for part in location)
    message = _plain(problem).rstrip(".")
    prefix = ", ".join(where[:2]) + "".join(f": {part}" for part in where[2:])
    if field and problem["type"] in ("missing", "extra_forbidden"):
        return f"{prefix}: {field!r} {message}."
    if field:
        return f"{prefix}: {field!r}: {message}."
    return f"{prefix}: {message}."


def _lesson_name(raw: dict[str, Any], index: int) -> str:
    lessons = raw.get("lessons")
    if isinstance(lessons, list) and index < len(lessons) and isinstance(lessons[index], dict):
        lesson_id = lessons[index].get("id")
        if isinstance(lesson_id, str):
            return repr(lesson_id)
    return str(index + 1)


def _plain(problem: Any) -> str:
    """Pydantic's message, made to read as part of our sentence."""
    kind = problem["type"]
    if kind == "missing":
        return "is missing"
    if kind == "extra_forbidden":
        return "is not a field here"
    if kind == "union_tag_invalid":
        context = problem.get("ctx", {})
        kinds = context.get("expected_tags")
        return f"{context.get('tag')!r} is not a kind of step (the kinds are {kinds})"
    if kind == "string_pattern_mismatch":
        return "should be lower-case letters and digits, words joined by hyphens"
    if kind == "union_tag_not_found":
        return "the step has no 'kind'"
    message = str(problem["msg"])
    message = message.removeprefix("Value error, ")
    return message[:1].lower() + message[1:]
