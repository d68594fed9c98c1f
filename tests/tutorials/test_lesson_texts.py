"""What the lessons say agrees with the rules they teach and with what the learner has
just done."""

from __future__ import annotations

from cardtable_gui.tutorials import load_course
from cardtable_gui.tutorials.model import Quiz


def test_a_wrong_answer_about_the_spinado_says_what_holding_it_costs() -> None:
    lesson = load_course("spinado").lessons[2]
    quiz = next(s for s in lesson.steps if isinstance(s, Quiz) and "still hold the spinado" in s.question)
    nothing = next(c for c in quiz.choices if c.text.startswith("Nothing"))
    assert "pays the winner 2 chips for every card" in nothing.explanation
