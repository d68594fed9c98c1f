"""Setting up a new game: which game, how many players, who sits where (a person or the
computer at some level, and their names), and the house rules.

Every game in ``cardtable_gui.rules.GAMES`` is offered; its house-rules form is built
from its ``Options`` model, so a new game needs nothing here. "Start game" turns the
choices into a ``MatchConfig`` and swaps this screen for the table; when a game is in
progress (the one Continue would bring back) it asks first, offering to keep that game
as a named save. What was chosen is kept on the App (``app.last_setup``) for the rest of
the session, so coming back to the screen finds the table as it was left; the number of
players last chosen for each game is kept in the settings, for the next session too.

With two or more people at the screen nobody is called "You": the first seat's default
name becomes "Player 1", like the others.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import pygame

from cardtable_gui.grammar import listed
from cardtable_gui.rules import GAMES, GameRules
from cardtable_gui.scenes.page import PageScene
from cardtable_gui.scenes.game_in_progress import ask_before_replacing
from cardtable_gui.seats import COMPUTER_NAMES, NAME_LIMIT, AILevel, MatchConfig, SeatConfig, SeatKind
from cardtable_gui.shown_text import drawable
from cardtable_gui.ui import theme as th
from cardtable_gui.ui.form import OptionsForm
from cardtable_gui.ui.widgets import Button, Choice, FocusGroup, Label, Panel, ScrollArea, TextInput, Toggle, Widget

if TYPE_CHECKING:
    from cardtable_gui.app_window import App

"""Names the computer players get, in seat order, skipping one the player uses."""

YOU = "You"
"""The first seat's name against the computer, unless the player chose another."""

HUMAN = "human"
WHO_OPTIONS: list[tuple[str, str]] = [
    (HUMAN, "Human"),
    (AILevel.EASY.value, "Easy"),
    (AILevel.MEDIUM.value, "Medium"),
    (AILevel.HARD.value, "Hard"),
]
"""Who sits in a seat: a person at this screen, or the computer at a level."""


def person_name(index: int, taken: set[str]) -> str:
    """The name a second (third...) person at the screen starts with: "Player 2" for
    seat 2, or the next free number."""
    number = index + 1
    while f"Player {number}" in taken:
        number += 1
    return f"Player {number}"


@dataclass(frozen=True)
class SetupChoices:
    """What the setup screen showed when it was left: the game, each seat's name and
    who plays it, the house rules changed per game, and the undo agreement."""

    game: str
    seats: tuple[tuple[str, str], ...]
    options: dict[str, dict[str, Any]] = field(default_factory=dict)
    undo_in_pass_and_play: bool = False


def preferred_players(rules: GameRules[Any, Any]) -> int:
    """Four when the game allows it (the classic table), else its smallest count."""
    return 4 if 4 in rules.player_counts else rules.player_counts[0]


def players_text(rules: GameRules[Any, Any]) -> str:
    counts = rules.player_counts
    if len(counts) == 1:
        return f"{counts[0]} players"
    if list(counts) == list(range(counts[0], counts[-1] + 1)):
        return f"{counts[0]} to {counts[-1]} players"
    return f"{', '.join(str(c) for c in counts[:-1])} or {counts[-1]} players"


class SeatRow:
    """One seat's controls: its name and who plays it."""

    def __init__(self, index: int, name: str, who: str, on_change: Any, on_who: Any = None) -> None:
        self.index = index
        self.given_name = name
        """The name setup chose; while the player has not typed over it, setup may
        change it to suit who sits here."""
        self.computer_name = name if name in COMPUTER_NAMES else ""
        """The computer's name this seat had, given back when a computer sits here
        again, so the other seats' names stay where they were."""
        self.badge = Label(str(index + 1), 20, colour=th.ACCENT, bold=True, align="center")
        self.name = TextInput(name, lambda _t: on_change(), max_length=NAME_LIMIT, placeholder="Name")
        self.who: Choice[str] = Choice(WHO_OPTIONS, who, lambda _v: on_who(self) if on_who else on_change())

    def rename(self, name: str) -> None:
        """Give the seat another name of setup's own choosing."""
        self.given_name = name
        self.name.text = name
        self.name.caret = len(name)
        if name in COMPUTER_NAMES:
            self.computer_name = name

    @property
    def widgets(self) -> list[Widget]:
        return [self.badge, self.name, self.who]

    def config(self) -> SeatConfig:
        if self.who.value == HUMAN:
            return SeatConfig(name=self.name.text.strip(), kind=SeatKind.HUMAN)
        return SeatConfig(name=self.name.text.strip(), kind=SeatKind.AI, level=AILevel(self.who.value))


