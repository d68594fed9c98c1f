"""Playing with friends through the real screens: the host's lobby fills as a friend
joins and Start opens the host's table; a friend's lobby opens their table, where they
play their own seat with the mouse and see only their own hand. The other side of each
game is played without a window, over loopback."""

from __future__ import annotations

import socket
import time
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest
from frame_support import key, type_text
from test_table_support import click, frames, make_app, play_bottom_turn, run_until

from cardtable_gui.app_window import App
from cardtable_gui.net.client import GuestClient
from cardtable_gui.net.guest_match import GuestMatch
from cardtable_gui.net.hosting import HostedGame
from cardtable_gui.net.remote import RemoteGame
from cardtable_gui.net.server import HostServer, Limits
from cardtable_gui.scenes.dialog import Answer, Dialog
from cardtable_gui.scenes.lobby import GuestLobbyScene, HostLobbyScene
from cardtable_gui.scenes.table import TableScene
from cardtable_gui.scenes.table.guest_table import GuestTableScene
from cardtable_gui.scenes.table.hosted_table import HostedTableScene
from cardtable_gui.seats import AILevel, MatchConfig, SeatConfig, SeatKind
from cardtable_gui.ui import theme as th
from tests.net.net_support import cut

CODE = "7-tiger-lamp"
WRONG_CODE = "8-tiger-lamp"


