"""How long the Hard (search) player takes to decide, per game.

Plays one seeded round of each game with a Hard player in every seat (Hand and Foot:
4 players), timing each decision that had a real choice, and prints the median, 95th
percentile and worst time and how many decisions ran into the safety cap on wall-clock
time. With ``--twice`` it plays each round again from the same seed and says whether
every move came out the same. Asserts nothing.

    python benchmarks/ai_think_time.py [--game hand_and_foot] [--decisions 60] [--twice]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time

from cardtable_gui.ai.search import SearchAgent
from cardtable_gui.rules import GAMES
from cardtable_gui.rules.base import RoundScored

BARS = "bar (every game): median at most 1 s, worst at most 2 s"


def play_round(game: str, seed: int, decisions: int) -> tuple[list[float], list[str], int]:
    """Think times of the decisions with a choice, every move in text, and how many
    decisions hit the cap, for one round (or ``decisions`` choices, if fewer)."""
    rules = GAMES[game]
    players = 4 if 4 in rules.player_counts else rules.player_counts[0]
    state = rules.new_game(players, seed=seed)
    agents = [SearchAgent(rules, seat, random.Random(seed * 10 + seat)) for seat in range(players)]
    times: list[float] = []
    moves: list[str] = []
    while not state.is_over and len(times) < decisions:
        seat = state.to_move
        assert seat is not None
        legal = state.legal_actions()
        started = time.perf_counter()
        action = agents[seat].choose(state.view(seat), legal)
        if len(legal) > 1:
            times.append(time.perf_counter() - started)
        moves.append(str(action))
        if any(isinstance(event, RoundScored) for event in state.apply(action)):
            break
    return times, moves, sum(agent.capped for agent in agents)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=sorted(GAMES), default=None, help="one game (all five if left out)")
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--decisions", type=int, default=60, help="at most this many timed decisions per game")
    parser.add_argument("--twice", action="store_true", help="replay each round and compare the moves")
    args = parser.parse_args()
    for game in [args.game] if args.game else sorted(GAMES):
        times, moves, capped = play_round(game, args.seed, args.decisions)
        if not times:
            print(f"{game}: no decision with a choice")
            continue
        ordered = sorted(times)
        p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
        print(
            f"{game}: {len(times)} decisions; think time s: median {statistics.median(times):.2f}  "
            f"p95 {p95:.2f}  max {max(times):.2f}; reached the time cap {capped} times"
        )
        if args.twice:
            again = play_round(game, args.seed, args.decisions)[1]
            print(f"  same seed, same moves: {'yes' if again == moves else 'NO'} ({len(moves)} moves)")
    print(BARS)
    return 0


if __name__ == "__main__":
    sys.exit(main())
