"""Playing with friends from the command line: ``cardtable host`` and ``cardtable join``.

``host`` starts listening, announces the game on the local network, and opens the
host's lobby; ``join`` connects with the join code and opens the friend's lobby. Every
problem a person can meet here (no such game, seats that do not add up, a port in use,
a code or an address typed wrong) is told in one sentence, and nothing is left running.
"""

from __future__ import annotations

import argparse
import logging
import sys
from collections.abc import Callable, Sequence
from typing import Any

from cardtable_gui.app_window import App
from cardtable_gui.net.client import BadAddress, GuestClient, split_address
from cardtable_gui.net.codes import BadJoinCode, normalise
from cardtable_gui.net.discovery import announce
from cardtable_gui.net.guest_match import GuestMatch
from cardtable_gui.net.hosting import HostedGame
from cardtable_gui.net.server import DEFAULT_PORT, HostError, HostServer
from cardtable_gui.rules.base import GameRules
from cardtable_gui.seats import AILevel, MatchConfig, SeatConfig, SeatKind

OpenApp = Callable[[argparse.Namespace], App | None]
"""Opens the window (``app.open_app``), or says why not and gives None."""
NamedRules = Callable[[str], GameRules[Any, Any] | None]
"""The rules of a game named on the command line (``app.named_rules``), or None once
the player has been told there is no such game."""

log = logging.getLogger(__name__)

SEAT_WORDS = ("you", "friend", "easy", "medium", "hard")


class BadSeats(ValueError):
    """A ``--seats`` list that does not make a table."""


def table_seats(words: Sequence[str], players: Sequence[int], host_name: str) -> tuple[tuple[SeatConfig, ...], int, list[int]]:
    """The seats a ``--seats`` list names, the host's seat and the friends' seats.
    Raises ``BadSeats`` with what to type."""
    unknown = [word for word in words if word not in SEAT_WORDS]
    if unknown:
        raise BadSeats(f"{unknown[0]!r} is not a seat; use you, friend, easy, medium or hard.")
    if len(words) not in players:
        counts = ", ".join(map(str, players))
        raise BadSeats(f"This game is played by {counts} players; --seats names {len(words)}.")
    if words.count("you") != 1:
        raise BadSeats("--seats must name exactly one seat 'you' (yours).")
    if "friend" not in words:
        raise BadSeats("--seats must keep at least one seat for a friend.")
    seats: list[SeatConfig] = []
    for seat, word in enumerate(words):
        if word == "you":
            seats.append(SeatConfig(name=host_name, kind=SeatKind.HUMAN))
        elif word == "friend":
            seats.append(SeatConfig(name=f"Friend {seat + 1}", kind=SeatKind.HUMAN))
        else:
            seats.append(SeatConfig(name=f"Computer {seat + 1}", kind=SeatKind.AI, level=AILevel(word)))
    return tuple(seats), words.index("you"), [seat for seat, word in enumerate(words) if word == "friend"]


def host(args: argparse.Namespace, open_app: OpenApp, named_rules: NamedRules) -> int:
    rules = named_rules(args.game)
    if rules is None:
        return 2
    players = rules.player_counts
    default = 4 if 4 in players else players[0]
    words = [w.strip().lower() for w in args.seats.split(",")] if args.seats else ["you"] + ["friend"] * (default - 1)
    app = open_app(args)
    if app is None:
        return 1
    name = args.name or app.settings.player_name
    try:
        seats, host_seat, friends = table_seats(words, players, name)
    except BadSeats as error:
        app.quit()
        print(error, file=sys.stderr)
        return 2
    port = args.port if args.port is not None else DEFAULT_PORT
    server = HostServer(port=port)
    try:
        server.start()
    except HostError as error:
        app.quit()
        print(error, file=sys.stderr)
        return 1
    announcement = announce(f"{name}'s {rules.title}", rules.name, server.port)

    def stop_hosting() -> None:
        if announcement is not None:
            announcement.close()
        server.stop()

    from cardtable_gui.scenes.lobby import HostLobbyScene
    from cardtable_gui.scenes.table.hosted_table import HostedTableScene

    hosted = HostedGame(MatchConfig(game=rules.name, seats=seats), friends, server)

    def open_table(game: HostedGame) -> None:
        app.scenes.replace(HostedTableScene(app, game, host_seat, stop_hosting))

    where = f"with this computer's address and port {server.port}"
    app.scenes.push(HostLobbyScene(app, hosted, host_seat, where, open_table, stop_hosting))
    try:
        return app.run()
    finally:
        stop_hosting()


def join(args: argparse.Namespace, open_app: OpenApp) -> int:
    try:
        code = normalise(args.code)
        host_name, port = split_address(args.address)
    except (BadJoinCode, BadAddress) as error:
        print(error, file=sys.stderr)
        return 2
    app = open_app(args)
    if app is None:
        return 1
    name = args.name or app.settings.player_name
    client = GuestClient(f"{host_name}:{port}", code, name)
    client.start()

    from cardtable_gui.scenes.lobby import GuestLobbyScene
    from cardtable_gui.scenes.table.guest_table import GuestTableScene

    def open_table(config: MatchConfig, match: GuestMatch) -> None:
        app.scenes.replace(GuestTableScene(app, config, match))

    app.scenes.push(GuestLobbyScene(app, client, f"{host_name}:{port}", open_table))
    try:
        return app.run()
    finally:
        client.close("left")
