"""The cards everyone knows are in another player's hand, shown face up.

In Spizzichino a declaration or a lift shows cards that then stay in a hand; a short
row of them, under a caption naming whose they are, saves everyone remembering. The
row ends at the right of its area and overlaps to fit it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import pygame

from cardtable_gui.cards import Card
from cardtable_gui.ui import theme as th

if TYPE_CHECKING:
    from cardtable_gui.scenes.table.card_sprites import CardSprites


@dataclass(eq=False)
class KnownCards:
    """A row of ``cards`` ``card_width`` wide in ``area`` (set by the layout), under
    ``caption``."""

    cards: list[Card] = field(default_factory=list)
    caption: str = ""
    area: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    card_width: int = 48

    def places(self, sprites: CardSprites) -> list[tuple[Card, tuple[float, float]]]:
        """Each card and the centre it is drawn at."""
        if not self.cards:
            return []
        area = self.area
        w, h = sprites.size(self.card_width)
        step = min(w * 0.6, (area.width - w) / max(1, len(self.cards) - 1))
        left = area.right - w / 2 - step * (len(self.cards) - 1)
        y = area.bottom - h / 2
        return [(card, (left + i * step, y)) for i, card in enumerate(self.cards)]

    def rect(self, theme: th.Theme, sprites: CardSprites) -> pygame.Rect:
        """Where the cards and their caption are drawn (empty when there are none)."""
        places = self.places(sprites)
        if not places:
            return pygame.Rect(self.area.topright, (0, 0))
        rects = [sprites.rect(center, self.card_width) for _, center in places]
        return rects[0].unionall(rects[1:]).union(self._caption_rect(theme))

    def _caption_text(self, theme: th.Theme) -> tuple[str, int]:
        return theme.fit(self.caption, theme.text_px(16), self.area.width)

    def _caption_rect(self, theme: th.Theme) -> pygame.Rect:
        text, size = self._caption_text(theme)
        w, h = theme.font(size).size(text)
        return pygame.Rect(self.area.right - w, self.area.top, w, h)

    def draw(self, surface: pygame.Surface, theme: th.Theme, sprites: CardSprites) -> None:
        places = self.places(sprites)
        if not places:
            return
        text, size = self._caption_text(theme)
        surface.blit(theme.text(text, size, th.TEXT_DIM), self._caption_rect(theme))
        for card, center in places:
            sprites.draw(surface, card, center, self.card_width)
