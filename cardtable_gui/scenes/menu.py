"""The main menu: the first thing the player sees.

Each entry opens a scene. An entry whose scene is not part of the program yet is not
shown at all (never a button that does nothing): ``MENU`` names the module and class of
each entry's scene, and the entry appears once that module exists (and, for an entry
with a ``when``, while that holds: Load game only once there is a save). Adding a
screen to the menu is one line in ``MENU``.
"""

from __future__ import annotations

import importlib
import importlib.util
import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from cardtable_gui.cards import Card
from cardtable_gui.scenes.base import Scene
from cardtable_gui.shown_text import PATH_LENGTH, drawable
from cardtable_gui.ui import theme as th
from cardtable_gui.ui.widgets import Button, FocusGroup, Label, Panel

if TYPE_CHECKING:
    from cardtable_gui.app_window import App
    from cardtable_gui.persistence import SaveStore


@dataclass(frozen=True)
class MenuEntry:
    """A menu line: its label and the scene it opens, ``SceneClass(app)`` from ``module``;
    ``when`` says whether the line is worth showing now (None: always)."""

    label: str
    module: str
    scene: str
    when: Callable[[App], bool] | None = None

    def available(self) -> bool:
        return importlib.util.find_spec(self.module) is not None

    def shown(self, app: App) -> bool:
        return self.available() and (self.when is None or self.when(app))

    def open(self, app: App) -> None:
        scene_class = getattr(importlib.import_module(self.module), self.scene)
        app.scenes.push(scene_class(app))


def saves_present(app: App) -> bool:
    """Whether the saves folder holds any save (good or bad) for the Load screen."""
    from cardtable_gui.persistence.saves import SAVE_SUFFIX, SAVES_FOLDER

    folder = app.data_dir / SAVES_FOLDER
    return folder.is_dir() and any(folder.glob(f"*{SAVE_SUFFIX}"))


MENU: tuple[MenuEntry, ...] = (
    MenuEntry("New game", "cardtable_gui.scenes.setup", "SetupScene"),
    MenuEntry("Load game", "cardtable_gui.scenes.load", "LoadScene", when=saves_present),
    MenuEntry("Play with friends", "cardtable_gui.scenes.friends", "FriendsScene"),
    MenuEntry("Learn to play", "cardtable_gui.scenes.tutorial", "TutorialScene"),
    MenuEntry("Rules", "cardtable_gui.scenes.rules_book", "RulesBookScene"),
    MenuEntry("Settings", "cardtable_gui.scenes.settings", "SettingsScene"),
    MenuEntry("Statistics", "cardtable_gui.scenes.statistics", "StatisticsScene"),
)
"""Entries in order; "Continue" (when there is an autosaved game) follows "New game",
and "Quit" ends the list."""

FAN = ("AS", "AH", "AC", "AD")
"""The cards fanned above the title."""


def autosave_present(app: App) -> bool:
    """Whether there is an unfinished game to continue (without reading it yet)."""
    if importlib.util.find_spec("cardtable_gui.persistence") is None:
        return False
    from cardtable_gui.persistence import SaveStore

    path = SaveStore(app.data_dir).autosave_path
    return path.exists() or path.with_name(path.name + ".bak").exists()


def continue_game(app: App, refresh: Callable[[], None]) -> None:
    """Reopen the autosaved game at the table, exactly where it was (the save is
    replayed once, while it is checked). A save that cannot be read is left on disk
    untouched; the player is told why and may move it aside, after which ``refresh``
    lets the menu drop its Continue."""
    from cardtable_gui.persistence import SaveError, SaveStore

    store = SaveStore(app.data_dir)
    try:
        game = store.open_autosave()
    except SaveError as error:
        offer_to_move_aside(app, store, error.message, refresh)
        return
    if game is None:
        app.toast("There is no unfinished game to continue.")
        return
    from cardtable_gui.scenes.table import TableScene
    from cardtable_gui.scenes.table.layout_registry import NoTableYet

    try:
        scene = TableScene(app, game.config, resume=game)
    except NoTableYet as error:
        app.toast(str(error), 6.0)
        return
    if game.path != store.autosave_path:
        app.toast("The latest autosave could not be read; the game goes on from the move before it.", 6.0)
    app.scenes.push(scene)


def offer_to_move_aside(app: App, store: SaveStore, problem: str, refresh: Callable[[], None]) -> None:
    """Say why the autosave cannot be continued, and offer to rename it out of the way
    (nothing is deleted; the player may also keep it as it is)."""
    from cardtable_gui.persistence import SaveError
    from cardtable_gui.scenes.dialog import Answer, Dialog

    def move_aside() -> None:
        try:
            moved = [store.move_aside(path) for path in store.autosave_files()]
        except SaveError as error:
            app.toast(error.message, 6.0)
        else:
            names = ", ".join(drawable(path.name) for path in moved)
            folder = drawable(str(store.directory), limit=PATH_LENGTH)
            app.toast(f"Moved aside as {names} in {folder}.", 6.0)
        refresh()

    message = (
        f"{problem} The file is kept exactly as it is. Move it aside to make a fresh start? "
        "It stays in the data folder under a new name, so nothing is deleted."
    )
    answers = [Answer("Move aside", move_aside, "danger"), Answer("Keep it", None, "quiet")]
    app.scenes.push(Dialog(app, "The last game can't be continued", message, answers, focus=1))


