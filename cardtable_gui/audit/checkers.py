"""Every game's claim checkers, by game name (an explicit table: no game registers
itself on import)."""

from __future__ import annotations

from collections.abc import Mapping

from cardtable_gui.audit import arizona_spaghetti, hand_and_foot, spades, spinado, spizzichino
from cardtable_gui.audit.judge import Checker

CHECKERS: Mapping[str, Mapping[str, Checker]] = {
    "spades": spades.CHECKERS,
    "hand_and_foot": hand_and_foot.CHECKERS,
    "spizzichino": spizzichino.CHECKERS,
    "spinado": spinado.CHECKERS,
    "arizona_spaghetti": arizona_spaghetti.CHECKERS,
}
