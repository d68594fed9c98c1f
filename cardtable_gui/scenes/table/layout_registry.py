"""Each game's table arrangement, by game name: the one table of them.

This module imports every layout and the table scene imports this module, so no layout
needs to know the list it is on. A game gets a table by adding its layout class here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardtable_gui.scenes.table.layouts.arizona_spaghetti import ArizonaSpaghettiLayout
from cardtable_gui.scenes.table.layouts.base import GameLayout
from cardtable_gui.scenes.table.layouts.hand_and_foot import HandAndFootLayout
from cardtable_gui.scenes.table.layouts.spades import SpadesLayout
from cardtable_gui.scenes.table.layouts.spinado import SpinadoLayout
from cardtable_gui.scenes.table.layouts.spizzichino import SpizzichinoLayout

if TYPE_CHECKING:
    from cardtable_gui.scenes.table.port import TablePort

LAYOUTS: dict[str, type[GameLayout]] = {
    "spades": SpadesLayout,
    "hand_and_foot": HandAndFootLayout,
    "spinado": SpinadoLayout,
    "arizona_spaghetti": ArizonaSpaghettiLayout,
    "spizzichino": SpizzichinoLayout,
}


class NoTableYet(LookupError):
    """The game has rules but no table arrangement yet."""


def make_layout(game: str, port: TablePort) -> GameLayout:
    try:
        layout = LAYOUTS[game]
    except KeyError:
        raise NoTableYet(f"{game} cannot be played at the table yet.") from None
    return layout(port)
