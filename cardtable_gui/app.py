"""The command line: ``cardtable`` opens the table; ``simulate`` and ``watch`` are for
comparing and showing AIs. Bad arguments get a one-line message, never a traceback."""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn, TypeVar

if TYPE_CHECKING:
    from cardtable_gui.app_window import App
    from cardtable_gui.rules.base import GameRules

FINISHED_LINGER = 2.0
"""Seconds the game-over screen stays up before ``watch --quit-after-game`` closes."""
MAX_WATCH_SPEED = 100.0
"""The fastest ``watch --speed``: a whole Spades game in a few seconds."""

N = TypeVar("N", int, float)


class _Parser(argparse.ArgumentParser):
    """Reports a bad argument in one line (no usage dump) and exits with code 2."""

    def error(self, message: str) -> NoReturn:
        if message.endswith("expected one argument"):
            # "--size -5x-5" reads the value as another option: say how to give it.
            message += ' (a value that starts with "-" goes after "=", as in --size=1280x800)'
        self.exit(2, f"{self.prog}: {message}\n")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="cardtable", description="A card table for five games, against AI or friends.")
    _window_arguments(parser)
    parser.add_argument("--fullscreen", action="store_true", help="open full screen (F11 switches)")
    commands = parser.add_subparsers(dest="command")

    watch = commands.add_parser("watch", help="open the table and watch computer players play a game")
    watch.add_argument("game", help="spades, hand_and_foot, spizzichino, spinado or arizona_spaghetti")
    watch.add_argument("--seed", type=int, default=None, help="seed of the game (random if left out)")
    watch.add_argument(
        "--speed", type=_speed, default=1.0, help="how many times faster cards move and computers play (1 to 100)"
    )
    watch.add_argument("--frames-log", default=None, help="write each frame's duration in ms, one a line, to this file")
    watch.add_argument("--quit-after-game", action="store_true", help="close the window once the game is over")
    watch.add_argument(
        "--level", choices=["easy", "medium", "hard"], default="medium", help="how the computers play (medium)"
    )
    watch.add_argument(
        "--players", type=_positive_int, default=None, help="how many players (the game's usual count if left out)"
    )
    _window_arguments(watch)

    host = commands.add_parser("host", help="host a game for friends playing on their own computers")
    host.add_argument("game", help="spades, hand_and_foot, spizzichino, spinado or arizona_spaghetti")
    host.add_argument(
        "--seats",
        default=None,
        help="who sits in each seat, comma separated: you, friend, easy, medium or hard"
        " (default: you, then friends; e.g. you,medium,friend,medium)",
    )
    host.add_argument("--port", type=_port, default=None, help="the port friends connect to (47474)")
    host.add_argument("--name", default=None, help="your name at the table (the one in Settings if left out)")
    _window_arguments(host)

    join = commands.add_parser("join", help="join a friend's game: their address and the join code they read out")
    join.add_argument("address", help="the host's address, e.g. 192.168.1.20 or 192.168.1.20:47474")
    join.add_argument("code", help="the join code, e.g. 7-tiger-lamp")
    join.add_argument("--name", default=None, help="your name at the table (the one in Settings if left out)")
    _window_arguments(join)

    sim = commands.add_parser("simulate", help="play AI-only games with no window and print results")
    sim.add_argument("game", help="spades, hand_and_foot, spizzichino, spinado or arizona_spaghetti")
    sim.add_argument("--games", type=_positive_int, default=100, help="how many games (100)")
    sim.add_argument(
        "--seats",
        default=None,
        help="player per seat, comma separated: random, casual (Easy), heuristic (Medium) or search (Hard);"
        " default heuristic against random",
    )
    sim.add_argument("--seed", type=int, default=1, help="seed of the first game (1)")
    return parser


def _window_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--size", type=window_size, default=argparse.SUPPRESS, help="window size, e.g. 1280x800")
    parser.add_argument(
        "--data-dir", type=_folder, default=argparse.SUPPRESS, help="folder for settings, saves and screenshots"
    )


