"""The checkers of the claims that Arizona Spaghetti's advice makes, each judged on the
full state: the trick facts every trick game shares, and whether a trick costs nothing."""

from __future__ import annotations

from typing import Any

from cardtable_gui.ai.claims import Claim
from cardtable_gui.audit.judge import Checker
from cardtable_gui.audit.tricks import trick_checkers
from cardtable_gui.cards import Card
from cardtable_gui.rules.arizona_spaghetti import CARD_POINTS, ArizonaSpaghettiState
from cardtable_gui.rules.base import Action, GameState


def _trick_free(claim: Claim, state: GameState[Any], seat: int, action: Action) -> bool:
    """Taking this trick with the card costs nothing, whatever the seats still to play
    throw on it (judged strictly: none of them holds a point card at all)."""
    assert isinstance(state, ArizonaSpaghettiState)
    card = Card.parse(str(claim.about[0]))
    rule = state.round_rule
    points = CARD_POINTS[state.round_number - 1]
    if rule.per_trick or (len(state.hands[seat]) == 1 and rule.last_trick):
        return False
    if points[card] or any(points[c] for _, c in state.trick.plays):
        return False
    played = {s for s, _ in state.trick.plays}
    later = [s for s in range(state.players) if s != seat and s not in played]
    return not any(points[c] for s in later for c in state.hands[s])


CHECKERS: dict[str, Checker] = {**trick_checkers(trump=None), "trick-free": _trick_free}
