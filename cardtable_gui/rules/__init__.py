"""The rules of every game, pure Python, and the registry the menus read.

``GAMES`` maps a game's key to its rules object. A new game module adds itself to
``_RULES`` below and appears everywhere (setup screen, simulate command, tests).
"""

from __future__ import annotations

from typing import Any

from cardtable_gui.rules.base import (
    Action,
    ActionParseError,
    Event,
    GameRules,
    GameState,
    GameView,
    IllegalAction,
    RulesOptions,
)
from cardtable_gui.rules.arizona_spaghetti import ArizonaSpaghettiRules
from cardtable_gui.rules.hand_and_foot import HandAndFootRules
from cardtable_gui.rules.spades import SpadesRules
from cardtable_gui.rules.spinado import SpinadoRules
from cardtable_gui.rules.spizzichino import SpizzichinoRules

_RULES: tuple[GameRules[Any, Any], ...] = (
    SpadesRules(),
    ArizonaSpaghettiRules(),
    SpinadoRules(),
    SpizzichinoRules(),
    HandAndFootRules(),
)

GAMES: dict[str, GameRules[Any, Any]] = {rules.name: rules for rules in _RULES}


class UnknownGame(KeyError):
    """No game is registered under that name."""

    def __str__(self) -> str:
        return f"There is no game called {self.args[0]!r}; try one of: {', '.join(GAMES)}."


def get_rules(name: str) -> GameRules[Any, Any]:
    """The rules registered as ``name`` (``spades``, ``hand_and_foot``, ...)."""
    try:
        return GAMES[name]
    except KeyError:
        raise UnknownGame(name) from None


__all__ = [
    "GAMES",
    "Action",
    "ActionParseError",
    "Event",
    "GameRules",
    "GameState",
    "GameView",
    "IllegalAction",
    "RulesOptions",
    "UnknownGame",
    "get_rules",
]
