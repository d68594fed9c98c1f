"""A search player for any game: determinized Monte Carlo with inference and
successive halving.

It cannot see the other hands, so it samples complete deals consistent with its view,
weighted by what the table has shown (``ai.inference``: bids, plays that reveal what a
seat lacks), tries candidate actions in each sample, lets heuristic players finish the
round, and picks the action that did best on average. Because it only uses the rules
contract, every registered game gets a strong opponent for free.

The samples are spent by successive halving: every candidate is tried on a few deals,
the worse half is dropped, and the survivors share the next round's deals, so the
close calls between good moves get most of the work. All candidates of one round are
tried on the same deals with the same rollout players (common random numbers), so
their difference is not drowned in the luck of the deal.

The work is counted in rollouts, not seconds, so a seeded match plays the same way on
any machine, busy or idle; ``max_seconds`` only caps a machine far slower than the
budgets were set for, and counts the search's own processor time, never the clock. A
game whose moves are too many or rounds too long has a ``SearchPlan`` in
``ai.registry``: only its best few candidates are tried, and rollouts stop at a depth
where the position is scored by an estimate. A game may also name safety plays
(``GameAgents.safety_play``: covering a partner's nil in Spades) that the search makes
without weighing, because their worth lies in play its rollouts' players never make;
and it may seat a rival in the other side's chairs (``GameAgents.rival``: in Spades, one
that never ducks for bags), so the search does not count on gifts a real opponent will
not give. Where some moves are surely far worse than the game's own choice
(``GameAgents.shortlist``: a bid five tricks off), only the others are weighed, and of
moves that are one choice (``GameAgents.twins``: the 9 and the 10 when
the cards between are played) only one.

Rollouts move by ``apply_trusted`` and build no events: a state's ``rounds_scored``
and ``last_round_points`` tell them when the round ended and what it gave; a game
whose points mislead about the game's course (``GameAgents.round_worth``: Spades' bags,
a point now and ten later) has the round weighed by its worth instead.
"""

from __future__ import annotations

import logging
import math
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, cast

from cardtable_gui.ai.advice import Advice, Adviser
from cardtable_gui.ai.base import Agent, RandomAgent, SearchPlan
from cardtable_gui.ai.inference import Evidence, read_evidence, sample_world
from cardtable_gui.ai.registry import AGENTS
from cardtable_gui.cards import Card
from cardtable_gui.rules.base import Action, GameRules, GameState, GameView
from cardtable_gui.rules.tricks import DealImpossible

log = logging.getLogger(__name__)

ROLLOUT_LIMIT = 2_000
"""Actions a rollout may take before it is cut short (a round is far shorter)."""

SAMPLES = {"spinado": 192, "spades": 96}
"""Rollouts per candidate move where a game's rollouts are short enough to afford
more than the usual ``DEFAULT_SAMPLES``. Spades: 48 samples (and ``WORK``) made Hard
+6.79 points a hand (+3.01 .. +10.56, 200 duplicate deals) stronger than 24 did; 96,
once forced moves cost a rollout nothing, +14.98 over Medium where 48 gave +12.71 (200
deals), and its slowest decision took 0.57 s. Fewer samples also let luck pick the
wrong trump to ruff a partner's nil trick with (5 seeds in 20 at 48, 1 at 96).
Spinado: 192 (and ``WORK``) gave +0.44 chips a hand over Medium (+0.20 .. +0.68, 200
deals) where 96 gave +0.34 (+0.06 .. +0.61), its slowest decision 0.31 s. Spizzichino
at 48 gained no more than its interval's width (+3.77 against +3.63), so keeps 24."""

DEFAULT_SAMPLES = 24
"""Rollouts per candidate move in the other games without a ``SearchPlan``."""

CLEAR_LEAD = 1.0
"""How many standard errors a move must beat the game's own favourite by, on the deals
both were tried on, before the search overrules the favourite: a handful of deals often
ranks a worse move first by luck, and the favourite is usually sound."""

SAFETY_CAP = 4.5
"""Seconds of processor time one decision may take before it is cut short: three times
the longest a decision should take (1.5 s). A last resort for a far slower machine,
which the budgets never meet here. Processor time, not the clock: a machine busy with
other programs slows a decision but never cuts it short, so the budget decides and a
seeded game plays the same."""

MAX_WORK = 9_000
"""Actions one decision may simulate in all its rollouts in one round of the halving.
Early in a round of the game, when rollouts are long and moves many, this bounds the
think time; later the samples per move are the bound."""