def four_seats(seed: int = 4) -> MatchConfig:
    return MatchConfig(
        game="spades",
        seats=(
            SeatConfig(name="Hosta", kind=SeatKind.HUMAN),
            SeatConfig(name="Bot A", level=AILevel.EASY),
            SeatConfig(name="Friend", kind=SeatKind.HUMAN),
            SeatConfig(name="Bot B", level=AILevel.EASY),
        ),
        seed=seed,
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
        # Seen in play: with two toasts up, "Ada joined." lay over the join code.
        app.toast("A second piece of news, to stack two toasts.", 5.0)
        frames(app, 2)
        assert app.toasts.boxes and lobby.toast_clear()
        assert all(box.collidelist(lobby.toast_clear()) == -1 for box in app.toasts.boxes)
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


def friend_joined(server: HostServer, name: str, seed: int = 4) -> tuple[HostedGame, GuestClient]:
    """A game hosted with seat 3 kept for a friend, and ``name`` joined to it."""
    hosted = HostedGame(four_seats(seed), [2], server)
    friend = GuestClient(f"127.0.0.1:{server.port}", CODE, name)
    friend.start()
    deadline = time.monotonic() + 10
    while not hosted.can_start:
        assert time.monotonic() < deadline
        hosted.pump()
        time.sleep(0.01)
    return hosted, friend


class HostPlays:
    """The host's side of a friend's game, without a window: it starts the game once
    the friend is in, its own seat plays the first legal move, and every frame it tells
    the friend the moves, until ``leave`` (the host leaving its table)."""

    def __init__(self, hosted: HostedGame, server: HostServer) -> None:
        self.hosted = hosted
        self.server = server
        self.here = True

    def __call__(self, dt: float) -> None:
        hosted = self.hosted
        if not self.here:
            return
        if hosted.match is None and hosted.can_start:
            hosted.start()
            hosted.match.ai_pace = 0
        if hosted.match is not None:
            hosted.match.poll()
            if hosted.match.to_move == 0:
                hosted.match.submit(hosted.match.legal_actions_for(0)[0])
        hosted.pump()

    def leave(self) -> None:
        """As the host's table closes: the match says goodbye, the hosting stops."""
        self.here = False
        assert self.hosted.match is not None
        self.hosted.match.close()
        self.server.stop()


def friend_at_table(app: App, server: HostServer) -> tuple[GuestTableScene, HostPlays]:
    """Ada joins from the menu's lobby and sits at her table in seat 3."""
    host = HostPlays(HostedGame(four_seats(), [2], server), server)
    app.add_frame_hook(host)
    client = GuestClient(f"127.0.0.1:{server.port}", CODE, "Ada")
    client.start()

    def open_table(config: MatchConfig, match: GuestMatch) -> None:
        app.scenes.replace(GuestTableScene(app, config, match))

    app.scenes.push(GuestLobbyScene(app, client, "here", open_table))
    run_until(app, lambda: isinstance(app.scenes.top, GuestTableScene))
    table = app.scenes.top
    assert isinstance(table, GuestTableScene)
    return table, host


def test_a_friend_s_lobby_opens_their_table_where_they_play_their_own_seat(app: App, server: HostServer) -> None:
    table, host = friend_at_table(app, server)
    hosted = host.hosted
    assert isinstance(table.match, GuestMatch)
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

    from cardtable_gui.scenes import friends

    monkeypatch.setattr(friends, "announce", lambda *args: None)
    page = friends_page(app)
    retype(app, page.port, str(free_port()))
    click(app, page.address.rect.center)
    type_text(app, "127.0.0.1")
    click(app, page.code.rect.center)
    type_text(app, "tiger lamp")
    click(app, page.join_button.rect.center)
    assert app.scenes.top is page and "7-tiger-lamp" in page.problem
    # Seen in play: a code typed wrong was said under the Host column.
    frames(app)
    assert page.problem_box.left >= page.join_button.rect.left and page.problem_box.top > page.join_button.rect.bottom
    page.problem = ""
    # Seen in play: Enter in the name field only moved on to the Join button.
    click(app, page.name.rect.center)
    key(app, pygame.K_RETURN)
    assert "7-tiger-lamp" in page.problem, "Enter joins as the button does"
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
    hosted, table, dialog = asked_about_ada(app, server, monkeypatch)
    # Seen in play: the question pops up unasked with Computer plays focused, so an
    # Enter meant for the game gave the friend's seat away.
    assert dialog.focus.current.text == "Keep waiting"
    assert f"the join code is {server.code}" in dialog.message.text
    computer = next(button for button in dialog.buttons if button.text == "Computer plays")
    click(app, computer.rect.center)
    assert app.scenes.top is table
    assert 2 not in hosted.friends and table.match.waiting_words(2) == "thinking"
    moves = len(table.match.history)
    run_until(app, lambda: 2 in table.match.movers[moves:])


def test_the_question_about_a_missing_friend_states_the_code_the_game_takes_now(
    app: App, server: HostServer, monkeypatch
) -> None:
    """Three wrong codes give the game a new one; the question the host reads the old
    one from states the new one instead."""
    _, _, dialog = asked_about_ada(app, server, monkeypatch)
    for attempt in range(3):
        guesser = GuestClient(f"127.0.0.1:{server.port}", f"{attempt + 2}-tiger-lamp", "Eve")
        guesser.start()
        guesser.wait_for(3)
    run_until(app, lambda: server.code != CODE and CODE not in dialog.message.text)
    assert app.scenes.top is dialog
    assert f"the join code is {server.code}" in dialog.message.text


def asked_about_ada(app: App, server: HostServer, monkeypatch) -> tuple[HostedGame, HostedTableScene, Dialog]:
    """The host's table, with friend Ada in seat 3 whose connection went down at once
    (no goodbye), open on the question about her."""
    from cardtable_gui.scenes.table import hosted_table

    monkeypatch.setattr(hosted_table, "MISSING_SECONDS", 0.0)
    hosted, friend = friend_joined(server, "Ada")
    table = HostedTableScene(app, hosted, 0, lambda: None)
    app.scenes.push(table)
    cut(friend)
    host_plays_until_asked(app, table, "Ada's connection is down")
    dialog = app.scenes.top
    assert isinstance(dialog, Dialog) and "Ada's connection is down" in dialog.title.text
    return hosted, table, dialog


def host_plays_until_asked(app: App, table: HostedTableScene, title: str) -> None:
    """The host plays its own turns (seat 1) until the dialog ``title`` asks it
    something."""

    def host_plays_or_asked() -> bool:
        if _dialog_titled(app, title):
            return True
        if table.match.to_move == 0 and table.match.legal_actions_for(0):
            table.match.submit(table.match.legal_actions_for(0)[0])
        return False

    run_until(app, host_plays_or_asked)
    # Seen in play: the question came up with the host's own last card still on its
    # way, and the table behind it stood a move behind until it closed.
    assert not table.animator.busy and table.match.peek_event() is None


def _cut(server: HostServer, connection: int | None) -> None:
    """The host's side of a friend's connection fails without a word, as a network
    does: the socket is aborted on the host's network thread."""
    guest = server._guests[connection]
    server._loop.call_soon_threadsafe(guest.socket.transport.abort)


def _dialog_titled(app: App, title: str) -> bool:
    from cardtable_gui.scenes.dialog import Dialog

    top = app.scenes.top
    return isinstance(top, Dialog) and top.title.text == title


def test_a_friend_s_save_is_greyed_and_says_the_host_keeps_the_game(app: App, server: HostServer) -> None:
    """Seen in play: Save stayed on at a friend's table, and said why it saved nothing
    only once pressed."""
    table, _host = friend_at_table(app, server)
    frames(app, 3)
    assert not table.save_button.enabled
    footprint = table.footprint()
    words = next(mark for mark in footprint if mark.what == "why Save is off")
    assert words.rect.top >= table.save_button.rect.bottom and words.rect.collidepoint(table.save_button.rect.centerx, words.rect.centery)
    assert words.rect in table.toolbar_rects()
    key(app, pygame.K_s, pygame.KMOD_CTRL)
    assert table.message == "The host's computer keeps this game; it is saved there."


def test_when_the_host_leaves_the_friend_s_table_says_so_and_offers_the_menu(app: App, server: HostServer) -> None:
    from cardtable_gui.scenes.menu import MenuScene

    table, host = friend_at_table(app, server)
    frames(app, 5)
    host.leave()
    run_until(app, lambda: _dialog_titled(app, "The host ended the game"))
    assert table.match.legal_actions_for(2) == []
    # Seen in play: under the question, the host's plate still said "choosing...", then
    # "to play"; and the question's words stood again in a note beneath it.
    assert table.match.to_move is None and table.match.thinking_seat is None
    assert not any(panel.active or panel.thinking for panel in table.table.panels)
    assert table.message == ""
    look = next(button for button in app.scenes.top.buttons if button.text == "Look at the table")
    click(app, look.rect.center)
    frames(app, 3)
    assert app.scenes.top is table
    assert table.message == "The host ended the game." and not table.message_is_refusal
    assert not any(panel.active or panel.thinking for panel in table.table.panels)
    click(app, table.menu_button.rect.center)
    assert isinstance(app.scenes.top, MenuScene), "a table whose game has ended leaves without asking"


def test_the_host_s_game_is_saved_and_continues_there_with_computers_in_the_friends_seats(
    app: App, server: HostServer
) -> None:
    from cardtable_gui.persistence.saves import SaveStore
    from cardtable_gui.scenes.menu import MenuScene
    from cardtable_gui.seats import SeatKind

    hosted, friend = friend_joined(server, "Gia")
    table = HostedTableScene(app, hosted, 0, server.stop)
    app.scenes.push(table)
    frames(app, 5)
    click(app, table.menu_button.rect.center)
    leave = next(button for button in app.scenes.top.buttons if button.text == "Leave")
    click(app, leave.rect.center)
    assert isinstance(app.scenes.top, MenuScene)
    told = []
    while not told or told[-1].__class__.__name__ != "Lost":
        said = friend.wait_for(5)
        assert said is not None, "the friend was told the game ended"
        told.append(said)
    assert told[-1].why == "The host ended the game."

    saved = SaveStore(app.data_dir).load_autosave()
    assert saved is not None and saved.friend_seats == (2,)
    app.settings.first_game_tips = True  # the host's first Spades game
    assert (saved.seats[2].name, saved.seats[2].kind, saved.seats[2].level) == ("Gia", SeatKind.AI, AILevel.MEDIUM)
    menu = app.scenes.top
    click(app, next(b for b in menu.buttons if b.text == "Continue").rect.center)
    resumed = app.scenes.top
    assert isinstance(resumed, TableScene) and not isinstance(resumed, HostedTableScene)
    assert resumed.match.person_seats == (0,) and not resumed.match.is_human(2)
    assert "Gia's seat is played by a Medium computer." in [toast.message for toast in app.toasts.toasts]
    # Seen in play: Spades' first bid tip came up in the game's second hand.
    assert resumed.tips is None, "a game friends played in gets no first-game tips"

    def host_plays() -> bool:
        match = resumed.match
        if match.to_move == 0 and match.legal_actions_for(0):
            match.submit(match.legal_actions_for(0)[0])
        return 2 in match.movers

    run_until(app, host_plays)
    assert resumed.seat_name(2) == "Gia (AI)", "for the rest of the game"
    # Seen in play: "Ada B (computer)" was cut to "Ada B (comput..." on the plate.
    assert not any(panel.cut(app.theme) for panel in resumed.table.panels)
    store = SaveStore(app.data_dir)
    run_until(app, lambda: store.load_autosave().actions != saved.actions)
    assert store.load_autosave().friend_seats == (2,), "a later autosave still says a computer plays for Gia"
    app.go_home()
    click(app, next(b for b in app.scenes.top.buttons if b.text == "Continue").rect.center)
    assert app.scenes.top.seat_name(2) == "Gia (AI)"


def test_a_friend_whose_connection_drops_joins_again_by_itself_and_plays_on(
    app: App, server: HostServer, monkeypatch
) -> None:
    from cardtable_gui.net import guest_match

    monkeypatch.setattr(guest_match, "RETRY_SECONDS", 0.2)
    table, host = friend_at_table(app, server)
    hosted = host.hosted
    frames(app, 5)
    _cut(server, hosted.friends[2].connection)
    run_until(app, lambda: table.message == "Connection lost: trying again\u2026")
    assert table.match.legal_actions_for(2) == []
    run_until(app, lambda: table.guest.connected)
    assert table.message != "Connection lost: trying again\u2026"
    assert hosted.friends[2].present and hosted.friends[2].name == "Ada"
    for _ in range(2):
        run_until(app, lambda: table.table.bidding.visible or bool(table.table.fan.legal))
        assert table.match.view_for(2) == hosted.match.view_for(2)
        before = len(hosted.match.history)
        play_bottom_turn(app, table)
        run_until(app, lambda: len(hosted.match.history) > before)
        assert hosted.match.movers[before] == 2


def test_a_friend_s_table_that_cannot_reach_the_host_again_offers_the_menu(
    app: App, server: HostServer, monkeypatch
) -> None:
    from cardtable_gui.net import guest_match

    monkeypatch.setattr(guest_match, "RETRY_SECONDS", 0.2)
    monkeypatch.setattr(guest_match, "RETRY_FOR_SECONDS", 1.0)
    table, host = friend_at_table(app, server)
    frames(app, 5)
    host.here = False
    _cut(server, host.hosted.friends[2].connection)
    run_until(app, lambda: table.message == "Connection lost: trying again\u2026")
    server.stop()
    run_until(app, lambda: _dialog_titled(app, "Connection lost"))
    assert "could not be reached" in app.scenes.top.message.text
    click(app, next(b for b in app.scenes.top.buttons if b.text == "Look at the table").rect.center)
    frames(app, 2)
    assert "could not be reached" in table.message, "the table keeps saying why it stands still"


# -- the way back, a game in progress, names, the port ---------------------------------


def free_port() -> int:
    """A port nothing listens on now (the system's pick)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def friends_page(app: App):
    """The menu's Play with friends page, opened with a click."""
    from cardtable_gui.scenes.friends import FriendsScene
    from cardtable_gui.scenes.menu import MenuScene

    app.go_home()
    frames(app, 2)
    menu = app.scenes.top
    assert isinstance(menu, MenuScene)
    click(app, next(b for b in menu.buttons if b.text == "Play with friends").rect.center)
    page = app.scenes.top
    assert isinstance(page, FriendsScene)
    return page


def retype(app: App, field, text: str) -> None:
    """Click ``field``, clear it with Backspace and type ``text``."""

    click(app, field.rect.center)
    for _ in range(len(field.text)):
        key(app, pygame.K_BACKSPACE)
    type_text(app, text)
    assert field.text == text


def _escape(app: App) -> None:

    key(app, pygame.K_ESCAPE)


@pytest.mark.parametrize("trouble", ["wrong code", "no host there"])
def test_back_from_a_refused_command_line_join_comes_to_the_join_form_then_the_menu(
    app: App, server: HostServer, trouble: str
) -> None:
    """``cardtable join ADDRESS WRONGCODE`` once left a blank window after Back."""
    from cardtable_gui.scenes.friends import FriendsScene
    from cardtable_gui.scenes.menu import MenuScene
    from cardtable_gui.together import open_join

    address = f"127.0.0.1:{server.port if trouble == 'wrong code' else free_port()}"
    open_join(app, address, WRONG_CODE, "Gia")
    lobby = app.scenes.top
    assert isinstance(lobby, GuestLobbyScene)
    run_until(app, lambda: lobby.problem is not None)
    click(app, lobby.back.rect.center)
    page = app.scenes.top
    assert isinstance(page, FriendsScene)
    assert (page.address.text, page.code.text, page.name.text) == (address, WRONG_CODE, "Gia")
    _escape(app)
    assert isinstance(app.scenes.top, MenuScene)


@pytest.mark.parametrize("refusal", ["TableFull", "GameStarted", "VersionMismatch"])
def test_back_from_every_refusal_of_a_join_comes_to_the_join_form(app: App, server: HostServer, monkeypatch, refusal: str) -> None:
    from cardtable_gui.net import client as client_module
    from cardtable_gui.scenes.friends import FriendsScene
    from cardtable_gui.together import open_join

    hosted, ada = friend_joined(server, "Ada")
    try:
        if refusal == "GameStarted":
            hosted.start()
        elif refusal == "VersionMismatch":
            monkeypatch.setattr(client_module, "PROTOCOL_VERSION", 999)
        open_join(app, f"127.0.0.1:{server.port}", CODE, "Gia")
        lobby = app.scenes.top
        assert isinstance(lobby, GuestLobbyScene)

        def refused() -> bool:
            hosted.pump()
            return lobby.problem is not None

        run_until(app, refused)
        _escape(app)
        assert isinstance(app.scenes.top, FriendsScene)
    finally:
        ada.close()
        if hosted.match is not None:
            hosted.match.close()


def test_stop_in_a_command_line_host_s_lobby_comes_to_the_host_form_then_the_menu(app: App, monkeypatch) -> None:
    from cardtable_gui.scenes import friends
    from cardtable_gui.scenes.menu import MenuScene
    from cardtable_gui.together import open_host

    monkeypatch.setattr(friends, "announce", lambda *args: None)
    port = free_port()
    open_host(app, "hand_and_foot", ["you", "friend", "easy", "friend"], "Hosta", port)
    lobby = app.scenes.top
    assert isinstance(lobby, HostLobbyScene)
    frames(app, 2)
    click(app, lobby.back.rect.center)
    page = app.scenes.top
    assert isinstance(page, friends.FriendsScene)
    assert (page.game, page.host_name.text, page.port.text) == ("hand_and_foot", "Hosta", str(port))
    with socket.socket() as again:
        again.bind(("0.0.0.0", port))  # Stop let go of the port
    _escape(app)
    assert isinstance(app.scenes.top, MenuScene)


def test_the_host_s_table_knows_where_friends_join_as_the_lobby_said_it(app: App, monkeypatch) -> None:
    from cardtable_gui.scenes import friends
    from cardtable_gui.together import open_host

    monkeypatch.setattr(friends, "announce", lambda *args: None)
    opened: list[tuple[object, ...]] = []
    monkeypatch.setattr(friends, "HostedTableScene", lambda *args: opened.append(args) or Dialog(app, "The table", "", [Answer("Close", None)]))
    open_host(app, "spades", ["you", "friend", "easy", "easy"], "Hosta", free_port())
    lobby = app.scenes.top
    assert isinstance(lobby, HostLobbyScene)
    lobby._open_table(lobby.hosted)
    assert opened[0][-1] == lobby.where and ", port " in lobby.where
    lobby._stop_hosting()


def _game_in_progress(app: App) -> str:
    from cardtable_gui.persistence.saves import SaveStore
    from test_table_support import spades_config, start_table

    start_table(app, spades_config())
    frames(app, 3)
    app.go_home()
    saved = SaveStore(app.data_dir).load_autosave()
    assert saved is not None
    return saved.model_dump_json()


def _autosave(app: App) -> str | None:
    from cardtable_gui.persistence.saves import SaveStore

    saved = SaveStore(app.data_dir).load_autosave()
    return None if saved is None else saved.model_dump_json()


def test_hosting_from_the_command_line_asks_before_it_replaces_a_game_in_progress(app: App, monkeypatch) -> None:
    from cardtable_gui.scenes import friends
    from cardtable_gui.together import open_host

    monkeypatch.setattr(friends, "announce", lambda *args: None)
    kept = _game_in_progress(app)
    open_host(app, "hand_and_foot", ["you", "friend", "easy", "friend"], "Hosta", free_port())
    assert _dialog_titled(app, "Host a game?")
    click(app, next(b for b in app.scenes.top.buttons if b.text == "Cancel").rect.center)
    assert isinstance(app.scenes.top, friends.FriendsScene)
    frames(app, 3)
    assert _autosave(app) == kept, "the Spades game in progress is still there to continue"


def test_cancel_to_the_command_line_s_question_shows_the_seats_it_named(app: App, monkeypatch) -> None:
    """Seats 2-4 came back all "Friend" instead of the --seats given."""
    from cardtable_gui.scenes import friends
    from cardtable_gui.together import open_host

    monkeypatch.setattr(friends, "announce", lambda *args: None)
    _game_in_progress(app)
    port = free_port()
    open_host(app, "spades", ["you", "medium", "friend", "medium"], "Hosta", port)
    click(app, next(b for b in app.scenes.top.buttons if b.text == "Cancel").rect.center)
    page = app.scenes.top
    assert isinstance(page, friends.FriendsScene)
    assert (page.game, page.players, page.host_name.text, page.port.text) == ("spades", 4, "Hosta", str(port))
    assert [choice.value for choice in page.seat_choices[:3]] == ["medium", "friend", "medium"]
    click(app, page.host_button.rect.center)
    click(app, next(b for b in app.scenes.top.buttons if b.text == "Discard").rect.center)
    lobby = app.scenes.top
    assert isinstance(lobby, HostLobbyScene)
    frames(app, 2)
    kinds = [line.split(" \u00b7 ")[1] for line in lobby.seats]
    assert kinds == ["Hosta (you)", "Ada (computer)", "waiting for a friend to join\u2026", "Bruno (computer)"]


def test_hosting_from_the_menu_asks_before_it_replaces_a_game_in_progress(app: App, monkeypatch) -> None:
    from cardtable_gui.scenes import friends

    monkeypatch.setattr(friends, "announce", lambda *args: None)
    kept = _game_in_progress(app)
    page = friends_page(app)
    retype(app, page.port, str(free_port()))
    click(app, page.host_button.rect.center)
    assert _dialog_titled(app, "Host a game?")
    click(app, next(b for b in app.scenes.top.buttons if b.text == "Cancel").rect.center)
    assert app.scenes.top is page and _autosave(app) == kept
    click(app, page.host_button.rect.center)
    click(app, next(b for b in app.scenes.top.buttons if b.text == "Discard").rect.center)
    assert isinstance(app.scenes.top, HostLobbyScene)


class _Heard:
    """A listing of the local network that has heard ``games``."""

    def __init__(self, *games) -> None:
        self.heard = list(games)

    def games(self) -> list:
        return self.heard

    def close(self) -> None:
        self.heard = []


def test_the_join_list_names_each_game_once_and_how_many_play(app: App, monkeypatch) -> None:
    """It read "Bea's Hand and Foot (Hand and Foot)"."""
    from cardtable_gui.net.discovery import HostedNearby
    from cardtable_gui.net.messages import PROTOCOL_VERSION
    from cardtable_gui.scenes import friends

    heard = [
        HostedNearby("Bea's Hand and Foot", "hand_and_foot", "192.168.1.20", 47474, PROTOCOL_VERSION, players=4),
        HostedNearby("Cy's table", "spades", "192.168.1.21", 47475, PROTOCOL_VERSION, players=4, free=1),
        HostedNearby("Di's Spades", "spades", "192.168.1.22", 47476, PROTOCOL_VERSION, players=4, free=0),
        HostedNearby(
            "Ed's Spades", "spades", "192.168.1.23", 47477, PROTOCOL_VERSION, players=4, under_way=True, free=0,
            waiting_for=("Cleo", "Dev"),
        ),
    ]
    monkeypatch.setattr(friends, "Listing", lambda: _Heard(*heard))
    page = friends_page(app)
    frames(app, 2)
    assert [button.text for button in page.nearby_buttons] == [
        "Bea's Hand and Foot \u00b7 4 players",
        "Cy's table \u00b7 Spades \u00b7 4 players \u00b7 1 seat free",
        "Di's Spades \u00b7 4 players \u00b7 every seat taken",
        "Ed's Spades \u00b7 4 players \u00b7 under way, waiting for Cleo and Dev",
    ]
    click(app, page.nearby_buttons[1].rect.center)
    assert page.address.text == "192.168.1.21:47475"


def test_the_host_s_seat_carries_a_real_name_to_the_friends_and_you_at_home(app: App, monkeypatch) -> None:
    """With no name given the host was "You" to the friends: "You's Spades"."""
    from cardtable_gui.net import names
    from cardtable_gui.scenes import friends

    monkeypatch.setattr(names.getpass, "getuser", lambda: "gia")
    announced: list[str] = []
    monkeypatch.setattr(friends, "announce", lambda title, *args: announced.append(title))
    page = friends_page(app)
    assert page.host_name.text == "Gia"
    port = free_port()
    retype(app, page.port, str(port))
    click(app, page.host_button.rect.center)
    lobby = app.scenes.top
    assert isinstance(lobby, HostLobbyScene)
    assert announced == ["Gia's Spades"] and app.settings.friends_name == "Gia"
    client = GuestClient(f"127.0.0.1:{port}", lobby.hosted.link.code, "Ada")
    client.start()
    remote = RemoteGame()
    try:
        deadline = time.monotonic() + 10
        while remote.seat is None or not remote.lobby:
            assert time.monotonic() < deadline
            frames(app)
            for said in client.incoming():
                remote.receive(said)
        assert remote.seat_name(0) == "Gia"
        assert all(remote.seat_name(seat) != "You" for seat in range(4))
    finally:
        client.close()


def test_the_host_s_own_table_calls_the_host_you(app: App, server: HostServer) -> None:
    hosted, friend = friend_joined(server, "Ada")
    try:
        table = HostedTableScene(app, hosted, 0, lambda: None)
        app.scenes.push(table)
        frames(app, 2)
        assert hosted.config.seats[0].name == "Hosta" and table.seat_name(0) == "You"
    finally:
        friend.close()


def test_a_friend_s_table_never_calls_another_seat_you(app: App, server: HostServer) -> None:
    table, host = friend_at_table(app, server)
    run_until(app, lambda: table.table.bidding.visible or bool(table.table.fan.legal))
    assert [table.seat_name(seat) for seat in (0, 1, 3)] == ["Hosta", "Bot A", "Bot B"]


def test_the_host_form_takes_a_port_from_1024_and_says_when_it_is_taken(app: App, monkeypatch) -> None:
    from cardtable_gui.scenes import friends

    monkeypatch.setattr(friends, "announce", lambda *args: None)
    monkeypatch.setattr(friends, "local_addresses", lambda: ["192.168.1.20"])
    page = friends_page(app)
    assert page.port.text == "47474"
    retype(app, page.port, "80")
    click(app, page.host_button.rect.center)
    assert app.scenes.top is page and "1024 to 65535" in page.problem
    with socket.socket() as taken:
        taken.bind(("0.0.0.0", 0))
        taken.listen()
        retype(app, page.port, str(taken.getsockname()[1]))
        click(app, page.host_button.rect.center)
        assert app.scenes.top is page and "already in use" in page.problem
    port = free_port()
    retype(app, page.port, str(port))
    click(app, page.host_button.rect.center)
    lobby = app.scenes.top
    assert isinstance(lobby, HostLobbyScene)
    frames(app, 2)
    assert f"at 192.168.1.20, port {port}" in lobby.lines[2][0]


def test_the_host_s_leave_dialog_says_it_ends_the_game_for_the_friends(app: App, server: HostServer) -> None:
    hosted, friend = friend_joined(server, "Gia")
    try:
        table = HostedTableScene(app, hosted, 0, lambda: None)
        app.scenes.push(table)
        frames(app, 3)
        click(app, table.menu_button.rect.center)
        assert _dialog_titled(app, "Leave the table?")
        words = app.scenes.top.message.text
        assert "ends the game for your friends" in words and "computers in their seats" in words
        # Seen in play: "(A friend whose connection drops joins again with the code ...)"
        # read as if a friend could still join once the host has left. The table
        # itself shows the code while a friend is away.
        assert server.code not in words
        # Seen in play: Enter pressed Leave, ending the game for every friend.
        assert app.scenes.top.focus.current.text == "Stay"
    finally:
        friend.close()


# -- the host serves the friends whatever is over its table ----------------------------


def _back_at_table(app: App, server: HostServer, name: str) -> RemoteGame:
    """``name`` starts their table again and joins: what they are told, once they sit
    at the game again (their seat and the game as it stands)."""
    client = GuestClient(f"127.0.0.1:{server.port}", CODE, name)
    client.start()
    remote = RemoteGame()
    run_until(app, lambda: _heard(client, remote) and remote.seat is not None and remote.view is not None, limit=100)
    return remote


def _heard(client: GuestClient, remote: RemoteGame) -> bool:
    for said in client.incoming():
        remote.receive(said)
    return True


def _gone(app: App, table: HostedTableScene, friend: GuestClient) -> None:
    """The friend leaves (their program closes, saying goodbye); the host's table notes it."""
    friend.close()
    run_until(app, lambda: not table.hosted.friends[2].present)


def _asked_about_gia(app: App, server: HostServer, monkeypatch) -> tuple[HostedGame, HostedTableScene]:
    """Gia's program ends mid-game and the host plays on until asked about her (at
    once, not after the usual wait)."""
    from cardtable_gui.scenes.table import hosted_table

    monkeypatch.setattr(hosted_table, "MISSING_SECONDS", 0.0)
    hosted, friend = friend_joined(server, "Gia")
    table = HostedTableScene(app, hosted, 0, lambda: None, "at 192.0.2.2, port 47474")
    app.scenes.push(table)
    _gone(app, table, friend)
    host_plays_until_asked(app, table, "Gia left the table")
    return hosted, table


def test_a_friend_sits_down_again_while_the_host_is_asked_about_them_and_the_question_closes(
    app: App, server: HostServer, monkeypatch
) -> None:
    """The friend's restarted join hung on "Connecting…" until the host answered."""
    hosted, table = _asked_about_gia(app, server, monkeypatch)
    remote = _back_at_table(app, server, "Gia")
    assert remote.seat == 2 and hosted.friends[2].present
    assert app.scenes.top is table, "the question closed itself"
    run_until(app, lambda: table.message == "Gia is back.", limit=10)
    assert 2 in hosted.friends and hosted.match.config.seats[2].is_human


def _open_rules(app: App, table: TableScene) -> None:
    click(app, table.rules_button.rect.center)


def _open_save(app: App, table: TableScene) -> None:
    click(app, table.save_button.rect.center)


def _open_leave(app: App, table: TableScene) -> None:
    click(app, table.menu_button.rect.center)


@pytest.mark.parametrize("cover", [_open_rules, _open_save, _open_leave], ids=["rules", "save", "leave"])
def test_a_friend_sits_down_again_while_a_page_or_question_covers_the_host_s_table(
    app: App, server: HostServer, cover
) -> None:
    hosted, friend = friend_joined(server, "Gia")
    table = HostedTableScene(app, hosted, 0, lambda: None)
    app.scenes.push(table)
    frames(app, 3)
    _gone(app, table, friend)
    cover(app, table)
    covering = app.scenes.top
    assert covering is not table
    remote = _back_at_table(app, server, "Gia")
    assert remote.seat == 2 and remote.view == hosted.match.view_for(2)
    assert app.scenes.top is covering, "the host's page or question stays until the host closes it"


def test_the_host_s_table_says_a_friend_lost_the_connection_in_a_note_that_covers_no_plate(
    app: App, server: HostServer
) -> None:
    """A toast saying so covered Gia's own name plate."""
    from cardtable_gui.scenes.table.footprint import Kind

    hosted, friend = friend_joined(server, "Gia")
    table = HostedTableScene(app, hosted, 0, lambda: None)
    app.scenes.push(table)
    frames(app, 3)
    _cut(server, hosted.friends[2].connection)
    run_until(app, lambda: table.message == "Gia lost the connection; the seat waits for them to join again.")
    frames(app)
    footprint = table.footprint()
    plates = [mark for mark in footprint if mark.kind is Kind.TEXT and mark.what.startswith("plate")]
    notice = next(mark for mark in footprint if mark.kind is Kind.NOTE and mark.what == "message")
    assert len(plates) == 4
    assert [plate.what for plate in plates if plate.rect.colliderect(notice.rect)] == []
    assert not any(box.colliderect(plate.rect) for box in app.toasts.boxes for plate in plates)


class _QuietLine:
    """A friend's connection on which the host says nothing more."""

    def incoming(self) -> list:
        return []

    def send(self, message) -> None:
        return

    def close(self, why: str = "") -> None:
        return


def test_the_friend_who_asks_may_i_go_out_sees_the_table_wait_for_the_host_s_answer(app: App) -> None:
    """Bea's plate said only "choosing" while she answered her partner's question."""
    from cardtable_gui.net.hosting import update_for
    from cardtable_gui.net.messages import Lobby, SeatInfo, Welcome
    from cardtable_gui.rules import get_rules
    from cardtable_gui.rules.hand_and_foot import AskToGoOut, HandAndFootOptions, Phase
    from cardtable_gui.scenes.table.layouts.hand_and_foot import HandAndFootLayout
    from tests.scenes.test_table_hand_and_foot import first_seed, options

    opts = options(4)
    state = get_rules("hand_and_foot").new_game(4, HandAndFootOptions(**opts), seed=first_seed(4, opts))
    events = state.apply(state.legal_actions()[0])
    # A short cut to the end of a round: Ada, the friend, plays from her foot.
    state.stages[0] = state.last_stage
    events += state.apply(AskToGoOut())
    assert state.phase is Phase.ANSWER and state.to_move == 2
    remote = RemoteGame()
    remote.receive(Welcome(seat=0, game="hand_and_foot", players=4, options=opts))
    seats = [("Ada", "friend"), ("Bot A", "computer"), ("Bea", "host"), ("Bot B", "computer")]
    remote.receive(Lobby(seats=[SeatInfo(name=name, kind=kind, present=True) for name, kind in seats], started=True))
    remote.receive(update_for(0, state, events, 1, True, 2))
    match = GuestMatch(_QuietLine(), remote)
    config = MatchConfig(
        game="hand_and_foot",
        seats=tuple(SeatConfig(name=name, kind=SeatKind.AI if kind == "computer" else SeatKind.HUMAN) for name, kind in seats),
        options=opts,
    )
    table = GuestTableScene(app, config, match)
    app.scenes.push(table)
    layout = table.table
    assert isinstance(layout, HandAndFootLayout)
    plate = next(panel for position, panel in enumerate(layout.panels) if layout.seat_at(position) == 2)
    run_until(app, lambda: plate.thinking, limit=100)
    assert plate.waiting_words == "answering"


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800), (1920, 1080)])
def test_the_host_s_lobby_shows_the_code_the_address_and_every_seat_clear_of_its_buttons(
    server: HostServer, tmp_path: Path, size: tuple[int, int]
) -> None:
    from cardtable_gui.rules import GAMES

    game, players = max(((name, max(rules.player_counts)) for name, rules in GAMES.items()), key=lambda g: g[1])
    seats = tuple(
        SeatConfig(name=f"Player {seat + 1}", kind=SeatKind.HUMAN if seat < 2 else SeatKind.AI) for seat in range(players)
    )
    app = make_app(tmp_path, size)
    try:
        hosted = HostedGame(MatchConfig(game=game, seats=seats, seed=1), [1], server)
        lobby = HostLobbyScene(app, hosted, 0, "at 192.0.2.2, port 47474", lambda game: None, lambda: None)
        app.scenes.push(lobby)
        frames(app, 3)
        texts = [rect for rect in lobby._drawn if all(rect != button.rect for button in lobby.buttons)]
        assert len(texts) >= 4 + players, "the code, both ways to join, what to do next and every seat"
        window = app.screen.get_rect()
        for rect in texts:
            assert window.contains(rect)
            assert not any(rect.colliderect(button.rect) for button in lobby.buttons)
        assert any(text == "From elsewhere they join at 192.0.2.2, port 47474." and colour == th.TEXT for text, _, colour in lobby.lines)
    finally:
        app.quit()


