"""Advice: a move together with the reason a player would understand.

Agents that can explain themselves return an ``Advice`` instead of a bare action. The
reason is built from the game's own facts ("Play the 4 of hearts: it stays under your
partner's jack, protecting their nil"); ``rule`` names the rule of thumb that decided,
so tests and the tutorial's coach can tell which one spoke; ``evidence`` is what a
searching player measured ("won 62% of 400 sampled deals; next best K of spades, 55%");
``claims`` are the facts the reason states, each of a kind a checker can judge
(``ai.claims``).
The table's Hint and the tutorial's coach show advice; nothing here draws.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from cardtable_gui.ai.claims import Claim
from cardtable_gui.rules.base import Action, GameView


@dataclass(frozen=True, slots=True)
class Advice:
    """A suggested move and why."""

    action: Action
    reason: str
    rule: str
    evidence: str | None = None
    claims: tuple[Claim, ...] = ()


class Adviser(Protocol):
    """An agent that can say why it would make its move."""

    def advise(self, view: GameView, legal: Sequence[Action]) -> Advice: ...
