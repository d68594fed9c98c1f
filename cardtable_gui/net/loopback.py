"""Whole games over loopback: a host and a guest for every friend's seat, each guest
played by a computer player through the network exactly as a person's table would.

This is the network's proving ground: after every move, each guest's view must equal
the host's view for that seat, and at the end each guest must have been told every
event of the game once, in order. Tests run a few games; ``python -m
cardtable_gui.net.loopback`` runs as many as asked and says how it went.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel, ValidationError

from cardtable_gui.ai.levels import make_agent
from cardtable_gui.match import Match
from cardtable_gui.net.client import GuestClient
from cardtable_gui.net.hosting import HostedGame
from cardtable_gui.net.messages import Refused, Update
from cardtable_gui.net.remote import RemoteGame
from cardtable_gui.net.server import HostServer, Incoming, Limits
from cardtable_gui.net.wire import encode
from cardtable_gui.rules import GAMES, get_rules
from cardtable_gui.rules.base import Event, GameState
from cardtable_gui.seats import AILevel, MatchConfig, SeatConfig, SeatKind

CODE = "7-tiger-lamp"
WAIT_SECONDS = 20.0
"""How long a step may wait on the network before the game counts as stuck."""


class LoopbackFailure(AssertionError):
    """A guest's table disagreed with the host, or the game stopped moving."""


@dataclass(slots=True)
class Sent:
    """One update as the host sent it, with the game as it stood when it was sent."""

    seat: int
    update: Update
    state: GameState[Any]


@dataclass(slots=True)
class LoopbackGame:
    """How one game over loopback went."""

    game: str
    players: int
    moves: int
    seconds: float
    sent: list[Sent] = field(default_factory=list)
    received: dict[int, list[Any]] = field(default_factory=dict)
    """Every message each guest's seat received, decoded, in order."""
    latencies: list[float] = field(default_factory=list)
    """Seconds from a guest's move being sent to every other guest having seen it."""


class _RecordingLink:
    """The host's server, with every update it sends noted beside the full game."""

    def __init__(self, server: HostServer, hosted: Callable[[], HostedGame | None], record: bool) -> None:
        self._server = server
        self._hosted = hosted
        self._record = record
        self.seats: dict[int, int] = {}
        self.sent: list[Sent] = []

    @property
    def code(self) -> str:
        return self._server.code

    def incoming(self) -> list[Incoming]:
        return self._server.incoming()

    def send(self, connection: int, message: BaseModel) -> None:
        hosted = self._hosted()
        if self._record and isinstance(message, Update) and hosted is not None and hosted.told is not None:
            seat = next(s for s, friend in hosted.friends.items() if friend.connection == connection)
            self.sent.append(Sent(seat, message, hosted.told.clone()))
        self._server.send(connection, message)

    def drop(self, connection: int, error: str, message: str) -> None:
        self._server.drop(connection, error, message)


def play(
    game: str,
    players: int,
    seed: int,
    *,
    computers: Sequence[int] = (),
    kind: str = "heuristic",
    options: dict[str, Any] | None = None,
    record: bool = False,
    max_moves: int = 20_000,
) -> LoopbackGame:
    """Play one whole game of ``game`` over loopback. Every seat but ``computers`` is a
    guest on its own connection, played by a ``kind`` agent choosing from what its
    table knows; ``computers`` are the host's own computer seats. Raises
    ``LoopbackFailure`` on any disagreement."""
    seats = tuple(
        SeatConfig(name=f"Player {seat + 1}", kind=SeatKind.AI, level=AILevel.MEDIUM)
        if seat in computers
        else SeatConfig(name=f"Player {seat + 1}", kind=SeatKind.HUMAN)
        for seat in range(players)
    )
    config = MatchConfig(game=game, seats=seats, seed=seed, options=options or {})
    friends = [seat for seat in range(players) if seat not in computers]
    server = HostServer(CODE, port=0, interface="127.0.0.1", limits=Limits(hello_seconds=5.0, rate=1000, burst=1000))
    port = server.start()
    holder: list[HostedGame] = []
    link = _RecordingLink(server, lambda: holder[0] if holder else None, record)
    hosted = HostedGame(config, friends, link)
    holder.append(hosted)
    guests = {seat: GuestClient(f"127.0.0.1:{port}", CODE, f"Guest {seat + 1}", seat=seat) for seat in friends}
    tables = {seat: RemoteGame() for seat in friends}
    received: dict[int, list[Any]] = {seat: [] for seat in friends}
    rng = random.Random(seed)
    agents = {seat: make_agent(kind, game, seat, random.Random(rng.getrandbits(64))) for seat in friends}
    started = time.perf_counter()
    try:
        for guest in guests.values():
            guest.start()
        _until(lambda: hosted.can_start, hosted, guests, tables, received, "every guest to join")
        match = hosted.start()
        latencies: list[float] = []
        while not match.is_over and len(match.history) < max_moves:
            _until(lambda: _caught_up(hosted, tables), hosted, guests, tables, received, "the guests to catch up")
            _check_views(match, tables)
            before = len(match.history)
            mover = match.to_move
            sent_at = time.perf_counter()
            if mover in tables:
                table = tables[mover]
                assert table.view is not None
                guests[mover].send(table.act(agents[mover].choose(table.view, table.legal)))
            _until(lambda: len(match.history) > before, hosted, guests, tables, received, "the next move")
            _until(lambda: _caught_up(hosted, tables), hosted, guests, tables, received, "the guests to catch up")
            if mover in tables:
                latencies.append(time.perf_counter() - sent_at)
        _check_views(match, tables)
        _check_events(match.game_events(), tables, received)
        return LoopbackGame(
            game, players, len(match.history), time.perf_counter() - started, link.sent, received, latencies
        )
    finally:
        for guest in guests.values():
            guest.close()
        if hosted.match is not None:
            hosted.match.close()
        server.stop()