def test_the_host_s_table_keeps_the_join_code_in_sight_while_a_friend_is_away(
    app: App, server: HostServer, monkeypatch
) -> None:
    """Seen in play: after Keep waiting the code was nowhere on the host's table, and
    a friend whose program had closed needed the address too."""
    hosted, table = _asked_about_gia(app, server, monkeypatch)
    keep = next(button for button in app.scenes.top.buttons if button.text == "Keep waiting")
    click(app, keep.rect.center)
    waiting = f"Waiting for Gia to join again at 192.0.2.2, port 47474: the join code is {CODE}."
    run_until(app, lambda: table.message == waiting, limit=20)
    frames(app, 120)
    assert table.message == waiting, "it stays while Gia is away"
    remote = _back_at_table(app, server, "Gia")
    assert remote.seat == 2
    run_until(app, lambda: table.message == "Gia is back.", limit=10)
    frames(app, 120)
    assert "join again" not in table.message


def test_the_host_s_table_tells_the_friends_while_a_page_covers_it(app: App, server: HostServer) -> None:
    """The computers wait while the host reads: the friends' tables are told, so a
    computer's plate there says whom it waits for (``HostedGame.hold``)."""
    hosted, _friend = friend_joined(server, "Gia")
    table = HostedTableScene(app, hosted, 0, lambda: None)
    app.scenes.push(table)
    frames(app, 3)
    assert not hosted.held
    _open_rules(app, table)
    frames(app, 2)
    assert app.scenes.top is not table and hosted.held
    app.scenes.pop()
    frames(app, 2)
    assert app.scenes.top is table and not hosted.held


