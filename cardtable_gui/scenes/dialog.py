"""A small question box over the current screen: a title, a sentence or two, an
optional text field (the name of a save) and a row of buttons.

The dialog is a scene pushed on top of the one that asked, which stays visible, dimmed,
underneath and is paused meanwhile (a game waits while its save is named). A button
closes the dialog first and then runs its action, so an action may change scenes.
Escape is the last button (the way out); Enter is the focused button, or, in the text
field, the first button.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from cardtable_gui.scenes.base import Scene
from cardtable_gui.ui import theme as th
from cardtable_gui.ui.widgets import Button, FocusGroup, Label, Panel, TextInput, Widget

if TYPE_CHECKING:
    from cardtable_gui.app_window import App

DIM = (0, 0, 0, 150)
BOX = (22, 58, 42)
"""The dialog's own fill: opaque, so nothing underneath shows through its text."""


@dataclass(frozen=True)
class Answer:
    """One button: its label, what it does (None: just close) and its style."""

    label: str
    action: Callable[[], None] | None = None
    style: str = "normal"


class Dialog(Scene):
    """A modal question over ``below`` (the scene that was on top when it opened).

    With ``field`` set, a text field is shown holding that text, with ``placeholder``
    when empty; ``text`` is what it holds when a button is pressed. ``focus`` is the
    index of the button Enter presses when there is no field.
    """

    def __init__(
        self,
        app: App,
        title: str,
        message: str,
        answers: Sequence[Answer],
        *,
        field: str | None = None,
        placeholder: str = "",
        max_length: int = 60,
        focus: int = 0,
    ) -> None:
        super().__init__(app)
        self.below = app.scenes.top
        self.panel = Panel(fill=BOX)
        self.title = Label(title, 28, colour=th.ACCENT, bold=True)
        self.message = Label(message, 20, wrap=True)
        self.field: TextInput | None = None
        if field is not None:
            self.field = TextInput(field, max_length=max_length, placeholder=placeholder, on_submit=lambda _t: self.choose(0))
            self.field.focused = True
        self.answers = list(answers)
        self.buttons = [
            Button(answer.label, lambda i=index: self.choose(i), style=answer.style)
            for index, answer in enumerate(self.answers)
        ]
        self.focus = FocusGroup(self._focusable)
        if self.field is None:
            self.focus.focus(self.buttons[focus])
        self.chosen: Answer | None = None
        self._shade: pygame.Surface | None = None

    @property
    def text(self) -> str:
        return self.field.text if self.field is not None else ""

    def _focusable(self) -> list[Widget]:
        field: list[Widget] = [self.field] if self.field is not None else []
        return [*field, *self.buttons]

    def choose(self, index: int) -> None:
        """Close the dialog, then run the chosen button's action."""
        if self.chosen is not None:
            return
        self.chosen = self.answers[index]
        if self.app.scenes.top is self:
            self.app.scenes.pop()
        if self.chosen.action is not None:
            self.chosen.action()

    # Scene ---------------------------------------------------------------------------

    def layout(self, size: tuple[int, int]) -> None:
        width, height = size
        theme = self.app.theme
        pad, gap = theme.px(28), theme.px(16)
        box_w = min(width - theme.px(40), max(theme.px(520), width * 2 // 5))
        inner_w = box_w - pad * 2
        title_h = theme.scaled_font(self.title.size, True).get_linesize()
        message_h = self.message.height_for(theme, inner_w) if self.message.text else 0
        field_h = theme.px(46) if self.field is not None else 0
        button_h = theme.px(48)
        box_h = pad + title_h + gap + message_h + (gap + field_h if field_h else 0) + gap * 2 + button_h + pad
        self.panel.rect = pygame.Rect(0, 0, box_w, box_h)
        self.panel.rect.center = (width // 2, height // 2)
        x, y = self.panel.rect.x + pad, self.panel.rect.y + pad
        self.title.rect = pygame.Rect(x, y, inner_w, title_h)
        y += title_h + gap
        self.message.rect = pygame.Rect(x, y, inner_w, message_h)
        y += message_h
        if self.field is not None:
            y += gap
            self.field.rect = pygame.Rect(x, y, inner_w, field_h)
            y += field_h
        y += gap * 2
        self._layout_buttons(x, y, inner_w, button_h)

    def _layout_buttons(self, x: int, y: int, inner_w: int, button_h: int) -> None:
        """Buttons right-aligned in one row, each as wide as its label needs."""
        theme = self.app.theme
        gap = theme.px(12)
        font = theme.font(max(th.MIN_TEXT_PX, round(button_h * 0.46)), True)
        widths = [max(theme.px(120), font.size(b.text)[0] + theme.px(40)) for b in self.buttons]
        scale = min(1.0, (inner_w - gap * (len(widths) - 1)) / max(1, sum(widths)))
        right = x + inner_w
        for button, button_w in zip(reversed(self.buttons), reversed(widths), strict=True):
            button_w = int(button_w * scale)
            button.rect = pygame.Rect(right - button_w, y, button_w, button_h)
            right -= button_w + gap

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.choose(len(self.answers) - 1)
            return
        if self.field is not None and self.field.handle_event(event):
            return
        for button in self.buttons:
            if button.handle_event(event):
                return
        if event.type == pygame.MOUSEBUTTONDOWN:
            # A click beside the buttons leaves Enter its button: it once cleared the
            # focus, and Enter then did nothing at all (seen in a play-through).
            return
        self.focus.handle_event(event)

    def update(self, dt: float) -> None:
        if self.field is not None:
            self.field.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        theme = self.app.theme
        if self.below is not None:
            self.below.draw(surface)
        else:
            theme.draw_background(surface)
        if self._shade is None or self._shade.get_size() != surface.get_size():
            self._shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
            self._shade.fill(DIM)
        surface.blit(self._shade, (0, 0))
        self.panel.draw(surface, theme)
        self.title.draw(surface, theme)
        self.message.draw(surface, theme)
        if self.field is not None:
            self.field.draw(surface, theme)
        for button in self.buttons:
            button.draw(surface, theme)

    def element_rects(self) -> list[pygame.Rect]:
        """Every visible element, for layout tests."""
        field = [self.field.rect] if self.field is not None else []
        return [self.panel.rect, self.title.rect, self.message.rect, *field, *(b.rect for b in self.buttons)]

