"""The checkers of the claims that spades's advice makes, each judged on the full state."""

from __future__ import annotations

from cardtable_gui.audit.judge import Checker
from cardtable_gui.audit.tricks import trick_checkers
from cardtable_gui.cards import Suit

CHECKERS: dict[str, Checker] = trick_checkers(trump=Suit.SPADES)
