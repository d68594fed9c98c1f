"""The middle of the table where a trick is played.

Each card lies in front of the seat that played it (north, east, south, west around
the middle), slightly turned and overlapping its neighbours only at the corners, with
the player's name beside it, so a glance shows who played what. Before a trick is
gathered its winning card is outlined and named. While a card is dragged the area
lights up as the place to drop it.
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
    names: dict[Side, str] = field(default_factory=dict)
    winner: Side | None = None
    label_boxes: list[pygame.Rect] = field(default_factory=list)
    """Where the names went when last drawn (for layout checks)."""

    @staticmethod
    def size_for(card_size: tuple[int, int], label_h: int) -> tuple[int, int]:
        """The room four cards in front of their seats need, with their names."""
        w, h = card_size
        return round(w * 2.9), round(h * 2.2 + label_h * 2)

    def layout(self, rect: pygame.Rect, card_width: int) -> None:
        self.rect = pygame.Rect(rect)
        self.card_width = card_width

    def slot(self, side: Side, sprites: CardSprites) -> tuple[float, float]:
        """The centre of the card played from ``side``."""
        w, h = sprites.size(self.card_width)
        cx, cy = self.rect.center
        dx, dy = w * 0.86, h * 0.54
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
        self.draw_cards(surface, theme, sprites, self.plays, self.winner)

    def draw_cards(
        self,
        surface: pygame.Surface,
        theme: th.Theme,
        sprites: CardSprites,
        plays: list[tuple[Side, Card]],
        winner: Side | None,
    ) -> None:
        """``plays`` in their places with their players' names; ``winner``'s card
        outlined (also used to show the last trick again)."""
        w, h = sprites.size(self.card_width)
        self.label_boxes = []
        for side, card in plays:
            center = self.slot(side, sprites)
            sprites.draw(surface, card, center, self.card_width, self.tilt(side))
            if side is winner:
                outline = pygame.Rect(0, 0, w + theme.px(8), h + theme.px(8))
                outline.center = (round(center[0]), round(center[1]))
                pygame.draw.rect(surface, th.ACCENT, outline, max(2, theme.px(3)), border_radius=theme.px(10))
        for side, _ in plays:
            self._draw_name(surface, theme, sprites, side, side is winner)

    def _draw_name(self, surface: pygame.Surface, theme: th.Theme, sprites: CardSprites, side: Side, won: bool) -> None:
        """The player's name on the outer edge of their card, where no neighbouring
        card lies: above north, below south, beside west and east."""
        name = self.names.get(side)
        if not name:
            return
        w, h = sprites.size(self.card_width)
        size = theme.text_px(16)
        text, size = theme.fit(f"{name} takes it" if won else name, size, round(w * 1.6), bold=won)
        image = theme.text(text, size, th.TEXT_DARK if won else th.TEXT, bold=won)
        box = image.get_rect().inflate(theme.px(12), theme.px(4))
        cx, cy = self.slot(side, sprites)
        gap = theme.px(6)
        if side is Side.TOP:
            box.midbottom = (round(cx), round(cy - h / 2 - gap))
        elif side is Side.BOTTOM:
            box.midtop = (round(cx), round(cy + h / 2 + gap))
        elif side is Side.LEFT:
            box.midright = (round(cx - w / 2 - gap), round(cy))
        else:
            box.midleft = (round(cx + w / 2 + gap), round(cy))
        self.label_boxes.append(box)
        fill = (*th.ACCENT, 235) if won else (10, 20, 15, 170)
        theme.draw_panel(surface, box, radius=box.height // 2, fill=fill, border=None, shadow=False)
        surface.blit(image, image.get_rect(center=box.center))