def window_size(text: str) -> tuple[int, int]:
    """``"1280x800"`` -> (1280, 800); from 1024x640 to 7680x4320."""
    from cardtable_gui.persistence.settings import MAX_WINDOW, MIN_WINDOW

    parts = text.lower().replace("\u00d7", "x").split("x")
    try:
        width, height = (int(part) for part in parts)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"must look like 1280x800 (width x height in pixels), not {text!r}"
        ) from None
    if width < MIN_WINDOW[0] or height < MIN_WINDOW[1]:
        raise argparse.ArgumentTypeError(
            f"{text} is too small: the window must be at least {MIN_WINDOW[0]}x{MIN_WINDOW[1]}"
        )
    if width > MAX_WINDOW[0] or height > MAX_WINDOW[1]:
        raise argparse.ArgumentTypeError(
            f"{text} is too big: the window can be at most {MAX_WINDOW[0]}x{MAX_WINDOW[1]}"
        )
    return width, height


def _folder(text: str) -> str:
    """A folder named on the command line; an empty name is refused (it would quietly
    mean the current folder)."""
    if not text.strip():
        raise argparse.ArgumentTypeError("needs the name of a folder, not an empty one")
    return text


def _number(text: str, kind: Callable[[str], N], words: str) -> N:
    """``text`` read as a number of ``kind``; else argparse's refusal, saying it is not
    ``words`` ("a number", "a whole number")."""
    try:
        return kind(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not {words}") from None


def _speed(text: str) -> float:
    value = _number(text, float, "a number")
    if not 1 <= value <= MAX_WATCH_SPEED:
        raise argparse.ArgumentTypeError(f"must be from 1 to {MAX_WATCH_SPEED:g}")
    return value


def _positive_int(text: str) -> int:
    value = _number(text, int, "a whole number")
    if value < 1:
        raise argparse.ArgumentTypeError("must be at least 1")
    return value


def _port(text: str) -> int:
    value = _number(text, int, "a whole number")
    if not 1 <= value <= 65535:
        raise argparse.ArgumentTypeError("must be a port number from 1 to 65535")
    return value


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    if args.command == "simulate":
        try:
            return _simulate(args)
        except BrokenPipeError:
            # The reader went away (e.g. `| head`): stop quietly, as command-line tools do.
            sys.stdout = open(os.devnull, "w")  # noqa: SIM115 - the interpreter closes it at exit
            return 0
    if args.command == "watch":
        return _watch(args)
    if args.command in ("host", "join"):
        from cardtable_gui import together

        if args.command == "host":
            return together.host(args, _windowed, named_rules)
        return together.join(args, _windowed)
    return _play(args)


def usable_data_dir(override: str | None) -> Path:
    """The data folder, created if needed and checked by writing a scrap file in it.
    Raises ``DataDirUnusable`` with a sentence saying which folder and why."""
    from cardtable_gui.persistence import DATA_DIR_VARIABLE, data_dir
    from cardtable_gui.persistence.atomic import reason

    try:
        folder = data_dir(override)
        with tempfile.TemporaryFile(dir=folder):
            pass
    except OSError as error:
        if isinstance(error, FileExistsError | NotADirectoryError):
            why = "a file is in the way where the folder should be"
        else:
            why = f"it could not be created or written to ({reason(error)})"
        if override is not None:
            message = f"The data folder {override} cannot be used: {why}. Choose a folder you can write to with --data-dir."
        elif os.environ.get(DATA_DIR_VARIABLE):
            message = (
                f"The data folder {os.environ[DATA_DIR_VARIABLE]} named by {DATA_DIR_VARIABLE} cannot be used: {why}."
                f" Set {DATA_DIR_VARIABLE} to a folder you can write to, or choose one with --data-dir."
            )
        else:
            where = error.filename or "for settings and saves"
            message = f"The data folder {where} cannot be used: {why}. Choose a folder you can write to with --data-dir."
        raise DataDirUnusable(message) from None
    return folder


class DataDirUnusable(Exception):
    """The data folder cannot be created or written to."""


def open_app(args: argparse.Namespace, fullscreen: bool | None = None, frames_log: str | None = None) -> App | None:
    """The window, or None (with a one-line message) when it cannot be opened: a data
    folder that cannot be used is reported as that, not as a window problem. Its home,
    where the program starts and every table leads back to, is the main menu."""
    import pygame

    from cardtable_gui.app_window import App
    from cardtable_gui.scenes.menu import MenuScene

    try:
        folder = usable_data_dir(getattr(args, "data_dir", None))
    except DataDirUnusable as error:
        print(error, file=sys.stderr)
        return None
    try:
        return App(
            size=getattr(args, "size", None),
            data_dir=folder,
            fullscreen=fullscreen,
            frames_log=frames_log,
            home=MenuScene,
        )
    except (pygame.error, OSError) as error:
        print(f"The window could not be opened: {error}", file=sys.stderr)
        return None


def _play(args: argparse.Namespace) -> int:
    app = open_app(args, fullscreen=True if args.fullscreen else None)
    if app is None:
        return 1
    app.go_home()
    return app.run()


def _windowed(args: argparse.Namespace) -> App | None:
    """The window for a game with friends: never full screen at first, so the host can
    read the join code out beside other windows."""
    return open_app(args, fullscreen=False)


def named_rules(name: str) -> GameRules[Any, Any] | None:
    """The rules of the game named on the command line; None once the player has been
    told there is no such game."""
    from cardtable_gui.rules import UnknownGame, get_rules

    try:
        return get_rules(name)
    except UnknownGame as error:
        print(error, file=sys.stderr)
        return None


def _watch(args: argparse.Namespace) -> int:
    rules = named_rules(args.game)
    if rules is None:
        return 2
    from cardtable_gui.scenes.table.layout_registry import LAYOUTS

    if rules.name not in LAYOUTS:
        tables = ", ".join(LAYOUTS)
        print(f"{rules.title} has no table to watch yet (only its rules exist); try: {tables}.", file=sys.stderr)
        return 2
    from cardtable_gui.scenes.setup import players_text, preferred_players

    players = preferred_players(rules) if args.players is None else args.players
    if players not in rules.player_counts:
        print(f"{rules.title} is played by {players_text(rules)}, not {players}.", file=sys.stderr)
        return 2
    app = open_app(args, fullscreen=False, frames_log=args.frames_log)
    if app is None:
        return 1
    from cardtable_gui.scenes.table import TableScene
    from cardtable_gui.seats import COMPUTER_NAMES, AILevel, MatchConfig, SeatConfig, SeatKind

    level = AILevel(args.level)
    seats = tuple(SeatConfig(name=COMPUTER_NAMES[i], kind=SeatKind.AI, level=level) for i in range(players))
    scene = TableScene(app, MatchConfig(game=rules.name, seats=seats, seed=args.seed), watch=True, pace=args.speed)
    app.scenes.push(scene)
    if args.quit_after_game:
        app.add_frame_hook(_quit_when_finished(app, scene, FINISHED_LINGER / args.speed))
    return app.run()


def _quit_when_finished(app: App, scene: object, linger: float) -> Callable[[float], None]:
    """A frame hook that closes the app once ``scene.finished`` has held ``linger``
    seconds."""
    shown = 0.0

    def hook(dt: float) -> None:
        nonlocal shown
        shown = shown + dt if getattr(scene, "finished", False) else 0.0
        if shown >= linger:
            app.quit()

    return hook


def _simulate(args: argparse.Namespace) -> int:
    from cardtable_gui import simulate

    rules = named_rules(args.game)
    if rules is None:
        return 2
    if args.seats is None:
        players = rules.player_counts[0] if 4 not in rules.player_counts else 4
        seats = ["heuristic" if seat % 2 == 0 else "random" for seat in range(players)]
    else:
        seats = [s.strip() for s in args.seats.split(",") if s.strip()]
    from cardtable_gui.ai import AGENT_KINDS

    unknown = [(seat, kind) for seat, kind in enumerate(seats, start=1) if kind not in AGENT_KINDS]
    if unknown:
        seat, kind = unknown[0]
        print(
            f"Seat {seat} is {kind!r}, which is not a kind of player; use random, casual (Easy),"
            " heuristic (Medium) or search (Hard).",
            file=sys.stderr,
        )
        return 2
    return simulate.main(args.game, seats, args.games, args.seed)
