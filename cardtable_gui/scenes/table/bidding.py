"""The bidding panel: a prompt and a grid of choices, one button each.

The game supplies the choices (for Spades: Nil and 1 to 13, or before the cards are
seen, "Bid blind nil" and "Look at my cards"), so the panel knows no game. Number keys
pick a choice whose label is that number; a hint line can explain the choices.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

import pygame

from cardtable_gui.ui import theme as th
from cardtable_gui.ui.theme import Theme
from cardtable_gui.ui.widgets import Button

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class BidChoice(Generic[T]):
    label: str
    value: T
    primary: bool = False


class BidPanel(Generic[T]):
    """A centred panel asking for one of ``choices``; ``on_choose(value)`` on a pick."""

    def __init__(self, on_choose: Callable[[T], None]) -> None:
        self.on_choose = on_choose
        self.prompt = ""
        self.hint = ""
        self.choices: list[BidChoice[T]] = []
        self.buttons: list[Button] = []
        self.columns = 7
        self.box = pygame.Rect(0, 0, 0, 0)
        self.visible = False
        self._typed = ""

    def show(self, prompt: str, choices: Sequence[BidChoice[T]], hint: str = "", columns: int = 7) -> None:
        self.prompt = prompt
        self.hint = hint
        self.columns = max(1, min(columns, len(choices)))
        self.choices = list(choices)
        self.buttons = [
            Button(c.label, (lambda v=c.value: self._choose(v)), style="primary" if c.primary else "normal")
            for c in self.choices
        ]
        self.visible = True
        self._typed = ""

    def hide(self) -> None:
        self.visible = False

    def _choose(self, value: T) -> None:
        self.hide()
        self.on_choose(value)

    def layout(self, area: pygame.Rect, theme: Theme) -> None:
        """Centre the panel in ``area`` (the free middle of the table)."""
        if not self.choices:
            return
        rows = -(-len(self.choices) // self.columns)
        wide = self.columns <= 2
        button_w = theme.px(200 if wide else 62)
        button_h = theme.px(56 if wide else 48)
        gap = theme.px(10)
        pad = theme.px(22)
        grid_w = self.columns * button_w + (self.columns - 1) * gap
        width = min(area.width, max(grid_w + pad * 2, theme.px(420)))
        if grid_w + pad * 2 > width:
            button_w = (width - pad * 2 - (self.columns - 1) * gap) // self.columns
            grid_w = self.columns * button_w + (self.columns - 1) * gap
        header = theme.px(30) + (theme.px(24) if self.hint else 0) + theme.px(16)
        height = pad * 2 + header + rows * button_h + (rows - 1) * gap
        self.box = pygame.Rect(0, 0, width, height)
        self.box.center = area.center
        top = self.box.top + pad + header
        for i, button in enumerate(self.buttons):
            row, col = divmod(i, self.columns)
            in_row = min(self.columns, len(self.buttons) - row * self.columns)
            row_w = in_row * button_w + (in_row - 1) * gap
            left = self.box.centerx - row_w // 2
            button.rect = pygame.Rect(left + col * (button_w + gap), top + row * (button_h + gap), button_w, button_h)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if not self.visible:
            return False
        for button in list(self.buttons):
            if button.handle_event(event):
                return True
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and self.box.collidepoint(event.pos)

    def _key(self, event: pygame.event.Event) -> bool:
        """Digits pick a numbered choice ("1" then "2" makes 12 when 12 is offered)."""
        if event.unicode.isdigit():
            typed = self._typed + event.unicode
            labels = [c.label for c in self.choices]
            if typed not in labels:
                typed = event.unicode
            self._typed = typed
            longer = any(label.startswith(typed) and label != typed for label in labels)
            if typed in labels and not longer:
                self._choose(self.choices[labels.index(typed)].value)
            return True
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self._typed:
            labels = [c.label for c in self.choices]
            if self._typed in labels:
                self._choose(self.choices[labels.index(self._typed)].value)
            return True
        return False

    def draw(self, surface: pygame.Surface, theme: Theme) -> None:
        if not self.visible:
            return
        theme.draw_panel(surface, self.box, fill=th.PANEL_LIGHT, border=th.ACCENT)
        pad = theme.px(22)
        title = theme.text(self.prompt, theme.px(28), th.ACCENT, bold=True)
        surface.blit(title, title.get_rect(midtop=(self.box.centerx, self.box.top + pad)))
        if self.hint:
            hint = theme.text(self.hint, theme.px(19), th.TEXT_DIM)
            surface.blit(hint, hint.get_rect(midtop=(self.box.centerx, self.box.top + pad + theme.px(32))))
        for button in self.buttons:
            button.draw(surface, theme)
        if self._typed:
            typed = theme.text(self._typed, theme.px(22), th.ACCENT, bold=True)
            surface.blit(typed, typed.get_rect(topright=(self.box.right - pad, self.box.top + pad)))
