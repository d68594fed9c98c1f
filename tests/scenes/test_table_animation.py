"""What waits for cards to land runs when the last of them lands: not before, and not
after the reading time that follows."""

from __future__ import annotations

from cardtable_gui.scenes.table.animation import Animator


def test_what_waits_for_the_cards_runs_when_the_last_one_lands() -> None:
    animator = Animator()
    said: list[str] = []
    animator.wait(0.4, on_done=lambda: animator.fly(None, (0, 0), (100, 0), 50, duration=0.3))
    animator.after_landing(lambda: said.append("landed"))
    animator.update(0.5)
    assert said == [], "a card set moving by the pause is still in the air"
    animator.update(0.3)
    assert said == ["landed"]


def test_a_reading_hold_is_not_waited_for_but_keeps_the_table_busy() -> None:
    animator = Animator()
    said: list[str] = []
    animator.hold(1.0)
    animator.after_landing(lambda: said.append("at once"))
    assert said == ["at once"] and animator.busy and not animator.moving


def test_skipping_runs_what_waited_for_the_landing() -> None:
    animator = Animator()
    said: list[str] = []
    animator.fly(None, (0, 0), (100, 0), 50, duration=0.3)
    animator.after_landing(lambda: said.append("landed"))
    animator.skip()
    assert said == ["landed"] and not animator.busy
