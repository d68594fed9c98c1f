"""The practice game with the coach: the last step of each game's course of lessons.

A normal game of the chosen kind, at the classic table size (``preferred_players``:
Spades and Hand and Foot four in partnerships, Spizzichino two, the others four), the
learner at the bottom against Easy computer players, with the house rules as they come.
The table knows it is a practice game from ``MatchConfig.coach``: the hint shows by
itself at each decision, a refused move's reason stays up longer, and the coach makes
one remark per trick or turn. Like any game it is autosaved and continued from the
menu, coach included (the flag is kept in the save); it is not counted in the
statistics, which are for real games.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardtable_gui.rules import GAMES
from cardtable_gui.scenes.game_in_progress import ask_before_replacing
from cardtable_gui.scenes.setup import preferred_players
from cardtable_gui.seats import COMPUTER_NAMES
from cardtable_gui.seats import AILevel, MatchConfig, SeatConfig, SeatKind

if TYPE_CHECKING:
    from cardtable_gui.app_window import App


def practice_config(game: str, player_name: str) -> MatchConfig:
    """The practice table for ``game``: ``player_name`` at seat 0, Easy players round it."""
    players = preferred_players(GAMES[game])
    others = [name for name in COMPUTER_NAMES if name != player_name][: players - 1]
    seats = (
        SeatConfig(name=player_name, kind=SeatKind.HUMAN),
        *(SeatConfig(name=name, kind=SeatKind.AI, level=AILevel.EASY) for name in others),
    )
    return MatchConfig(game=game, seats=seats, coach=True)


def open_practice(app: App, game: str) -> None:
    """Sit the player down to a practice game of ``game`` with the coach. A game in
    progress is not replaced without asking (there is one autosave)."""
    from cardtable_gui.scenes.table import TableScene

    config = practice_config(game, app.settings.player_name)
    ask_before_replacing(
        app,
        "Start a practice game?",
        lambda: app.scenes.push(TableScene(app, config)),
        lambda text: app.toast(text, 6.0),
    )