class MenuScene(Scene):
    """Title, the games on offer, and the menu entries, navigable by mouse or keyboard."""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.title = Label("Card Table", 92, colour=th.TEXT, bold=True, align="center")
        self.tagline = Label("Five card games at one table", 28, colour=th.TEXT, align="center")
        self.games = Label("", 21, colour=th.ACCENT, align="center", wrap=True)
        self.hint = Label(
            "Arrows and Enter to choose  \u00b7  F11 full screen  \u00b7  F12 screenshot",
            17,
            colour=th.TEXT_DIM,
        )
        self.panel = Panel()
        self.buttons: list[Button] = []
        self.focus = FocusGroup(lambda: self.buttons, arrows=True)
        self._fan: list[tuple[pygame.Surface, pygame.Rect]] = []

    def enter(self) -> None:
        self._build_buttons()
        super().enter()

    def refresh(self) -> None:
        """Rebuild the entries after a change on disk (an autosave moved aside)."""
        self._build_buttons()
        self.layout(self.app.screen.get_size())

    def _build_buttons(self) -> None:
        """The entries available now; a game saved since the last visit adds Continue."""
        buttons = []
        resume: Button | None = None
        can_continue = autosave_present(self.app)
        for index, entry in enumerate(MENU):
            if entry.shown(self.app):
                main = index == 0 and not can_continue
                buttons.append(Button(entry.label, lambda e=entry: e.open(self.app), style="primary" if main else "normal"))
            if index == 0 and can_continue:
                # The game in progress is what a returning player most likely wants.
                resume = Button("Continue", lambda: continue_game(self.app, self.refresh), style="primary")
                buttons.append(resume)
        buttons.append(Button("Quit", self.app.quit, style="quiet"))
        self.buttons = buttons
        self.focus.focus(resume or buttons[0])

    def _games_line(self) -> str:
        from cardtable_gui.rules import GAMES

        return "  \u00b7  ".join(rules.title for rules in GAMES.values())

    def layout(self, size: tuple[int, int]) -> None:
        width, height = size
        theme = self.app.theme
        margin = theme.px(56)
        button_h, gap, pad = theme.px(54), theme.px(12), theme.px(28)
        panel_w = max(theme.px(300), min(theme.px(380), width // 3))
        panel_h = len(self.buttons) * (button_h + gap) - gap + pad * 2
        self.panel.rect = pygame.Rect(0, 0, panel_w, panel_h)
        self.panel.rect.center = (width - margin - panel_w // 2, height // 2)
        for index, button in enumerate(self.buttons):
            button.rect = pygame.Rect(
                self.panel.rect.x + pad, self.panel.rect.y + pad + index * (button_h + gap), panel_w - pad * 2, button_h
            )
        column = pygame.Rect(margin, 0, self.panel.rect.left - margin * 2, height)
        card_w = min(theme.px(118), column.width // 4)
        card_h = round(card_w * 1.4)
        block_h = card_h + theme.px(40 + 96 + 14 + 32 + 8 + 50)
        fan_top = max(margin // 2, (height - block_h) // 2)
        title_top = fan_top + card_h + theme.px(40)
        self.title.rect = pygame.Rect(column.x, title_top, column.width, theme.px(96))
        self.tagline.rect = pygame.Rect(column.x, self.title.rect.bottom + theme.px(14), column.width, theme.px(32))
        self.games.text = self._games_line()
        self.games.rect = pygame.Rect(column.x, self.tagline.rect.bottom + theme.px(8), column.width, theme.px(60))
        self.hint.rect = pygame.Rect(margin // 2, height - theme.px(36), width - margin, theme.px(24))
        self._fan = self._fan_cards((column.centerx, fan_top + card_h // 2 + theme.px(10)), card_w)

    def _fan_cards(self, centre: tuple[int, int], card_w: int) -> list[tuple[pygame.Surface, pygame.Rect]]:
        placed = []
        spread = 14.0
        for index, notation in enumerate(FAN):
            angle = (index - (len(FAN) - 1) / 2) * spread
            face = self.app.art.face(Card.parse(notation), card_w)
            turned = pygame.transform.rotozoom(face, -angle, 1.0)
            radians = math.radians(angle)
            lift = card_w * 2.2
            x = centre[0] + math.sin(radians) * lift
            y = centre[1] + (1 - math.cos(radians)) * lift
            placed.append((turned, turned.get_rect(center=(round(x), round(y)))))
        return placed

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEMOTION:
            hovered = next((b for b in self.buttons if b.rect.collidepoint(event.pos)), None)
            if hovered is not None:
                self.focus.focus(hovered)
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.focus.focus(self.buttons[-1])
            return
        for button in self.buttons:
            if button.handle_event(event):
                return
        self.focus.handle_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        theme = self.app.theme
        theme.draw_background(surface)
        shadow = theme.px(4)
        for image, rect in self._fan:
            surface.blit(image, rect)
        title_shadow = theme.text(self.title.text, theme.px(self.title.size), (0, 0, 0, 90), True)
        place = title_shadow.get_rect(center=self.title.rect.center).move(shadow, shadow)
        surface.blit(title_shadow, place)
        self.title.draw(surface, theme)
        rule_y = self.title.rect.bottom - theme.px(2)
        half = min(theme.px(150), self.title.rect.width // 3)
        pygame.draw.line(surface, th.ACCENT, (self.title.rect.centerx - half, rule_y), (self.title.rect.centerx + half, rule_y), max(1, theme.px(2)))
        self.tagline.draw(surface, theme)
        self.games.draw(surface, theme)
        self.panel.draw(surface, theme)
        for button in self.buttons:
            button.draw(surface, theme)
        self.hint.draw(surface, theme)