def free_computer_name(others: list[SeatRow], own: str = "") -> str:
    """A computer's name for a seat beside ``others``: ``own`` (the one the seat had
    with the computer) when no other seat shows it, else the first that no seat shows
    and none keeps for its own return to the computer (so a seat taken over by a
    person and given back finds its name free), or, when every free name is kept so,
    the first that no seat shows."""
    shown = {row.name.text.strip() for row in others}
    kept = {row.computer_name for row in others}
    free = [name for name in COMPUTER_NAMES if name not in shown]
    if own in free:
        return own
    return next((name for name in free if name not in kept), free[0])


class SetupScene(PageScene):
    """The New game screen."""

    def __init__(self, app: App, game: str | None = None) -> None:
        super().__init__(app, "New game")
        self.games = list(GAMES)
        last: SetupChoices | None = getattr(app, "last_setup", None)
        if game is None:
            game = last.game if last is not None else app.settings.last_game
        self.game = game if game in GAMES else self.games[0]
        self.start = Button("Start game", self.start_game, style="primary")
        self.message = Label("", 20, colour=th.DANGER, align="right", wrap=True)
        self.game_panel = Panel("Game")
        self.seat_panel = Panel("Players")
        self.rules_panel = Panel("House rules")
        self.game_buttons = [Button(GAMES[name].title, lambda n=name: self.choose_game(n)) for name in self.games]
        self.summary = Label("", 18, colour=th.TEXT_DIM, wrap=True)
        self.count_label = Label("", 19, colour=th.TEXT_DIM)
        self.count: Choice[int] | None = None
        self.sides = Label("", 18, colour=th.TEXT_DIM, wrap=True)
        """Who partners whom, where the game has partners: the seat numbers alone did
        not say it, and a player set up Hand and Foot without knowing their partner."""
        self.seat_area = ScrollArea()
        self.seats: list[SeatRow] = []
        self.undo_toggle = Toggle(last.undo_in_pass_and_play if last is not None else False)
        self.undo_label = Label("Allow undo in pass-and-play (everyone agrees)", 18, colour=th.TEXT_DIM)
        self._undo_shown = False
        """Whether the undo agreement is on the form (only with two people or more)."""
        self._seat_content: list[tuple[Widget, pygame.Rect]] = []
        self._options: dict[str, dict[str, Any]] = dict(last.options) if last is not None else {}
        self._player_counts = dict(app.settings.player_counts)
        self._seat_players: dict[int, str] = dict(app.settings.seat_players)
        """Who a new seat gets, by seat: a person, or the computer at the level last
        chosen there. A player who always plays Hard need not choose it at every seat
        again, one who made only one seat Hard finds only that one Hard, and friends at
        a shared screen find their seats set for them."""
        self._message_area = pygame.Rect(0, 0, 0, 0)
        self.form = OptionsForm(GAMES[self.game].Options, self._options.get(self.game), on_change=lambda _v: self._check())
        self.focus = FocusGroup(self._focus_order, arrows=True)
        if last is not None:
            self.seats = [
                SeatRow(index, name, who, self._check, self._who_changed)
                for index, (name, who) in enumerate(last.seats)
            ]
        self._set_game(self.game)

    # What the player chose ------------------------------------------------------------

    @property
    def rules(self) -> GameRules[Any, Any]:
        return GAMES[self.game]

    def choose_game(self, name: str) -> None:
        if name != self.game:
            self._set_game(name)
            self.layout(self.app.screen.get_size())

    def _set_game(self, name: str) -> None:
        if self.form.model is GAMES[self.game].Options:
            self._options[self.game] = self.form.changed_values()
        self.game = name
        rules = self.rules
        for button, game in zip(self.game_buttons, self.games, strict=True):
            button.style = "chosen" if game == name else "normal"
        self.summary.text = f"{players_text(rules)}. {rules.summary}"
        counts = rules.player_counts
        remembered = self._player_counts.get(name, 0)
        if remembered in counts:
            players = remembered
        else:
            players = len(self.seats) if len(self.seats) in counts else preferred_players(rules)
        if len(counts) > 1:
            self.count = Choice([(n, str(n)) for n in counts], players, self.set_players)
        else:
            self.count = None
        self.count_label.text = "Players at the table" if self.count else players_text(rules)
        self.form = OptionsForm(rules.Options, self._options.get(name), on_change=lambda _v: self._check())
        self.set_players(players, relayout=False)

    def set_players(self, players: int, relayout: bool = True) -> None:
        """Add or remove seats. The seats that stay keep their names as shown; a new
        seat is the computer's, under a name no seat uses."""
        kept = self.seats[:players]
        for index in range(len(kept), players):
            if index == 0:
                own = drawable(self.app.settings.player_name, YOU)
                kept.append(SeatRow(0, own, HUMAN, self._check, self._who_changed))
            else:
                name = free_computer_name(kept)
                who = self._seat_players.get(index, AILevel.MEDIUM.value)
                kept.append(SeatRow(index, name, who, self._check, self._who_changed))
        self.seats = kept
        for row in kept:
            if row.who.value == HUMAN and row.given_name in COMPUTER_NAMES:
                self._who_changed(row)
        self._player_counts[self.game] = players
        self.form.set_players(players)
        self._name_the_people()
        self._check()
        if relayout:
            self.layout(self.app.screen.get_size())

    def _who_changed(self, row: SeatRow) -> None:
        """A seat changed hands. If it still has the name setup gave it, it gets one
        that suits: "Player 3" for a person (seat 1 keeps the player's own name), a
        computer's name for the computer. Who sits here is who this seat gets next time."""
        if row.index > 0:
            self._seat_players[row.index] = row.who.value
        if row.index > 0 and row.name.text.strip() == row.given_name:
            others = [other for other in self.seats if other is not row]
            if row.who.value == HUMAN and row.given_name in COMPUTER_NAMES:
                row.rename(person_name(row.index, {other.name.text.strip() for other in others}))
            elif row.who.value != HUMAN and row.given_name not in COMPUTER_NAMES:
                row.rename(free_computer_name(others, row.computer_name))
        self._name_the_people()
        self._check()

    def _name_the_people(self) -> None:
        """At a shared screen the first seat is "Player 1", not "You"; back against the
        computer alone it is "You" again. A name the player typed is never changed."""
        first = self.seats[0] if self.seats else None
        if first is None or first.name.text.strip() != first.given_name:
            return
        people = sum(row.who.value == HUMAN for row in self.seats)
        if people > 1 and first.given_name == YOU:
            taken = {row.name.text.strip() for row in self.seats[1:]}
            first.rename(person_name(0, taken))
        elif people <= 1 and first.given_name == person_name(0, set()) and self.app.settings.player_name == YOU:
            first.rename(YOU)

    def choices(self) -> SetupChoices:
        """Everything chosen on the screen now, to be found again next time."""
        options = dict(self._options)
        options[self.game] = self.form.changed_values()
        return SetupChoices(
            game=self.game,
            seats=tuple((row.name.text, row.who.value) for row in self.seats),
            options=options,
            undo_in_pass_and_play=self.undo_toggle.value,
        )

    def leave(self) -> None:
        """Keep the choices for the session: Back and then New game finds them again."""
        self.app.last_setup = self.choices()
        settings = self.app.settings
        remembered = (settings.last_game, settings.player_counts, settings.seat_players)
        if remembered != (self.game, self._player_counts, self._seat_players):
            self.app.remember(
                last_game=self.game,
                player_counts=dict(self._player_counts),
                seat_players=dict(self._seat_players),
            )
        super().leave()

    def problem(self) -> str | None:
        """Why the game cannot start as chosen, in words; None when it can."""
        from cardtable_gui.scenes.table.layout_registry import LAYOUTS

        if self.game not in LAYOUTS:
            return f"Coming soon: the {self.rules.title} table. Its rules are already in the Rules book on the menu."
        seen: set[str] = set()
        for row in self.seats:
            name = row.name.text.strip()
            if not name:
                return f"Seat {row.index + 1} needs a name."
            if name.casefold() in seen:
                return f"Two seats are called {name}; give each its own name."
            seen.add(name.casefold())
        return self.form.error

    def _check(self) -> None:
        problem = self.problem()
        self.message.text = problem or ""
        self.start.enabled = problem is None
        self._place_message()
        sides = self._sides_text()
        if sides != self.sides.text or self._undo_shown != self._shared_screen():
            self.sides.text = sides
            if self.seat_area.rect.width > 0:
                self.layout(self.app.screen.get_size())

    def _sides_text(self) -> str:
        """"Sides: You and Clara against Ben and Dev." at a table with partners, under
        the house rules as chosen (or the usual ones while those cannot be played); ""
        when everyone plays alone."""
        options = self.form.validate() or self.rules.Options()
        teams = self.rules.new_game(len(self.seats), options, seed=0).teams
        if all(len(team) == 1 for team in teams):
            return ""
        names = [listed([self.seats[seat].name.text.strip() or f"Seat {seat + 1}" for seat in team]) for team in teams]
        if len(names) == 2:
            return f"Sides: {names[0]} against {names[1]}."
        return f"Sides: {'; '.join(names)}."

    def _place_message(self) -> None:
        """The message wraps inside its area beside Start, right-aligned and centred
        on the button; when even that is too tall, its text is made smaller."""
        area = self._message_area
        if area.width <= 0:
            return
        theme = self.app.theme
        for size in (20, 18, 16, 14):
            self.message.size = size
            height = self.message.height_for(theme, area.width)
            if height <= area.height:
                break
        self.message.rect = pygame.Rect(area.x, area.centery - min(height, area.height) // 2, area.width, min(height, area.height))

    def config(self) -> MatchConfig:
        """The match as chosen. Raises ``ValueError`` with a sentence when it cannot start."""
        problem = self.problem()
        if problem is not None:
            raise ValueError(problem)
        return MatchConfig(
            game=self.game,
            seats=tuple(row.config() for row in self.seats),
            options=self.form.changed_values(),
            undo_in_pass_and_play=self.undo_toggle.value and self._shared_screen(),
        )

    def start_game(self) -> None:
        """Start the table; a game in progress is not replaced without asking."""
        try:
            config = self.config()
        except ValueError as error:
            self.message.text = str(error)
            return
        ask_before_replacing(self.app, "Start a new game?", lambda: self._start(config), self._complain)

    def _complain(self, text: str) -> None:
        self.message.text = text
        self._place_message()

    def _start(self, config: MatchConfig) -> None:
        from cardtable_gui.scenes.table import TableScene

        self.app.scenes.replace(TableScene(self.app, config))

    # Layout and drawing -----------------------------------------------------------------

    def _widgets(self) -> list[Widget]:
        seat_widgets = [w for row in self.seats for w in row.widgets]
        count = [self.count] if self.count else []
        undo = [self.undo_toggle] if self._shared_screen() else []
        return [self.back, *self.game_buttons, *count, *seat_widgets, *undo, *self.form.controls, self.start]

    def _shared_screen(self) -> bool:
        """Whether two or more people are to play here, passing the screen: only then
        is there an undo to agree on."""
        return sum(row.who.value == HUMAN for row in self.seats) > 1

    def _focus_order(self) -> list[Widget]:
        return [w for w in self._widgets() if w.focusable]

    def layout(self, size: tuple[int, int]) -> None:
        width, height = size
        theme = self.app.theme
        margin, gap = self.place_header(width), theme.px(18)
        header_h = theme.px(74)
        footer_h = theme.px(78)
        body = pygame.Rect(margin, header_h, width - margin * 2, height - header_h - footer_h)
        game_w = round(body.width * 0.24)
        seat_w = round(body.width * 0.40)
        rules_w = body.width - game_w - seat_w - gap * 2
        self.game_panel.rect = pygame.Rect(body.x, body.y, game_w, body.height)
        self.seat_panel.rect = pygame.Rect(self.game_panel.rect.right + gap, body.y, seat_w, body.height)
        self.rules_panel.rect = pygame.Rect(self.seat_panel.rect.right + gap, body.y, rules_w, body.height)
        self._layout_games(theme)
        self._layout_seats(theme)
        self._fit_panel(self.game_panel, self.summary.rect.y + self.summary.height_for(theme, self.summary.rect.width))
        self._fit_panel(self.seat_panel, self.seat_area.rect.y + self.seat_area.scroller.content_height)
        inner = self._inner(self.rules_panel)
        self.form.layout(inner, theme)
        self._fit_panel(self.rules_panel, inner.y + self.form.area.scroller.content_height)
        start_w, start_h = theme.px(220), theme.px(54)
        self.start.rect = pygame.Rect(width - margin - start_w, height - footer_h + (footer_h - start_h) // 2, start_w, start_h)
        self._message_area = pygame.Rect(margin, height - footer_h + theme.px(4), self.start.rect.left - margin - gap, footer_h - theme.px(8))
        self._place_message()

    def _fit_panel(self, panel: Panel, content_bottom: int) -> None:
        """Shorten ``panel`` to end just below its content (its full height is a ceiling)."""
        floor = panel.rect.y + self.app.theme.px(150)
        bottom = min(panel.rect.bottom, max(floor, content_bottom + self.app.theme.px(22)))
        panel.rect.height = bottom - panel.rect.y
        if panel is self.rules_panel:
            self.form.area.rect.height = min(self.form.area.rect.height, bottom - self.form.area.rect.y)
            self.form.area.scroller.set_geometry(self.form.area.rect, self.form.area.scroller.content_height)
        if panel is self.seat_panel:
            self.seat_area.rect.height = min(self.seat_area.rect.height, bottom - self.seat_area.rect.y)
            self.seat_area.set_content(self._seat_content, self.seat_area.scroller.content_height)

    def _inner(self, panel: Panel) -> pygame.Rect:
        theme = self.app.theme
        pad = theme.px(18)
        top = panel.rect.y + panel.title_height(theme) + theme.px(8)
        return pygame.Rect(panel.rect.x + pad, top, panel.rect.width - pad * 2, panel.rect.bottom - pad - top)

    def _layout_games(self, theme: th.Theme) -> None:
        inner = self._inner(self.game_panel)
        button_h, gap = theme.px(44), theme.px(8)
        count = len(self.game_buttons)
        button_h = min(button_h, (inner.height // 2 - gap * count) // max(1, count))
        y = inner.y
        for button in self.game_buttons:
            button.rect = pygame.Rect(inner.x, y, inner.width, button_h)
            y += button_h + gap
        self.summary.rect = pygame.Rect(inner.x, y + theme.px(10), inner.width, inner.bottom - y - theme.px(10))

    def _layout_seats(self, theme: th.Theme) -> None:
        inner = self._inner(self.seat_panel)
        row_h, gap = theme.px(38), theme.px(10)
        y = inner.y
        self.count_label.rect = pygame.Rect(inner.x, y, inner.width // 2, row_h)
        if self.count is not None:
            count_w = min(inner.width // 2, theme.px(48) * len(self.count.options))
            self.count.rect = pygame.Rect(inner.right - count_w, y, count_w, row_h)
        y += row_h + theme.px(16)
        area = pygame.Rect(inner.x, y, inner.width, inner.bottom - y)
        self.seat_area.rect = area
        bar = max(6, area.width // 80) + theme.px(8)
        usable = area.width - bar
        badge_w = theme.px(30)
        name_w = round((usable - badge_w) * 0.40)
        who_x = badge_w + name_w + theme.px(10)
        placed: list[tuple[Widget, pygame.Rect]] = []
        top = 0
        for row in self.seats:
            placed.append((row.badge, pygame.Rect(0, top, badge_w, row_h)))
            placed.append((row.name, pygame.Rect(badge_w + theme.px(4), top, name_w - theme.px(4), row_h)))
            placed.append((row.who, pygame.Rect(who_x, top, usable - who_x, row_h)))
            top += row_h + gap
        if self.sides.text:
            sides_h = self.sides.height_for(theme, usable)
            placed.append((self.sides, pygame.Rect(0, top, usable, sides_h)))
            top += sides_h + gap
        self._undo_shown = self._shared_screen()
        if self._undo_shown:
            toggle_h = theme.px(28)
            top += theme.px(6)
            placed.append((self.undo_toggle, pygame.Rect(0, top + (row_h - toggle_h) // 2, round(toggle_h * Toggle.WIDTH), toggle_h)))
            label_x = round(toggle_h * Toggle.WIDTH) + theme.px(12)
            placed.append((self.undo_label, pygame.Rect(label_x, top, usable - label_x, row_h)))
            top += row_h + gap
        self._seat_content = placed
        self.seat_area.set_content(placed, top - gap)

    def handle_event(self, event: pygame.event.Event) -> None:
        editing = next((row.name for row in self.seats if row.name.focused), None)
        if editing is not None and event.type in (pygame.KEYDOWN, pygame.TEXTINPUT):
            if editing.handle_event(event):
                return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.scenes.pop()
            return
        count = [self.count] if self.count else []
        widgets = (self.form.area, self.seat_area, self.back, *self.game_buttons, *count, self.start)
        if self.offer(event, widgets):
            self._follow_focus()

    def _follow_focus(self) -> None:
        """Keep the focused control in view when it sits in a scrolling panel."""
        current = self.focus.current
        for area in (self.form.area, self.seat_area):
            if current in area.children:
                area.show(current)

    def update(self, dt: float) -> None:
        self.form.area.update(dt)
        self.seat_area.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        theme = self.draw_header(surface)
        for panel in (self.game_panel, self.seat_panel, self.rules_panel):
            panel.draw(surface, theme)
        for button in self.game_buttons:
            button.draw(surface, theme)
        self.summary.draw(surface, theme)
        self.count_label.draw(surface, theme)
        if self.count is not None:
            self.count.draw(surface, theme)
        self.seat_area.draw(surface, theme)
        self.form.area.draw(surface, theme)
        if not self.form.rows:
            note = theme.text("This game has no house rules to choose.", theme.text_px(19), th.TEXT_DIM)
            surface.blit(note, self._inner(self.rules_panel).topleft)
        self.message.draw(surface, theme)
        self.start.draw(surface, theme)
