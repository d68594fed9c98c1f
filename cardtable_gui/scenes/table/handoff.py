"""The pass-and-play cover: when the turn moves to another person at the same screen,
the whole table is hidden behind "Pass the screen to Ana" until Ana says she is ready.
The name stands on a line of its own and is never made part of a sentence in the first
person, so the cover reads well whatever the seat is called (even "You").

While the cover is up the table draws nothing but this cover, so no card of any hand
can be glimpsed by the wrong person. Its Menu button (or Esc) lets the players save or
leave without anyone's cards being shown first.

The cover opens only on a deliberate press: for a moment after it comes up
(``DEAF_SECONDS`` of the table's clock) its button answers no key and no click, and a
key already held down when it came up (the previous person's Enter, repeating) never
opens it, so a press meant for the last move cannot show the next hand to the wrong
person.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from cardtable_gui.ui import theme as th
from cardtable_gui.ui.theme import Theme
from cardtable_gui.ui.widgets import Button

DEAF_SECONDS = 0.6
"""How long, after it comes up, the cover's button ignores keys and clicks."""


class HandoffCover:
    """A full-window cover naming the next player, with a button they press."""

    def __init__(self, on_ready: Callable[[int], None], on_menu: Callable[[], None]) -> None:
        self.on_ready = on_ready
        self.on_menu = on_menu
        self.seat: int | None = None
        self.name = ""
        self.reason = ""
        self.box = pygame.Rect(0, 0, 0, 0)
        self.button = Button("Show my cards", self._ready, style="primary")
        self.menu_button = Button("Menu", on_menu, style="quiet")
        self.age = 0.0
        """Seconds of the table's clock since the cover came up."""
        self.held: set[int] = set()
        """The keys down now, followed whether or not the cover is up."""
        self.stale: set[int] = set()
        """The keys that were already down when the cover came up: not a press for it."""

    @property
    def visible(self) -> bool:
        return self.seat is not None

    def show(self, seat: int, name: str, reason: str) -> None:
        """Cover the table for ``seat``; ``reason`` says what they are about to do."""
        self.seat = seat
        self.name = name
        self.reason = reason
        self.button.focused = True
        self.button.pressed = False
        self.age = 0.0
        self.stale = set(self.held)

    def update(self, dt: float) -> None:
        if self.visible:
            self.age += dt

    @property
    def deaf(self) -> bool:
        """True while the cover is too new to be a deliberate press's answer."""
        return self.age < DEAF_SECONDS

    def hide(self) -> None:
        self.seat = None

    def _ready(self) -> None:
        seat = self.seat
        if seat is not None:
            self.hide()
            self.on_ready(seat)

    def layout(self, size: tuple[int, int], theme: Theme) -> None:
        width = min(size[0] - theme.px(40), theme.px(560))
        self.box = pygame.Rect(0, 0, width, theme.px(290))
        self.box.center = (size[0] // 2, size[1] // 2)
        self.button.rect = pygame.Rect(0, 0, min(width - theme.px(60), theme.px(320)), theme.px(56))
        self.button.rect.midbottom = (self.box.centerx, self.box.bottom - theme.px(28))
        pad = theme.px(12)
        self.menu_button.rect = pygame.Rect(pad, pad, theme.px(92), theme.px(38))

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Every event is the cover's while it is up; Enter or Space also confirms,
        Esc opens the menu choice."""
        repeat = self._follow_keys(event)
        if not self.visible:
            return False
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.on_menu()
            return True
        if self.menu_button.handle_event(event):
            return True
        pressed = event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)
        if not (pressed and (self.deaf or repeat)):
            self.button.handle_event(event)
        return True

    def _follow_keys(self, event: pygame.event.Event) -> bool:
        """Keep ``held`` up to date; True for a key down that repeats one held since
        before the cover came up."""
        if event.type == pygame.KEYDOWN:
            repeat = event.key in self.stale
            self.held.add(event.key)
            return repeat
        if event.type == pygame.KEYUP:
            self.held.discard(event.key)
            self.stale.discard(event.key)
        elif event.type == pygame.WINDOWFOCUSLOST:
            # Keys let go in another window send no key up here.
            self.held.clear()
            self.stale.clear()
        return False

    def text_rects(self, theme: Theme) -> list[pygame.Rect]:
        """Where each line of text goes (for layout tests: all inside the box)."""
        return [rect for _, rect in self._lines(theme)]

    def _lines(self, theme: Theme) -> list[tuple[pygame.Surface, pygame.Rect]]:
        inner = self.box.width - theme.px(60)
        placed: list[tuple[pygame.Surface, pygame.Rect]] = []
        y = self.box.top + theme.px(26)
        lead = theme.text("Pass the screen to", theme.px(22), th.TEXT_DIM)
        placed.append((lead, lead.get_rect(midtop=(self.box.centerx, y))))
        y += theme.px(30)
        name, size = theme.fit(self.name, theme.px(40), inner, bold=True)
        title = theme.text(name, size, th.ACCENT, bold=True)
        placed.append((title, title.get_rect(midtop=(self.box.centerx, y))))
        y += theme.px(56)
        font = theme.font(theme.px(20))
        for line in theme.wrap(self.reason, font, inner):
            text = theme.text(line, theme.px(20), th.TEXT_DIM)
            placed.append((text, text.get_rect(midtop=(self.box.centerx, y))))
            y += font.get_linesize()
        return placed

    def draw(self, surface: pygame.Surface, theme: Theme) -> None:
        theme.draw_background(surface)
        theme.draw_panel(surface, self.box, fill=th.PANEL_LIGHT)
        for image, rect in self._lines(theme):
            surface.blit(image, rect)
        self.button.draw(surface, theme)
        self.menu_button.draw(surface, theme)
