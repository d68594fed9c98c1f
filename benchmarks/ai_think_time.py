"""How long the Hard (search) player takes to decide, per game.

Plays seeded rounds of each game with a Hard player in every seat (Hand and Foot: 4
players), timing each decision that had a real choice, and prints the median, 95th
percentile and worst time, on the clock and in the search's own processor time (the
clock also counts other programs on a busy machine), and how many decisions reached
the safety cap (processor time). With ``--twice`` it plays each round again from the
same seed and says whether every move came out the same. Asserts nothing.

    python benchmarks/ai_think_time.py [--game hand_and_foot] [--rounds 2] [--decisions 60] [--twice]
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time

from cardtable_gui.ai.search import SAFETY_CAP, SearchAgent
from cardtable_gui.rules import GAMES
from cardtable_gui.rules.base import RoundScored

BARS = f"bar (every game): median at most 0.5 s, p95 at most 1 s, worst at most 1.5 s; the cap ({SAFETY_CAP:g} s) never reached"


def play_rounds(game: str, seed: int, rounds: int, decisions: int) -> tuple[list[float], list[float], list[str], int]:
    """Clock and processor times of the decisions with a choice, every move in text,
    and how many decisions reached the cap, over ``rounds`` rounds (or ``decisions``
    choices, if fewer)."""
    rules = GAMES[game]
    players = 4 if 4 in rules.player_counts else rules.player_counts[0]
    state = rules.new_game(players, seed=seed)
    agents = [SearchAgent(rules, seat, random.Random(seed * 10 + seat)) for seat in range(players)]
    times: list[float] = []
    cpu: list[float] = []
    moves: list[str] = []
    scored = 0
    while not state.is_over and len(times) < decisions and scored < rounds:
        seat = state.to_move
        assert seat is not None
        legal = state.legal_actions()
        started, started_cpu = time.perf_counter(), time.thread_time()
        action = agents[seat].choose(state.view(seat), legal)
        if len(legal) > 1:
            times.append(time.perf_counter() - started)
            cpu.append(time.thread_time() - started_cpu)
        moves.append(str(action))
        scored += sum(isinstance(event, RoundScored) for event in state.apply(action))
    return times, cpu, moves, sum(agent.capped for agent in agents)


def figures(times: list[float]) -> str:
    ordered = sorted(times)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return f"median {statistics.median(ordered):.2f}  p95 {p95:.2f}  max {ordered[-1]:.2f}"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=sorted(GAMES), default=None, help="one game (all five if left out)")
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--rounds", type=int, default=1, help="rounds (hands) to play per game")
    parser.add_argument("--decisions", type=int, default=60, help="at most this many timed decisions per game")
    parser.add_argument("--twice", action="store_true", help="replay the rounds and compare the moves")
    args = parser.parse_args()
    print(f"load average {' '.join(f'{load:.1f}' for load in os.getloadavg())} on {os.cpu_count()} processors")
    for game in [args.game] if args.game else sorted(GAMES):
        times, cpu, moves, capped = play_rounds(game, args.seed, args.rounds, args.decisions)
        if not times:
            print(f"{game}: no decision with a choice")
            continue
        print(
            f"{game}: {len(times)} decisions; think time s: {figures(times)}; "
            f"processor s: {figures(cpu)}; cap reached {capped} times"
        )
        if args.twice:
            again = play_rounds(game, args.seed, args.rounds, args.decisions)[2]
            print(f"  same seed, same moves: {'yes' if again == moves else 'NO'} ({len(moves)} moves)")
    print(BARS)
    return 0


if __name__ == "__main__":
    sys.exit(main())
