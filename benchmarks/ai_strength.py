"""How much stronger one kind of player is than another, on duplicate deals.

    python benchmarks/ai_strength.py GAME A B [--deals N] [--players P] [--seed S] [--whole-games]

Each deal (a seed) is played once per seating: A and B take turns at every seat of the
same cards (partners: A's side and B's side swap; four singles: A at the even seats,
then at the odd ones; an odd table: A alone in each seat in turn, against B in the
others). What A scored in a hand or round minus what B scored, averaged over the
seatings of one deal, is one duplicate figure; the report gives their mean with a 95%
interval (mean +- 1.96 sd / sqrt(n)). Where low scores win (Arizona Spaghetti) the
difference is turned round, so "A better by" is always good for A.

By default each deal is its first hand or round only; ``--whole-games`` plays every deal
to the end, counts the games each kind won, and makes each round that every seating
reached one duplicate figure (a seed deals the same cards to the same round whoever
plays). Arizona Spaghetti's rounds each have their own rule, so only whole games
measure all of them.
Everything is seeded and the search is bounded by its work only (not the clock): a run
repeats exactly, on a busy machine too. A progress bar goes to stderr; Ctrl+C (SIGINT) stops a run
early and reports the deals finished. Asserts nothing.

    nice -n 10 python benchmarks/ai_strength.py arizona_spaghetti search heuristic --deals 200
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from cardtable_gui.ai import AGENT_KINDS, make_agent
from cardtable_gui.ai.search import SearchAgent
from cardtable_gui.rules import GAMES, GameRules
from cardtable_gui.rules.base import RoundScored

MAX_ACTIONS = 200_000
"""A deal that has not ended after this many actions is a rules bug."""


@dataclass
class Seating:
    """One way of seating the two kinds: the seats where A sits."""

    a_seats: tuple[int, ...]


@dataclass
class Outcome:
    """What one seating of one deal gave: A-minus-B per round, and who won the game."""

    differences: list[float] = field(default_factory=list)
    a_won: float = 0.0
    finished: bool = False


def seatings(rules: GameRules[Any, Any], players: int) -> list[Seating]:
    """The seatings that put each kind in every seat of a deal."""
    teams = rules.new_game(players, seed=0).teams
    if len(teams) > 1 and all(len(side) > 1 for side in teams):
        return [Seating(side) for side in teams]
    if players % 2 == 0:
        return [Seating(tuple(range(0, players, 2))), Seating(tuple(range(1, players, 2)))]
    return [Seating((seat,)) for seat in range(players)]


def play_deal(
    rules: GameRules[Any, Any], kinds: tuple[str, str], players: int, seed: int, seating: Seating, whole: bool
) -> Outcome:
    """Play deal ``seed`` with A in ``seating.a_seats`` and B elsewhere."""
    state = rules.new_game(players, seed=seed)
    a_seats = set(seating.a_seats)
    agents = [
        make_agent(kinds[0] if seat in a_seats else kinds[1], rules.name, seat, random.Random(seed * 1_009 + seat))
        for seat in range(players)
    ]
    for agent in agents:
        if isinstance(agent, SearchAgent):
            # Work alone bounds the search here: the wall-clock safety net would make a
            # run on a busy machine play differently from the same run on an idle one.
            agent.max_seconds = math.inf
    sign = -1.0 if rules.low_score_wins else 1.0
    outcome = Outcome()
    for _ in range(MAX_ACTIONS):
        seat = state.to_move
        if seat is None:
            break
        events = state.apply(agents[seat].choose(state.view(seat), state.legal_actions()))
        scored = next((e for e in events if isinstance(e, RoundScored)), None)
        if scored is not None:
            a = statistics.fmean(scored.points[s] for s in a_seats)
            b = statistics.fmean(scored.points[s] for s in range(players) if s not in a_seats)
            outcome.differences.append(sign * (a - b))
            if not whole:
                return outcome
    else:
        raise RuntimeError(f"{rules.title} deal {seed} did not end after {MAX_ACTIONS} actions.")
    outcome.finished = True
    winners = set(state.winners)
    if winners:
        outcome.a_won = 1.0 if winners <= a_seats else 0.0 if not winners & a_seats else 0.5
    return outcome


def duplicate_figures(outcomes: Sequence[Outcome], whole: bool) -> list[float]:
    """The duplicate figures of one deal: A-minus-B averaged over the seatings, for its
    first hand or round, or (whole games) for each round every seating reached (the
    same round of one seed deals the same cards in every seating)."""
    if not whole:
        return [statistics.fmean(o.differences[0] for o in outcomes if o.differences)]
    rounds = min(len(o.differences) for o in outcomes)
    return [statistics.fmean(o.differences[number] for o in outcomes) for number in range(rounds)]


def interval(values: Sequence[float]) -> tuple[float, float]:
    """The mean and the half-width of its 95% interval."""
    mean = statistics.fmean(values)
    if len(values) < 2:
        return mean, math.inf
    return mean, 1.96 * statistics.stdev(values) / math.sqrt(len(values))


def draw_bar(done: int, total: int, started: float, running: float) -> None:
    width = 30
    filled = width * done // total
    elapsed = time.perf_counter() - started
    left = elapsed / done * (total - done) if done else 0.0
    sys.stderr.write(
        f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} deals  "
        f"A-B so far {running:+.2f}  {elapsed:.0f} s, about {left:.0f} s left "
    )
    sys.stderr.flush()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", choices=sorted(GAMES))
    parser.add_argument("a", choices=AGENT_KINDS, help="the kind measured")
    parser.add_argument("b", choices=AGENT_KINDS, help="the kind it is measured against")
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--whole-games", action="store_true", help="play each deal to the end of the game")
    args = parser.parse_args()
    rules = GAMES[args.game]
    players = args.players or (4 if 4 in rules.player_counts else rules.player_counts[0])
    if players not in rules.player_counts:
        print(f"{rules.title} is played by {rules.player_counts}, not {players}.", file=sys.stderr)
        return 2
    kinds = (args.a, args.b)
    plan = seatings(rules, players)
    unit = "hand" if args.game in ("spades", "spinado") else "round"
    figures: list[float] = []
    wins = finished = 0.0
    started = time.perf_counter()
    played = 0
    try:
        for number in range(args.deals):
            seed = args.seed * 1_000_003 + number
            outcomes = [play_deal(rules, kinds, players, seed, seating, args.whole_games) for seating in plan]
            figures.extend(duplicate_figures(outcomes, args.whole_games))
            for outcome in outcomes:
                if outcome.finished and args.whole_games:
                    finished += 1
                    wins += outcome.a_won
            played += 1
            draw_bar(played, args.deals, started, statistics.fmean(figures))
    except KeyboardInterrupt:
        sys.stderr.write("\nstopped early: the figures below are of the deals finished")
    sys.stderr.write("\n")
    if not figures:
        return 1
    mean, half = interval(figures)
    lower = "lower" if rules.low_score_wins else "higher"
    print(
        f"{rules.title}, {players} players, {args.a} (A) against {args.b} (B), {len(plan)} seatings per deal, "
        f"seed {args.seed}"
    )
    print(
        f"  A better by {mean:+.2f} points per {unit} (95% interval {mean - half:+.2f} .. {mean + half:+.2f}), "
        f"n = {len(figures)} duplicate {unit}s of {played} deals; points count {lower} as better"
    )
    if args.whole_games:
        print(f"  games: A won {wins:g} of {finished:g} finished ({100 * wins / max(finished, 1):.1f}%)")
    print(f"  {time.perf_counter() - started:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
