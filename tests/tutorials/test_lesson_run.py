"""A lesson plays like a lesson: every one can be finished by making its moves and
answering its questions; a do step takes only its own move and explains any other;
Back rebuilds the same position."""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

import pytest

from cardtable_gui.cards import Card, CardError
from cardtable_gui.rules import Action, GameState, IllegalAction
from cardtable_gui.tutorials import Lesson, LessonRun, load_course
from cardtable_gui.tutorials.games import tutorial_game
from cardtable_gui.tutorials.model import Do, Quiz, Watch
from tests.tutorials.lesson_support import LESSON_IDS, LESSONS, finish_step, learn


def _why(state: GameState[Any], action: Action) -> str:
    try:
        state.clone().apply(action)
    except IllegalAction as error:
        return str(error)
    raise AssertionError(f"{action} is legal")


@pytest.mark.parametrize(("game", "lesson"), LESSONS, ids=LESSON_IDS)
def test_every_lesson_can_be_finished(game: str, lesson: Lesson) -> None:
    run = LessonRun(game, lesson)
    steps = list(learn(run))
    assert steps == list(range(len(lesson.steps)))
    assert run.done and run.progress == (len(lesson.steps), len(lesson.steps))


@pytest.mark.parametrize(("game", "lesson"), LESSONS, ids=LESSON_IDS)
def test_do_steps_refuse_other_moves_and_change_nothing(game: str, lesson: Lesson) -> None:
    run = LessonRun(game, lesson)
    checked = 0
    for _ in learn(run):
        step = run.step
        if not isinstance(step, Do):
            continue
        run.play_pending()
        wanted = _after(game, run.state, run.parse(step.action))
        before = run.state.digest()
        legal = run.state.legal_actions()
        others = [action for action in legal if _after(game, run.state, action) != wanted]
        if others:
            refused = run.attempt(others[0])
            told = step.wrong
            if type(others[0]) is not type(run.parse(step.action)):
                told = f"{step.wrong} The move you made would {others[0].in_words()}."
            assert not refused.accepted and refused.text == told
        illegal = next((a for a in _candidate_moves(run) if a not in legal), None)
        if illegal is not None:
            refused = run.attempt(illegal)
            assert not refused.accepted
            assert refused.text == _why(run.state, illegal)
        assert run.state.digest() == before and not run.can_next
        checked += 1
    assert checked == sum(isinstance(step, Do) for step in lesson.steps)


def _after(game: str, state: GameState[Any], action: Action) -> str:
    """The position ``action`` leads to, as the lesson compares positions."""
    after = state.clone()
    after.apply(action)
    return tutorial_game(game).fingerprint(after)


def _candidate_moves(run: LessonRun) -> list[Action]:
    """Moves of the kind the step wants, for trying illegal ones: a play of every card
    of the learner's hand and of the pack, or every bid."""
    texts = [f"play {card}" for card in getattr(run.view, "hand", ())]
    texts += ["play AS", "play 3D", "bid blind nil", "bid 13"]
    moves = []
    for text in texts:
        try:
            moves.append(run.parse(text))
        except ValueError:
            continue
    return moves


@pytest.mark.parametrize(("game", "lesson"), LESSONS, ids=LESSON_IDS)
def test_the_cards_a_do_step_names_are_the_learners(game: str, lesson: Lesson) -> None:
    """In the hand, or face up on the learner's own stacks (Spizzichino)."""
    run = LessonRun(game, lesson)
    for _ in learn(run):
        step = run.step
        if not isinstance(step, Do):
            continue
        run.play_pending()
        view: Any = run.view
        held = Counter(view.hand)
        tops = getattr(view, "stack_tops", None)
        if tops is not None:
            held.update(card for card in tops[run.seat] if card is not None)
        named = Counter(_cards_in(step.action))
        assert named <= held, f"step {run.index + 1}: {step.action} names cards not held"


def _cards_in(text: str) -> list[Card]:
    cards = []
    for word in re.split(r"[\s;+]+", text):
        try:
            cards.append(Card.parse(word))
        except CardError:
            continue
    return cards


@pytest.mark.parametrize(("game", "lesson"), LESSONS, ids=LESSON_IDS)
def test_back_then_next_returns_to_the_same_position(game: str, lesson: Lesson) -> None:
    run = LessonRun(game, lesson)
    for index in learn(run):
        if index == 0:
            continue
        digest, pending = run.state.digest(), run.pending_moves()
        assert run.back() and run.index == index - 1
        finish_step(run)
        assert run.next() and run.index == index
        assert run.state.digest() == digest and run.pending_moves() == pending


def test_a_lesson_resumed_at_a_step_shows_what_the_learner_saw_there() -> None:
    game, lesson = LESSONS[0]
    run = LessonRun(game, lesson)
    for index in learn(run):
        resumed = LessonRun(game, lesson, step=index)
        assert resumed.state.digest() == run.state.digest()
        assert resumed.pending_moves() == run.pending_moves()


