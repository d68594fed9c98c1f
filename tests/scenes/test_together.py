"""Playing with friends through the real screens: the host's lobby fills as a friend
joins and Start opens the host's table; a friend's lobby opens their table, where they
play their own seat with the mouse and see only their own hand. The other side of each
game is played without a window, over loopback."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from test_table_support import click, frames, make_app, play_bottom_turn, run_until

from cardtable_gui.app_window import App
from cardtable_gui.net.client import GuestClient
from cardtable_gui.net.guest_match import GuestMatch
from cardtable_gui.net.hosting import HostedGame
from cardtable_gui.net.remote import RemoteGame
from cardtable_gui.net.server import HostServer, Limits
from cardtable_gui.scenes.lobby import GuestLobbyScene, HostLobbyScene
from cardtable_gui.scenes.table import TableScene
from cardtable_gui.scenes.table.hosted_table import HostedTableScene
from cardtable_gui.seats import AILevel, MatchConfig, SeatConfig, SeatKind

CODE = "7-tiger-lamp"


def four_seats() -> MatchConfig:
    return MatchConfig(
        game="spades",
        seats=(
            SeatConfig(name="Hosta", kind=SeatKind.HUMAN),
            SeatConfig(name="Bot A", level=AILevel.EASY),
            SeatConfig(name="Friend", kind=SeatKind.HUMAN),
            SeatConfig(name="Bot B", level=AILevel.EASY),
        ),
        seed=4,
    )


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    app = make_app(tmp_path)
    yield app
    app.quit()


@pytest.fixture
def server() -> Iterator[HostServer]:
    host = HostServer(CODE, port=0, interface="127.0.0.1", limits=Limits(hello_seconds=5))
    host.start()
    yield host
    host.stop()


def test_the_host_s_lobby_fills_as_a_friend_joins_and_start_opens_the_table(app: App, server: HostServer) -> None:
    hosted = HostedGame(four_seats(), [2], server)
    stopped: list[bool] = []

    def open_table(game: HostedGame) -> None:
        app.scenes.replace(HostedTableScene(app, game, 0, lambda: stopped.append(True)))

    lobby = HostLobbyScene(app, hosted, 0, "here", open_table, lambda: stopped.append(True))
    app.scenes.push(lobby)
    frames(app, 3)
    assert not lobby.start.enabled
    assert "Seat 3 \u00b7 waiting for a friend to join\u2026" in lobby.seats
    friend = GuestClient(f"127.0.0.1:{server.port}", CODE, "Ada")
    friend.start()
    try:
        run_until(app, lambda: lobby.start.enabled)
        assert "Seat 3 \u00b7 Ada (friend)" in lobby.seats
        assert lobby.lines[0][0] == f"Join code: {CODE}"
        click(app, lobby.start.rect.center)
        table = app.scenes.top
        assert isinstance(table, HostedTableScene)
        assert table.match.seat_name(2) == "Ada" and not table.match.is_human(2)
        assert table.undo_button.enabled is False
        remote = RemoteGame()
        deadline = time.monotonic() + 10
        while remote.view is None:
            assert time.monotonic() < deadline
            frames(app)
            for said in friend.incoming():
                remote.receive(said)
        assert remote.seat == 2 and remote.view.hand and remote.view.hand != table.match.view_for(0).hand
    finally:
        friend.close()


def test_a_friend_s_lobby_opens_their_table_where_they_play_their_own_seat(app: App, server: HostServer) -> None:
    hosted = HostedGame(four_seats(), [2], server)
    hosted_started: list[bool] = []

    def host_side(dt: float) -> None:
        if hosted.match is None and hosted.can_start:
            hosted.start()
            hosted.match.ai_pace = 0
            hosted_started.append(True)
        if hosted.match is not None:
            hosted.match.poll()
            if hosted.match.to_move == 0:
                hosted.match.submit(hosted.match.legal_actions_for(0)[0])
        hosted.pump()

    app.add_frame_hook(host_side)
    client = GuestClient(f"127.0.0.1:{server.port}", CODE, "Ada")
    client.start()

    def open_table(config: MatchConfig, match: GuestMatch) -> None:
        app.scenes.replace(TableScene(app, config, match=match))

    app.scenes.push(GuestLobbyScene(app, client, "here", open_table))
    run_until(app, lambda: isinstance(app.scenes.top, TableScene))
    table = app.scenes.top
    assert isinstance(table, TableScene) and isinstance(table.match, GuestMatch)
    assert table.viewer == 2 and table.match.view_for(2).hand
    assert table.autosaver is None, "the host's computer keeps the game"
    made = 0
    for _ in range(3):
        run_until(app, lambda: table.table.bidding.visible or bool(table.table.fan.legal))
        before = len(hosted.match.history)
        play_bottom_turn(app, table)
        run_until(app, lambda: len(hosted.match.history) > before)
        assert hosted.match.movers[before] == 2, "the move made at the friend's table is the friend's seat's"
        made += 1
    assert made == 3
    assert table.match.view_for(2) == hosted.match.view_for(2) or table.match.position < hosted.friends[2].updates


def test_the_menu_s_play_with_friends_page_hosts_and_refuses_a_code_typed_wrong(app: App, monkeypatch) -> None:
    from frame_support import type_text

    from cardtable_gui.scenes import friends
    from cardtable_gui.scenes.menu import MenuScene

    monkeypatch.setattr(friends, "DEFAULT_PORT", 0)
    monkeypatch.setattr(friends, "announce", lambda *args: None)
    app.scenes.push(MenuScene(app))
    frames(app, 2)
    menu = app.scenes.top
    entry = next(b for b in menu.buttons if b.text == "Play with friends")
    click(app, entry.rect.center)
    page = app.scenes.top
    assert isinstance(page, friends.FriendsScene)
    click(app, page.address.rect.center)
    type_text(app, "127.0.0.1")
    click(app, page.code.rect.center)
    type_text(app, "tiger lamp")
    click(app, page.join_button.rect.center)
    assert app.scenes.top is page and "7-tiger-lamp" in page.problem
    click(app, page.host_button.rect.center)
    lobby = app.scenes.top
    assert isinstance(lobby, HostLobbyScene)
    frames(app, 2)
    assert lobby.lines[0][0].startswith("Join code: ")
    assert [line.split(" \u00b7 ")[1] for line in lobby.seats][1:] == ["waiting for a friend to join\u2026"] * 3
    click(app, lobby.back.rect.center)
    assert app.scenes.top is page


def test_the_host_is_offered_a_computer_for_a_friend_whose_connection_is_down(
    app: App, server: HostServer, monkeypatch
) -> None:
    from cardtable_gui.scenes.dialog import Dialog
    from cardtable_gui.scenes.table import hosted_table

    monkeypatch.setattr(hosted_table, "MISSING_SECONDS", 0.0)
    hosted = HostedGame(four_seats(), [2], server)
    friend = GuestClient(f"127.0.0.1:{server.port}", CODE, "Ada")
    friend.start()
    deadline = time.monotonic() + 10
    while not hosted.can_start:
        assert time.monotonic() < deadline
        hosted.pump()
        time.sleep(0.01)
    table = HostedTableScene(app, hosted, 0, lambda: None)
    app.scenes.push(table)
    friend.close()
    seat_of_host = 0

    def host_plays_or_asked() -> bool:
        if isinstance(app.scenes.top, Dialog):
            return True
        if table.match.to_move == seat_of_host and table.match.legal_actions_for(0):
            table.match.submit(table.match.legal_actions_for(0)[0])
        return False

    run_until(app, host_plays_or_asked)
    dialog = app.scenes.top
    assert isinstance(dialog, Dialog) and "Ada's connection is down" in dialog.title.text
    computer = next(button for button in dialog.buttons if button.text == "Computer plays")
    click(app, computer.rect.center)
    assert app.scenes.top is table
    assert 2 not in hosted.friends and table.match.waiting_words(2) == "thinking"
    moves = len(table.match.history)
    run_until(app, lambda: 2 in table.match.movers[moves:])
