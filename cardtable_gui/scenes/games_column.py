"""The column of games down the left of the Rules and Learn to play pages.

Both pages show one game at a time beside a list of the games: a button for each, the
chosen one marked, Left and Right to step through them. The column lays itself out
under the page's header and hands the page the room left at its right.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from cardtable_gui.rules import GAMES
from cardtable_gui.ui.theme import Theme
from cardtable_gui.ui.widgets import Button, Panel

HEADER = 74
"""Design pixels from the window's top to the column and the page beside it."""


class GamesColumn:
    """A button for each of ``games`` (in that order) in a panel titled Games; a click
    calls ``choose`` with the game's name."""

    def __init__(self, games: list[str], choose: Callable[[str], None]) -> None:
        self.games = games
        self.panel = Panel("Games")
        self.buttons = [Button(GAMES[name].title, lambda n=name: choose(n)) for name in games]

    def mark(self, chosen: str | None) -> None:
        """Show ``chosen`` as the game on the page."""
        for button, name in zip(self.buttons, self.games, strict=True):
            button.style = "chosen" if name == chosen else "normal"

    def beside(self, chosen: str, key: int) -> str:
        """The game Left (``K_LEFT``) or Right moves to from ``chosen``, round the list."""
        index = self.games.index(chosen) + (1 if key == pygame.K_RIGHT else -1)
        return self.games[index % len(self.games)]

    def place(self, theme: Theme, size: tuple[int, int], margin: int) -> pygame.Rect:
        """Lay the column out down the left of a window of ``size`` that keeps ``margin``
        from its edges; returns the room left at its right for the page."""
        width, height = size
        gap, pad = theme.px(18), theme.px(18)
        top = theme.px(HEADER)
        body = pygame.Rect(margin, top, width - margin * 2, height - top - margin)
        list_w = max(theme.px(220), round(body.width * 0.22))
        self.panel.rect = pygame.Rect(body.x, body.y, list_w, body.height)
        y = body.y + self.panel.title_height(theme) + theme.px(8)
        for button in self.buttons:
            button.rect = pygame.Rect(body.x + pad, y, list_w - pad * 2, theme.px(44))
            y += theme.px(52)
        return pygame.Rect(body.x + list_w + gap, body.y, body.width - list_w - gap, body.height)

    def draw(self, surface: pygame.Surface, theme: Theme) -> None:
        self.panel.draw(surface, theme)
        for button in self.buttons:
            button.draw(surface, theme)
