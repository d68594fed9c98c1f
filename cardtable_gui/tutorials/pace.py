"""How long a newcomer needs for a lesson at a normal pace: the words they read, plus a
few seconds for each move they make, answer they give, computer move they watch and
Next they press. An estimate from the lesson's data, for the lesson-time benchmark and
the test that keeps each game's first lesson short; a new player's stopwatch time
belongs beside it.
"""

from __future__ import annotations

from cardtable_gui.tutorials.model import Do, Explain, Free, Lesson, Quiz, Step, Watch

WORDS_PER_MINUTE = 180.0
"""A comfortable reading pace."""
MOVE_SECONDS = 8.0
"""Finding the card or control the step asks for, and making the move."""
ANSWER_SECONDS = 6.0
"""Weighing a quiz's choices (their words are counted as read, too)."""
WATCHED_MOVE_SECONDS = 1.5
"""A computer move, animated."""
NEXT_SECONDS = 1.5
"""Going on to the next step."""


def words_read(step: Step) -> int:
    """What the learner reads at ``step``: its text and what is said after it; at a
    quiz, the question, the choices, the right answer's explanation and one wrong one's
    (a learner reads about two)."""
    if isinstance(step, Explain):
        texts = [step.text]
    elif isinstance(step, Do | Free):
        texts = [step.prompt, step.after]
    elif isinstance(step, Quiz):
        wrong = next(choice for index, choice in enumerate(step.choices) if index != step.answer)
        texts = [step.question, *(choice.text for choice in step.choices)]
        texts += [step.choices[step.answer].explanation, wrong.explanation]
    else:
        assert isinstance(step, Watch)
        texts = [step.caption]
    return sum(len(text.split()) for text in texts)


def seconds_doing(step: Step) -> float:
    """The time spent on ``step`` other than reading, Next included."""
    if isinstance(step, Do | Free):
        return MOVE_SECONDS + NEXT_SECONDS
    if isinstance(step, Quiz):
        return ANSWER_SECONDS + NEXT_SECONDS
    if isinstance(step, Watch):
        return WATCHED_MOVE_SECONDS * max(1, len(step.moves)) + NEXT_SECONDS
    return NEXT_SECONDS


def lesson_seconds(lesson: Lesson, words_per_minute: float = WORDS_PER_MINUTE) -> float:
    """How many seconds ``lesson`` takes a newcomer reading ``words_per_minute``."""
    words = sum(words_read(step) for step in lesson.steps)
    return words / words_per_minute * 60 + sum(seconds_doing(step) for step in lesson.steps)
