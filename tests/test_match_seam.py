"""The match seam: the local match and the lesson's match answer everything the table
may ask, and the event stream, position counter and saving behave as the table needs."""

from __future__ import annotations

import pytest

from cardtable_gui.match import Match
from cardtable_gui.match_seam import MatchSeam
from cardtable_gui.rules.base import Event, HandDealt
from cardtable_gui.scenes.tutorial.lesson_match import LessonMatch, lesson_config
from cardtable_gui.seats import MatchConfig, SeatConfig, SeatKind
from cardtable_gui.tutorials import LessonRun, load_course


def seam_members() -> set[str]:
    """Every name the protocol declares: its methods, properties and attributes."""
    declared = {name for name in vars(MatchSeam) if not name.startswith("_")}
    return declared | set(MatchSeam.__annotations__)


def people(players: int = 4) -> MatchConfig:
    seats = tuple(SeatConfig(name=f"P{i}", kind=SeatKind.HUMAN) for i in range(players))
    return MatchConfig(game="spades", seats=seats, seed=11)


@pytest.fixture
def match():
    match = Match(people())
    yield match
    match.close()


def test_the_seam_names_what_the_table_asks_for() -> None:
    assert {"view_for", "submit", "peek_event", "take_event", "position", "saved_game", "undo_refusal"} <= seam_members()


@pytest.fixture
def lesson():
    run = LessonRun("spades", load_course("spades").lessons[0], 0)
    lesson = LessonMatch(run, lesson_config(run, "Ada", ("Bo", "Cy", "Di")))
    yield lesson
    lesson.close()


def test_both_matches_answer_everything_the_seam_declares(match: Match, lesson: LessonMatch) -> None:
    for seam in (match, lesson):
        assert {name for name in seam_members() if not hasattr(seam, name)} == set()


def test_a_lesson_match_answers_as_a_seam(lesson: LessonMatch) -> None:
    run = lesson.run
    assert lesson.hold is False and lesson.ai_pace == 0.0
    assert lesson.seat_name(run.seat) == "Ada"
    assert lesson.undo_refusal() is not None
    assert lesson.view_for(run.seat).seat == run.seat


def test_events_are_shown_in_order_and_opening_events_come_first(match: Match) -> None:
    seat = match.to_move
    made = match.submit(match.legal_actions_for(seat)[0])
    opening: list[Event] = [HandDealt(0, (13, 13, 13, 13))]
    match.show_first(opening)
    shown = []
    while match.peek_event() is not None:
        shown.append(match.take_event())
    assert shown == [*opening, *made]


def test_a_pending_deal_is_told_and_dropped_events_are_gone(match: Match) -> None:
    assert not match.new_hand_pending()
    match.show_first([HandDealt(0, (13, 13, 13, 13))])
    assert match.new_hand_pending()
    match.drop_events()
    assert match.peek_event() is None and not match.new_hand_pending()


def test_the_position_changes_with_every_move_and_every_undo(match: Match) -> None:
    seen = [match.position]
    match.submit(match.legal_actions_for(match.to_move)[0])
    seen.append(match.position)
    match.replay([])
    seen.append(match.position)
    assert len(set(seen)) == 3


def test_the_summary_facts_and_the_save_come_from_the_seam(match: Match) -> None:
    assert match.teams == ((0, 2), (1, 3))
    assert match.scores == (0, 0, 0, 0)
    assert match.winners == ()
    assert match.progress() == "Hand 1"
    match.submit(match.legal_actions_for(match.to_move)[0])
    saved = match.saved_game("Mine")
    assert saved.name == "Mine" and len(saved.actions) == 1
    assert match.game_record().game == "spades"


def test_advice_is_a_move_the_seat_may_make(match: Match) -> None:
    seat = match.to_move
    legal = match.legal_actions_for(seat)
    assert match.advice(seat, match.view_for(seat), legal).action in legal


def test_game_events_hold_every_move_made_so_far(match: Match) -> None:
    made = match.submit(match.legal_actions_for(match.to_move)[0])
    made += match.submit(match.legal_actions_for(match.to_move)[0])
    assert match.game_events() == made
