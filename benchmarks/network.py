"""How fast network play is over loopback, with the guests in another process.

The host runs here (its game, its server thread), as on the hosting computer; the
guests run together in a child process, each on its own connection and each played by
a Medium computer player choosing from what its table knows. Prints, per game:

- the time from a guest sending its move to every other guest having been told of it
  (median and 99th percentile), with 7 guests (Arizona Spaghetti: 8 seats, the host's
  own seat a computer) or as many as the game seats;
- the messages a second the host sent, and the host process's CPU share while it did.

Asserts nothing. ``--games`` plays more games of each.

    python benchmarks/network.py [--games 3] [--game arizona_spaghetti]
"""

from __future__ import annotations

import argparse
import multiprocessing
import random
import statistics
import time
from multiprocessing.connection import Connection
from typing import Any

from cardtable_gui.ai.levels import make_agent
from cardtable_gui.net.client import GuestClient, Lost
from cardtable_gui.net.hosting import HostedGame
from cardtable_gui.net.messages import Bye, Update
from cardtable_gui.net.remote import RemoteGame
from cardtable_gui.net.server import HostServer, Limits
from cardtable_gui.seats import AILevel, MatchConfig, SeatConfig, SeatKind

CODE = "7-tiger-lamp"
TABLES = {
    "arizona_spaghetti": (8, {}),
    "spades": (4, {}),
    "spinado": (5, {}),
    "spizzichino": (2, {}),
    "hand_and_foot": (6, {"rounds": 1}),
}


def guests(port: int, game: str, seats: list[int], seed: int, report: Connection) -> None:
    """The child process: one connection per seat, each played by a Medium player.
    Sends back, for every update, the seat, the update number and when it arrived."""
    clients = {seat: GuestClient(f"127.0.0.1:{port}", CODE, f"Guest {seat + 1}", seat=seat) for seat in seats}
    tables = {seat: RemoteGame() for seat in seats}
    rng = random.Random(seed)
    agents = {seat: make_agent("heuristic", game, seat, random.Random(rng.getrandbits(64))) for seat in seats}
    acted: dict[int, int] = {}
    arrivals: list[tuple[int, int, float]] = []
    sent: list[tuple[int, int, float]] = []
    for client in clients.values():
        client.start()
    done = False
    while not done:
        for seat, client in clients.items():
            for said in client.incoming():
                if isinstance(said, Bye | Lost):
                    done = True
                    continue
                tables[seat].receive(said)
                if isinstance(said, Update):
                    arrivals.append((seat, said.number, time.perf_counter()))
            table = tables[seat]
            if table.view is not None and table.to_move == seat and acted.get(seat) != table.updates and table.legal:
                acted[seat] = table.updates
                sent.append((seat, table.updates, time.perf_counter()))
                client.send(table.act(agents[seat].choose(table.view, table.legal)))
        time.sleep(0.0002)
    report.send((arrivals, sent))
    for client in clients.values():
        client.close()


def run(game: str, seed: int) -> dict[str, Any]:
    players, options = TABLES[game]
    seats = tuple(
        SeatConfig(name="Host's computer", kind=SeatKind.AI, level=AILevel.MEDIUM)
        if seat == 0 and players == 8
        else SeatConfig(name=f"Guest {seat + 1}", kind=SeatKind.HUMAN)
        for seat in range(players)
    )
    friends = [seat for seat in range(players) if seats[seat].is_human]
    config = MatchConfig(game=game, seats=seats, seed=seed, options=options)
    server = HostServer(CODE, port=0, interface="127.0.0.1", limits=Limits(rate=1000, burst=1000))
    port = server.start()
    sent_count = 0

    class Counting:
        code = CODE

        def incoming(self) -> list[Any]:
            return server.incoming()

        def send(self, connection: int, message: Any) -> None:
            nonlocal sent_count
            sent_count += 1
            server.send(connection, message)

        def drop(self, connection: int, error: str, message: str) -> None:
            server.drop(connection, error, message)

    hosted = HostedGame(config, friends, Counting())
    mine, theirs = multiprocessing.Pipe()
    child = multiprocessing.Process(target=guests, args=(port, game, friends, seed, theirs))
    child.start()
    while not hosted.can_start:
        hosted.pump()
        time.sleep(0.001)
    match = hosted.start()
    # The clocks of both processes are the same monotonic clock on one machine.
    move_times: dict[int, float] = {}
    started, cpu_started = time.perf_counter(), time.process_time()
    count_started = sent_count
    while not match.is_over:
        match.poll()
        before = len(match.history)
        hosted.pump()
        if len(match.history) > before:
            move_times[len(match.history)] = time.perf_counter()
        time.sleep(0.0002)
    hosted.pump()
    wall, cpu = time.perf_counter() - started, time.process_time() - cpu_started
    messages = sent_count - count_started
    hosted.close("The game is over.")
    arrivals, acts = mine.recv()
    child.join(timeout=30)
    match.close()
    server.stop()
    return {"latencies": _latencies(arrivals, acts, friends), "messages": messages, "wall": wall, "cpu": cpu}


def _latencies(
    arrivals: list[tuple[int, int, float]], acts: list[tuple[int, int, float]], friends: list[int]
) -> list[float]:
    """For each guest's move: from sending it to the last other guest being told."""
    arrived = {(seat, number): at for seat, number, at in arrivals}
    numbers = {seat: sorted(n for s, n, _ in arrivals if s == seat) for seat in friends}
    found: list[float] = []
    for mover, number, at in acts:
        # Every guest gets one update per move, so the move is the same count of updates
        # past the start for everyone: the mover's update ``number + 1``.
        index = numbers[mover].index(number) + 1 if number in numbers[mover] else None
        if index is None or index >= len(numbers[mover]):
            continue
        told = [arrived.get((seat, numbers[seat][index])) for seat in friends if seat != mover and index < len(numbers[seat])]
        if told and all(t is not None for t in told):
            found.append(max(t for t in told if t is not None) - at)
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1)
    parser.add_argument("--game", choices=sorted(TABLES), action="append")
    arguments = parser.parse_args()
    for game in arguments.game or list(TABLES):
        latencies: list[float] = []
        messages = 0
        wall = cpu = 0.0
        for number in range(arguments.games):
            result = run(game, seed=100 + number)
            latencies += result["latencies"]
            messages += result["messages"]
            wall += result["wall"]
            cpu += result["cpu"]
        latencies.sort()
        p99 = latencies[min(len(latencies) - 1, int(len(latencies) * 0.99))] if latencies else float("nan")
        players = TABLES[game][0]
        print(
            f"{game:18} {players} seats  moves by guests {len(latencies):5}  "
            f"move to every table: median {statistics.median(latencies) * 1000:5.1f} ms, p99 {p99 * 1000:6.1f} ms  "
            f"host sent {messages / wall:7.0f} msg/s, host CPU {100 * cpu / wall:4.0f}%"
        )


if __name__ == "__main__":
    main()
