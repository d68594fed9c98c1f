"""Headless matches between agents: how AIs are compared and the rules soak-tested.

``cardtable simulate spades --games 200 --seats heuristic,random,heuristic,random``
plays whole games with no window and prints wins per side, mean scores and speed.
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, TextIO

from cardtable_gui.ai import make_agent
from cardtable_gui.rules import GameRules, GameState

MAX_ACTIONS_PER_GAME = 200_000
"""A game that has not ended after this many actions is a rules bug, not a long game."""


class RunawayGame(RuntimeError):
    """A simulated game did not end: the rules let it go on for ever."""


@dataclass
class SimulationResult:
    """Totals over a batch of games."""

    game: str
    seats: tuple[str, ...]
    games: int = 0
    wins: list[float] = field(default_factory=list)
    score_sums: list[float] = field(default_factory=list)
    actions: int = 0
    seconds: float = 0.0

    def side_wins(self, teams: Sequence[Sequence[int]]) -> list[float]:
        """Wins per side: a side wins a game when any of its seats does."""
        return [self.wins[side[0]] for side in teams]


def play_game(
    rules: GameRules[Any, Any],
    seats: Sequence[str],
    seed: int,
    options: Any = None,
) -> GameState[Any]:
    """Play one whole game between agents of the given kinds; return the final state."""
    state = rules.new_game(len(seats), options, seed=seed)
    agent_rng = random.Random(seed ^ 0x5EED)
    agents = [
        make_agent(kind, rules.name, seat, random.Random(agent_rng.getrandbits(64)))
        for seat, kind in enumerate(seats)
    ]
    for _ in range(MAX_ACTIONS_PER_GAME):
        seat = state.to_move
        if seat is None:
            return state
        action = agents[seat].choose(state.view(seat), state.legal_actions())
        state.apply_trusted(action)  # the agent chose from legal_actions()
    raise RunawayGame(f"{rules.title} did not end after {MAX_ACTIONS_PER_GAME} actions.")


def simulate(
    rules: GameRules[Any, Any],
    seats: Sequence[str],
    games: int,
    seed: int,
    options: Any = None,
    progress: TextIO | None = None,
) -> tuple[SimulationResult, tuple[tuple[int, ...], ...]]:
    """Play ``games`` games; the seed of game ``i`` is derived from ``seed`` and ``i``.
    Returns the totals and the game's sides."""
    result = SimulationResult(rules.name, tuple(seats))
    result.wins = [0.0] * len(seats)
    result.score_sums = [0.0] * len(seats)
    teams: tuple[tuple[int, ...], ...] = ()
    start = time.perf_counter()
    for i in range(games):
        state = play_game(rules, seats, seed * 1_000_003 + i, options)
        teams = state.teams
        for seat in state.winners:
            result.wins[seat] += 1
        for seat, score in enumerate(state.scores):
            result.score_sums[seat] += score
        result.games += 1
        if progress is not None:
            _draw_progress(progress, i + 1, games, time.perf_counter() - start)
    result.seconds = time.perf_counter() - start
    if progress is not None and games:
        progress.write("\n")
    return result, teams


def _draw_progress(out: TextIO, done: int, total: int, seconds: float) -> None:
    width = 30
    filled = width * done // total
    rate = done / seconds if seconds > 0 else 0.0
    out.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} games  {rate:.1f}/s")
    out.flush()


def report(result: SimulationResult, teams: Sequence[Sequence[int]]) -> str:
    """The figures as a small table for the terminal."""
    lines = [f"{result.games} games of {result.game}, seats: {', '.join(result.seats)}"]
    for side in teams:
        seat_names = "+".join(f"{s}:{result.seats[s]}" for s in side)
        wins = result.wins[side[0]]
        mean = result.score_sums[side[0]] / max(result.games, 1)
        share = 100 * wins / max(result.games, 1)
        lines.append(f"  side {seat_names:<34} wins {wins:>7g} ({share:5.1f}%)  mean score {mean:8.1f}")
    rate = result.games / result.seconds if result.seconds else float("inf")
    lines.append(f"  {rate:.1f} games per second ({result.seconds:.2f} s)")
    return "\n".join(lines)


def main(game: str, seats: Sequence[str], games: int, seed: int) -> int:
    """The ``simulate`` command. Returns the process exit code."""
    from cardtable_gui.ai.levels import UnknownAgent
    from cardtable_gui.rules import get_rules

    rules = get_rules(game)
    if len(seats) not in rules.player_counts:
        counts = ", ".join(str(n) for n in rules.player_counts)
        print(f"{rules.title} needs {counts} seats; you gave {len(seats)}.", file=sys.stderr)
        return 2
    try:
        progress = sys.stderr if games >= 20 and sys.stderr.isatty() else None
        result, teams = simulate(rules, seats, games, seed, progress=progress)
    except UnknownAgent as error:
        print(error, file=sys.stderr)
        return 2
    print(report(result, teams))
    return 0
