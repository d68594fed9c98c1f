"""The table's banner: what holds for the round in play, and the moments to notice.

A strip names the round ("Round 3 of 6") and lists a few short facts under it (what
costs points, which suit may not be led yet). ``announce`` puts a large callout in the
middle of the table for a moment: a round ending early, a sequence stopping. The
banner only draws; the layout that announces also holds play for as long (with the
animator's ``wait``), so nothing moves on while the callout is up.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from cardtable_gui.scenes.table.footprint import EDGE_MARGIN, Footprint
from cardtable_gui.scenes.table.note_place import place_in
from cardtable_gui.ui import theme as th

FADE_SECONDS = 0.3
CALLOUT_SIZES = (28, 24, 21, 18)
"""The callout's text sizes, largest first: a smaller one when a larger needs more than
three lines in the room the callout has."""


@dataclass(eq=False)
class Banner:
    """``title`` and ``lines`` in ``rect``; a callout over ``middle`` while one is up."""

    title: str = ""
    lines: list[str] = field(default_factory=list)
    rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    middle: tuple[int, int] = (0, 0)
    callout: str = ""
    callout_left: float = 0.0
    callout_box: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    """Where the callout went when last drawn (for layout checks)."""
    callout_place: pygame.Rect | None = None
    """Where the layout put the callout (a box ``callout_fit`` sized, clear of what it
    must not hide); None centres it on ``middle``."""

    @staticmethod
    def height_for(theme: th.Theme, lines: int) -> int:
        return theme.px(10) * 2 + theme.px(26) + lines * theme.px(22)

    @staticmethod
    def fits(theme: th.Theme, width: int, line: str) -> bool:
        """Whether ``line`` fits a strip ``width`` pixels wide at its full size."""
        return theme.font(theme.px(19)).size(line)[0] <= width - theme.px(10) * 2

    def layout(self, rect: pygame.Rect, middle: tuple[int, int] | None = None) -> None:
        """The strip goes in ``rect``; callouts centre on ``middle`` (the table's)."""
        self.rect = pygame.Rect(rect)
        if middle is not None:
            self.middle = middle

    def announce(self, text: str, seconds: float) -> None:
        self.callout = text
        self.callout_left = seconds
        self.callout_place = None

    def callout_fit(self, theme: th.Theme, width: int) -> tuple[int, list[str], tuple[int, int]]:
        """The callout wrapped to at most ``width`` pixels: the size of its text, its
        lines and its box's size."""
        pad = theme.px(18)
        for points in CALLOUT_SIZES:
            size = theme.px(points)
            font = theme.font(size, True)
            lines = theme.wrap(self.callout, font, max(1, width - pad * 2))
            if len(lines) <= 3:
                break
        box = (max(font.size(line)[0] for line in lines) + pad * 2, font.get_linesize() * len(lines) + pad * 2)
        return size, lines, box

    def place_callout(self, theme: th.Theme, around: Footprint, near: tuple[int, int]) -> None:
        """Put the callout up now as near ``near`` as it can without hiding what
        ``around`` holds (cards, the board, words, buttons), narrower and in smaller
        type where the table is full (``place_in``)."""

        def sized(width: int) -> tuple[int, int]:
            return self.callout_fit(theme, width)[2]

        widths = [max(theme.px(200), around.screen.width * share // 100) for share in (50, 40, 32, 26)]
        natural = pygame.Rect((0, 0), sized(widths[0]))
        natural.center = near
        self.callout_place = place_in(around, natural, sized, widths, theme.px(12))[1]

    def update(self, dt: float) -> None:
        if self.callout_left > 0:
            self.callout_left = max(0.0, self.callout_left - dt)
            if self.callout_left == 0:
                self.callout = ""

    def draw(self, surface: pygame.Surface, theme: th.Theme) -> None:
        if self.title or self.lines:
            self._draw_strip(surface, theme)
        if self.callout:
            self._draw_callout(surface, theme)

    def _draw_strip(self, surface: pygame.Surface, theme: th.Theme) -> None:
        rect = self.rect
        theme.draw_panel(surface, rect, radius=theme.px(12))
        pad = theme.px(10)
        room = rect.width - pad * 2
        title, size = theme.fit(self.title, theme.px(24), room, bold=True)
        image = theme.text(title, size, th.ACCENT, bold=True)
        surface.blit(image, image.get_rect(midtop=(rect.centerx, rect.y + pad)))
        y = rect.y + pad + theme.px(26)
        for line in self.lines:
            text, size = theme.fit(line, theme.px(19), room)
            image = theme.text(text, size, th.TEXT)
            surface.blit(image, image.get_rect(midtop=(rect.centerx, y)))
            y += theme.px(22)

    def _draw_callout(self, surface: pygame.Surface, theme: th.Theme) -> None:
        """Big text on a dark pill, in its place or wrapped to at most half the
        window's width around ``middle``."""
        if self.callout_place is not None:
            box = pygame.Rect(self.callout_place)
            font_size, lines, _ = self.callout_fit(theme, box.width)
        else:
            font_size, lines, size = self.callout_fit(theme, max(theme.px(200), surface.get_width() // 2) + theme.px(36))
            box = pygame.Rect((0, 0), size)
            box.center = self.middle
        box.clamp_ip(surface.get_rect().inflate(-2 * EDGE_MARGIN, -2 * EDGE_MARGIN))
        pad = theme.px(18)
        line_h = theme.font(font_size, True).get_linesize()
        self.callout_box = box
        fade = min(1.0, self.callout_left / FADE_SECONDS)
        theme.draw_panel(surface, box, radius=theme.px(16), fill=(12, 24, 18, round(235 * fade)), border=th.ACCENT)
        for index, line in enumerate(lines):
            image = theme.text(line, font_size, th.ACCENT, bold=True).copy()
            image.set_alpha(round(255 * fade))
            surface.blit(image, image.get_rect(midtop=(box.centerx, box.y + pad + index * line_h)))
