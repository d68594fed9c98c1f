"""Judging a move made: set against the best move of the same sampled deals, from the
mover's own view, with a fixed amount of work."""

from __future__ import annotations

from cardtable_gui.ai.judgement import judge
from cardtable_gui.rules import get_rules


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
