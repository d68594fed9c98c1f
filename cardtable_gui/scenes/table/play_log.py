"""A short log of the last plays beside the table: who played what, who stopped a run,
who won a pot. When several things happen between two of the player's turns, a glance
here catches up on any of them that went by.

The log keeps the newest lines (newest first, the older ones dimmer) and draws them in
the place its layout reserves for it, showing as many as fit there (a line too long for
a narrow place wraps once): it never grows over what lies around it. A layout too cramped to give it a place (``rect`` empty)
simply has no log on screen; the lines are still kept. While a hand's summary (or the
game's end) is up the log is not drawn at all: the summary's box may lie over part of
it, and a panel half under a box reads as cut.
"""

from __future__ import annotations

import collections
from collections.abc import Callable
from dataclasses import dataclass, field

import pygame

from cardtable_gui.rules.base import Event, HandDealt
from cardtable_gui.ui import theme as th

LOG_LINES = 5
"""How many of the last plays are kept and, room allowing, shown."""
TITLE = "Last plays"


@dataclass(eq=False)
class PlayLog:
    """The last ``LOG_LINES`` lines, drawn in ``rect`` (set by ``layout``) unless
    ``covered`` (the table's summary or game-over panel is up)."""

    covered: Callable[[], bool] = lambda: False
    wrap: int = 2
    """The most lines one entry wraps to before it ends in an ellipsis."""
    lines: collections.deque[str] = field(default_factory=lambda: collections.deque(maxlen=LOG_LINES))
    rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))

    @staticmethod
    def line_height(theme: th.Theme) -> int:
        return theme.scaled_font(17).get_linesize()

    @staticmethod
    def height_for(theme: th.Theme, lines: int = LOG_LINES) -> int:
        """The height that shows the title and ``lines`` lines."""
        pad = theme.px(10)
        return pad * 2 + theme.scaled_font(17, True).get_linesize() + theme.px(4) + lines * PlayLog.line_height(theme)

    def add(self, line: str) -> None:
        self.lines.appendleft(line)

    def restate(self, line: str) -> None:
        """Put ``line`` in the place of the newest line: one move the game tells in
        two events (a card, then the spinado played with it) is one line."""
        if self.lines:
            self.lines.popleft()
        self.add(line)

    def clear(self) -> None:
        self.lines.clear()

    def tell(self, event: Event, line: str | None) -> None:
        """Keep ``line``, the game's words for ``event`` (None: nothing to say); a new
        hand or round starts the log afresh."""
        if isinstance(event, HandDealt):
            self.clear()
        if line is not None:
            self.add(line)

    def layout(self, room: pygame.Rect, theme: th.Theme) -> None:
        """Take the top of ``room``, as tall as the log's lines need and no taller
        than ``room``; an empty rect when not even two lines fit."""
        height = min(room.height, PlayLog.height_for(theme))
        if room.width <= 0 or height < PlayLog.height_for(theme, 2):
            self.rect = pygame.Rect(room.topleft, (0, 0))
            return
        self.rect = pygame.Rect(room.left, room.top, room.width, height)

    def place_column(self, theme: th.Theme, left: int, right: int, bottom: int, above: list[pygame.Rect]) -> None:
        """Take the column from ``left`` to ``right`` that ends ``bottom``, starting under
        whichever of ``above`` reach into it (a seat, the scores): the log's own place,
        so it covers nothing. Too narrow a column shows no log."""
        gap = theme.px(10)
        column = pygame.Rect(left, 0, max(0, right - left), bottom)
        top = max((rect.bottom for rect in above if rect.colliderect(column)), default=0) + gap
        room = pygame.Rect(left, top, max(0, right - left), max(0, bottom - top))
        self.layout(room if room.width >= theme.px(170) else pygame.Rect(left, top, 0, 0), theme)

    @property
    def visible(self) -> bool:
        return bool(self.lines) and self.rect.width > 0 and self.rect.height > 0 and not self.covered()

    def draw(self, surface: pygame.Surface, theme: th.Theme) -> None:
        if not self.visible:
            return
        rect = self.rect
        theme.draw_panel(surface, rect, radius=theme.px(10))
        pad = theme.px(10)
        room = rect.width - pad * 2
        title_size = theme.text_px(17)
        surface.blit(theme.text(TITLE, title_size, th.TEXT_DIM, bold=True), (rect.x + pad, rect.y + pad))
        y = rect.y + pad + theme.scaled_font(17, True).get_linesize() + theme.px(4)
        step = PlayLog.line_height(theme)
        for index, line in enumerate(self.lines):
            # A line too long for a narrow log wraps rather than lose its end (the card
            # it names); an older one that no longer fits whole is left out, while the
            # newest always shows, in the lines there are.
            room_lines = (rect.bottom - pad + theme.px(2) - y) // step
            texts, size = theme.fit_lines(line, theme.text_px(17), room, self.wrap if index else max(1, min(self.wrap, room_lines)))
            if index and len(texts) > room_lines:
                break
            colour = th.TEXT if index == 0 else th.TEXT_DIM
            for text in texts:
                surface.blit(theme.text(text, size, colour), (rect.x + pad, y))
                y += step