def test_a_quiz_keeps_asking_until_the_right_answer() -> None:
    game, lesson = LESSONS[0]
    run = LessonRun(game, lesson)
    while not isinstance(run.step, Quiz):
        run.skip()
    quiz = run.step
    assert isinstance(quiz, Quiz)
    wrong = next(i for i in range(len(quiz.choices)) if i != quiz.answer)
    outcome = run.answer(wrong)
    assert not outcome.accepted and outcome.text == quiz.choices[wrong].explanation
    assert not run.can_next and not run.next()
    outcome = run.answer(quiz.answer)
    assert outcome.accepted and outcome.text == quiz.choices[quiz.answer].explanation
    assert run.can_next


def test_the_learner_cannot_move_while_others_still_have_to() -> None:
    game, lesson = LESSONS[0]
    run = LessonRun(game, lesson)
    while not (isinstance(run.step, Watch) and len(run.pending_moves()) > 1):
        run.skip()
    move, events = run.play_next()
    assert move.seat != run.seat and events
    before = run.state.digest()
    refused = run.attempt(run.state.legal_actions()[0])
    assert not refused.accepted and refused.text == "It is not your move yet."
    assert run.state.digest() == before


def test_a_lesson_can_resume_at_a_saved_step_and_skip_to_the_end() -> None:
    game, lesson = LESSONS[0]
    run = LessonRun(game, lesson, step=3)
    assert run.progress == (4, len(lesson.steps))
    while not run.done:
        run.skip()
    assert run.done and not run.highlight and not run.can_next
    assert run.back() and run.index == len(lesson.steps) - 1


def test_a_meld_is_the_wanted_move_whatever_order_its_cards_were_picked_in() -> None:
    lesson = load_course("hand_and_foot").lesson("foot")
    run = LessonRun("hand_and_foot", lesson, step=1)
    assert run.attempt(run.parse("draw")).accepted and run.next()
    wanted = LessonRun("hand_and_foot", lesson, step=3).state.digest()
    part = run.attempt(run.parse("meld new KS KD KH"))
    assert not part.accepted and part.text == run.step.wrong  # type: ignore[union-attr]
    shuffled = "meld new 4H 4C 4D; new KS KD KH; new QS QH QD; new JH JS JD"
    assert run.attempt(run.parse(shuffled)).accepted
    assert run.next() and run.state.digest() == wanted


def test_a_discard_step_refusing_a_meld_says_what_the_move_would_have_done() -> None:
    """Seen in play: with the 9 of spades put on the nines, discarding the 4 of spades as
    asked was refused with "End your turn by discarding the 4 of spades": the table
    lays staged cards down before the discard, and that meld was what the step refused."""
    from cardtable_gui.rules.hand_and_foot import Meld

    course = load_course("hand_and_foot")
    lesson = next(
        lesson for lesson in course.lessons if any(isinstance(s, Do) and s.action == "discard 4S" for s in lesson.steps)
    )
    run = LessonRun("hand_and_foot", lesson)
    while not (isinstance(run.step, Do) and run.step.action == "discard 4S"):
        run.skip()
    run.play_pending()
    meld = next(action for action in run.state.legal_actions() if isinstance(action, Meld))
    refused = run.attempt(meld)
    assert not refused.accepted
    assert refused.text.startswith("End your turn by discarding the 4 of spades. The move you made would ")
    assert refused.text.endswith(f"{meld.in_words()}.") and "book" in refused.text
    assert run.attempt(run.parse("discard 4S")).accepted


def _follow_suit_step(run: LessonRun) -> Do:
    """Spades lesson 1 up to the step where a club was led and the learner holds clubs."""
    while not (isinstance(run.step, Do) and run.step.action == "play QC"):
        run.skip()
    run.play_pending()
    step = run.step
    assert isinstance(step, Do) and step.after_refused
    return step


@pytest.mark.parametrize(
    ("tried", "refused_by_rule"),
    [((), False), (("play 2C",), False), (("play AH",), True), (("play 6C", "play 9S"), True)],
    ids=["nothing", "a low club", "a heart", "a low club and a spade"],
)
def test_what_follows_a_move_says_what_the_learner_saw(tried: tuple[str, ...], refused_by_rule: bool) -> None:
    """"Had you tried a card of another suit" reads wrong to someone who just did:
    after a move the rules refused, the lesson speaks of that refusal instead."""
    run = LessonRun("spades", load_course("spades").lesson("tricks"))
    step = _follow_suit_step(run)
    for text in tried:
        assert not run.attempt(run.parse(text)).accepted
    outcome = run.attempt(run.parse(step.action))
    assert outcome.accepted
    assert outcome.text == (step.after_refused if refused_by_rule else step.after)


def test_a_refusal_in_one_step_is_not_remembered_in_the_next() -> None:
    run = LessonRun("spades", load_course("spades").lesson("tricks"))
    step = _follow_suit_step(run)
    assert not run.attempt(run.parse("play AH")).accepted
    run.back()
    while run.step is not step:
        finish_step(run)
        run.next()
    run.play_pending()
    assert run.attempt(run.parse(step.action)).text == step.after
