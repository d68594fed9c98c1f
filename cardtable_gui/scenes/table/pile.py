"""A pile of cards on the table: a face-down stock to deal or draw from, or a
face-up discard pile showing its top card. The stack's thickness follows its count."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from cardtable_gui.cards import Card
from cardtable_gui.scenes.table.card_sprites import CardSprites
from cardtable_gui.ui import theme as th

_MAX_LAYERS = 8


@dataclass(eq=False)
class Pile:
    """``count`` cards stacked at ``center``; ``top`` is drawn face up when set."""

    center: tuple[float, float] = (0.0, 0.0)
    card_width: int = 60
    count: int = 0
    top: Card | None = None
    label: str = ""

    def layout(self, center: tuple[float, float], card_width: int) -> None:
        self.center = center
        self.card_width = card_width

    @property
    def top_center(self) -> tuple[float, float]:
        """Where the top card lies (cards leave from and land on it)."""
        lift = self._layers() * max(1, self.card_width // 60)
        return (self.center[0] - lift, self.center[1] - lift)

    def _layers(self) -> int:
        return min(_MAX_LAYERS, (self.count + 5) // 6)

    def rect(self, sprites: CardSprites) -> pygame.Rect:
        return sprites.rect(self.center, self.card_width).inflate(_MAX_LAYERS * 2, _MAX_LAYERS * 2)

    def draw(self, surface: pygame.Surface, theme: th.Theme, sprites: CardSprites) -> None:
        if self.count <= 0:
            return
        step = max(1, self.card_width // 60)
        layers = self._layers()
        for i in range(layers):
            at = (self.center[0] - i * step, self.center[1] - i * step)
            last = i == layers - 1
            card = self.top if last else None
            sprites.draw(surface, card, at, self.card_width, shadow=i == 0)
        if self.label:
            _, h = sprites.size(self.card_width)
            text = theme.text(self.label, theme.px(16), th.TEXT_DIM)
            surface.blit(text, text.get_rect(midtop=(self.center[0], self.center[1] + h / 2 + theme.px(4))))
