"""The checkers of the claims that spizzichino's advice makes, each judged on the full state."""

from __future__ import annotations

from cardtable_gui.audit.judge import Checker

CHECKERS: dict[str, Checker] = {}
