"""The instruction panel of a lesson: what to read or do now, and the way on.

It shows the lesson's title and "Step k of n", the step's text (wrapped, made smaller
when it is long), a quiz's answers as buttons (keys 1-4), what came of the learner's
last answer or move, and Back / Skip this step / Next. "Leave lesson" sits apart at
the top, in the danger style, so it is never pressed for Next. The panel measures
itself for a width; where it goes is the table's business (it must not cover what
the step talks about).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from cardtable_gui.ui import theme as th
from cardtable_gui.ui.theme import Theme
from cardtable_gui.ui.widgets import Button

TEXT_SIZES = (19, 17, 15)
"""Design sizes tried for the step's text, largest first, until it fits."""
MAX_TEXT_LINES = 9


@dataclass(frozen=True, slots=True)
class Feedback:
    """A line under the step: an explanation, the step's ``after``, a refusal."""

    text: str
    good: bool


class LessonPanel:
    """The panel's content and controls; ``box`` is where it was last placed."""

    def __init__(
        self,
        on_next: Callable[[], None],
        on_back: Callable[[], None],
        on_skip: Callable[[], None],
        on_leave: Callable[[], None],
    ) -> None:
        self.title = ""
        self.counter = ""
        self.text = ""
        self.feedback: Feedback | None = None
        self.next_button = Button("Next (Enter)", on_next, style="primary")
        self.back_button = Button("Back (\u2190)", on_back, style="quiet")
        self.skip_button = Button("Skip this step (K)", on_skip, style="quiet")
        self.leave_button = Button("Leave lesson (Esc)", on_leave, style="danger")
        self.choices: list[Button] = []
        """A quiz's answers, or the ways on from a finished lesson."""
        self.numbered = False
        """Whether the choices are a quiz's answers, shown with their keys (1-4)."""
        self.box = pygame.Rect(0, 0, 0, 0)
        self._text_size = TEXT_SIZES[0]

    # -- content ------------------------------------------------------------------

    def show(
        self, title: str, counter: str, text: str, choices: list[Button] | None = None, *, numbered: bool = False
    ) -> None:
        self.title, self.counter, self.text = title, counter, text
        self.choices = choices or []
        self.numbered = numbered
        self.feedback = None

    def say(self, text: str, good: bool) -> None:
        self.feedback = Feedback(text, good) if text else None

    def buttons(self) -> list[Button]:
        """Every control shown now, in the order Tab visits them."""
        shown = [*self.choices, self.back_button, self.skip_button, self.next_button, self.leave_button]
        return [button for button in shown if button.visible]

    # -- geometry -----------------------------------------------------------------

    def _inner(self, theme: Theme, width: int) -> int:
        return width - theme.px(20) * 2

    def _text_lines(self, theme: Theme, width: int, size: float) -> list[str]:
        return theme.wrap(self.text, theme.scaled_font(size), self._inner(theme, width))

    def _feedback_lines(self, theme: Theme, width: int) -> list[str]:
        if self.feedback is None:
            return []
        return theme.wrap(self.feedback.text, theme.scaled_font(self._text_size - 1), self._inner(theme, width) - theme.px(16))

    def measure(self, theme: Theme, width: int) -> int:
        """The height the panel needs at ``width`` (choosing the text's size)."""
        for size in TEXT_SIZES:
            self._text_size = size
            if len(self._text_lines(theme, width, size)) <= MAX_TEXT_LINES:
                break
        return self._arrange(theme, pygame.Rect(0, 0, width, 0))

    def place(self, theme: Theme, box: pygame.Rect) -> None:
        """Put the panel at ``box`` (its height from ``measure``) and its buttons in it."""
        self.box = pygame.Rect(box)
        self.box.height = self.measure(theme, box.width)
        self._arrange(theme, self.box)

    def _arrange(self, theme: Theme, box: pygame.Rect) -> int:
        """Lay out the buttons inside ``box``; returns the height used."""
        pad, gap = theme.px(20), theme.px(10)
        inner = self._inner(theme, box.width)
        header_h = theme.px(34)
        self.leave_button.rect = pygame.Rect(0, 0, min(theme.px(170), inner // 2), header_h)
        self.leave_button.rect.topright = (box.right - pad, box.y + pad - theme.px(6))
        y = box.y + pad + header_h + theme.px(6)
        y += theme.scaled_font(21, True).get_linesize() + gap
        text_font = theme.scaled_font(self._text_size)
        y += len(self._text_lines(theme, box.width, self._text_size)) * text_font.get_linesize() + gap
        button_h = theme.px(38)
        for button in self.choices:
            button.rect = pygame.Rect(box.x + pad, y, inner, button_h)
            y += button_h + theme.px(6)
        if self.choices:
            y += gap - theme.px(6)
        feedback = self._feedback_lines(theme, box.width)
        if feedback:
            y += len(feedback) * theme.scaled_font(self._text_size - 1).get_linesize() + theme.px(16) + gap
        # Each button as wide as its words need, so none is cut short in a narrow panel.
        row = (self.back_button, self.skip_button, self.next_button)
        if not any(button.visible for button in row):
            return y - gap + pad - box.y
        font = theme.font(max(th.MIN_TEXT_PX, round(button_h * 0.46)), True)
        needs = [font.size(button.text)[0] + theme.px(16) for button in row]
        room = inner - gap * (len(row) - 1)
        x = box.x + pad
        for index, button in enumerate(row):
            width = room * needs[index] // sum(needs) if index < len(row) - 1 else box.x + pad + inner - x
            button.rect = pygame.Rect(x, y, width, button_h)
            x += width + gap
        y += button_h + pad
        return y - box.y

    # -- input and drawing ------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> bool:
        return any(button.handle_event(event) for button in self.buttons())

    def contains(self, pos: tuple[int, int]) -> bool:
        return self.box.collidepoint(pos)

    def draw(self, surface: pygame.Surface, theme: Theme) -> None:
        box = self.box
        pad = theme.px(20)
        theme.draw_panel(surface, box, theme.px(14), (12, 30, 22, 240), th.PANEL_BORDER)
        header = pygame.Rect(box.x + pad, self.leave_button.rect.y, self.leave_button.rect.left - box.x - pad * 2, self.leave_button.rect.height)
        counter = theme.text(self.counter, theme.text_px(15), th.TEXT_DIM, bold=True)
        surface.blit(counter, counter.get_rect(midleft=header.midleft))
        y = box.y + pad + header.height + theme.px(6)
        text, size = theme.fit(self.title, theme.text_px(21), box.width - pad * 2, bold=True)
        surface.blit(theme.text(text, size, th.ACCENT, bold=True), (box.x + pad, y))
        y += theme.scaled_font(21, True).get_linesize() + theme.px(10)
        size_px = theme.text_px(self._text_size)
        line_h = theme.font(size_px).get_linesize()
        for line in self._text_lines(theme, box.width, self._text_size):
            surface.blit(theme.text(line, size_px, th.TEXT), (box.x + pad, y))
            y += line_h
        for number, button in enumerate(self.choices, start=1):
            button.draw(surface, theme)
            # A number only where its key still answers: not on a greyed wrong answer,
            # nor on the right one, lit once it is given.
            if button.enabled and self.numbered and button.style != "primary":
                key = theme.text(str(number), theme.text_px(15), th.TEXT_DIM, bold=True)
                surface.blit(key, key.get_rect(midleft=(button.rect.x + theme.px(10), button.rect.centery)))
        if self.feedback is not None:
            self._draw_feedback(surface, theme)
        for button in (self.back_button, self.skip_button, self.next_button, self.leave_button):
            button.draw(surface, theme)

    def _draw_feedback(self, surface: pygame.Surface, theme: Theme) -> None:
        assert self.feedback is not None
        lines = self._feedback_lines(theme, self.box.width)
        size_px = theme.text_px(self._text_size - 1)
        line_h = theme.font(size_px).get_linesize()
        pad = theme.px(20)
        bottom = self.back_button.rect.top - theme.px(10)
        rect = pygame.Rect(self.box.x + pad, bottom - len(lines) * line_h - theme.px(16), self.box.width - pad * 2, len(lines) * line_h + theme.px(16))
        colour = th.SUCCESS if self.feedback.good else th.DANGER
        theme.draw_panel(surface, rect, theme.px(8), (*colour[:3], 40), colour, shadow=False)
        for index, line in enumerate(lines):
            surface.blit(theme.text(line, size_px, th.TEXT), (rect.x + theme.px(8), rect.y + theme.px(8) + index * line_h))
