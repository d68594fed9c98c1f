"""The practice game at the end of each course: a normal game against easy players.

The practice table with the coach lives in ``cardtable_gui.scenes.practice``; until
it is there, the entry starts the same table a new game from the setup screen gets,
against the course's computer players.
"""

from __future__ import annotations

import importlib
import importlib.util
from typing import TYPE_CHECKING

from cardtable_gui.scenes.game_in_progress import ask_before_replacing
from cardtable_gui.seats import COMPUTER_NAMES
from cardtable_gui.seats import MatchConfig, SeatConfig, SeatKind
from cardtable_gui.tutorials import Course

if TYPE_CHECKING:
    from cardtable_gui.app_window import App

COACH_MODULE = "cardtable_gui.scenes.practice"


def practice_config(app: App, course: Course) -> MatchConfig:
    """The practice table: the player in seat 0, the course's computer players around."""
    practice = course.practice
    others = iter(COMPUTER_NAMES)
    seats = (SeatConfig(name=app.settings.player_name, kind=SeatKind.HUMAN),) + tuple(
        SeatConfig(name=next(others), kind=SeatKind.AI, level=practice.level) for _ in range(practice.players - 1)
    )
    return MatchConfig(game=course.game, seats=seats, options=dict(practice.options))


def start_practice(app: App, course: Course) -> None:
    """Open the practice game with the coach, or (without it) a plain game vs the course's players."""
    if importlib.util.find_spec(COACH_MODULE) is not None:
        importlib.import_module(COACH_MODULE).open_practice(app, course.game)
        return
    from cardtable_gui.scenes.table import TableScene

    config = practice_config(app, course)
    ask_before_replacing(
        app,
        "Start a practice game?",
        lambda: app.scenes.replace(TableScene(app, config)),
        lambda text: app.toast(text, 6.0),
    )