WORK = {"spades": 36_000, "spinado": 18_000}
"""``MAX_WORK`` for a game given more samples in ``SAMPLES`` whose rollouts are long.
In Spades a bid once had three times the usual thought: Hard's bids went from +4.8 to
+7.9 points a hand over Medium's (200 duplicate deals), but a bid then took up to
1.36 s. With only the bids near the heuristic's weighed (``GameAgents.shortlist``) and
faster rollouts, four times the usual keeps the slowest decision at 0.57 s here.
Spinado has twice the usual, or its 192 samples would mostly be cut short by it."""


@dataclass(slots=True)
class Tally:
    """What one candidate move scored over the deals it was tried on."""

    action: Action
    total: float = 0.0
    wins: int = 0
    tries: int = 0
    values: dict[int, float] = field(default_factory=dict)
    """What it scored on each deal it was tried on, by the deal's number."""

    @property
    def mean(self) -> float:
        return self.total / self.tries if self.tries else -math.inf

    @property
    def win_rate(self) -> float:
        return self.wins / self.tries if self.tries else 0.0

    def lead_over(self, other: Tally) -> tuple[float, float]:
        """How far this move scored above ``other`` on average over the deals both were
        tried on, and the standard error of that lead (infinite under two such deals).
        The same deals make the difference far less noisy than either mean."""
        gains = [self.values[deal] - other.values[deal] for deal in self.values.keys() & other.values.keys()]
        if len(gains) < 2:
            return 0.0, math.inf
        mean = sum(gains) / len(gains)
        spread = math.sqrt(sum((g - mean) ** 2 for g in gains) / (len(gains) - 1))
        return mean, spread / math.sqrt(len(gains))


