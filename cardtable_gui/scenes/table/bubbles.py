"""Speech bubbles over the seats: what a player just said or did ("Bid 4", "Spades
broken!"), shown for a moment and faded out. The layout says where each seat's
bubble goes; a bubble is kept inside the window."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import pygame

from cardtable_gui.ui import theme as th

BUBBLE_SECONDS = 1.6
FADE_SECONDS = 0.3

Anchor = tuple[tuple[int, int], bool]
"""A point, and whether the bubble's centre (True) or its bottom middle goes there."""


@dataclass(eq=False)
class Bubbles:
    """The bubbles showing now, by seat, with the seconds each has left."""

    shown: dict[int, tuple[str, float]] = field(default_factory=dict)

    def say(self, seat: int, text: str, seconds: float = BUBBLE_SECONDS) -> None:
        self.shown[seat] = (text, seconds)

    def clear(self) -> None:
        self.shown.clear()

    def update(self, dt: float) -> None:
        for seat, (text, left) in list(self.shown.items()):
            if left - dt <= 0:
                del self.shown[seat]
            else:
                self.shown[seat] = (text, left - dt)

    @staticmethod
    def box_size(theme: th.Theme, text: str) -> tuple[int, int]:
        """The size of the bubble saying ``text``, for a layout choosing its place."""
        w, h = theme.font(theme.px(21), True).size(text)
        return w + theme.px(22), h + theme.px(12)

    def boxes(self, theme: th.Theme, anchor: Callable[[int], Anchor], window: pygame.Rect) -> dict[int, pygame.Rect]:
        """Where each seat's bubble is drawn now, kept inside ``window``."""
        placed: dict[int, pygame.Rect] = {}
        for seat, (text, _) in self.shown.items():
            box = pygame.Rect((0, 0), self.box_size(theme, text))
            point, centred = anchor(seat)
            if centred:
                box.center = point
            else:
                box.midbottom = point
            placed[seat] = box.clamp(window)
        return placed

    def draw(self, surface: pygame.Surface, theme: th.Theme, anchor: Callable[[int], Anchor]) -> None:
        boxes = self.boxes(theme, anchor, surface.get_rect())
        for seat, (text, left) in self.shown.items():
            image = theme.text(text, theme.px(21), th.TEXT_DARK, bold=True).copy()
            box = boxes[seat]
            alpha = min(1.0, left / FADE_SECONDS)
            theme.draw_panel(surface, box, radius=box.height // 2, fill=(*th.ACCENT, round(235 * alpha)), border=None)
            image.set_alpha(round(255 * alpha))
            surface.blit(image, image.get_rect(center=box.center))