def _until(
    done: Callable[[], bool],
    hosted: HostedGame,
    guests: dict[int, GuestClient],
    tables: dict[int, RemoteGame],
    received: dict[int, list[Any]],
    what: str,
) -> None:
    deadline = time.monotonic() + WAIT_SECONDS
    while not done():
        if time.monotonic() > deadline:
            raise LoopbackFailure(f"Stuck waiting for {what}.")
        if hosted.match is not None:
            hosted.match.poll()
        hosted.pump()
        for seat, guest in guests.items():
            for said in guest.incoming():
                received[seat].append(said)
                if isinstance(said, Refused):
                    raise LoopbackFailure(f"The host refused seat {seat}: {said.error}: {said.message}")
                tables[seat].receive(said)
        time.sleep(0.0002)


def _caught_up(hosted: HostedGame, tables: dict[int, RemoteGame]) -> bool:
    match = hosted.match
    if match is None or hosted.told_moves != len(match.history):
        return False
    return all(tables[seat].updates == friend.updates and friend.updates > 0 for seat, friend in hosted.friends.items())


def _check_views(match: Match, tables: dict[int, RemoteGame]) -> None:
    for seat, table in tables.items():
        if encode(table.view) != encode(match.view_for(seat)) or encode(table.public) != encode(match.view_for(None)):
            raise LoopbackFailure(f"Seat {seat}'s table shows another game than the host's after move {len(match.history)}.")
        legal = match.legal_actions_for(seat)
        if table.legal != legal or table.to_move != match.to_move:
            raise LoopbackFailure(f"Seat {seat}'s table has other moves than the host's after move {len(match.history)}.")


def _check_events(events: list[Event], tables: dict[int, RemoteGame], received: dict[int, list[Any]]) -> None:
    for seat, table in tables.items():
        told = [event for said in received[seat] if isinstance(said, Update) for event in said.events]
        if len(told) != len(events) or len(table.events) != len(events):
            raise LoopbackFailure(f"Seat {seat} was told {len(told)} events of the game's {len(events)}.")
        if [encode(event) for event in table.history] != [encode(event) for event in events]:
            raise LoopbackFailure(f"Seat {seat} was told the game's events out of order, or other ones.")


class BadOption(ValueError):
    """A ``--option`` or ``--rounds`` that no game asked for can take."""


def house_rules(games: Sequence[str], pairs: Sequence[str], rounds: int | None) -> dict[str, dict[str, Any]]:
    """The house rules each of ``games`` is played under: every ``KEY=VALUE`` in
    ``pairs`` (the value read as JSON, else as text) goes to each game whose own options
    have ``KEY``, and ``rounds`` is Hand and Foot's number of rounds. Each game checks
    its options with its own model. Raises ``BadOption`` with what to type."""
    wanted: dict[str, Any] = {}
    for pair in pairs:
        key, equals, text = pair.partition("=")
        if not equals or not key.strip():
            raise BadOption(f"{pair!r} is not KEY=VALUE.")
        try:
            wanted[key.strip()] = json.loads(text)
        except ValueError:
            wanted[key.strip()] = text
    chosen: dict[str, dict[str, Any]] = {}
    for game in games:
        fields = get_rules(game).Options.model_fields
        options = {key: value for key, value in wanted.items() if key in fields}
        if rounds is not None and game == "hand_and_foot":
            options["rounds"] = rounds
        try:
            get_rules(game).Options.model_validate(options)
        except ValidationError as error:
            raise BadOption(f"{get_rules(game).title} cannot be played so: {error.errors()[0]['msg']}.") from None
        chosen[game] = options
    unused = [key for key in wanted if not any(key in options for options in chosen.values())]
    if unused:
        raise BadOption(f"None of these games has a house rule called {unused[0]!r}.")
    return chosen


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=5, help="games of each game and player count")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--game", choices=sorted(GAMES), action="append", help="only these games")
    parser.add_argument("--players", type=int, action="append", help="only these player counts")
    parser.add_argument("--rounds", type=int, help="rounds of a Hand and Foot game (a short game: 1)")
    parser.add_argument(
        "--option", action="append", default=[], metavar="KEY=VALUE", help="a house rule, for every game that has it"
    )
    arguments = parser.parse_args(argv)
    names = arguments.game or sorted(GAMES)
    try:
        options = house_rules(names, arguments.option, arguments.rounds)
    except BadOption as error:
        print(error, file=sys.stderr)
        return 2
    failures = 0
    for name in names:
        for players in get_rules(name).player_counts:
            if arguments.players and players not in arguments.players:
                continue
            moves = 0
            started = time.perf_counter()
            for number in range(arguments.games):
                try:
                    moves += play(name, players, arguments.seed + number, options=options[name]).moves
                except LoopbackFailure as failure:
                    failures += 1
                    print(f"{name} {players}p game {number}: {failure}", file=sys.stderr)
            seconds = time.perf_counter() - started
            print(f"{name:18} {players}p  {arguments.games} games  {moves} moves  {seconds:6.1f} s", flush=True)
    print("no disagreement" if failures == 0 else f"{failures} games failed")
    return 1 if failures else 0


if __name__ == "__main__":
    raise SystemExit(main())