class SearchAgent:
    """Plays one seat by sampling hidden cards and simulating each choice."""

    def __init__(
        self,
        rules: GameRules[Any, Any],
        seat: int,
        rng: random.Random,
        samples: int | None = None,
        max_seconds: float = SAFETY_CAP,
        inference: bool = True,
        max_work: int | None = None,
    ) -> None:
        self.rules = rules
        self.seat = seat
        self.rng = rng
        own = AGENTS.get(rules.name)
        self.plan: SearchPlan | None = own.search_plan if own is not None else None
        if samples is None:
            samples = self.plan.samples if self.plan is not None else SAMPLES.get(rules.name, DEFAULT_SAMPLES)
        self.samples = samples
        """Rollouts per candidate move, on average over the whole search."""
        self.max_seconds = max_seconds
        self.max_work = max_work if max_work is not None else WORK.get(rules.name, MAX_WORK)
        self.inference = inference
        self.capped = 0
        """Decisions cut short by ``max_seconds`` of processor time (a safety net a
        normal one never meets)."""
        self._work = 0
        """Actions simulated so far in the current round of the search."""
        self._heuristic = own.heuristic if own is not None else None
        self._guide = self._heuristic(seat, random.Random(0)) if self._heuristic is not None else None
        self._safety = own.safety_play if own is not None else None
        self._rival = own.rival if own is not None else None
        self._shortlist = own.shortlist if own is not None else None
        self._twins = own.twins if own is not None else None
        self._round_worth = own.round_worth if own is not None else None
        self.worth_words = own.worth_words if own is not None else ""
        """How the values it finds differ from the points, where they do."""

    def choose(self, view: GameView, legal: Sequence[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        if self._safety is not None and (safe := self._safety(view, legal, self.seat)) is not None:
            return safe
        try:
            return self._search(view, legal)[0][0].action
        except DealImpossible as error:
            return self._fallback(view, legal, error).action

    def advise(self, view: GameView, legal: Sequence[Action]) -> Advice:
        """The move this player would make, with what its sampled deals showed."""
        if len(legal) == 1:
            only = legal[0]
            return Advice(only, f"{describe(only)}: it is the only move there is.", "only move")
        if self._safety is not None and self._safety(view, legal, self.seat) is not None:
            return cast(Adviser, self._guide).advise(view, legal)
        try:
            ranked, sides = self._search(view, legal)
        except DealImpossible as error:
            return self._fallback(view, legal, error)
        best = ranked[0]
        if len(ranked) == 1:
            # The game's own player names its reason where the move is its favourite
            # (the cards it might play instead all touch it).
            if self._guide is not None and hasattr(self._guide, "advise"):
                own = cast(Adviser, self._guide).advise(view, legal)
                if own.action == best.action:
                    return own
            return Advice(best.action, f"{describe(best.action)}: the one move worth weighing here.", "search")
        runner = ranked[1]
        # The usual play is kept when another move did better only by luck of the deals.
        close = " (too close to call)" if runner.mean > best.mean else ""
        counted = f" ({self.worth_words})" if self.worth_words else ""
        if sides == 2:
            evidence = (
                f"won {100 * best.win_rate:.0f}% of {best.tries} sampled deals{counted}; "
                f"next best {short_name(runner.action)}, {100 * runner.win_rate:.0f}%{close}"
            )
        else:
            unit = f"{self.rules.score_unit}s"
            evidence = (
                f"{best.mean:+.1f} {unit} against the others' average over {best.tries} sampled deals{counted}; "
                f"next best {short_name(runner.action)}, {runner.mean:+.1f}{close}"
            )
        reason = f"{describe(best.action)}: it did best of {len(ranked)} moves tried in the sampled deals."
        return Advice(best.action, reason, "search", evidence)

    def _fallback(self, view: GameView, legal: Sequence[Action], error: DealImpossible) -> Advice:
        """The game's own (Medium) advice, for a view no deal agrees with: a position
        set up by hand can show what no real game could (spades led before they were
        broken, by a seat that held other suits). The player still gets a legal move;
        the log keeps why the search was skipped."""
        log.warning("%s: the search for seat %s fell back to the plain player: %s", self.rules.name, self.seat, error)
        guide = self._guide
        if guide is None or not hasattr(guide, "advise"):
            only = legal[0]
            return Advice(only, f"{describe(only)}.", "fallback")
        return cast(Adviser, guide).advise(view, legal)

    # The search

    def _search(self, view: GameView, legal: Sequence[Action]) -> tuple[list[Tally], int]:
        """The candidates, best first, with what each scored; and how many sides the
        table has (two: a sampled deal is simply won or lost)."""
        tallies = [Tally(action) for action in self._candidates(view, legal)]
        sides = 0
        if len(tallies) == 1 or self.samples <= 0:
            return tallies, sides
        evidence = read_evidence(self.rules, view) if self.inference else None
        # The game's own choice comes first among the candidates, where it has one.
        favourite = tallies[0] if self._guide is not None or self.plan is not None else None
        alive = list(tallies)
        rounds = max(1, math.ceil(math.log2(len(alive))))
        budget = self.samples * len(tallies)
        work_per_round = self.max_work // rounds
        deadline = time.thread_time() + self.max_seconds
        dealt = 0
        for number in range(rounds):
            deals = max(1, budget // rounds // len(alive))
            self._work = 0
            for _ in range(deals):
                sides = self._try(self._deal(view, evidence), alive, dealt)
                dealt += 1
                if self._work >= work_per_round:
                    break
                if time.thread_time() > deadline:
                    self.capped += 1
                    return _favourite_unless_beaten(_ranked(alive), favourite), sides
            if number < rounds - 1:
                alive = _ranked(alive)[: math.ceil(len(alive) / 2)]
        ranked = _ranked(alive)
        kept = {id(t) for t in ranked}
        return _favourite_unless_beaten(ranked + [t for t in _ranked(tallies) if id(t) not in kept], favourite), sides

    def weigh(self, view: GameView, legal: Sequence[Action], made: Action, deals: int) -> tuple[list[Tally], int]:
        """The moves this player would weigh and ``made`` (a move someone chose), each
        tried on the same ``deals`` sampled deals, best first; and how many sides the
        table has. A fixed amount of work and no clock: for judging a move, where every
        candidate needs the same evidence, rather than for choosing one."""
        moves = self._candidates(view, legal)
        if made not in moves:
            # The move made stands for its twins: set against one, only luck parts them.
            moves = [move for move in moves if not self._same(view, move, made)] + [made]
        tallies = [Tally(action) for action in moves]
        evidence = read_evidence(self.rules, view) if self.inference else None
        sides = 0
        for dealt in range(deals):
            sides = self._try(self._deal(view, evidence), tallies, dealt)
        return _ranked(tallies), sides

    def _deal(self, view: GameView, evidence: Evidence | None) -> GameState[Any]:
        """A complete deal to try the moves on: one sampled to agree with ``view`` and
        weighted by ``evidence``. The one place the search learns the hidden cards, so
        a measuring player that is shown the true deal (the benchmark's ceiling) differs
        from this one here alone."""
        return sample_world(self.rules, view, self.rng, evidence)

    def _try(self, world: GameState[Any], tallies: list[Tally], dealt: int) -> int:
        """Try each of ``tallies``' moves on the sampled deal ``world`` (number
        ``dealt``), all with the same rollout players; the table's number of sides."""
        seed = self.rng.getrandbits(32)
        scored = world.rounds_scored
        for tally in tallies:
            trial = world.clone()
            trial.apply_trusted(tally.action)
            value = self._rollout(trial, scored, seed)
            tally.total += value
            tally.wins += value > 0
            tally.tries += 1
            tally.values[dealt] = value
        return len(world.teams)

    def _candidates(self, view: GameView, legal: Sequence[Action]) -> list[Action]:
        """The moves worth trying, the game's own favourite first (it wins a tie)."""
        if self.plan is not None:
            return self.plan.candidates(view, legal, self.seat)[: self.plan.width]
        if self._guide is None or len(legal) < 2:
            return list(legal)
        favourite = self._guide.choose(view, legal)
        worth = self._shortlist(favourite, legal) if self._shortlist is not None else legal
        kept = [favourite]
        for move in worth:
            if not any(self._same(view, move, other) for other in kept):
                kept.append(move)
        return kept

    def _same(self, view: GameView, move: Action, other: Action) -> bool:
        """Whether two moves are one choice: equal, or twins in the game's eyes."""
        return move == other or (self._twins is not None and self._twins(view, move, other))

    def _rollout(self, state: GameState[Any], scored: int, seed: int) -> float:
        """Let quick players finish the round, on the trusted path (the moves come from
        ``legal_actions``), ``scored`` being the rounds scored before it began; the
        value is what this seat's side gained over the others (reversed where low
        scores win)."""
        players = self._players(state, seed)
        depth = self.plan.depth if self.plan is not None else ROLLOUT_LIMIT
        for _ in range(depth):
            self._work += 1
            if state.rounds_scored != scored:
                worth = self._round_worth(state) if self._round_worth is not None else state.last_round_points
                return self._value(state, worth)
            seat = state.to_move
            if seat is None:
                return self._value(state, state.scores)
            legal = state.legal_actions()
            # A forced move needs no view and no player: building them was a fifth of
            # a rollout's time in Spades, where the last cards of a suit are forced.
            state.apply_trusted(legal[0] if len(legal) == 1 else players[seat].choose(state.view(seat), legal))
        if self.plan is not None:
            return self._value(state, self.plan.estimate(state))
        return self._value(state, state.scores)

    def _players(self, state: GameState[Any], seed: int) -> list[Agent]:
        """The rollout players: the game's own at this seat's side, its rival (where it
        has one) at the others."""
        own_side = next((side for side in state.teams if self.seat in side), (self.seat,))
        players: list[Agent] = []
        for seat in range(state.players):
            factory = self._heuristic if seat in own_side or self._rival is None else self._rival
            rng = random.Random(seed + seat)
            players.append(factory(seat, rng) if factory else RandomAgent(rng))
        return players

    def _value(self, state: GameState[Any], points: Sequence[float]) -> float:
        """What this seat's side gained over the others: over the other side where there
        are two, else over the others' average (against the best of them a player
        would spend its moves hurting the leader rather than gaining for itself)."""
        # Partners carry their side's points, so one seat speaks for each side.
        others = [points[side[0]] for side in state.teams if self.seat not in side]
        if not others:
            return float(points[self.seat])
        margin = points[self.seat] - sum(others) / len(others)
        return float(-margin if self.rules.low_score_wins else margin)


def _ranked(tallies: list[Tally]) -> list[Tally]:
    """Best mean first; equal means keep their order (the favourite first)."""
    return sorted(tallies, key=lambda t: -t.mean)


def _favourite_unless_beaten(ranked: list[Tally], favourite: Tally | None) -> list[Tally]:
    """``ranked``, with the favourite put first unless the best move beat it clearly on
    the deals both were tried on (by ``CLEAR_LEAD`` standard errors of the paired
    difference; the same deals make the difference far less noisy than either mean)."""
    best = ranked[0]
    if favourite is None or best is favourite or not any(t is favourite for t in ranked):
        return ranked
    lead, error = best.lead_over(favourite)
    if lead > CLEAR_LEAD * error:
        return ranked
    return [favourite] + [t for t in ranked if t is not favourite]


def describe(action: Action) -> str:
    """The move in words, as a sentence starts: "Play the 10 of hearts", "Bid 4"."""
    card = getattr(action, "card", None)
    if isinstance(card, Card):
        words = f"Play the {card.name}"
        if getattr(action, "spinado", False):
            words += " with the spinado"
        return words
    text = str(action)
    return text[:1].upper() + text[1:]


def short_name(action: Action) -> str:
    """The move as a short phrase for a comparison: "10 of hearts", "bid 4"."""
    card = getattr(action, "card", None)
    if isinstance(card, Card):
        return card.name
    return str(action)
