"""Shared by the tutorial tests: every lesson of every course, and a way to walk a
lesson as a learner would."""

from __future__ import annotations

from collections.abc import Iterator

from cardtable_gui.rules import GAMES
from cardtable_gui.tutorials import Lesson, LessonRun, has_course, load_course
from cardtable_gui.tutorials.model import Do, Free, Quiz

COURSES = [game for game in GAMES if has_course(game)]
LESSONS: list[tuple[str, Lesson]] = [
    (game, lesson) for game in COURSES for lesson in load_course(game).lessons
]
LESSON_IDS = [f"{game}/{lesson.id}" for game, lesson in LESSONS]


def learn(run: LessonRun) -> Iterator[int]:
    """Play ``run`` to the end as a good learner. Yields each step's index as it begins;
    the caller may look around (even go back and return) before the step is done."""
    while not run.done:
        yield run.index
        finish_step(run)
        assert run.next()


def finish_step(run: LessonRun) -> None:
    """Do the current step as a good learner: watch the other seats' moves, make the
    step's move (a free step: the first legal one), answer a quiz right."""
    run.play_pending()
    step = run.step
    if isinstance(step, Do):
        outcome = run.attempt(run.parse(step.action))
        assert outcome.accepted, outcome.text
    elif isinstance(step, Free):
        outcome = run.attempt(run.state.legal_actions()[0])
        assert outcome.accepted, outcome.text
    elif isinstance(step, Quiz):
        assert run.answer(step.answer).accepted
