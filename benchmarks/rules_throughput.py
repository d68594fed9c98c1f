"""How fast the rules run: complete random Spades hands per second (deal, bids, 13
tricks, scoring), the cost of ``clone`` and ``determinize``, complete random games per
second for every registered game, and Hand and Foot's random rounds per second and the
length of a heuristic game. Prints figures; asserts nothing.

    python benchmarks/rules_throughput.py [--seconds 2]
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

from cardtable_gui.ai import make_agent
from cardtable_gui.rules import GAMES
from cardtable_gui.rules.spades import SpadesRules, SpadesState


def rate(work: Callable[[], object], seconds: float) -> tuple[float, int]:
    """Calls of ``work`` per second over about ``seconds``."""
    done = 0
    start = time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds:
        work()
        done += 1
    return done / elapsed, done


def random_spades_hand(rules: SpadesRules, rng: random.Random) -> SpadesState:
    """One complete hand with random bids and random legal cards."""
    state = rules.new_game(4, seed=rng.getrandbits(32))
    hand = state.hand_number
    while state.hand_number == hand and not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    return state


def random_game(name: str, rng: random.Random) -> None:
    rules = GAMES[name]
    state = rules.new_game(rules.player_counts[0] if 4 not in rules.player_counts else 4, seed=rng.getrandbits(32))
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))


def random_hand_and_foot_round(rng: random.Random, players: int) -> None:
    """One complete random round of Hand and Foot (a one-round game)."""
    rules = GAMES["hand_and_foot"]
    state = rules.new_game(players, rules.Options(rounds=1), seed=rng.getrandbits(32))
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))


def heuristic_hand_and_foot_game(seed: int) -> tuple[int, float]:
    """A whole default game between heuristic players: its actions and seconds."""
    rules = GAMES["hand_and_foot"]
    state = rules.new_game(4, seed=seed)
    agents = [make_agent("heuristic", "hand_and_foot", s, random.Random(seed + s)) for s in range(4)]
    actions = 0
    start = time.perf_counter()
    while not state.is_over:
        seat = state.to_move
        state.apply(agents[seat].choose(state.view(seat), state.legal_actions()))
        actions += 1
    return actions, time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="time per measurement")
    args = parser.parse_args()
    rng = random.Random(1)
    spades = SpadesRules()

    per_s, n = rate(lambda: random_spades_hand(spades, rng), args.seconds)
    print(f"spades: {per_s:,.0f} complete random hands/s ({n} hands)")

    mid = spades.new_game(4, seed=5)
    for _ in range(30):
        mid.apply(rng.choice(mid.legal_actions()))
    per_s, _ = rate(mid.clone, args.seconds / 2)
    print(f"spades: clone {1e6 / per_s:.1f} us")
    view = mid.view(mid.to_move)
    per_s, _ = rate(lambda: spades.determinize(view, rng), args.seconds / 2)
    print(f"spades: determinize {1e6 / per_s:.1f} us")

    for name in GAMES:
        per_s, n = rate(lambda: random_game(name, rng), args.seconds)
        print(f"{name}: {per_s:,.1f} complete random games/s ({n} games)")

    for players in (2, 4, 6):
        per_s, n = rate(lambda: random_hand_and_foot_round(rng, players), args.seconds)
        print(f"hand_and_foot: {per_s:,.1f} complete random rounds/s with {players} players ({n} rounds)")
    actions, seconds = heuristic_hand_and_foot_game(seed=1)
    print(f"hand_and_foot: a 4-player heuristic game of 6 rounds: {actions} actions in {seconds:.2f} s")


if __name__ == "__main__":
    main()
