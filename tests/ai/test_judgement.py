"""Judging a move made: set against the best move of the same sampled deals, from the
mover's own view, with a fixed amount of work."""

from __future__ import annotations

from cardtable_gui.ai.judgement import judge
from cardtable_gui.ai.spades import HAND_WORTH_WORDS
from cardtable_gui.rules import get_rules
from cardtable_gui.rules.base import Action, GameView


def test_the_best_move_is_as_good_as_itself_and_the_same_position_is_judged_the_same_way() -> None:
    state = get_rules("spinado").new_game(4, seed=5)
    seat = state.to_move
    assert seat is not None
    legal = state.legal_actions()
    first = judge("spinado", seat, state.view(seat), legal, legal[-1], 4, 7)
    again = judge("spinado", seat, state.view(seat), legal, legal[-1], 4, 7)
    assert first == again
    assert first.deals == 4 and first.made == legal[-1] and first.best in legal
    best = judge("spinado", seat, state.view(seat), legal, first.best, 4, 7)
    assert best.as_good and not best.clearly_worse


def test_a_spades_verdict_says_its_points_count_each_bag_at_its_cost() -> None:
    """The search weighs a Spades hand with each bag at the ten points it costs in the
    end: a figure quoted from it says so, or it would not be the hand's points."""
    from cardtable_gui.scenes.table.coach import by_points

    state = get_rules("spades").new_game(4, seed=5)
    seat = state.to_move
    assert seat is not None
    legal = state.legal_actions()
    verdict = judge("spades", seat, state.view(seat), legal, legal[0], 2, 7)
    assert verdict.worth_words == HAND_WORTH_WORDS
    assert by_points(verdict).endswith(f"({HAND_WORTH_WORDS})")
    assert judge("spinado", *_first_turn("spinado"), 2, 7).worth_words == ""


def test_a_verdict_counts_in_the_game_s_own_unit() -> None:
    """Spinado is played for chips: "did better by 4 points" was the coach's word."""
    assert judge("spinado", *_first_turn("spinado"), 2, 7).unit == "chip"
    assert judge("spades", *_first_turn("spades"), 2, 7).unit == "point"


def _first_turn(game: str) -> tuple[int, GameView, list[Action], Action]:
    state = get_rules(game).new_game(4, seed=5)
    seat = state.to_move
    assert seat is not None
    legal = state.legal_actions()
    return seat, state.view(seat), legal, legal[0]
