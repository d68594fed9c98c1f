"""The game-over panel: who won, the final scores, and two ways on: a rematch with the
same table and house rules, or back to the main menu."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from cardtable_gui.ui import theme as th
from cardtable_gui.ui.theme import Theme
from cardtable_gui.ui.widgets import Button


class GameOverPanel:
    def __init__(self, on_rematch: Callable[[], None], on_menu: Callable[[], None]) -> None:
        self.headline = ""
        self.lines: list[tuple[str, str, bool]] = []
        self.visible = False
        self.box = pygame.Rect(0, 0, 0, 0)
        self.rematch = Button("Rematch", on_rematch, style="primary")
        self.menu = Button("Main menu", on_menu)
        self._clock = 0.0

    def show(self, headline: str, lines: Sequence[tuple[str, str, bool]]) -> None:
        """``lines`` are (name, score, won) rows, best first."""
        self.headline = headline
        self.lines = list(lines)
        self.visible = True
        self.rematch.focused = True
        self._clock = 0.0

    def update(self, dt: float) -> None:
        self._clock += dt

    def layout(self, size: tuple[int, int], theme: Theme) -> None:
        width = min(size[0] - theme.px(40), theme.px(620))
        height = theme.px(30) + theme.px(60) + len(self.lines) * theme.px(42) + theme.px(40) + theme.px(56) + theme.px(30)
        self.box = pygame.Rect(0, 0, width, min(height, size[1] - theme.px(20)))
        self.box.center = (size[0] // 2, size[1] // 2)
        button_w = min(theme.px(220), (width - theme.px(60)) // 2)
        gap = theme.px(20)
        bottom = self.box.bottom - theme.px(30)
        self.rematch.rect = pygame.Rect(0, 0, button_w, theme.px(56))
        self.menu.rect = pygame.Rect(0, 0, button_w, theme.px(56))
        self.rematch.rect.bottomright = (self.box.centerx - gap // 2, bottom)
        self.menu.rect.bottomleft = (self.box.centerx + gap // 2, bottom)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if not self.visible:
            return False
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.menu.on_click()
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_TAB):
            self.rematch.focused, self.menu.focused = self.menu.focused, self.rematch.focused
            return True
        if not self.rematch.handle_event(event):
            self.menu.handle_event(event)
        return True

    def draw(self, surface: pygame.Surface, theme: Theme) -> None:
        if not self.visible:
            return
        theme.dim(surface, 130)
        grow = min(1.0, self._clock * 4)
        box = self.box
        theme.draw_panel(surface, box, fill=th.PANEL_LIGHT, border=th.ACCENT)
        size = max(8, round(theme.px(42) * (0.7 + 0.3 * grow)))
        headline, size = theme.fit(self.headline, size, box.width - theme.px(30), bold=True, joiner=" and ")
        title = theme.text(headline, size, th.ACCENT, bold=True)
        surface.blit(title, title.get_rect(midtop=(box.centerx, box.top + theme.px(30))))
        y = box.top + theme.px(30) + theme.px(64)
        for name, score, won in self.lines:
            colour = th.ACCENT if won else th.TEXT
            right = theme.text(score, theme.px(26), colour, bold=True)
            room = box.width - theme.px(100) - right.get_width() - theme.px(16)
            name, name_size = theme.fit(name, theme.px(26), room, bold=won, joiner=" & ")
            left = theme.text(name, name_size, colour, bold=won)
            surface.blit(left, left.get_rect(midleft=(box.left + theme.px(50), y + theme.px(18))))
            surface.blit(right, right.get_rect(midright=(box.right - theme.px(50), y + theme.px(18))))
            y += theme.px(42)
        self.rematch.draw(surface, theme)
        self.menu.draw(surface, theme)
