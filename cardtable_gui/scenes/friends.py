"""Play with friends: host a game for friends at their own computers, or join one.

The left half hosts: the game, how many play, and who sits in each seat (you in the
first, each other seat a friend or a computer of some level). Host opens the lobby with
the join code. The right half joins: games hosted on this network are listed by name
(a click fills in the address), or the address is typed; then the code the host reads
out, and Join opens the lobby. Every problem (a port in use, a code typed wrong) is said
on the page, and the page stays.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import pygame

from cardtable_gui.net.client import BadAddress, GuestClient, split_address
from cardtable_gui.net.codes import BadJoinCode, normalise
from cardtable_gui.net.discovery import HostedNearby, Listing, announce
from cardtable_gui.net.guest_match import GuestMatch
from cardtable_gui.net.hosting import HostedGame
from cardtable_gui.net.server import DEFAULT_PORT, HostError, HostServer
from cardtable_gui.rules import GAMES, get_rules
from cardtable_gui.scenes.lobby import GuestLobbyScene, HostLobbyScene
from cardtable_gui.scenes.page import PageScene
from cardtable_gui.scenes.table.guest_table import GuestTableScene
from cardtable_gui.scenes.table.hosted_table import HostedTableScene
from cardtable_gui.seats import AILevel, MatchConfig, SeatConfig, SeatKind
from cardtable_gui.ui import theme as th
from cardtable_gui.ui.widgets import Button, Choice, FocusGroup, Label, Stepper, TextInput, Widget

if TYPE_CHECKING:
    from cardtable_gui.app_window import App

log = logging.getLogger(__name__)

SEAT_KINDS: tuple[tuple[str, str], ...] = (
    ("friend", "Friend"),
    ("easy", "Computer: Easy"),
    ("medium", "Computer: Medium"),
    ("hard", "Computer: Hard"),
)
MOST_SEATS = 8
ROW = 46
"""Design height of a row of the form."""


class FriendsScene(PageScene):
    """The Play with friends page."""

    def __init__(self, app: App) -> None:
        super().__init__(app, "Play with friends")
        self.game = "spades"
        self.players = 4
        self.kinds = ["friend"] * MOST_SEATS
        self.game_choice: Choice[str] = Choice(
            [(name, rules.title) for name, rules in GAMES.items()], self.game, self._choose_game
        )
        self.count = Stepper(4, 2, 8, on_change=self._choose_count, fmt=lambda v: f"{v:g} players")
        self.seat_choices: list[Choice[str]] = [
            Choice(list(SEAT_KINDS), "friend", lambda kind, seat=seat: self._choose_kind(seat, kind))
            for seat in range(1, MOST_SEATS)
        ]
        self.host_button = Button("Host", self._host, style="primary")
        self.address = TextInput("", max_length=60, placeholder="host address, e.g. 192.168.1.20")
        self.code = TextInput("", max_length=30, placeholder="join code, e.g. 7-tiger-lamp")
        self.name = TextInput(app.settings.player_name, max_length=24, placeholder="your name")
        self.join_button = Button("Join", self._join, style="primary")
        self.nearby_buttons: list[Button] = []
        self.host_title = Label("Host a game", 28, bold=True)
        self.join_title = Label("Join a game", 28, bold=True)
        self.problem = ""
        self.listing: Listing | None = self._listen()
        self.focus = FocusGroup(self._widgets)
        self._choose_game(self.game)

    # -- the form ------------------------------------------------------------------------

    def _widgets(self) -> list[Widget]:
        seats = self.seat_choices[: self.players - 1]
        return [
            self.back,
            self.game_choice,
            self.count,
            *seats,
            self.host_button,
            *self.nearby_buttons,
            self.address,
            self.code,
            self.name,
            self.join_button,
        ]

    def _choose_game(self, game: str) -> None:
        self.game = game
        counts = get_rules(game).player_counts
        self.count.minimum, self.count.maximum = min(counts), max(counts)
        players = 4 if 4 in counts else counts[0]
        self.count.value = players
        self._choose_count(players)

    def _choose_count(self, value: float) -> None:
        counts = get_rules(self.game).player_counts
        players = int(value)
        if players not in counts:
            players = min(counts, key=lambda n: abs(n - players))
            self.count.value = players
        self.players = players
        self.layout(self.app.screen.get_size())

    def _choose_kind(self, seat: int, kind: str) -> None:
        self.kinds[seat - 1] = kind

    # -- hosting -------------------------------------------------------------------------

    def _host(self) -> None:
        rules = get_rules(self.game)
        kinds = self.kinds[: self.players - 1]
        if "friend" not in kinds:
            self.problem = "Keep at least one seat for a friend, or play New game against the computer."
            return
        name = self.name.text.strip() or self.app.settings.player_name
        seats = [SeatConfig(name=name, kind=SeatKind.HUMAN)]
        for seat, kind in enumerate(kinds, start=1):
            if kind == "friend":
                seats.append(SeatConfig(name=f"Friend {seat + 1}", kind=SeatKind.HUMAN))
            else:
                seats.append(SeatConfig(name=f"Computer {seat + 1}", kind=SeatKind.AI, level=AILevel(kind)))
        server = HostServer(port=DEFAULT_PORT)
        try:
            server.start()
        except HostError as error:
            self.problem = str(error)
            return
        announcement = announce(f"{name}'s {rules.title}", rules.name, server.port)

        def stop_hosting() -> None:
            if announcement is not None:
                announcement.close()
            server.stop()

        friends = [seat for seat, kind in enumerate(kinds, start=1) if kind == "friend"]
        hosted = HostedGame(MatchConfig(game=rules.name, seats=tuple(seats)), friends, server)
        app = self.app

        def open_table(game: HostedGame) -> None:
            app.scenes.replace(HostedTableScene(app, game, 0, stop_hosting))

        where = f"with this computer's address and port {server.port}"
        self.problem = ""
        app.scenes.push(HostLobbyScene(app, hosted, 0, where, open_table, stop_hosting))

    # -- joining -------------------------------------------------------------------------

    def _join(self) -> None:
        try:
            code = normalise(self.code.text)
            host, port = split_address(self.address.text)
        except (BadJoinCode, BadAddress) as error:
            self.problem = str(error)
            return
        name = self.name.text.strip() or self.app.settings.player_name
        client = GuestClient(f"{host}:{port}", code, name)
        client.start()
        app = self.app

        def open_table(config: MatchConfig, match: GuestMatch) -> None:
            app.scenes.replace(GuestTableScene(app, config, match))

        self.problem = ""
        app.scenes.push(GuestLobbyScene(app, client, f"{host}:{port}", open_table))

    def _listen(self) -> Listing | None:
        try:
            return Listing()
        except (OSError, RuntimeError) as error:
            log.warning("Games on this network cannot be listed: %s", error)
            return None

    def _pick(self, game: HostedNearby) -> None:
        self.address.text = game.address if game.port == DEFAULT_PORT else f"{game.address}:{game.port}"
        self.code.focused = True

    # -- the page ------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        nearby = self.listing.games() if self.listing is not None else []
        titles = [f"{g.title} ({get_rules(g.game).title if g.game in GAMES else g.game})" for g in nearby if g.joinable]
        if titles != [b.text for b in self.nearby_buttons]:
            self.nearby_buttons = [
                Button(title, lambda g=game: self._pick(g), style="quiet")
                for title, game in zip(titles, [g for g in nearby if g.joinable], strict=True)
            ][:4]
            self.layout(self.app.screen.get_size())

    def layout(self, size: tuple[int, int]) -> None:
        width, height = size
        margin = self.place_header(width)
        theme = self.app.theme
        row, gap = theme.px(ROW), theme.px(8)
        half = (width - 3 * margin) // 2
        left, right = margin, 2 * margin + half
        y = margin + theme.px(80)
        self.host_title.rect = pygame.Rect(left, y, half, row)
        self.join_title.rect = pygame.Rect(right, y, half, row)
        y += row + gap
        label_width = theme.px(90)
        self.game_choice.rect = pygame.Rect(left, y, half, row)
        y += row + gap
        self.count.rect = pygame.Rect(left, y, half, row)
        y += row + gap
        compact = max(theme.px(30), min(row, (height - y - 2 * row - margin) // max(1, self.players - 1) - gap))
        for seat, choice in enumerate(self.seat_choices, start=1):
            choice.rect = pygame.Rect(left + label_width, y, half - label_width, compact)
            choice.visible = seat < self.players
            if choice.visible:
                y += compact + gap
        self.host_button.rect = pygame.Rect(left, y + gap, theme.px(200), row)
        y = margin + theme.px(80) + row + gap
        if not self.nearby_buttons:
            y += theme.px(26)
        for button in self.nearby_buttons:
            button.rect = pygame.Rect(right, y, half, row)
            y += row + gap
        for field in (self.address, self.code, self.name):
            field.rect = pygame.Rect(right, y, half, row)
            y += row + gap
        self.join_button.rect = pygame.Rect(right, y + gap, theme.px(200), row)
        self._problem_y = max(self.host_button.rect.bottom, self.join_button.rect.bottom) + theme.px(16)

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back.on_click()
            return
        self.offer(event, self._widgets())

    def draw(self, surface: pygame.Surface) -> None:
        theme = self.draw_header(surface)
        self.host_title.draw(surface, theme)
        self.join_title.draw(surface, theme)
        for seat, choice in enumerate(self.seat_choices, start=1):
            if choice.visible:
                label = theme.text(f"Seat {seat + 1}", theme.px(20), th.TEXT_DIM)
                surface.blit(label, (self.host_title.rect.x, choice.rect.centery - label.get_height() // 2))
        for widget in self._widgets():
            if widget is not self.back:
                widget.draw(surface, theme)
        you = theme.text("Seat 1: you", theme.px(20), th.TEXT_DIM)
        surface.blit(you, (self.host_title.rect.right - you.get_width(), self.host_title.rect.centery - you.get_height() // 2))
        if not self.nearby_buttons:
            hint = theme.text("No game hosted on this network yet: type the address.", theme.px(18), th.TEXT_DIM)
            surface.blit(hint, (self.join_title.rect.x, self.join_title.rect.bottom - theme.px(4)))
        if self.problem:
            lines, size = theme.fit_lines(self.problem, theme.px(20), surface.get_width() - 2 * theme.px(40), 2)
            y = self._problem_y
            for line in lines:
                image = theme.text(line, size, th.DANGER)
                surface.blit(image, ((surface.get_width() - image.get_width()) // 2, y))
                y += size + theme.px(4)

    def close(self) -> None:
        if self.listing is not None:
            self.listing.close()
            self.listing = None

    def leave(self) -> None:
        """Stop listening for games while another page is up; it starts again on return."""
        self.close()

    def enter(self) -> None:
        if self.listing is None:
            self.listing = self._listen()
        super().enter()
