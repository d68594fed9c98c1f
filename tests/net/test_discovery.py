"""A hosted game is heard by name on the local network (here: the loopback) and is gone
from the list once the host stops announcing it. (An announcement is never given the
join code, so it cannot carry it.)"""

from __future__ import annotations

import time

from cardtable_gui.net.discovery import Announcement, Listing

LOOPBACK = ["127.0.0.1"]


def _wait(listing: Listing, port: int, count: int, seconds: float = 8.0) -> list:
    """The games heard on ``port`` once there are ``count`` (or when time is up): a game
    someone else hosts on this machine's network is none of the test's business."""
    deadline = time.monotonic() + seconds
    while True:
        games = [game for game in listing.games() if game.port == port]
        if len(games) == count or time.monotonic() >= deadline:
            return games
        time.sleep(0.05)


def test_a_hosted_game_is_listed_by_its_title_game_players_and_address() -> None:
    listing = Listing(interfaces=LOOPBACK)
    announcement = Announcement("Ada's Spades", "spades", 47999, 4, interfaces=LOOPBACK)
    try:
        games = _wait(listing, 47999, 1)
        assert [(g.title, g.game, g.players, g.address, g.port, g.joinable) for g in games] == [
            ("Ada's Spades", "spades", 4, "127.0.0.1", 47999, True)
        ]
    finally:
        announcement.close()
    try:
        assert _wait(listing, 47999, 0) == []
    finally:
        listing.close()


def test_an_announcement_closed_twice_is_simply_closed() -> None:
    """The host's table withdraws the game, and the program withdraws it again on its
    way out."""
    announcement = Announcement("Ada's Spades", "spades", 47998, interfaces=LOOPBACK)
    announcement.close()
    announcement.close()


def test_the_list_hears_how_the_seats_stand_as_the_host_tells_it() -> None:
    """A friend whose program restarted saw nothing in the list to say the game was
    theirs, under way and waiting for them."""
    listing = Listing(interfaces=LOOPBACK)
    announcement = Announcement("Ada's Spades", "spades", 47997, 4, interfaces=LOOPBACK)
    try:
        announcement.update(False, 2, [])
        deadline = time.monotonic() + 8
        while [(g.under_way, g.free) for g in _wait(listing, 47997, 1)] != [(False, 2)]:
            assert time.monotonic() < deadline, "the free seats were heard"
            time.sleep(0.05)
        announcement.update(True, 0, ["Cleo", "Dev"])
        while [(g.under_way, g.waiting_for) for g in _wait(listing, 47997, 1)] != [(True, ("Cleo", "Dev"))]:
            assert time.monotonic() < deadline, "the game under way and waiting for Cleo and Dev was heard"
            time.sleep(0.05)
    finally:
        announcement.close()
        listing.close()
