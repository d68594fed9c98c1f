"""How fast the rules run: complete random Spades hands per second (deal, bids, 13
tricks, scoring), the cost of ``clone`` and ``determinize``, and complete random games
per second for every registered game. Prints figures; asserts nothing.

    python benchmarks/rules_throughput.py [--seconds 2]
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

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


if __name__ == "__main__":
    main()
