"""A short log of the last plays beside the table: who played what, who stopped a run,
who won a pot. When several things happen between two of the player's turns, a glance
here catches up on any of them that went by.

The log keeps the newest lines (newest first, the older ones dimmer) and draws them in
the place its layout reserves for it, showing as many as fit there (a line too long for
a narrow place wraps once): it never grows over what lies around it. A layout too cramped to give it a place (``rect`` empty)
simply has no log on screen; the lines are still kept. While a hand's summary (or the
game's end) is up the log is not drawn at all: the summary's box may lie over part of
it, and a panel half under a box reads as cut.

When its place cannot hold every kept line whole, the title says "more", and pointing at
the log opens it over the table, every line whole: a turn that did not fit is never
lost, only a glance away. Otherwise the title says "newest first" where it fits. The
log keeps a bounded number of lines; once older ones have gone (or the window is too
short to open them all), the opened log ends by saying so, rather than letting them
drop off without a word.
"""

from __future__ import annotations

import collections
from collections.abc import Callable
from dataclasses import dataclass, field

import pygame

from cardtable_gui.rules.base import Event, HandDealt
from cardtable_gui.ui import theme as th

LOG_LINES = 5
"""How many lines the log's place is made to show."""
LOG_KEPT = 16
"""How many lines a log keeps unless its game says otherwise: four others' Spinado runs
and stops between two of the person's turns took more than the five it shows
(play-test: an ace lying on the table was gone from it)."""
TITLE = "Last plays"
MORE = "more: point here"
"""Said beside the title while some of the kept lines do not show whole."""
ORDER = "newest first"
"""Said beside the title otherwise: the lines' order is not for the player to guess."""
OLDER_GONE = "Older ones are not kept here."
"""The opened log's last line once older lines have gone or do not fit the window."""
OPEN_WIDTH = 420
"""How wide the opened log is (design pixels), unless its place is wider."""
OPEN_WRAP = 6
"""The most lines one entry takes in the opened log."""


