"""What the lessons say agrees with the rules they teach and with what the learner has
just done."""

from __future__ import annotations

from cardtable_gui.rules.hand_and_foot import Meld, TakePile
from cardtable_gui.rules.hand_and_foot.books import card_points
from cardtable_gui.tutorials import LessonRun, load_course
from cardtable_gui.tutorials.model import Do, Quiz
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
