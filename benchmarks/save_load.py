"""How long saving and loading a long game takes.

Plays whole Spades games to 500 between heuristic agents (random agents bid wildly and
would never get there), keeps the longest, and times:
capturing it, autosaving it (atomic write with backup, fsync included), and loading it
back (read, parse, replay every move, check the digest). The bar is 50 ms for each.

    python benchmarks/save_load.py [--games 8] [--repeats 20]
"""

from __future__ import annotations

import argparse
import random
import statistics
import tempfile
import time
from collections.abc import Callable
from typing import Any

from cardtable_gui.ai import make_agent
from cardtable_gui.persistence import SavedGame, SaveStore, restore
from cardtable_gui.rules import GAMES
from cardtable_gui.rules.base import Action, GameState
from cardtable_gui.seats import MatchConfig, SeatConfig, SeatKind

BAR_MS = 50.0


def play_recorded(seed: int) -> tuple[MatchConfig, list[Action], GameState[Any]]:
    """One whole game of Spades between heuristic agents, with every action kept."""
    rules = GAMES["spades"]
    seats = tuple(SeatConfig(name=f"Seat {n}", kind=SeatKind.AI) for n in range(4))
    # Without the losing score the game goes on until a side really reaches 500.
    options = {"losing_score_enabled": False}
    config = MatchConfig(game="spades", seats=seats, options=options, seed=seed)
    state = rules.new_game(4, rules.Options(**options), seed=seed)
    agent_rng = random.Random(seed)
    agents = [
        make_agent("heuristic", "spades", seat, random.Random(agent_rng.getrandbits(64)))
        for seat in range(4)
    ]
    actions: list[Action] = []
    while (seat := state.to_move) is not None:
        action = agents[seat].choose(state.view(seat), state.legal_actions())
        state.apply(action)
        actions.append(action)
    return config, actions, state


def timed(repeats: int, step: Callable[[], object]) -> tuple[float, float, float]:
    """Median and worst wall-clock time of ``step``, and its median processor time, in
    milliseconds. On a busy machine the wall clock includes waiting for a core; the
    processor time does not, and a write's wait for the disk shows only in the wall."""
    walls, cpus = [], []
    for _ in range(repeats):
        wall, cpu = time.perf_counter(), time.process_time()
        step()
        cpus.append((time.process_time() - cpu) * 1000)
        walls.append((time.perf_counter() - wall) * 1000)
    return statistics.median(walls), max(walls), statistics.median(cpus)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=8, help="games to play, the longest is used")
    parser.add_argument("--repeats", type=int, default=20, help="timed runs of each step")
    args = parser.parse_args()

    config, actions, state = max(
        (play_recorded(seed) for seed in range(1, args.games + 1)), key=lambda game: len(game[1])
    )
    saved = SavedGame.capture(config, actions, state)
    hands = getattr(state, "hand_number", "?")
    print(
        f"Spades to {state.options.target}: {hands} hands, {len(actions)} actions, "
        f"scores {state.scores}, file {len(saved.to_bytes()) / 1024:.1f} KiB"
    )
    with tempfile.TemporaryDirectory() as folder:
        store = SaveStore(folder)
        store.autosave(saved)
        figures = {
            "capture (summary, digest)": timed(
                args.repeats, lambda: SavedGame.capture(config, actions, state)
            ),
            "autosave (write, fsync, backup)": timed(args.repeats, lambda: store.autosave(saved)),
            "load (read, parse, replay, digest)": timed(args.repeats, store.load_autosave),
            "restore (replay, digest)": timed(args.repeats, lambda: restore(saved)),
        }
    for step, (median, worst, cpu) in figures.items():
        verdict = "ok" if median < BAR_MS else f"OVER the {BAR_MS:.0f} ms bar"
        print(
            f"  {step:<36} median {median:6.2f} ms  worst {worst:6.2f} ms  "
            f"processor {cpu:6.2f} ms  {verdict}"
        )

if __name__ == "__main__":
    main()