def test_the_join_form_offers_the_last_address_and_code_again(app: App, server: HostServer, monkeypatch) -> None:
    """Seen in play: a friend whose program restarted had to ask the host for the code
    again to sit back down in a game under way."""
    from frame_support import type_text

    from cardtable_gui.net.discovery import HostedNearby
    from cardtable_gui.net.messages import PROTOCOL_VERSION
    from cardtable_gui.persistence.settings import load_settings
    from cardtable_gui.scenes import friends

    address = f"127.0.0.1:{server.port}"
    page = friends_page(app)
    click(app, page.address.rect.center)
    type_text(app, address)
    click(app, page.code.rect.center)
    type_text(app, "7 tiger lamp")
    click(app, page.join_button.rect.center)
    assert isinstance(app.scenes.top, GuestLobbyScene)
    app.scenes.top.back.on_click()
    frames(app, 2)
    heard = [
        HostedNearby("Bea's Spades", "spades", "127.0.0.1", server.port, PROTOCOL_VERSION, players=4),
        HostedNearby("Cy's Spades", "spades", "192.168.1.21", 47474, PROTOCOL_VERSION, players=4),
    ]
    monkeypatch.setattr(friends, "Listing", lambda: _Heard(*heard))
    page = friends_page(app)
    assert (page.address.text, page.code.text) == (address, CODE)
    kept, _problem = load_settings(app.data_dir)
    assert (kept.last_join_address, kept.last_join_code) == (address, CODE), "kept for after a restart"
    frames(app, 2)
    click(app, page.nearby_buttons[1].rect.center)
    assert (page.address.text, page.code.text) == ("192.168.1.21", ""), "another host's game has another code"
    click(app, page.nearby_buttons[0].rect.center)
    assert (page.address.text, page.code.text) == (address, CODE)


