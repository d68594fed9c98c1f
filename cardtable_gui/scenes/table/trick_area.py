"""The middle of the table where a trick is played.

Each card lies a little toward the side of the seat that played it, slightly turned,
so a glance shows who played what. While a card is dragged the area lights up as the
place to drop it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from cardtable_gui.cards import Card
from cardtable_gui.scenes.table.card_sprites import CardSprites
from cardtable_gui.scenes.table.seat_panel import Side
from cardtable_gui.ui import theme as th

_TILT = {Side.BOTTOM: -3.0, Side.LEFT: 6.0, Side.TOP: 2.0, Side.RIGHT: -7.0}


@dataclass(eq=False)
class TrickArea:
    """Cards on the table this trick, each placed by the side that played it."""

    rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    card_width: int = 80
    plays: list[tuple[Side, Card]] = field(default_factory=list)
    drop_ready: bool = False
    drop_hot: bool = False
    caption: str = ""

    def layout(self, rect: pygame.Rect, card_width: int) -> None:
        self.rect = pygame.Rect(rect)
        self.card_width = card_width

    def slot(self, side: Side, sprites: CardSprites) -> tuple[float, float]:
        """The centre of the card played from ``side``."""
        w, h = sprites.size(self.card_width)
        cx, cy = self.rect.center
        dx, dy = w * 0.62, h * 0.30
        return {
            Side.BOTTOM: (cx, cy + dy),
            Side.TOP: (cx, cy - dy),
            Side.LEFT: (cx - dx, cy),
            Side.RIGHT: (cx + dx, cy),
        }[side]

    @staticmethod
    def tilt(side: Side) -> float:
        return _TILT[side]

    def contains(self, pos: tuple[int, int]) -> bool:
        return self.rect.collidepoint(pos)

    def draw(self, surface: pygame.Surface, theme: th.Theme, sprites: CardSprites) -> None:
        if self.drop_ready:
            fill = (*th.ACCENT, 70) if self.drop_hot else (255, 255, 255, 22)
            border = th.ACCENT if self.drop_hot else (255, 255, 255, 70)
            theme.draw_panel(surface, self.rect, radius=theme.px(24), fill=fill, border=border, shadow=False)
        elif self.caption and not self.plays:
            text = theme.text(self.caption, theme.px(20), (*th.TEXT_DIM, 170))
            surface.blit(text, text.get_rect(center=self.rect.center))
        for side, card in self.plays:
            sprites.draw(surface, card, self.slot(side, sprites), self.card_width, self.tilt(side))
