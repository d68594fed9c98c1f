"""Shared checks for the heuristics' advice: it names a legal move, ``choose`` picks
the same move, and a seeded game played through ``advise`` makes the very moves
``choose`` made before advice existed."""

from __future__ import annotations

import hashlib
import random

from cardtable_gui.ai.advice import Advice
from cardtable_gui.ai.levels import make_agent
from cardtable_gui.rules import get_rules


def advise_through_a_game(game: str, players: int, seed: int) -> tuple[str, set[str]]:
    """Play one seeded game of heuristics by their advice; the digest of every move's
    text form, and the rule ids that spoke. Each piece of advice is checked on the way:
    a legal move, a reason in words, a rule id."""
    state = get_rules(game).new_game(players, seed=seed)
    agents = [make_agent("heuristic", game, s, random.Random(seed * 10 + s)) for s in range(players)]
    # Twins asked only to choose (as search does, without the words) must choose alike.
    twins = [make_agent("heuristic", game, s, random.Random(seed * 10 + s)) for s in range(players)]
    digest = hashlib.sha256()
    rules: set[str] = set()
    while not state.is_over:
        seat = state.to_move
        assert seat is not None
        legal = state.legal_actions()
        advice = agents[seat].advise(state.view(seat), legal)  # type: ignore[attr-defined]
        assert isinstance(advice, Advice)
        assert advice.action in legal
        assert twins[seat].choose(state.view(seat), legal) == advice.action
        assert advice.rule and advice.reason.endswith(".")
        rules.add(advice.rule)
        digest.update(str(advice.action).encode())
        state.apply(advice.action)
    return digest.hexdigest()[:16], rules
