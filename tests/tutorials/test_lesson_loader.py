"""Lesson files: every course ships with the package and loads; a malformed file is
refused with one sentence naming the file, the lesson and the field."""

from __future__ import annotations

from importlib import resources
from pathlib import Path

import pytest

from cardtable_gui.tutorials import LessonFileError, load_course
from cardtable_gui.tutorials.loader import load_course_file
from tests.tutorials.lesson_support import COURSES

GOOD = """
game = "spades"

[practice]
title = "Practice game"
summary = "A whole game against easy players."
players = 4

[[lessons]]
id = "lead"
title = "Leading"
summary = "Lead a card."
players = 4
before = ["bid 3", "bid 3", "bid 3", "bid 3"]

[lessons.deal]
hands = ["AH KH 2C", "", "", ""]

[[lessons.steps]]
kind = "explain"
text = "You lead."
highlight = ["hand", "AH"]

[[lessons.steps]]
kind = "do"
action = "play AH"
prompt = "Lead the ace of hearts."
wrong = "Lead the ace of hearts."
"""


def _write(tmp_path: Path, text: str, name: str = "spades.toml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_the_spades_and_arizona_courses_are_there() -> None:
    assert {"spades", "arizona_spaghetti"} <= set(COURSES)


@pytest.mark.parametrize("game", COURSES)
def test_every_course_loads_and_ends_with_a_practice_game(game: str) -> None:
    course = load_course(game)
    assert course.game == game
    assert len(course.lessons) >= 4
    assert course.practice.title and course.practice.level.value == "easy"


@pytest.mark.parametrize("game", COURSES)
def test_lesson_files_are_package_data(game: str) -> None:
    text = resources.files("cardtable_gui.tutorials").joinpath(f"{game}.toml").read_text()
    assert f'game = "{game}"' in text


def test_a_good_file_loads(tmp_path: Path) -> None:
    course = load_course_file(_write(tmp_path, GOOD))
    assert [lesson.id for lesson in course.lessons] == ["lead"]


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (
            ('hands = ["AH KH 2C"', 'hands = ["AH KX 2C"'),
            "spades.toml, lesson 'lead': 'deal.hands': 'KX' is not a card",
        ),
        (
            ('kind = "explain"', 'kind = "lecture"'),
            "spades.toml, lesson 'lead': step 1: 'lecture' is not a kind of step",
        ),
        (
            ('action = "play AH"', 'action = "play QS"'),
            "spades.toml, lesson 'lead': step 2 (do): 'play QS' is not a legal move there",
        ),
        (
            ('prompt = "Lead the ace of hearts."\n', ""),
            "spades.toml, lesson 'lead': step 2 (do): 'prompt' is missing.",
        ),
        (
            ('hands = ["AH KH 2C"', 'hands = ["AH AH 2C"'),
            "spades.toml, lesson 'lead': deal: AH is named 2 times; the pack has it once.",
        ),
        (
            ('hands = ["AH KH 2C"', 'hands = ["AH KH 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC"'),
            "spades.toml, lesson 'lead': deal: hand 0 is dealt 13 cards, not 14.",
        ),
        (
            ('highlight = ["hand", "AH"]', 'highlight = ["table"]'),
            "spades.toml, lesson 'lead': step 1 (explain): 'highlight': 'table' is neither a card",
        ),
        (
            ('before = ["bid 3", "bid 3", "bid 3", "bid 3"]', 'before = ["play AH"]'),
            "spades.toml, lesson 'lead': before: 'play AH' is not a legal move there",
        ),
        (
            ('highlight = ["hand", "AH"]', 'highlight = ["3Co"]'),
            "spades.toml, lesson 'lead': step 1 (explain): 3Co is not a card of this pack.",
        ),
    ],
    ids=[
        "bad card",
        "unknown step kind",
        "illegal move",
        "missing field",
        "card twice",
        "too many cards",
        "unknown area",
        "illegal opening move",
        "card of another pack",
    ],
)
def test_a_malformed_file_names_file_lesson_and_field(
    tmp_path: Path, change: tuple[str, str], message: str
) -> None:
    old, new = change
    assert old in GOOD
    with pytest.raises(LessonFileError) as raised:
        load_course_file(_write(tmp_path, GOOD.replace(old, new, 1)))
    assert str(raised.value).startswith(message), str(raised.value)
    assert "\n" not in str(raised.value)


def test_a_file_that_is_not_toml_says_so(tmp_path: Path) -> None:
    with pytest.raises(LessonFileError, match=r"^broken.toml: this is not valid TOML"):
        load_course_file(_write(tmp_path, "game = ", "broken.toml"))


def test_a_watch_move_by_the_learner_is_refused(tmp_path: Path) -> None:
    watch = 'kind = "watch"\ncaption = "Watch."\nmoves = ["play AH"]\n\n[[lessons.steps]]\n'
    text = GOOD.replace('kind = "do"', watch + 'kind = "do"')
    with pytest.raises(LessonFileError) as raised:
        load_course_file(_write(tmp_path, text))
    assert "step 2 (watch): 'play AH' would be the learner's move" in str(raised.value)


def test_a_move_nobody_scripted_is_refused(tmp_path: Path) -> None:
    text = GOOD + '\n[[lessons.steps]]\nkind = "free"\nprompt = "Play on."\n'
    with pytest.raises(LessonFileError, match="step 3 \\(free\\): it is seat 1's move"):
        load_course_file(_write(tmp_path, text))


def test_nothing_is_scripted_after_a_free_step(tmp_path: Path) -> None:
    free = 'kind = "free"\nprompt = "Lead anything."\n\n[[lessons.steps]]\n'
    text = GOOD.replace('kind = "do"', free + 'kind = "do"')
    with pytest.raises(LessonFileError) as raised:
        load_course_file(_write(tmp_path, text))
    assert "step 3 (do): after a free step only the auto player" in str(raised.value)


@pytest.mark.parametrize(
    "nested",
    ["[" * 5000 + "]" * 5000, "{ a = " * 5000 + "1" + " }" * 5000, "[{ a = " * 2000 + "1" + " }]" * 2000],
)
def test_a_file_nested_too_deeply_says_so_in_a_sentence(tmp_path: Path, nested: str) -> None:
    """Before, the reader ran out of stack and a RecursionError escaped."""
    text = GOOD.replace('players = 4\nbefore', f"players = 4\ndepth = {nested}\nbefore", 1)
    with pytest.raises(LessonFileError, match=r"^deep.toml: arrays or tables are nested too deeply to read\.$"):
        load_course_file(_write(tmp_path, text, "deep.toml"))
