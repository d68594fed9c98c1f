"""Playing with friends from the command line: ``cardtable host`` and ``cardtable join``.

Both open the window on the menu's Play with friends page, filled in as the command
line says, and press its Host or Join: ``host`` asks first when it would replace a game
in progress, starts listening, announces the game on the local network, and opens the
host's lobby; ``join`` connects with the join code and opens the friend's lobby. Back
from either lobby (after a refusal too) comes to that page, never to an empty window.
A game or seats that do not add up, or a code or an address typed wrong, is told in one
sentence before anything runs; a port in use is said on the page, as from the menu.
"""

from __future__ import annotations

import argparse
import logging
import sys
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from cardtable_gui.app_window import App
from cardtable_gui.net.client import BadAddress, split_address
from cardtable_gui.net.codes import BadJoinCode, normalise
from cardtable_gui.net.names import BadName, hosted_seats
from cardtable_gui.net.server import DEFAULT_PORT
from cardtable_gui.rules import get_rules
from cardtable_gui.rules.base import GameRules
from cardtable_gui.seats import MatchConfig, SeatConfig

if TYPE_CHECKING:
    from cardtable_gui.scenes.friends import FriendsScene

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
    host_seat = words.index("you")
    others = [word for seat, word in enumerate(words) if seat != host_seat]
    seats = hosted_seats(host_name, host_seat, others)
    return seats, host_seat, [seat for seat, word in enumerate(words) if word == "friend"]


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
    try:
        open_host(app, rules.name, words, args.name, args.port if args.port is not None else DEFAULT_PORT)
    except (BadSeats, BadName) as error:
        app.quit()
        print(error, file=sys.stderr)
        return 2
    return app.run()


def open_host(app: App, game: str, words: Sequence[str], name: str | None, port: int) -> FriendsScene:
    """The menu, the Play with friends page filled in as the command line says, and
    over it the hosting (once a game in progress is seen to): leaving the lobby comes
    back to that page. Raises ``BadSeats`` or ``BadName`` before anything opens."""
    from cardtable_gui.scenes.friends import FriendsScene

    rules = get_rules(game)
    app.go_home()
    page = FriendsScene(app)
    others = [word for word in words if word != "you"]
    page.fill_host(game, len(words) if len(words) in rules.player_counts else page.players, name, port, others)
    chosen = page.host_name_typed()
    seats, host_seat, friends = table_seats(words, rules.player_counts, chosen)
    app.scenes.push(page)
    page.host(MatchConfig(game=game, seats=seats), host_seat, friends, port)
    return page


def join(args: argparse.Namespace, open_app: OpenApp) -> int:
    try:
        code = normalise(args.code)
        split_address(args.address)
    except (BadJoinCode, BadAddress) as error:
        print(error, file=sys.stderr)
        return 2
    app = open_app(args)
    if app is None:
        return 1
    open_join(app, args.address, code, args.name)
    return app.run()


def open_join(app: App, address: str, code: str, name: str | None) -> FriendsScene:
    """The menu, the Play with friends page with the address, code and name filled
    in, and over it the joining: Back from the lobby, a refusal included, comes back
    to that page to fix what was typed."""
    from cardtable_gui.scenes.friends import FriendsScene

    app.go_home()
    page = FriendsScene(app)
    page.address.text = address
    page.code.text = code
    if name is not None:
        page.name.text = name
    app.scenes.push(page)
    page.join()
    return page
