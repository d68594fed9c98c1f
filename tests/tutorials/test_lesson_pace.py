"""Lessons are short: each game's first lesson takes a newcomer under three minutes at
a normal pace, and the tutorials stay out of pygame like the rules they teach."""

from __future__ import annotations

import subprocess
import sys

import pytest

from cardtable_gui.tutorials import load_course
from cardtable_gui.tutorials.pace import lesson_seconds
from tests.tutorials.lesson_support import COURSES

FIRST_LESSON_LIMIT = 180.0
"""Three minutes, in seconds."""


@pytest.mark.parametrize("game", COURSES)
def test_the_first_lesson_takes_under_three_minutes(game: str) -> None:
    first = load_course(game).lessons[0]
    assert lesson_seconds(first) < FIRST_LESSON_LIMIT


def test_reading_moving_and_answering_all_take_time() -> None:
    """The estimate counts every word read and every action, so a longer lesson is
    never estimated shorter."""
    first = load_course("spades").lessons[0]
    longer = first.model_copy(update={"steps": (*first.steps, *first.steps)})
    assert lesson_seconds(longer) == pytest.approx(2 * lesson_seconds(first))
    assert lesson_seconds(first, words_per_minute=90) > lesson_seconds(first)


def test_the_tutorials_import_nothing_from_pygame() -> None:
    code = "import sys, cardtable_gui.tutorials; print('pygame' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
