"""Play with friends: host a game for friends at their own computers, or join one.

The left half hosts: the game, how many play, who sits in each seat (you in the
first, each other seat a friend or a computer of some level), the name the friends see
at your seat and the port they connect to. Host asks first when it would replace a game
in progress, as New game does, then opens the lobby with the join code. The right half
joins: games hosted on this network are listed by name (a click fills in the address),
or the address is typed; then the code the host reads out, and Join opens the lobby.
Every problem (a port in use, a code typed wrong) is said on the page, and the page
stays. The command line's ``host`` and ``join`` open this page too, filled in, so that
Back from their lobby comes here rather than to an empty window.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import TYPE_CHECKING

import pygame

from cardtable_gui.grammar import listed
from cardtable_gui.net.addresses import local_addresses, reach_words
from cardtable_gui.net.client import BadAddress, GuestClient, split_address
from cardtable_gui.net.codes import BadJoinCode, normalise
from cardtable_gui.net.discovery import HostedNearby, Listing, announce
from cardtable_gui.net.guest_match import GuestMatch
from cardtable_gui.net.hosting import HostedGame
from cardtable_gui.net.names import BadName, default_name, hosted_seats, name_for_others
from cardtable_gui.net.server import DEFAULT_PORT, BadPort, HostError, HostServer, port_number
from cardtable_gui.rules import GAMES, get_rules
from cardtable_gui.scenes.game_in_progress import ask_before_replacing
from cardtable_gui.scenes.lobby import GuestLobbyScene, HostLobbyScene
from cardtable_gui.scenes.page import PageScene
from cardtable_gui.scenes.table.guest_table import GuestTableScene
from cardtable_gui.scenes.table.hosted_table import HostedTableScene
from cardtable_gui.seats import NAME_LIMIT, MatchConfig
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


def nearby_line(game: HostedNearby) -> str:
    """A game heard on this network as the join list shows it: its title, the game
    when the title does not name it already, how many play and how the seats stand,
    e.g. "Bea's Hand and Foot · 4 players · 1 seat free" or "Bea's Spades · 4 players ·
    under way, waiting for Cleo"."""
    parts = [game.title]
    named = get_rules(game.game).title if game.game in GAMES else game.game
    if named and named.casefold() not in game.title.casefold():
        parts.append(named)
    if game.players:
        parts.append(f"{game.players} players")
    if game.under_way:
        parts.append(f"under way, waiting for {listed(list(game.waiting_for))}" if game.waiting_for else "under way")
    elif game.free is not None:
        parts.append(f"{game.free} seat{'' if game.free == 1 else 's'} free" if game.free else "every seat taken")
    return " \u00b7 ".join(parts)


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
        settings = app.settings
        # Enter in the last fields of a form does what its button does, as a player expects.
        self.host_name = TextInput(
            default_name(settings.friends_name, settings.player_name, "Host"),
            max_length=NAME_LIMIT,
            placeholder="your name",
            on_submit=lambda _text: self._host(),
        )
        self.port = TextInput(str(DEFAULT_PORT), max_length=5, placeholder="port", on_submit=lambda _text: self._host())
        self.host_button = Button("Host", self._host, style="primary")
        # The last join is offered again: seen in play, a friend whose program restarted
        # had to ask the host for the code again to sit back down.
        self.address = TextInput(
            settings.last_join_address, max_length=60, placeholder="host address, e.g. 192.168.1.20"
        )
        self.code = TextInput(
            settings.last_join_code,
            max_length=30,
            placeholder="join code, e.g. 7-tiger-lamp",
            on_submit=lambda _text: self.join(),
        )
        self.name = TextInput(
            default_name(settings.friends_name, settings.player_name, "Friend"),
            max_length=NAME_LIMIT,
            placeholder="your name",
            on_submit=lambda _text: self.join(),
        )
        self.join_button = Button("Join", self.join, style="primary")
        self.nearby_buttons: list[Button] = []
        self.host_title = Label("Host a game", 28, bold=True)
        self.join_title = Label("Join a game", 28, bold=True)
        self.problem = ""
        self.problem_is_joins = False
        """Whether the problem shown is the Join form's: it is said under the form it
        belongs to (a code typed wrong was said under the Host column)."""
        self.problem_box = pygame.Rect(0, 0, 0, 0)
        """Where the problem was last drawn."""
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
            self.host_name,
            self.port,
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

    def fill_host(self, game: str, players: int, name: str | None, port: int | None, others: Sequence[str] = ()) -> None:
        """Fill in the host's half as a command line named it, so that Back from its
        lobby (or Cancel to its question) shows the game that was hosted. ``others``
        are the kinds of the seats besides the host's, in order (``SEAT_KINDS``' keys)."""
        self.game_choice.value = game
        self._choose_game(game)
        self.count.value = players
        self._choose_count(players)
        for seat, kind in enumerate(others[: self.players - 1], start=1):
            self.seat_choices[seat - 1].value = kind
            self._choose_kind(seat, kind)
        if name is not None:
            self.host_name.text = name
        if port is not None:
            self.port.text = str(port)

    def host_name_typed(self) -> str:
        """The host's name from the form; raises ``BadName``."""
        return name_for_others(self.host_name.text)

    def _host(self) -> None:
        self.problem_is_joins = False
        kinds = self.kinds[: self.players - 1]
        if "friend" not in kinds:
            self.problem = "Keep at least one seat for a friend, or play New game against the computer."
            return
        try:
            name = self.host_name_typed()
            port = port_number(self.port.text)
        except (BadName, BadPort) as error:
            self.problem = str(error)
            return
        seats = hosted_seats(name, 0, kinds)
        friends = [seat for seat, kind in enumerate(kinds, start=1) if kind == "friend"]
        self.host(MatchConfig(game=self.game, seats=seats), 0, friends, port)

    def host(self, config: MatchConfig, host_seat: int, friends: list[int], port: int) -> None:
        """Host ``config`` (the host at ``host_seat``, ``friends`` kept for friends) on
        ``port``, once the player has said what becomes of a game in progress: the
        hosted game takes its place at the table."""
        self.problem = ""
        self.problem_is_joins = False
        ask_before_replacing(self.app, "Host a game?", lambda: self._listen_and_open(config, host_seat, friends, port), self._complain)

    def _complain(self, problem: str) -> None:
        self.problem = problem

    def _listen_and_open(self, config: MatchConfig, host_seat: int, friends: list[int], port: int) -> None:
        rules = get_rules(config.game)
        name = config.seats[host_seat].name
        server = HostServer(port=port)
        try:
            server.start()
        except HostError as error:
            self.problem = str(error)
            return
        self.app.remember(friends_name=name)
        announcement = announce(f"{name}'s {rules.title}", rules.name, server.port, config.players)

        def stop_hosting() -> None:
            if announcement is not None:
                announcement.close()
            server.stop()

        hosted = HostedGame(config, friends, server)
        if announcement is not None:
            hosted.on_lobby = lambda: announcement.update(hosted.started, hosted.free_seats(), hosted.waiting_for())
            hosted.on_lobby()
        app = self.app

        where = reach_words(server.port, local_addresses())

        def open_table(game: HostedGame) -> None:
            app.scenes.replace(HostedTableScene(app, game, host_seat, stop_hosting, where))

        self.problem = ""
        app.scenes.push(HostLobbyScene(app, hosted, host_seat, where, open_table, stop_hosting))

    # -- joining -------------------------------------------------------------------------

    def join(self) -> None:
        """Join the game at the address typed with the code typed, under the name
        typed (what the Join button does)."""
        self.problem_is_joins = True
        try:
            code = normalise(self.code.text)
            host, port = split_address(self.address.text)
            name = name_for_others(self.name.text)
        except (BadJoinCode, BadAddress, BadName) as error:
            self.problem = str(error)
            return
        self.app.remember(friends_name=name, last_join_address=self.address.text.strip(), last_join_code=code)
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
        """Fill the address of a game from the list; the code last joined with stays only
        for the same address (another host's game has another code)."""
        self.address.fill(game.address if game.port == DEFAULT_PORT else f"{game.address}:{game.port}")
        last = self.app.settings
        self.code.fill(last.last_join_code if self.address.text == last.last_join_address else "")
        self.code.focused = True

    # -- the page ------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        nearby = self.listing.games() if self.listing is not None else []
        titles = [nearby_line(g) for g in nearby if g.joinable]
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
        port_width = theme.px(110)
        self.port.rect = pygame.Rect(left + half - port_width, y, port_width, row)
        self.host_name.rect = pygame.Rect(left + label_width, y, half - label_width - port_width - theme.px(70), row)
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
        for words, field, x in (
            ("Name", self.host_name, self.host_title.rect.x),
            ("Port", self.port, self.host_name.rect.right + theme.px(12)),
        ):
            label = theme.text(words, theme.px(20), th.TEXT_DIM)
            surface.blit(label, (x, field.rect.centery - label.get_height() // 2))
        for widget in self._widgets():
            if widget is not self.back:
                widget.draw(surface, theme)
        you = theme.text("Seat 1: you", theme.px(20), th.TEXT_DIM)
        surface.blit(you, (self.host_title.rect.right - you.get_width(), self.host_title.rect.centery - you.get_height() // 2))
        if not self.nearby_buttons:
            hint = theme.text("No game hosted on this network yet: type the address.", theme.px(18), th.TEXT_DIM)
            surface.blit(hint, (self.join_title.rect.x, self.join_title.rect.bottom - theme.px(4)))
        if self.problem:
            under = self.join_button.rect if self.problem_is_joins else self.host_button.rect
            column = self.join_title.rect if self.problem_is_joins else self.host_title.rect
            lines, size = theme.fit_lines(self.problem, theme.px(20), column.width, 3)
            y = under.bottom + theme.px(12)
            drawn = []
            for line in lines:
                image = theme.text(line, size, th.DANGER)
                drawn.append(surface.blit(image, (column.x, y)))
                y += size + theme.px(4)
            self.problem_box = drawn[0].unionall(drawn[1:])

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
