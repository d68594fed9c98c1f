"""How long a newcomer needs for each lesson, at a normal pace: the words they read at
200 a minute, plus a few seconds for each move they make, answer they give, move they
watch and Next they press. Asserts nothing; prints every lesson of every game (or of
the games named) and marks each game's first lesson, which should take under three
minutes.

    python benchmarks/lesson_time.py [GAME ...] [--wpm 200]

An estimate from the lesson files, not a stopwatch: a new player's own time (measured
in play tests) belongs beside it in the issue note.
"""

from __future__ import annotations

import argparse

from cardtable_gui.tutorials import has_course, load_course
from cardtable_gui.tutorials.model import Do, Explain, Free, Lesson, Quiz, Step, Watch

GAMES = ("spades", "arizona_spaghetti", "spizzichino", "spinado", "hand_and_foot")
MOVE_SECONDS = 8.0
"""Finding the card or control the step asks for, and making the move."""
ANSWER_SECONDS = 6.0
"""Weighing a quiz's choices (their words are counted as read, too)."""
WATCHED_MOVE_SECONDS = 1.5
NEXT_SECONDS = 1.5


def words_of(step: Step) -> list[str]:
    """What the learner reads at ``step``: its text, and what is said after it."""
    if isinstance(step, Explain):
        return [step.text]
    if isinstance(step, Do | Free):
        return [step.prompt, step.after or ""]
    if isinstance(step, Quiz):
        # The right answer's explanation, and one wrong one's: a learner reads about two.
        right = step.choices[step.answer].explanation
        return [step.question, *(choice.text for choice in step.choices), right, step.choices[0].explanation]
    assert isinstance(step, Watch)
    return [step.caption]


def doing_seconds(step: Step) -> float:
    """The time spent on ``step`` other than reading."""
    if isinstance(step, Do | Free):
        return MOVE_SECONDS + NEXT_SECONDS
    if isinstance(step, Quiz):
        return ANSWER_SECONDS + NEXT_SECONDS
    if isinstance(step, Watch):
        return WATCHED_MOVE_SECONDS * max(1, len(step.moves)) + NEXT_SECONDS
    return NEXT_SECONDS


def lesson_seconds(lesson: Lesson, words_per_minute: float) -> tuple[int, float]:
    """The words read in ``lesson`` and the whole time it takes, in seconds."""
    words = sum(len(text.split()) for step in lesson.steps for text in words_of(step))
    return words, words / words_per_minute * 60 + sum(doing_seconds(step) for step in lesson.steps)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="*", default=list(GAMES), help="games to time (default: all five)")
    parser.add_argument("--wpm", type=float, default=200.0, help="reading speed in words a minute")
    args = parser.parse_args()
    unknown = [game for game in args.games if not has_course(game)]
    if unknown:
        parser.error(f"no lessons for {', '.join(unknown)}; choose from {', '.join(GAMES)}")
    for game in args.games:
        course = load_course(game)
        print(game)
        for index, lesson in enumerate(course.lessons):
            words, seconds = lesson_seconds(lesson, args.wpm)
            mark = "  (first lesson: under 3 min wanted)" if index == 0 else ""
            print(f"  {index + 1}. {lesson.title:48.48s} {len(lesson.steps):3d} steps {words:5d} words {seconds / 60:5.1f} min{mark}")


if __name__ == "__main__":
    main()
