"""The bidding panel: a prompt and a grid of choices, one button each.

The game supplies the choices (for Spades: Nil and 1 to 13, or before the cards are
seen, "Bid blind nil" and "Look at my cards"), so the panel knows no game. Everything
works from the keyboard too: number keys pick a choice whose label is that number, a
choice may have a letter of its own (B for blind nil), and the arrows (or Tab) move a
highlight that Enter or Space picks. A line under the choices says so.
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

TYPE_OR_ARROWS = "Type a number, or use the arrows and Enter"
ARROWS = "Use the arrows and Enter"
_PICK_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)


@dataclass(frozen=True, slots=True)
class BidChoice(Generic[T]):
    """One answer on the panel; ``key`` is a letter that picks it from the keyboard."""

    label: str
    value: T
    primary: bool = False
    key: str = ""


class BidPanel(Generic[T]):
    """A centred panel asking for one of ``choices``; ``on_choose(value)`` on a pick."""

    def __init__(self, on_choose: Callable[[T], None]) -> None:
        self.on_choose = on_choose
        self.prompt = ""
        self.hint = ""
        self.keys_hint = ""
        self.choices: list[BidChoice[T]] = []
        self.buttons: list[Button] = []
        self.columns = 7
        self.box = pygame.Rect(0, 0, 0, 0)
        self.visible = False
        self.highlight: int | None = None
        self._typed = ""
        self._hint_lines: list[str] = []
        self._keys_lines: list[str] = []

    def show(
        self,
        prompt: str,
        choices: Sequence[BidChoice[T]],
        hint: str = "",
        columns: int = 7,
        keys_hint: str | None = None,
    ) -> None:
        """Ask ``prompt``. ``keys_hint`` tells how to answer from the keyboard; by
        default it is worked out from the choices. The primary choice (the safe one)
        starts highlighted; with none, the first arrow press highlights."""
        self.prompt = prompt
        self.hint = hint
        self.columns = max(1, min(columns, len(choices)))
        self.choices = list(choices)
        self.buttons = [
            Button(c.label, (lambda v=c.value: self._choose(v)), style="primary" if c.primary else "normal")
            for c in self.choices
        ]
        numbered = any(c.label.isdigit() for c in self.choices)
        self.keys_hint = keys_hint if keys_hint is not None else TYPE_OR_ARROWS if numbered else ARROWS
        self.visible = True
        self._typed = ""
        self._highlight(next((i for i, c in enumerate(self.choices) if c.primary), None))

    def hide(self) -> None:
        self.visible = False

    def _choose(self, value: T) -> None:
        self.hide()
        self.on_choose(value)

    def _highlight(self, index: int | None) -> None:
        self.highlight = index
        for i, button in enumerate(self.buttons):
            button.focused = i == index

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
        text_w = width - pad * 2
        self._hint_lines = theme.wrap(self.hint, theme.font(theme.px(19)), text_w) if self.hint else []
        self._keys_lines = theme.wrap(self.keys_hint, theme.font(theme.px(17)), text_w) if self.keys_hint else []
        header = theme.px(30) + len(self._hint_lines) * theme.px(22) + theme.px(16)
        footer = theme.px(10) + len(self._keys_lines) * theme.px(20) if self._keys_lines else 0
        height = pad * 2 + header + rows * button_h + (rows - 1) * gap + footer
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
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        for button in list(self.buttons):
            if button.handle_event(event):
                return True
        return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and self.box.collidepoint(event.pos)

    def _key(self, event: pygame.event.Event) -> bool:
        """Digits pick a numbered choice ("1" then "2" makes 12 when 12 is offered); a
        choice's letter picks it; arrows and Tab move the highlight, Enter picks."""
        labels = [c.label for c in self.choices]
        typed_char = getattr(event, "unicode", "") or ""
        if typed_char.isdigit():
            typed = self._typed + typed_char
            if typed not in labels and not any(label.startswith(typed) for label in labels):
                typed = typed_char
            self._typed = typed
            longer = any(label.startswith(typed) and label != typed for label in labels)
            if typed in labels and not longer:
                self._choose(self.choices[labels.index(typed)].value)
            elif typed in labels:
                self._highlight(labels.index(typed))
            return True
        lettered = [i for i, c in enumerate(self.choices) if c.key and c.key.casefold() == typed_char.casefold()]
        if typed_char and lettered:
            self._choose(self.choices[lettered[0]].value)
            return True
        step = self._step(event)
        if step:
            self._typed = ""
            self._move(step)
            return True
        if event.key in _PICK_KEYS:
            if self._typed in labels:
                self._choose(self.choices[labels.index(self._typed)].value)
            elif self.highlight is not None:
                self._choose(self.choices[self.highlight].value)
            return True
        return False

    def _step(self, event: pygame.event.Event) -> int:
        """How far an arrow or Tab moves the highlight (0 for any other key)."""
        if event.key == pygame.K_TAB:
            return -1 if event.mod & pygame.KMOD_SHIFT else 1
        return {
            pygame.K_LEFT: -1,
            pygame.K_RIGHT: 1,
            pygame.K_UP: -self.columns,
            pygame.K_DOWN: self.columns,
        }.get(event.key, 0)

    def _move(self, step: int) -> None:
        count = len(self.choices)
        if not count:
            return
        if self.highlight is None:
            self._highlight(0 if step > 0 else count - 1)
            return
        target = self.highlight + step
        if abs(step) > 1 and not 0 <= target < count:
            # Up from the top row or down from the bottom one stays in its column.
            target = self.highlight
        self._highlight(target % count)

    def draw(self, surface: pygame.Surface, theme: Theme) -> None:
        if not self.visible:
            return
        theme.draw_panel(surface, self.box, fill=th.PANEL_LIGHT, border=th.ACCENT)
        pad = theme.px(22)
        text_w = self.box.width - pad * 2
        prompt, size = theme.fit(self.prompt, theme.px(28), text_w, bold=True)
        title = theme.text(prompt, size, th.ACCENT, bold=True)
        surface.blit(title, title.get_rect(midtop=(self.box.centerx, self.box.top + pad)))
        y = self.box.top + pad + theme.px(32)
        for line in self._hint_lines:
            hint = theme.text(line, theme.px(19), th.TEXT_DIM)
            surface.blit(hint, hint.get_rect(midtop=(self.box.centerx, y)))
            y += theme.px(22)
        for button in self.buttons:
            button.draw(surface, theme)
        if self._keys_lines and self.buttons:
            y = max(b.rect.bottom for b in self.buttons) + theme.px(10)
            for line in self._keys_lines:
                keys = theme.text(line, theme.px(17), th.TEXT_DIM)
                surface.blit(keys, keys.get_rect(midtop=(self.box.centerx, y)))
                y += theme.px(20)
        if self._typed:
            typed = theme.text(self._typed, theme.px(22), th.ACCENT, bold=True)
            surface.blit(typed, typed.get_rect(topright=(self.box.right - pad, self.box.top + pad)))
