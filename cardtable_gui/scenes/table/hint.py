"""The table's Hint: what the Medium player would do in your place, and why.

Asked for (the Hint button or H) at one of the person's own decisions, the game's
heuristic player is given that person's view and legal moves, exactly what the person
can see, and its advice is shown: the suggested move is marked on the table in a colour
of its own (never the selection's), and the reason is written above the hand. The hint
goes away as soon as the person acts or the turn passes.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from cardtable_gui.ai.advice import Advice
from cardtable_gui.scenes.table.hand_fan import HINT
from cardtable_gui.scenes.table.note_place import first_clear
from cardtable_gui.ui import theme as th

HINT_FILL = (58, 18, 48, 255)
"""The reason's box: a dark shade of the hint's colour, so the two read together; opaque, so
whatever it covers does not show through."""

TAG = "Hint"


class HintPanel:
    """The reason, in a box above the hand, tagged Hint; and rings around the
    suggested move's target (a bid, a pile, a book, a button), wherever the layout
    says it is now. Cards in the hand are outlined by the hand itself.

    The practice game's coach and the first-game tips show their words in the same
    kind of box under a tag and colours of their own (``note``)."""

    def __init__(self, tag: str = TAG, colour: tuple[int, int, int] = HINT, fill: tuple[int, ...] = HINT_FILL) -> None:
        self.tag = tag
        self.colour = colour
        self.fill = fill
        self.advice: Advice | None = None
        self.text: str | None = None
        self.box = pygame.Rect(0, 0, 0, 0)
        self._lines: list[str] = []

    @property
    def visible(self) -> bool:
        return self.text is not None

    def show(self, advice: Advice) -> None:
        self.advice = advice
        self.text = advice.reason

    def note(self, text: str) -> None:
        """Show ``text`` alone, with no move to mark."""
        self.advice = None
        self.text = text

    def hide(self) -> None:
        self.advice = None
        self.text = None

    def layout(
        self, size: tuple[int, int], theme: th.Theme, anchor: tuple[int, int], widest: int | None = None
    ) -> None:
        """The reason's box, its bottom centre at ``anchor`` (above the hand), no wider
        than ``widest`` or the window allows; long reasons wrap."""
        if self.text is None:
            return
        font = theme.font(theme.text_px(19))
        pad = theme.px(12)
        tag_w = self._tag_size(theme)[0]
        width = min(theme.px(720), size[0] - theme.px(24), widest or size[0])
        self._lines = theme.wrap(self.text, font, width - pad * 3 - tag_w)
        text_w = max(font.size(line)[0] for line in self._lines)
        height = len(self._lines) * font.get_linesize() + pad * 2
        self.box = pygame.Rect(0, 0, text_w + tag_w + pad * 3, max(height, self._tag_size(theme)[1] + pad * 2))
        self.box.midbottom = anchor
        self.box.clamp_ip(pygame.Rect((0, 0), size))

    def _tag_size(self, theme: th.Theme) -> tuple[int, int]:
        w, h = theme.font(theme.text_px(16), True).size(self.tag)
        return w + theme.px(14), h + theme.px(6)

    def draw(
        self, surface: pygame.Surface, theme: th.Theme, marks: Sequence[pygame.Rect], tag_clear: Sequence[pygame.Rect] = ()
    ) -> None:
        """The rings round ``marks`` with the tag on one, clear of ``tag_clear`` if it
        can be (``mark_tag``), and the box with the reason."""
        if self.text is None:
            return
        for rect in marks:
            ring = rect.inflate(theme.px(10), theme.px(10))
            pygame.draw.rect(surface, self.colour, ring, width=max(2, theme.px(4)), border_radius=theme.px(10))
        tag = self.mark_tag(theme, marks, surface.get_rect(), tag_clear)
        if tag is not None:
            self._draw_tag(surface, theme, tag)
        theme.draw_panel(surface, self.box, theme.px(10), self.fill, self.colour)
        pad = theme.px(12)
        tag = self._tag_rect(theme)
        tag.topleft = (self.box.x + pad, self.box.y + pad)
        self._draw_tag(surface, theme, tag)
        font = theme.font(theme.text_px(19))
        x = tag.right + pad
        for index, line in enumerate(self._lines):
            text = theme.text(line, theme.text_px(19), th.TEXT)
            surface.blit(text, (x, self.box.y + pad + index * font.get_linesize()))

    def mark_tag(
        self, theme: th.Theme, marks: Sequence[pygame.Rect], screen: pygame.Rect, keep_clear: Sequence[pygame.Rect] = ()
    ) -> pygame.Rect | None:
        """Where the tag on the marked move goes: on the edge of the first ring (the
        move's main target), at its top right corner unless it would lie over
        ``keep_clear`` (words, other cards: "[Hint] opened" hid "not opened"; a stack's
        count), then the middle of its top (the top left corner holds a card's index),
        the top left, the bottom right, the bottom left, then the middle of either side
        (Hand and Foot's draw pile at 1024x640 has words above and below it: "[Hint]"
        hid "1 wild"); the spot hiding least when none is free. None with nothing
        marked."""
        if self.text is None or not marks:
            return None
        around = marks[0].inflate(theme.px(10), theme.px(10))

        def on(corner: tuple[int, int]) -> pygame.Rect:
            tag = self._tag_rect(theme)
            tag.center = corner
            return tag.clamp(screen)

        corners = (
            around.topright,
            around.midtop,
            around.topleft,
            around.bottomright,
            around.bottomleft,
            around.midright,
            around.midleft,
        )
        return first_clear((on(corner) for corner in corners), keep_clear)

    def _tag_rect(self, theme: th.Theme) -> pygame.Rect:
        return pygame.Rect((0, 0), self._tag_size(theme))

    def _draw_tag(self, surface: pygame.Surface, theme: th.Theme, rect: pygame.Rect) -> None:
        pygame.draw.rect(surface, self.colour, rect, border_radius=rect.height // 2)
        text = theme.text(self.tag, theme.text_px(16), th.TEXT_DARK, bold=True)
        surface.blit(text, text.get_rect(center=rect.center))
