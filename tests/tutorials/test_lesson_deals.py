"""Every lesson's stacked deal is a legal deal for its game and gives each hand the
cards the lesson names."""

from __future__ import annotations

from collections import Counter

import pytest

from cardtable_gui.rules import get_rules
from cardtable_gui.tutorials import Lesson, LessonError
from cardtable_gui.tutorials.games import (
    lesson_pack,
    lesson_seed,
    options_for,
    stack_deck,
    start,
    tutorial_game,
)
from cardtable_gui.tutorials.model import Deal
from tests.tutorials.lesson_support import LESSON_IDS, LESSONS


@pytest.mark.parametrize(("game", "lesson"), LESSONS, ids=LESSON_IDS)
def test_the_stacked_deck_is_the_games_pack(game: str, lesson: Lesson) -> None:
    seed = lesson_seed(game, lesson)
    deck = stack_deck(game, lesson, seed)
    assert Counter(deck) == Counter(lesson_pack(game, lesson))
    # The rules themselves accept it as a first deal.
    rules = get_rules(game)
    rules.new_game(lesson.players, options_for(rules, lesson), seed=seed, deck=deck)


@pytest.mark.parametrize(("game", "lesson"), LESSONS, ids=LESSON_IDS)
def test_every_named_card_is_dealt_where_the_lesson_says(game: str, lesson: Lesson) -> None:
    seed = lesson_seed(game, lesson)
    state = start(game, lesson, seed, stack_deck(game, lesson, seed))
    dealt = tutorial_game(game).places(state)
    for place, cards in lesson.deal.places().items():
        assert Counter(cards) <= Counter(dealt[place]), place


@pytest.mark.parametrize(("game", "lesson"), LESSONS, ids=LESSON_IDS)
def test_the_learner_moves_first_unless_the_lesson_says(game: str, lesson: Lesson) -> None:
    seed = lesson_seed(game, lesson)
    state = start(game, lesson, seed, stack_deck(game, lesson, seed))
    if lesson.seed is None:
        assert state.to_move == lesson.seat


def test_a_place_the_game_does_not_have_is_refused() -> None:
    _, lesson = LESSONS[0]
    lesson = lesson.model_copy(update={"deal": Deal(dead="AS")})
    with pytest.raises(LessonError, match="there is no dead at this table"):
        stack_deck("spades", lesson, 0)
