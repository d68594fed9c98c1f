"""How fast the rules run at random play, ours against a reference and OpenSpiel.

For every game it measures complete random games per second (Spades: hands per second
over complete random games, Hand and Foot: complete one-round games at 2, 4 and 6
players), each move a random choice
among ``legal_actions()`` applied to the state. The same measurement runs, in one go, on:

- the reference: the rules as they were at commit ``ac74ba3`` (before the speed work),
  exported to a temporary directory and run in a subprocess;
- ours with the checked ``apply`` (it verifies the move and returns the events);
- ours with the trusted ``apply_trusted`` (what search and simulation use), when it exists;
- OpenSpiel's C++ Spades driven from Python, when ``pyspiel`` imports (install the
  ``openspiel`` extra). OpenSpiel's game is one hand: it deals card by card as chance
  moves (chosen at random here from its legal list), takes four bids and plays 13 tricks,
  which is what one of our Spades hands does. It is measured side by side with ours in
  one process, their runs taking turns, so that a busy moment of the machine falls on
  both; the ratio is the median over several such processes, printed with its range.

Random choices come from the same seeds on every side, so (the rules giving the same
results) every side plays exactly the same games. Each figure is the best of several runs.
Prints figures; asserts nothing.

    PYTHONPATH=. python benchmarks/rules_throughput.py [--only spades] [--scale 1] [--runs 3]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
REFERENCE = "ac74ba3"
RUNS = 3

Workload = Callable[[random.Random], object]


def _step(state: Any, trusted: bool) -> Callable[[Any], object]:
    """The move function of one side: the checked ``apply`` or the trusted path."""
    return state.apply_trusted if trusted else state.apply


def spades_hands(rng: random.Random, trusted: bool) -> int:
    """A complete random game of Spades, counted in hands (each a deal, four bids, 13
    tricks and the scoring): like OpenSpiel's one-hand game, every hand deals once."""
    from cardtable_gui.rules import GAMES

    state = GAMES["spades"].new_game(4, seed=rng.getrandbits(32))
    move = _step(state, trusted)
    while not state.is_over:
        move(rng.choice(state.legal_actions()))
    return int(state.hand_number)


def whole_game(name: str, players: int, options: dict[str, Any]) -> Callable[[random.Random, bool], None]:
    def play(rng: random.Random, trusted: bool) -> None:
        from cardtable_gui.rules import GAMES

        rules = GAMES[name]
        state = rules.new_game(players, rules.Options(**options), seed=rng.getrandbits(32))
        move = _step(state, trusted)
        while not state.is_over:
            move(rng.choice(state.legal_actions()))

    return play


WORKLOADS: dict[str, tuple[str, int, Callable[[random.Random, bool], int | None]]] = {
    "spades": ("hands", 300, spades_hands),
    "spades game": ("games", 300, whole_game("spades", 4, {})),
    "arizona_spaghetti": ("games", 200, whole_game("arizona_spaghetti", 4, {})),
    "spizzichino": ("games", 80, whole_game("spizzichino", 2, {})),
    "spinado": ("games", 250, whole_game("spinado", 4, {})),
    "hand_and_foot 2p": ("rounds", 16, whole_game("hand_and_foot", 2, {"rounds": 1})),
    "hand_and_foot 4p": ("rounds", 12, whole_game("hand_and_foot", 4, {"rounds": 1})),
    "hand_and_foot 6p": ("rounds", 12, whole_game("hand_and_foot", 6, {"rounds": 1})),
}
"""Each workload's unit, how many of them one run plays (about half a second for the
reference), and the function playing one."""


def best_rate(work: Callable[[random.Random], int | None], count: int, runs: int) -> float:
    """Units of work per second (what ``work`` returns, else one per call): ``count``
    calls with the same seeds (so the same games) in each of ``runs`` runs, the fastest
    run counting. Time is this process's CPU time: other work on a shared machine slows
    the clock on the wall, not this one."""
    return best_rates([(work, count)], runs)[0]


def best_rates(
    works: Sequence[tuple[Callable[[random.Random], int | None], int]], runs: int
) -> list[float]:
    """``best_rate`` of several works measured together, their runs taking turns: a slow
    spell of the machine falls on all of them alike, so their ratios hold steadier than
    those of separate processes."""
    best = [float("inf")] * len(works)
    units = [0] * len(works)
    for _ in range(runs):
        for index, (work, count) in enumerate(works):
            rng = random.Random(1)
            done_units = 0
            start = time.process_time()
            for _ in range(count):
                done = work(rng)
                done_units += 1 if done is None else done
            best[index] = min(best[index], time.process_time() - start)
            units[index] = done_units
    return [done / seconds for done, seconds in zip(units, best)]


def openspiel_hand(game: Any) -> Callable[[random.Random], None]:
    def play(rng: random.Random) -> None:
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))

    return play


OPENSPIEL = "openspiel"
"""The ``--measure`` name of the side by side of OpenSpiel's Spades and ours."""


