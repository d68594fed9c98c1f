"""Games hosted on the same network, listed by name (zeroconf, also called Bonjour).

A host announces its game under ``SERVICE`` with the game's name, the host's name, how
many play, the protocol version and how the seats stand (free seats before the start;
once under way, whose seat waits for them); a joining computer lists what it hears. The
join code is never announced: hearing a game is not being able to join it.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import logging
import socket
import threading
from collections.abc import Sequence
from dataclasses import dataclass

from zeroconf import IPVersion, ServiceBrowser, ServiceInfo, ServiceListener, Zeroconf

from cardtable_gui.net.messages import PROTOCOL_VERSION

log = logging.getLogger(__name__)

SERVICE = "_cardtable._tcp.local."
LOOKUP_MS = 1500
AWAY_SEPARATOR = "\t"
"""Between the names of friends a game waits for (no name holds a tab)."""


@dataclass(frozen=True, slots=True)
class HostedNearby:
    """A game heard on the local network."""

    title: str
    """What the host called it, e.g. "Ada's Spades"."""
    game: str
    address: str
    port: int
    version: int
    players: int = 0
    """How many play at the table (0: the host did not say)."""
    under_way: bool = False
    free: int | None = None
    """Seats kept for friends that nobody has taken yet (None: the host did not say)."""
    waiting_for: tuple[str, ...] = ()
    """Friends whose seats wait for them to join again, once the game is under way."""

    @property
    def joinable(self) -> bool:
        """Whether this Card Table speaks the host's protocol."""
        return self.version == PROTOCOL_VERSION


class Announcement:
    """Tells the local network about a hosted game until ``close``."""

    def __init__(
        self, title: str, game: str, port: int, players: int = 0, *, interfaces: Sequence[str] | None = None
    ) -> None:
        self._zeroconf = _zeroconf(interfaces)
        self._addresses = [socket.inet_aton(address) for address in _own_addresses(interfaces)]
        self._port = port
        self._said = {"title": title, "game": game, "players": str(players), "v": str(PROTOCOL_VERSION)}
        self._info = ServiceInfo(
            SERVICE, f"{_label(title)}.{SERVICE}", addresses=self._addresses, port=port, properties=self._said
        )
        self._zeroconf.register_service(self._info, allow_name_change=True)
        self._closed = False

    def update(self, under_way: bool, free: int, waiting_for: Sequence[str]) -> None:
        """Tell the network how the seats stand now, without waiting for it: a friend
        whose program restarted saw nothing to say the game in the list was theirs,
        under way and waiting for them."""
        said = {
            **self._said,
            "on": "1" if under_way else "0",
            "free": str(free),
            "away": AWAY_SEPARATOR.join(waiting_for)[:200],
        }
        if said == self._said or self._closed:
            return
        self._said = said
        # The name and server as registered: registering may have changed the name.
        info = self._info
        self._info = ServiceInfo(
            SERVICE, info.name, addresses=self._addresses, port=self._port, properties=said, server=info.server
        )
        loop = self._zeroconf.loop
        if loop is not None:
            told = asyncio.run_coroutine_threadsafe(self._zeroconf.async_update_service(self._info), loop)
            told.add_done_callback(_log_failure)

    def close(self) -> None:
        """Withdraw the game from the network; closing again does nothing (the host's
        table closes it, and so does the program on its way out)."""
        if self._closed:
            return
        self._closed = True
        self._zeroconf.unregister_service(self._info)
        self._zeroconf.close()


class Listing(ServiceListener):
    """Listens for hosted games until ``close``; ``games`` is what it has heard."""

    def __init__(self, *, interfaces: Sequence[str] | None = None) -> None:
        self._lock = threading.Lock()
        self._found: dict[str, HostedNearby] = {}
        self._zeroconf = _zeroconf(interfaces)
        self._browser = ServiceBrowser(self._zeroconf, SERVICE, self)

    def games(self) -> list[HostedNearby]:
        with self._lock:
            return sorted(self._found.values(), key=lambda game: game.title)

    def close(self) -> None:
        self._browser.cancel()
        self._zeroconf.close()

    def add_service(self, zc: Zeroconf, type_: str, name: str) -> None:
        info = zc.get_service_info(type_, name, LOOKUP_MS)
        found = _read(info) if info is not None else None
        if found is not None:
            with self._lock:
                self._found[name] = found

    def update_service(self, zc: Zeroconf, type_: str, name: str) -> None:
        self.add_service(zc, type_, name)

    def remove_service(self, zc: Zeroconf, type_: str, name: str) -> None:
        with self._lock:
            self._found.pop(name, None)


def _read(info: ServiceInfo) -> HostedNearby | None:
    """A heard announcement as a game, or None when it is not one of ours."""
    properties = {key.decode(): (value or b"").decode(errors="replace") for key, value in info.properties.items()}
    addresses = info.parsed_addresses(IPVersion.V4Only)
    if not addresses or not properties.get("v", "").isdigit() or info.port is None:
        return None
    return HostedNearby(
        title=properties.get("title", "A Card Table game")[:60],
        game=properties.get("game", "")[:40],
        address=addresses[0],
        port=info.port,
        version=int(properties["v"]),
        players=int(properties["players"]) if properties.get("players", "").isdigit() else 0,
        under_way=properties.get("on") == "1",
        free=int(properties["free"]) if properties.get("free", "").isdigit() else None,
        waiting_for=tuple(name[:40] for name in properties.get("away", "").split(AWAY_SEPARATOR) if name),
    )


def _log_failure(told: concurrent.futures.Future[object]) -> None:
    """An update the network could not be told of leaves the list as it was; the log
    keeps why."""
    if not told.cancelled() and told.exception() is not None:
        log.warning("The game's seats could not be announced on the local network: %s", told.exception())


def _zeroconf(interfaces: Sequence[str] | None) -> Zeroconf:
    if interfaces is None:
        return Zeroconf(ip_version=IPVersion.V4Only)
    return Zeroconf(interfaces=list(interfaces), ip_version=IPVersion.V4Only)


def _own_addresses(interfaces: Sequence[str] | None) -> list[str]:
    """The addresses friends can reach this computer at: the chosen interfaces, or the
    one the computer would use to reach the wider network."""
    if interfaces is not None:
        return list(interfaces)
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("192.0.2.1", 9))
        return [probe.getsockname()[0]]
    except OSError:
        return ["127.0.0.1"]
    finally:
        probe.close()


def _label(title: str) -> str:
    """A service name from a title: at most 60 characters, no dots."""
    return title.replace(".", " ")[:60] or "Card Table"


def announce(title: str, game: str, port: int, players: int) -> Announcement | None:
    """Tell the local network about a hosted game, or None when the network cannot
    carry the announcement: friends then type the address instead."""
    try:
        return Announcement(title, game, port, players)
    except (OSError, RuntimeError) as error:
        log.warning("The game could not be announced on the local network: %s", error)
        return None
