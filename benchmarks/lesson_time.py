"""How long a newcomer needs for each lesson, at a normal pace (the estimate of
``cardtable_gui.tutorials.pace``: words read, moves made, answers given, moves watched).
Asserts nothing; prints every lesson of every game (or of the games named) and marks
each game's first lesson, which should take under three minutes.

    python benchmarks/lesson_time.py [GAME ...] [--wpm 180]

An estimate from the lesson files, not a stopwatch: a new player's own time (measured
in play tests) belongs beside it in the issue note.
"""

from __future__ import annotations

import argparse

from cardtable_gui.tutorials import has_course, load_course
from cardtable_gui.tutorials.pace import WORDS_PER_MINUTE, lesson_seconds, words_read

GAMES = ("spades", "arizona_spaghetti", "spizzichino", "spinado", "hand_and_foot")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="*", default=list(GAMES), help="games to time (default: all five)")
    parser.add_argument("--wpm", type=float, default=WORDS_PER_MINUTE, help="reading speed in words a minute")
    args = parser.parse_args()
    unknown = [game for game in args.games if not has_course(game)]
    if unknown:
        parser.error(f"no lessons for {', '.join(unknown)}; choose from {', '.join(GAMES)}")
    for game in args.games:
        print(game)
        for index, lesson in enumerate(load_course(game).lessons):
            words = sum(words_read(step) for step in lesson.steps)
            minutes = lesson_seconds(lesson, args.wpm) / 60
            mark = "  (first lesson: under 3 min wanted)" if index == 0 else ""
            print(f"  {index + 1}. {lesson.title:48.48s} {len(lesson.steps):3d} steps {words:5d} words {minutes:5.1f} min{mark}")


if __name__ == "__main__":
    main()