def measure(workload: str, trusted: bool, scale: float, runs: int) -> float | list[float] | None:
    """Run in the measuring process: one workload's rate, or None when this side lacks
    the trusted path. For OpenSpiel: its Spades hands per second, then ours with
    ``apply`` and with ``apply_trusted``, their runs taking turns in this one process
    (None when it is not installed)."""
    if workload == OPENSPIEL:
        try:
            import pyspiel
        except ImportError:
            return None
        _, count, play = WORKLOADS["spades"]
        ours = max(1, round(count * scale))
        return best_rates(
            [
                (openspiel_hand(pyspiel.load_game("spades")), round(count * scale * 8)),
                (lambda rng: play(rng, False), ours),
                (lambda rng: play(rng, True), ours),
            ],
            runs,
        )

    from cardtable_gui.rules import GAMES

    if trusted and not hasattr(GAMES["spades"].new_game(4, seed=1), "apply_trusted"):
        return None
    _, count, play = WORKLOADS[workload]
    return best_rate(lambda rng: play(rng, trusted), max(1, round(count * scale)), runs)


def run_side(
    code_root: Path, workload: str, trusted: bool, scale: float, runs: int
) -> Any:
    """Measure one workload in a fresh process that imports the package from ``code_root``."""
    env = dict(os.environ, PYTHONPATH=str(code_root))
    args = [sys.executable, __file__, "--measure", workload, "--scale", str(scale), "--runs", str(runs)]
    if trusted:
        args.append("--trusted")
    out = subprocess.run(args, env=env, cwd=code_root, check=True, capture_output=True, text=True)
    return json.loads(out.stdout)


def export_reference(revision: str, into: Path) -> Path:
    archive = subprocess.run(
        ["git", "archive", revision, "cardtable_gui"], cwd=REPO, check=True, capture_output=True
    )
    subprocess.run(["tar", "-x", "-C", str(into)], input=archive.stdout, check=True)
    return into


def _best(figures: list[float | None]) -> float | None:
    known = [f for f in figures if f is not None]
    return max(known) if known else None


def _ratio(ours: float | None, theirs: float | None) -> str:
    if ours is None or not theirs:
        return "-"
    return f"{ours / theirs:.2f}x"


def _figure(value: float | None) -> str:
    return "-" if value is None else f"{value:,.0f}" if value >= 100 else f"{value:,.1f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scale", type=float, default=1.0, help="play this times more games per run")
    parser.add_argument("--runs", type=int, default=RUNS, help="runs per process (the fastest counts)")
    # Four rounds: on a shared machine one side's runs can all land in a slow spell, and
    # the fastest of twelve runs is steadier than the fastest of six.
    parser.add_argument("--rounds", type=int, default=4, help="processes per side, taking turns")
    parser.add_argument("--reference", default=REFERENCE, help="the commit to compare with")
    parser.add_argument("--only", help="measure only these workloads (comma separated)")
    parser.add_argument("--measure", help=argparse.SUPPRESS)
    parser.add_argument("--trusted", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.measure:
        print(json.dumps(measure(args.measure, args.trusted, args.scale, args.runs)))
        return

    best_of = args.runs * args.rounds
    print(f"random play, per second of CPU, best of {best_of} runs; reference: {args.reference}")
    header = f"{'':18} {'unit':>6} {'reference':>10} {'apply':>10} {'ratio':>7} {'trusted':>10} {'ratio':>7}"
    print(header)
    rows: dict[str, tuple[float | None, float | None, float | None]] = {}
    side_by_side: list[list[float] | None] = []
    with tempfile.TemporaryDirectory() as tmp:
        reference = export_reference(args.reference, Path(tmp))
        for name, (unit, _, _) in WORKLOADS.items():
            if args.only and name not in args.only.split(","):
                continue
            # The sides take turns, so a busy moment of the machine falls on all of them.
            figures: list[list[float | None]] = [[], [], []]
            for _ in range(args.rounds):
                figures[0].append(run_side(reference, name, False, args.scale, args.runs))
                figures[1].append(run_side(REPO, name, False, args.scale, args.runs))
                figures[2].append(run_side(REPO, name, True, args.scale, args.runs))
                if name == "spades":
                    side_by_side.append(run_side(REPO, OPENSPIEL, False, args.scale, args.runs))
            theirs, checked, trusted = (_best(side) for side in figures)
            rows[name] = (theirs, checked, trusted)
            print(
                f"{name:18} {unit:>6} {_figure(theirs):>10} {_figure(checked):>10} "
                f"{_ratio(checked, theirs):>7} {_figure(trusted):>10} {_ratio(trusted, theirs):>7}",
                flush=True,
            )

    if "spades" not in rows:
        return
    processes = [rates for rates in side_by_side if rates is not None]
    if not processes:
        print("OpenSpiel Spades: open_spiel not installed (pip install '.[openspiel]')")
        return
    # Ours and OpenSpiel's measured in one process, run for run, so that a slow spell
    # falls on both; the ratio is the median over the processes, with its range.
    theirs = _best([rates[0] for rates in processes])
    print(f"OpenSpiel Spades: {_figure(theirs)} hands/s. Ours/OpenSpiel, run for run in "
          f"{len(processes)} processes (median, lowest to highest):")
    for label, index in (("apply", 1), ("trusted", 2)):
        ratios = sorted(rates[index] / rates[0] for rates in processes)
        print(
            f"  {label:8} {_figure(_best([rates[index] for rates in processes])):>7} hands/s  "
            f"{statistics.median(ratios):.2f}x ({ratios[0]:.2f}x to {ratios[-1]:.2f}x)"
        )

if __name__ == "__main__":
    main()
