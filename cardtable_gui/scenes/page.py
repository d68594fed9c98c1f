"""A page reached from the menu: the frame the Rules, Learn to play, Statistics,
Settings, New game and Load game screens share.

Each page has its title across the top and a Back button at its left, laid out and
drawn alike, and passes input on in one order: a mouse press first moves the focus,
then the first widget that takes the event, then the focus keys. A page adds what is
its own between these steps.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

import pygame

from cardtable_gui.scenes.base import Scene
from cardtable_gui.ui.theme import Theme
from cardtable_gui.ui.widgets import Button, FocusGroup, Label, Widget

if TYPE_CHECKING:
    from cardtable_gui.app_window import App

MARGIN = 28
"""Design pixels between the window's edge and the page."""


class PageScene(Scene):
    """A menu page: ``title`` and ``back`` are placed by ``place_header`` and drawn by
    ``draw_header``; the subclass makes ``focus`` and lays out the rest."""

    focus: FocusGroup

    def __init__(self, app: App, title: str) -> None:
        super().__init__(app)
        self.title = Label(title, 40, bold=True, align="center")
        self.back = Button("Back", self.app.scenes.pop, style="quiet")

    def place_header(self, width: int) -> int:
        """Place the title and the Back button across a window ``width`` wide; returns
        the margin, in pixels, the page keeps from the window's edges."""
        theme = self.app.theme
        margin = theme.px(MARGIN)
        self.back.rect = pygame.Rect(margin, margin // 2 + theme.px(6), theme.px(120), theme.px(44))
        self.title.rect = pygame.Rect(0, margin // 2, width, theme.px(56))
        return margin

    def draw_header(self, surface: pygame.Surface) -> Theme:
        """Draw the background, the title and the Back button; returns the theme, which
        every page's drawing goes on with."""
        theme = self.app.theme
        theme.draw_background(surface)
        self.title.draw(surface, theme)
        self.back.draw(surface, theme)
        return theme

    def offer(self, event: pygame.event.Event, widgets: Iterable[Widget]) -> bool:
        """Pass ``event`` on as every page does: a mouse press first moves the focus to
        what it lands on, then the first of ``widgets`` that takes it has it, and what
        none takes goes to the focus keys. Returns whether the focus keys took it."""
        if event.type == pygame.MOUSEBUTTONDOWN:
            self.focus.handle_event(event)
        for widget in widgets:
            if widget.handle_event(event):
                return False
        return self.focus.handle_event(event)
