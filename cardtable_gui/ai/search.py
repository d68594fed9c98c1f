"""A search player for any game: determinized Monte Carlo.

It cannot see the other hands, so it samples complete deals consistent with its view
(``rules.determinize``), tries each legal action in each sample, lets heuristic players
finish the round, and picks the action that did best on average. Because it only uses
the rules contract, every registered game gets a strong opponent for free.

The work is counted in samples, not seconds, so a seeded match plays the same way on
any machine; ``max_seconds`` only caps a slow machine. A game whose moves are too many
or rounds too long registers a ``SearchPlan``: only its best few candidates are tried,
and rollouts stop at a depth where the position is scored by an estimate.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from typing import Any

from cardtable_gui.ai.base import HEURISTICS, SEARCH_PLANS, Agent, RandomAgent, SearchPlan, load_game_agents
from cardtable_gui.rules.base import Action, GameOver, GameRules, GameState, GameView, RoundScored

ROLLOUT_LIMIT = 2_000
"""Actions a rollout may take before it is cut short (a round is far shorter)."""


class SearchAgent:
    """Plays one seat by sampling hidden cards and simulating each choice."""

    def __init__(
        self,
        rules: GameRules[Any, Any],
        seat: int,
        rng: random.Random,
        samples: int = 24,
        max_seconds: float = 2.0,
    ) -> None:
        load_game_agents()
        self.rules = rules
        self.seat = seat
        self.rng = rng
        self.plan: SearchPlan | None = SEARCH_PLANS.get(rules.name)
        self.samples = self.plan.samples if self.plan is not None else samples
        self.max_seconds = max_seconds
        self.capped = 0
        """Decisions cut short by ``max_seconds`` (a safety net a normal one never meets)."""

    def choose(self, view: GameView, legal: Sequence[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        candidates = list(legal)
        if self.plan is not None:
            candidates = self.plan.candidates(view, legal, self.seat)[: self.plan.width]
            if len(candidates) == 1:
                return candidates[0]
        totals = [0.0] * len(candidates)
        deadline = time.perf_counter() + self.max_seconds
        for _ in range(self.samples):
            world = self.rules.determinize(view, self.rng)
            for index, action in enumerate(candidates):
                trial = world.clone()
                events = trial.apply(action)
                totals[index] += self._rollout(trial, events)
            if time.perf_counter() > deadline:
                self.capped += 1
                break
        best = max(range(len(candidates)), key=lambda i: totals[i])
        return candidates[best]

    def _rollout(self, state: GameState[Any], events: list[Any]) -> float:
        """Let quick players finish the round; the value is what this seat's side
        gained over the best other side (reversed where low scores win)."""
        players = self._players(state)
        depth = self.plan.depth if self.plan is not None else ROLLOUT_LIMIT
        for _ in range(depth):
            scored = next((e for e in events if isinstance(e, RoundScored)), None)
            if scored is not None:
                return self._value(state, scored.points)
            if any(isinstance(e, GameOver) for e in events) or state.to_move is None:
                return self._value(state, state.scores)
            seat = state.to_move
            action = players[seat].choose(state.view(seat), state.legal_actions())
            events = state.apply(action)
        if self.plan is not None:
            return self._value(state, self.plan.estimate(state))
        return self._value(state, state.scores)

    def _players(self, state: GameState[Any]) -> list[Agent]:
        factory = HEURISTICS.get(self.rules.name)
        seed = self.rng.getrandbits(32)
        return [
            factory(seat, random.Random(seed + seat)) if factory else RandomAgent(random.Random(seed + seat))
            for seat in range(state.players)
        ]

    def _value(self, state: GameState[Any], points: Sequence[float]) -> float:
        own_side = next(side for side in state.teams if self.seat in side)
        others = [points[s] for s in range(len(points)) if s not in own_side]
        if not others:
            return float(points[self.seat])
        if self.rules.low_score_wins:
            return float(min(others) - points[self.seat])
        return float(points[self.seat] - max(others))
