"""A moment's box over the middle of the table: one line and the cards it is about.

Spizzichino's declarations are shown this way ("Ben declares Napoli: 3 points" over
the ace, two and three): the line in large type, the cards overlapping in a row under
it, the box centred where the trick is and kept inside the table's middle.
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
class Showcase:
    """What is on show (``shown``: its line and cards, None when nothing is) and
    where it was last drawn (``rect``)."""

    shown: tuple[str, tuple[Card, ...]] | None = None
    rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))

    def show(self, line: str, cards: tuple[Card, ...]) -> None:
        self.shown = (line, cards)

    def end(self) -> None:
        self.shown = None

    def draw(
        self,
        surface: pygame.Surface,
        theme: th.Theme,
        sprites: CardSprites,
        card_width: int,
        center: tuple[int, int],
        bounds: pygame.Rect,
    ) -> None:
        """The box around ``center``, inside ``bounds``, its cards ``card_width`` wide."""
        if self.shown is None:
            return
        t = theme
        line, cards = self.shown
        pad = t.px(16)
        w, h = sprites.size(card_width)
        step = w * 0.8
        cards_w = round(w + step * (len(cards) - 1))
        text, size = t.fit(line, t.px(26), bounds.width - pad * 2, bold=True)
        image = t.text(text, size, th.ACCENT, bold=True)
        box = pygame.Rect(0, 0, max(image.get_width(), cards_w) + pad * 2, image.get_height() + h + pad * 3)
        box.center = center
        box.clamp_ip(bounds)
        self.rect = box
        t.draw_panel(surface, box, radius=t.px(16), fill=(12, 24, 18, 235), border=th.ACCENT)
        surface.blit(image, image.get_rect(midtop=(box.centerx, box.top + pad)))
        left = box.centerx - cards_w / 2 + w / 2
        y = box.top + pad * 2 + image.get_height() + h / 2
        for i, card in enumerate(cards):
            sprites.draw(surface, card, (left + i * step, y), card_width)
