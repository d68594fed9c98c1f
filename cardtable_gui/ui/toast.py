"""Short messages that float above any scene for a few seconds ("Screenshot saved to
..."), fading in and out near the top of the window, under the toolbar: the bottom is
where a player's hand lies, and a notice must never cover it. Newest at the bottom."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from cardtable_gui.ui import theme as th
from cardtable_gui.ui.theme import Theme

_FADE = 0.25
_MAX_SHOWN = 4


@dataclass
class Toast:
    message: str
    seconds: float
    topic: str | None = None
    age: float = 0.0

    @property
    def alpha(self) -> int:
        """Opacity 0..255: fading in at the start and out at the end."""
        fade_in = min(1.0, self.age / _FADE)
        fade_out = min(1.0, max(0.0, self.seconds - self.age) / _FADE)
        return round(255 * min(fade_in, fade_out))


class ToastLayer:
    """The toasts currently showing; the app updates and draws it after the scene."""

    def __init__(self) -> None:
        self.toasts: list[Toast] = []
        self.boxes: list[pygame.Rect] = []
        """Where each toast went when last drawn (for layout checks)."""

    def show(self, message: str, seconds: float = 3.0, topic: str | None = None) -> None:
        """Add a toast; one on the same ``topic`` (say, screenshots taken in a row)
        replaces the older instead of stacking under it."""
        if topic is not None:
            self.toasts = [t for t in self.toasts if t.topic != topic]
        self.toasts.append(Toast(message, max(_FADE * 2, seconds), topic))
        del self.toasts[:-_MAX_SHOWN]

    def update(self, dt: float) -> None:
        for toast in self.toasts:
            toast.age += dt
        self.toasts = [t for t in self.toasts if t.age < t.seconds]

    def draw(self, surface: pygame.Surface, theme: Theme) -> None:
        width, _ = surface.get_size()
        top = theme.px(62)
        self.boxes = []
        size = theme.text_px(21)
        pad_x, pad_y = theme.px(22), theme.px(12)
        font = theme.font(size)
        for toast in self.toasts:
            lines = theme.wrap(toast.message, font, round(width * 0.7))
            text_w = max(font.size(line)[0] for line in lines)
            box = pygame.Rect(0, 0, text_w + pad_x * 2, len(lines) * font.get_linesize() + pad_y * 2)
            box.midtop = (width // 2, top)
            self.boxes.append(box)
            layer = pygame.Surface((box.width, box.height + theme.px(5)), pygame.SRCALPHA)
            theme.draw_panel(layer, layer.get_rect(height=box.height), box.height // 2 if len(lines) == 1 else theme.px(14), (12, 24, 18, 235), (236, 190, 86, 120))
            for index, line in enumerate(lines):
                image = theme.text(line, size, th.TEXT)
                layer.blit(image, image.get_rect(centerx=box.width // 2, top=pad_y + index * font.get_linesize()))
            layer.set_alpha(toast.alpha)
            surface.blit(layer, box.topleft)
            top = box.bottom + theme.px(10)
