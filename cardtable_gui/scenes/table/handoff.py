"""The pass-and-play cover: when the turn moves to another person at the same screen,
the whole table is hidden behind "Pass the screen to Ana" until Ana says she is ready.
The name stands on a line of its own and is never made part of a sentence in the first
person, so the cover reads well whatever the seat is called (even "You").

While the cover is up the table draws nothing but this cover, so no card of any hand
can be glimpsed by the wrong person. Its Menu button (or Esc) lets the players save or
leave without anyone's cards being shown first.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from cardtable_gui.ui import theme as th
from cardtable_gui.ui.theme import Theme
from cardtable_gui.ui.widgets import Button


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

    @property
    def visible(self) -> bool:
        return self.seat is not None

    def show(self, seat: int, name: str, reason: str) -> None:
        """Cover the table for ``seat``; ``reason`` says what they are about to do."""
        self.seat = seat
        self.name = name
        self.reason = reason
        self.button.focused = True

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
        if not self.visible:
            return False
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.on_menu()
            return True
        if not self.menu_button.handle_event(event):
            self.button.handle_event(event)
        return True

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