def test_a_friend_s_lobby_names_the_game_and_its_host(app: App, server: HostServer) -> None:
    """Seen in play: the friend's page said only "Joining a game"."""
    from cardtable_gui.together import open_join

    hosted = HostedGame(four_seats(), [2], server)
    open_join(app, f"127.0.0.1:{server.port}", CODE, "Gia")
    lobby = app.scenes.top
    assert isinstance(lobby, GuestLobbyScene)

    def seated() -> bool:
        hosted.pump()
        return lobby.remote.seat is not None and bool(lobby.seats)

    run_until(app, seated)
    assert lobby.title.text == "Joining Hosta's Spades"


def test_an_away_friend_s_plate_says_so_before_their_turn(app: App, server: HostServer) -> None:
    """Seen in play: an away friend's plate said nothing until their turn came."""
    hosted, friend = friend_joined(server, "Gia", seed=9)
    table = HostedTableScene(app, hosted, 0, lambda: None)
    app.scenes.push(table)
    frames(app, 3)
    gia = next(panel for panel in table.table.panels if panel.name == "Gia")
    assert not gia.thinking
    _gone(app, table, friend)
    frames(app, 2)
    assert table.match.to_move == 0, "the host bids first in this deal"
    assert gia.thinking and gia.waiting_words == "left the table"

