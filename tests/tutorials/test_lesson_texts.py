"""What the lessons say agrees with the rules they teach and with what the learner has
just done."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from cardtable_gui.cards import Card
from cardtable_gui.rules.hand_and_foot import Meld, TakePile
from cardtable_gui.rules.hand_and_foot.books import card_points
from cardtable_gui.scenes.tutorial.lesson_match import lesson_config
from cardtable_gui.seats import COMPUTER_NAMES
from cardtable_gui.tutorials import LessonRun, load_course
from cardtable_gui.tutorials.model import AREAS, Do, Quiz
from tests.tutorials.lesson_support import learn


def test_a_wrong_answer_about_the_spinado_says_what_holding_it_costs() -> None:
    lesson = load_course("spinado").lessons[2]
    quiz = next(s for s in lesson.steps if isinstance(s, Quiz) and "still hold the spinado" in s.question)
    nothing = next(c for c in quiz.choices if c.text.startswith("Nothing"))
    assert "pays the winner 2 chips for every card" in nothing.explanation


def test_hand_and_foot_asks_for_the_discard_only_when_nothing_more_can_be_laid_down() -> None:
    """Seen in play: lesson 1 said "lay down if you can", then asked for the 3 of clubs
    while the hand held three 9s."""
    lesson = load_course("hand_and_foot").lesson("books")
    run = LessonRun("hand_and_foot", lesson)
    asked = 0
    for _ in learn(run):
        step = run.step
        if isinstance(step, Do) and step.action.startswith("discard"):
            run.play_pending()
            melds = [str(a) for a in run.state.legal_actions() if isinstance(a, Meld)]
            assert not melds, f"{step.action} is asked for while the hand could lay down {melds[0]}"
            asked += 1
    assert asked == 1


def test_hand_and_foot_teaches_an_opening_made_of_the_pile_and_cards_from_hand() -> None:
    """Seen in play: a new player could not open with a pile whose book alone was short
    of the minimum; no lesson showed the cards from hand staged first to make it up."""
    course = load_course("hand_and_foot")
    taught = 0
    for lesson in course.lessons:
        run = LessonRun("hand_and_foot", lesson)
        for _ in learn(run):
            step = run.step
            if not isinstance(step, Do) or not step.action.startswith("take"):
                continue
            run.play_pending()
            take = run.parse(step.action)
            assert isinstance(take, TakePile)
            if not take.meld:
                continue
            view = run.view
            top = view.discard_top
            assert top is not None
            pile = sum(card_points(card) for card in (top, *take.pair))
            staged = sum(card_points(card) for group in take.meld for card in group.cards)
            assert pile < view.minimum <= pile + staged
            alone = run.attempt(TakePile(take.pair))
            assert not alone.accepted and alone.text != step.wrong, "the rules refuse the pile alone"
            taught += 1
    assert taught


GAMES_TAUGHT = ("arizona_spaghetti", "hand_and_foot", "spades", "spinado", "spizzichino")
PLACE_WORDS = re.compile(r"\b([A-Z][a-z]+), (on your left|on your right|opposite you|your partner)\b")


def texts_of(value: object) -> Iterator[str]:
    """Every string in a lesson, however deep in its steps."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from texts_of(item)
    elif isinstance(value, list | tuple):
        for item in value:
            yield from texts_of(item)


@pytest.mark.parametrize("game", GAMES_TAUGHT)
def test_the_lessons_name_the_others_as_their_plates_do_and_where_they_sit(game: str) -> None:
    """A new player read "your opponent" and "the player on your right" while the plates
    said Ada and Clara. A lesson names each seat as its plate does, and where it sits
    says who it is: seats follow each other clockwise from yours, the next on your left."""
    for lesson in load_course(game).lessons:
        run = LessonRun(game, lesson)
        names = [seat.name for seat in lesson_config(run, "You", COMPUTER_NAMES).seats]
        players, me = lesson.players, lesson.seat
        place = {"on your left": (me + 1) % players, "on your right": (me - 1) % players}
        if players % 2 == 0:
            place["opposite you"] = place["your partner"] = (me + players // 2) % players
        for text in texts_of(lesson.model_dump()):
            assert not re.search(r"player on your|player opposite|your opponent", text, re.IGNORECASE), text
            for name, where in PLACE_WORDS.findall(text):
                assert where in place and names[place[where]] == name, f"{lesson.id}: {text}"
            for name in set(re.findall(r"\b[A-Z][a-z]+\b", text)) & set(COMPUTER_NAMES):
                assert name in names, f"{lesson.id}: {name} is not at the table: {text}"


def test_a_learner_who_goes_by_a_name_the_lessons_give_another_seat_is_you() -> None:
    lesson = load_course("spades").lessons[0]
    names = [seat.name for seat in lesson_config(LessonRun("spades", lesson), "ada", COMPUTER_NAMES).seats]
    assert names == ["You", "Ada", "Bruno", "Clara"]
    names = [seat.name for seat in lesson_config(LessonRun("spades", lesson), "Zoë", COMPUTER_NAMES).seats]
    assert names == ["Zoë", "Ada", "Bruno", "Clara"]


@pytest.mark.parametrize("game", ["spades", "arizona_spaghetti", "spizzichino"])
def test_a_question_of_who_takes_the_trick_is_not_answered_by_the_table_first(game: str) -> None:
    """Seen in play: Spizzichino asked "Who takes the trick?" under the trick's own
    "Ada takes it"."""
    asking = [
        step
        for lesson in load_course(game).lessons
        for step in lesson.steps
        if isinstance(step, Quiz) and re.match(r"Who takes (this|the) trick", step.question)
    ]
    assert asking and all(step.asks_taker for step in asking)


def test_a_question_about_a_card_in_the_learner_s_hand_rings_it() -> None:
    """Seen in play: "You start a run with the ace of spades..." and "May you lead the 2
    of hearts?" left the learner to find the card in a hand of thirteen. A question that
    rings cards rings ones the learner holds."""
    asked = {"spinado": "AS", "arizona_spaghetti": "2H"}
    for game in GAMES_TAUGHT:
        for lesson in load_course(game).lessons:
            run = LessonRun(game, lesson)
            for _ in learn(run):
                step = run.step
                if not isinstance(step, Quiz):
                    continue
                hand = set(run.state.view(lesson.seat).hand)
                cards = [item for item in step.highlight if item not in AREAS]
                assert all(Card.parse(item) in hand for item in cards), (game, step.question)
                if game in asked and step.question.startswith(("You start a run with the ace", "You lead the first trick. May")):
                    assert asked[game] in step.highlight
