"""The lobby of a game with friends: who has taken which seat, before the cards come out.

The host's lobby shows the join code to read out and where friends can reach this
computer, fills in the seats as friends join, and starts the game once every seat kept
for a friend is taken. A friend's lobby shows the connection, then the seats, and opens
the table as soon as the host starts. Both then hand over to the ordinary table, driven
by the host's match or by the friend's ``GuestMatch``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from cardtable_gui.net.client import GuestClient, Lost
from cardtable_gui.net.guest_match import GuestMatch
from cardtable_gui.net.hosting import HostedGame
from cardtable_gui.net.messages import Bye, Refused, SeatInfo
from cardtable_gui.net.remote import RemoteGame
from cardtable_gui.net.wire import WireError
from cardtable_gui.rules import get_rules
from cardtable_gui.scenes.page import PageScene
from cardtable_gui.seats import AILevel, MatchConfig, SeatConfig, SeatKind
from cardtable_gui.ui import theme as th
from cardtable_gui.ui.widgets import Button, FocusGroup

if TYPE_CHECKING:
    from cardtable_gui.app_window import App

LINE = 26
"""Design size of the lobby's lines."""


class _Lobby(PageScene):
    """What both lobbies share: a few lines of words, the seats, and the buttons."""

    def __init__(self, app: App, title: str) -> None:
        super().__init__(app, title)
        self.lines: list[tuple[str, int, tuple[int, int, int]]] = []
        self.seats: list[str] = []
        self.buttons: list[Button] = [self.back]
        self.focus = FocusGroup(lambda: self.buttons)
        self._top = 0
        self._drawn: list[pygame.Rect] = []
        """Where the words and buttons were last drawn: toasts keep off them."""

    def layout(self, size: tuple[int, int]) -> None:
        width, height = size
        margin = self.place_header(width)
        theme = self.app.theme
        self._top = margin + theme.px(90)
        button_width, button_height = theme.px(220), theme.px(52)
        extra = [b for b in self.buttons if b is not self.back]
        x = (width - len(extra) * (button_width + theme.px(16))) // 2
        for button in extra:
            button.rect = pygame.Rect(x, height - margin - button_height, button_width, button_height)
            x += button_width + theme.px(16)

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back.on_click()
            return
        self.offer(event, self.buttons)

    def draw(self, surface: pygame.Surface) -> None:
        theme = self.draw_header(surface)
        width = surface.get_width()
        margin = theme.px(48)
        drawn: list[pygame.Rect] = []
        y = self._top
        for text, size, colour in self.lines:
            lines, fitted = theme.fit_lines(text, theme.px(size), width - 2 * margin, 3)
            for line in lines:
                image = theme.text(line, fitted, colour)
                drawn.append(surface.blit(image, ((width - image.get_width()) // 2, y)))
                y += fitted + theme.px(6)
            y += theme.px(8)
        y += theme.px(12)
        for seat in self.seats:
            text, fitted = theme.fit(seat, theme.px(LINE), width - 2 * margin)
            image = theme.text(text, fitted, th.TEXT)
            drawn.append(surface.blit(image, ((width - image.get_width()) // 2, y)))
            y += fitted + theme.px(10)
        for button in self.buttons:
            if button is not self.back:
                button.draw(surface, theme)
        self._drawn = drawn + [button.rect for button in self.buttons]

    def toast_clear(self) -> list[pygame.Rect]:
        """A toast ("Ada joined.") keeps off the join code and the seats: it lay over
        the code just as the host read it out."""
        room = self.app.theme.px(12)
        return [rect.inflate(room, room) for rect in self._drawn]


def seat_line(seat: int, info: SeatInfo, mine: int | None) -> str:
    """One seat as the lobby lists it: "Seat 2 · Ada (friend)"."""
    if info.kind == "open":
        who = "waiting for a friend to join\u2026"
    elif not info.present:
        who = f"{info.name} (lost the connection)"
    else:
        who = f"{info.name} ({'you' if seat == mine else info.kind})"
    return f"Seat {seat + 1} \u00b7 {who}"


class HostLobbyScene(_Lobby):
    """The host waits here for friends; Start opens the table for everyone."""

    def __init__(
        self,
        app: App,
        hosted: HostedGame,
        host_seat: int,
        where: str,
        open_table: Callable[[HostedGame], None],
        stop_hosting: Callable[[], None],
    ) -> None:
        super().__init__(app, f"Hosting {get_rules(hosted.config.game).title}")
        self.hosted = hosted
        self.host_seat = host_seat
        self.where = where
        self._open_table = open_table
        self._stop_hosting = stop_hosting
        self.start = Button("Start", self._start, style="primary", enabled=False)
        self.back.on_click = self.app.scenes.pop
        self.back.text = "Stop"
        self.buttons = [self.back, self.start]
        self.focus = FocusGroup(lambda: self.buttons)
        self._handed_over = False
        """The table has taken the hosting over: it stops it when it closes."""

    def update(self, dt: float) -> None:
        self.hosted.pump()
        for note in self.hosted.notes:
            self.app.toast(note, 5.0)
        self.hosted.notes.clear()
        self.start.enabled = self.hosted.can_start
        self.lines = [
            (f"Join code: {self.hosted.link.code}", 40, th.ACCENT),
            ("Friends on this network find this game in their list.", 20, th.TEXT_DIM),
            # Seen in play: the address, which a friend elsewhere must type, was lost
            # in the lobby's dimmest line.
            (f"From elsewhere they join {self.where}.", 24, th.TEXT),
            ("Start when every seat is taken." if not self.hosted.can_start else "Everyone is here: Start.", 22, th.TEXT),
        ]
        self.seats = [seat_line(seat, info, self.host_seat) for seat, info in enumerate(self.hosted.seats())]

    def _start(self) -> None:
        if self.hosted.can_start:
            self._handed_over = True
            self._open_table(self.hosted)

    def close(self) -> None:
        """Stop (or the window closing) ends the hosting, unless the table took it."""
        if not self._handed_over:
            self._stop_hosting()


class GuestLobbyScene(_Lobby):
    """A friend waits here for the host to start, then the table opens."""

    def __init__(self, app: App, client: GuestClient, address: str, open_table: Callable[[MatchConfig, GuestMatch], None]) -> None:
        super().__init__(app, "Joining a game")
        self.client = client
        self.remote = RemoteGame()
        self.address = address
        self._open_table = open_table
        self.problem: str | None = None
        self._handed_over = False
        """The table has taken the connection over: it closes it when it closes."""
        self.lines = [(f"Connecting to {address}\u2026", 24, th.TEXT)]

    def update(self, dt: float) -> None:
        if self.problem is not None:
            return
        for said in self.client.incoming():
            if isinstance(said, Refused):
                self._fail(said.message)
                return
            if isinstance(said, Bye | Lost):
                self._fail(said.reason if isinstance(said, Bye) else said.why)
                return
            try:
                self.remote.receive(said)
            except WireError as error:
                self._fail(f"The host's game could not be read: {error}")
                return
        remote = self.remote
        if remote.seat is None:
            return
        self.seats = [seat_line(seat, info, remote.seat) for seat, info in enumerate(remote.lobby)]
        # Seen in play: the page never named the game or its host.
        host = next((info.name for info in remote.lobby if info.kind == "host"), None)
        game = remote.rules.title if remote.rules is not None else "a game"
        self.title.text = f"Joining {host}'s {game}" if host else f"Joining {game}"
        self.lines = [(f"You sit in seat {remote.seat + 1}. Waiting for the host to start\u2026", 24, th.TEXT)]
        if remote.started and remote.view is not None:
            self._handed_over = True
            self._open_table(self._config(), GuestMatch(self.client, remote))

    def _config(self) -> MatchConfig:
        """The table's set-up as this computer knows it: names, who is a person, the
        house rules. No seed or deck: those stay on the host's computer."""
        remote = self.remote
        assert remote.rules is not None
        seats = tuple(
            SeatConfig(name=info.name, kind=SeatKind.AI, level=AILevel.MEDIUM)
            if info.kind == "computer"
            else SeatConfig(name=info.name, kind=SeatKind.HUMAN)
            for info in remote.lobby
        )
        return MatchConfig(game=remote.rules.name, seats=seats, options=dict(remote.options))

    def _fail(self, why: str) -> None:
        self.problem = why
        self.lines = [(why, 24, th.DANGER)]
        self.seats = []

    def close(self) -> None:
        """Back (or the window closing) leaves the game, unless the table took it."""
        if not self._handed_over:
            self.client.close("left the lobby")
