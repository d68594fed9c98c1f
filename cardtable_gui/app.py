"""The command line: ``cardtable`` opens the table; ``simulate`` and ``watch`` are for
comparing and showing AIs. Bad arguments get a one-line message, never a traceback."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="cardtable", description="A card table for five games, against AI or friends."
    )
    commands = parser.add_subparsers(dest="command")

    sim = commands.add_parser("simulate", help="play AI-only games with no window and print results")
    sim.add_argument("game", help="spades, hand_and_foot, spizzichino, spinado or arizona_spaghetti")
    sim.add_argument("--games", type=_positive_int, default=100, help="how many games (100)")
    sim.add_argument(
        "--seats",
        default=None,
        help="agent per seat, comma separated: random or heuristic (default: heuristic vs random)",
    )
    sim.add_argument("--seed", type=int, default=1, help="seed of the first game (1)")
    return parser


def _positive_int(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError("must be at least 1")
    return value


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    if args.command == "simulate":
        return _simulate(args)
    print("The table window is not built yet; try 'cardtable simulate spades'.", file=sys.stderr)
    return 1


def _simulate(args: argparse.Namespace) -> int:
    from cardtable_gui import simulate
    from cardtable_gui.rules import UnknownGame, get_rules

    try:
        rules = get_rules(args.game)
    except UnknownGame as error:
        print(error, file=sys.stderr)
        return 2
    if args.seats is None:
        players = rules.player_counts[0] if 4 not in rules.player_counts else 4
        seats = ["heuristic" if seat % 2 == 0 else "random" for seat in range(players)]
    else:
        seats = [s.strip() for s in args.seats.split(",") if s.strip()]
    return simulate.main(args.game, seats, args.games, args.seed)