@dataclass(eq=False)
class PlayLog:
    """The last ``keep`` lines, drawn in ``rect`` (set by ``layout``) unless
    ``covered`` (the table's summary or game-over panel is up)."""

    covered: Callable[[], bool] = lambda: False
    wrap: int = 2
    """The most lines one entry wraps to before it ends in an ellipsis."""
    title: str = TITLE
    """The log's heading (Hand and Foot's names whose turns it keeps)."""
    keep: int = LOG_KEPT
    """How many lines are kept: the opened log shows them all, as many as the window holds."""
    lines: collections.deque[str] = field(init=False)
    dropped: int = field(init=False, default=0)
    """Lines that went to make room for newer ones since the log was last cleared."""
    rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    pointer: tuple[int, int] | None = None
    """Where the pointer rests, as last told (see ``point``)."""
    cut: bool = False
    """Whether the last drawing left a kept line out or shortened one."""

    def __post_init__(self) -> None:
        self.lines = collections.deque(maxlen=self.keep)

    @staticmethod
    def line_height(theme: th.Theme) -> int:
        return theme.scaled_font(17).get_linesize()

    @staticmethod
    def height_for(theme: th.Theme, lines: int = LOG_LINES) -> int:
        """The height that shows the title and ``lines`` lines."""
        pad = theme.px(10)
        return pad * 2 + theme.scaled_font(17, True).get_linesize() + theme.px(4) + lines * PlayLog.line_height(theme)

    def add(self, line: str) -> None:
        if len(self.lines) == self.keep:
            self.dropped += 1
        self.lines.appendleft(line)

    def restate(self, line: str) -> None:
        """Put ``line`` in the place of the newest line: one move the game tells in
        two events (a card, then the spinado played with it) is one line."""
        if self.lines:
            self.lines.popleft()
        self.add(line)

    def clear(self) -> None:
        self.lines.clear()
        self.dropped = 0

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

    def point(self, pos: tuple[int, int] | None) -> None:
        """Where the pointer now rests (None: off the window)."""
        self.pointer = pos

    @property
    def opened(self) -> bool:
        """Whether the log shows opened: some of it is cut and the pointer rests on it."""
        return self.visible and self.cut and self.pointer is not None and self.rect.collidepoint(self.pointer)

    def draw(self, surface: pygame.Surface, theme: th.Theme) -> None:
        if not self.visible:
            return
        rect = self.rect
        theme.draw_panel(surface, rect, radius=theme.px(10))
        pad = theme.px(10)
        room = rect.width - pad * 2
        y = self._draw_title(surface, theme, rect)
        step = PlayLog.line_height(theme)
        cut = False
        for index, line in enumerate(self.lines):
            # A line too long for a narrow log wraps rather than lose its end (the card
            # it names); an older one that no longer fits whole is left out, while the
            # newest always shows, in the lines there are.
            room_lines = (rect.bottom - pad + theme.px(2) - y) // step
            texts, size = theme.fit_lines(line, theme.text_px(17), room, self.wrap if index else max(1, min(self.wrap, room_lines)))
            if index and len(texts) > room_lines:
                cut = True
                break
            cut = cut or _shortened(line, texts)
            colour = th.TEXT if index == 0 else th.TEXT_DIM
            for text in texts:
                surface.blit(theme.text(text, size, colour), (rect.x + pad, y))
                y += step
        # Only drawing finds what fits, so the title's "more" follows from the next frame.
        self.cut = cut

    def _draw_title(self, surface: pygame.Surface, theme: th.Theme, rect: pygame.Rect) -> int:
        """The title and the words beside it, and where the lines start under it."""
        pad = theme.px(10)
        title = theme.text(self.title, theme.text_px(17), th.TEXT_DIM, bold=True)
        surface.blit(title, (rect.x + pad, rect.y + pad))
        aside = self.aside(theme)
        if aside is not None:
            words = theme.text(aside, theme.text_px(14), th.TEXT_DIM)
            surface.blit(words, words.get_rect(bottomright=(rect.right - pad, rect.y + pad + title.get_height() - theme.px(2))))
        return rect.y + pad + theme.scaled_font(17, True).get_linesize() + theme.px(4)

    def aside(self, theme: th.Theme) -> str | None:
        """What the title's line says after it, where the words fit whole: "more" while
        lines are cut ("more: p..." said nothing, so the one word where the longer do
        not fit), else the lines' order once there are two."""
        pad = theme.px(10)
        room = self.rect.width - pad * 3 - theme.text(self.title, theme.text_px(17), th.TEXT_DIM, bold=True).get_width()
        font = theme.font(theme.text_px(14))
        choices = (MORE, "more") if self.cut else (ORDER,) if len(self.lines) > 1 else ()
        return next((words for words in choices if font.size(words)[0] <= room), None)

    def draw_opened(self, surface: pygame.Surface, theme: th.Theme) -> None:
        """The whole log over the table, every kept line whole, while it is pointed at
        and its place cuts some of it; it ends by saying so when older lines are gone."""
        if not self.opened:
            return
        pad = theme.px(10)
        entries, older = self.opened_fit(theme, surface.get_height())
        size = theme.text_px(17)
        step = PlayLog.line_height(theme)
        height = self._opened_height(theme, entries, older)
        box = pygame.Rect(self.rect.x, self.rect.y, self._opened_width(theme), height)
        # Opened towards the middle of the window, so it stays on screen from any corner.
        if self.rect.centerx > surface.get_width() // 2:
            box.right = self.rect.right
        box.clamp_ip(surface.get_rect())
        theme.draw_panel(surface, box, theme.px(10), (12, 24, 18, 255), th.PANEL_BORDER)
        surface.blit(theme.text(self.title, size, th.TEXT_DIM, bold=True), (box.x + pad, box.y + pad))
        y = box.y + pad + theme.scaled_font(17, True).get_linesize() + theme.px(4)
        for index, (texts, text_size) in enumerate(entries):
            colour = th.TEXT if index == 0 else th.TEXT_DIM
            for text in texts:
                surface.blit(theme.text(text, text_size, colour), (box.x + pad, y))
                y += step
            y += theme.px(4)
        if older:
            surface.blit(theme.text(OLDER_GONE, theme.text_px(15), th.TEXT_DIM), (box.x + pad, y))

    def opened_fit(self, theme: th.Theme, window_height: int) -> tuple[list[tuple[list[str], int]], bool]:
        """The entries the opened log shows in a window ``window_height`` tall, newest
        first (the oldest give way where it is too short for all), and whether it must
        end by saying older ones are not kept (some went, or gave way)."""
        entries = self.opened_lines(theme)
        older = self.dropped > 0
        while len(entries) > 1 and self._opened_height(theme, entries, older) > window_height:
            entries.pop()
            older = True
        return entries, older

    def _opened_height(self, theme: th.Theme, entries: list[tuple[list[str], int]], older: bool) -> int:
        """How tall the opened log is with ``entries`` and, if ``older``, the line that says older ones are gone."""
        lines = sum(len(texts) for texts, _ in entries) + older
        title_h = theme.scaled_font(17, True).get_linesize() + theme.px(4)
        return theme.px(10) * 2 + title_h + PlayLog.line_height(theme) * lines + theme.px(4) * (len(entries) - 1 + older)

    def opened_lines(self, theme: th.Theme) -> list[tuple[list[str], int]]:
        """Each kept entry as the opened log draws it, newest first: its lines and their size."""
        room = self._opened_width(theme) - theme.px(10) * 2
        return [theme.fit_lines(line, theme.text_px(17), room, OPEN_WRAP) for line in self.lines]

    def _opened_width(self, theme: th.Theme) -> int:
        return max(self.rect.width, theme.px(OPEN_WIDTH))


def _shortened(line: str, shown: list[str]) -> bool:
    """Whether ``shown`` (the lines drawn for ``line``) leave some of its words out."""
    return " ".join(shown).split() != line.split()
