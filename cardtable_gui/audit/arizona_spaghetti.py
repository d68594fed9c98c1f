"""The checkers of the claims that arizona_spaghetti's advice makes, each judged on the full state."""

from __future__ import annotations

from cardtable_gui.audit.judge import Checker
from cardtable_gui.audit.tricks import trick_checkers

CHECKERS: dict[str, Checker] = trick_checkers(trump=None)
