"""Lessons are short: each game's first lesson takes a newcomer under three minutes at
a normal pace, and the tutorials stay out of pygame like the rules they teach."""

from __future__ import annotations

import subprocess
import sys

import pytest

from cardtable_gui.tutorials import Lesson, load_course
from cardtable_gui.tutorials.model import Do, Explain, Free, Quiz, Watch
from tests.tutorials.lesson_support import COURSES

READING_WORDS_PER_SECOND = 3.0
"""A comfortable reading pace (180 words a minute)."""
SECONDS_PER_MOVE = 5.0
"""Finding and making a move on the table."""
SECONDS_PER_WATCHED_MOVE = 1.5
"""A computer move, animated."""
FIRST_LESSON_LIMIT = 180.0


def minutes_to_learn(lesson: Lesson) -> float:
    """How long a newcomer spends on ``lesson``: reading every text once (a quiz's
    question, choices and the right answer's explanation), making each move, watching
    each computer move."""
    words = 0
    seconds = 0.0
    for step in lesson.steps:
        if isinstance(step, Explain):
            words += len(step.text.split())
        elif isinstance(step, Do | Free):
            words += len(step.prompt.split()) + len(step.after.split())
            seconds += SECONDS_PER_MOVE
        elif isinstance(step, Quiz):
            texts = [step.question, step.choices[step.answer].explanation]
            texts += [choice.text for choice in step.choices]
            words += sum(len(text.split()) for text in texts)
            seconds += SECONDS_PER_MOVE
        elif isinstance(step, Watch):
            words += len(step.caption.split())
            seconds += SECONDS_PER_WATCHED_MOVE * (len(step.moves) or 3)
    return (words / READING_WORDS_PER_SECOND + seconds) / 60


@pytest.mark.parametrize("game", COURSES)
def test_the_first_lesson_takes_under_three_minutes(game: str) -> None:
    first = load_course(game).lessons[0]
    assert minutes_to_learn(first) * 60 < FIRST_LESSON_LIMIT


def test_the_tutorials_import_nothing_from_pygame() -> None:
    code = "import sys, cardtable_gui.tutorials; print('pygame' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
