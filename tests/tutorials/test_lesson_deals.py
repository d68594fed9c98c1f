"""Every lesson's stacked deal is a legal deal for its game and gives each hand the
cards the lesson names."""

from __future__ import annotations

from collections import Counter

import pytest

from cardtable_gui.cards import Card
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


def test_a_hand_and_foot_deal_puts_every_named_card_in_its_place() -> None:
    """Hand and Foot's order of dealing is written out in the tutorials: hands and feet
    one card at a time from the dealer's left, the card turned up, the draw pile."""
    deal = Deal(
        hands=("KH KD KS", "QH", "QD 2C", "JK"),
        feet=("5C 5D", "", "AS", "7H 7D 7S"),
        discard="8D",
        stock="9H 10S 4C",
    )
    lesson = Lesson(
        id="deal", title="Deal", summary="A deal.", players=4, deal=deal,
        steps=({"kind": "explain", "text": "Look."},),  # type: ignore[arg-type]
    )
    dealers = set()
    for seed in range(12):
        state = start("hand_and_foot", lesson, seed, stack_deck("hand_and_foot", lesson, seed))
        dealers.add(state.dealer)  # type: ignore[attr-defined]
        dealt = tutorial_game("hand_and_foot").places(state)
        for place, cards in deal.places().items():
            if place == "stock":
                assert dealt[place][: len(cards)] == cards
            else:
                assert Counter(cards) <= Counter(dealt[place]), (seed, place)
        assert dealt["discard"] == [Card.parse("8D")]
    assert dealers == {0, 1, 2, 3}


def test_house_rules_a_game_does_not_have_are_refused() -> None:
    _, lesson = LESSONS[0]
    lesson = lesson.model_copy(update={"options": {"trumps": "hearts"}})
    with pytest.raises(LessonError, match="house rule 'trumps': extra inputs are not permitted"):
        lesson_pack("spades", lesson)
