"""Hints say only what holds: over thousands of seeded decisions in every game and
table size, no claim said as fact is false in the real deal or in a deal the seat
could not tell from it."""

from __future__ import annotations

import pytest

from cardtable_gui.audit.report import audit
from cardtable_gui.rules import get_rules

GAMES = ("spades", "hand_and_foot", "spizzichino", "spinado", "arizona_spaghetti")
POSITIONS = 2000


@pytest.mark.parametrize(
    ("game", "players"),
    [(game, players) for game in GAMES for players in get_rules(game).player_counts],
)
def test_no_hint_states_a_false_certainty(game: str, players: int) -> None:
    report = audit(game, players, POSITIONS // len(get_rules(game).player_counts) + 1)
    shown = [f"{finding.claim} in {reason!r}" for reason, finding in report.false_certain[:5]]
    assert not report.false_certain, "\n".join(shown)
    assert not report.unbacked, "\n".join(report.unbacked[:5])
