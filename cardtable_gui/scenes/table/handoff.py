"""The pass-and-play cover: when the turn moves to another person at the same screen,
the whole table is hidden behind "Pass to Ana" until Ana says she is ready.

While the cover is up the table draws nothing but this cover, so no card of any hand
can be glimpsed by the wrong person.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from cardtable_gui.ui import theme as th
from cardtable_gui.ui.theme import Theme
from cardtable_gui.ui.widgets import Button


class HandoffCover:
    """A full-window cover naming the next player, with a button they press."""

    def __init__(self, on_ready: Callable[[int], None]) -> None:
        self.on_ready = on_ready
        self.seat: int | None = None
        self.name = ""
        self.reason = ""
        self.box = pygame.Rect(0, 0, 0, 0)
        self.button = Button("", self._ready, style="primary")

    @property
    def visible(self) -> bool:
        return self.seat is not None

    def show(self, seat: int, name: str, reason: str) -> None:
        """Cover the table for ``seat``; ``reason`` says what they are about to do."""
        self.seat = seat
        self.name = name
        self.reason = reason
        self.button.text = f"I'm {name}: show my cards"
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
        self.box = pygame.Rect(0, 0, width, theme.px(250))
        self.box.center = (size[0] // 2, size[1] // 2)
        self.button.rect = pygame.Rect(0, 0, min(width - theme.px(60), theme.px(380)), theme.px(56))
        self.button.rect.midbottom = (self.box.centerx, self.box.bottom - theme.px(28))

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Every event is the cover's while it is up; Enter or Space also confirms."""
        if not self.visible:
            return False
        self.button.handle_event(event)
        return True

    def draw(self, surface: pygame.Surface, theme: Theme) -> None:
        theme.draw_background(surface)
        theme.draw_panel(surface, self.box, fill=th.PANEL_LIGHT)
        title = theme.text(f"Pass to {self.name}", theme.px(40), th.ACCENT, bold=True)
        surface.blit(title, title.get_rect(midtop=(self.box.centerx, self.box.top + theme.px(30))))
        font = theme.font(theme.px(20))
        y = self.box.top + theme.px(88)
        for line in theme.wrap(self.reason, font, self.box.width - theme.px(60)):
            text = theme.text(line, theme.px(20), th.TEXT_DIM)
            surface.blit(text, text.get_rect(midtop=(self.box.centerx, y)))
            y += font.get_linesize()
        self.button.draw(surface, theme)
