"""Short messages that float above any scene for a few seconds ("Screenshot saved to
..."), fading in and out near the top of the window, under the toolbar: the bottom is
where a player's hand lies, and a notice must never cover it. Newest at the bottom.
A scene may name what a toast should keep off (a table's plates and cards, a lobby's join
code); the toasts then go down the window to the first height where they cover none of it,
else off the middle, else to the height across the middle where they cover least."""

from __future__ import annotations

import math
from collections.abc import Sequence
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
        self._spot_key: tuple[object, ...] | None = None
        self._spot_found = (0, 0)

    def show(self, message: str, seconds: float = 3.0, topic: str | None = None) -> None:
        """Add a toast; one on the same ``topic`` (say, screenshots taken in a row)
        replaces the older instead of stacking under it."""
        if topic is not None:
            self.toasts = [t for t in self.toasts if t.topic != topic]
        self.toasts.append(Toast(message, max(_FADE * 2, seconds), topic))
        del self.toasts[:-_MAX_SHOWN]

    def _spot(
        self, boxes: list[pygame.Rect], gap: int, size: tuple[int, int], theme: Theme, keep_clear: Sequence[pygame.Rect]
    ) -> tuple[int, int]:
        """``_clear_spot``, worked out again only when the toasts or what they keep off
        change: the search off the middle tries many spots, and it would every frame."""
        key = (tuple(box.size for box in boxes), size, tuple(tuple(rect) for rect in keep_clear))
        if self._spot_key != key:
            self._spot_key = key
            self._spot_found = _clear_spot(boxes, gap, size[0], size[1], theme.px(62), theme.px(8), keep_clear)
        return self._spot_found

    def update(self, dt: float) -> None:
        for toast in self.toasts:
            toast.age += dt
        self.toasts = [t for t in self.toasts if t.age < t.seconds]

    def draw(self, surface: pygame.Surface, theme: Theme, keep_clear: Sequence[pygame.Rect] = ()) -> None:
        width, height = surface.get_size()
        size = theme.text_px(21)
        pad_x, pad_y = theme.px(22), theme.px(12)
        font = theme.font(size)
        gap = theme.px(10)
        shaped: list[tuple[Toast, list[str], pygame.Rect]] = []
        for toast in self.toasts:
            lines = theme.wrap(toast.message, font, round(width * 0.7))
            text_w = max(font.size(line)[0] for line in lines)
            shaped.append((toast, lines, pygame.Rect(0, 0, text_w + pad_x * 2, len(lines) * font.get_linesize() + pad_y * 2)))
        centre, top = self._spot([box for _, _, box in shaped], gap, (width, height), theme, keep_clear)
        self.boxes = []
        for toast, lines, box in shaped:
            box.midtop = (centre, top)
            self.boxes.append(box)
            layer = pygame.Surface((box.width, box.height + theme.px(5)), pygame.SRCALPHA)
            theme.draw_panel(layer, layer.get_rect(height=box.height), box.height // 2 if len(lines) == 1 else theme.px(14), (12, 24, 18, 235), (236, 190, 86, 120))
            for index, line in enumerate(lines):
                image = theme.text(line, size, th.TEXT)
                layer.blit(image, image.get_rect(centerx=box.width // 2, top=pad_y + index * font.get_linesize()))
            layer.set_alpha(toast.alpha)
            surface.blit(layer, box.topleft)
            top = box.bottom + gap


def _clear_spot(
    boxes: Sequence[pygame.Rect], gap: int, width: int, height: int, first: int, step: int, keep_clear: Sequence[pygame.Rect]
) -> tuple[int, int]:
    """The centre and top for the stack of ``boxes`` (one under another, ``gap`` apart):
    across the middle of the window, the highest height from ``first`` down to its
    bottom (``height``), by ``step``, where they cover nothing of ``keep_clear``; where
    every such height covers something, the same off the middle, nearest it first (a
    save's toast lay on Hand and Foot's "Your turn: ..." line with free felt beside it);
    and where every spot covers something, the height across the middle where it
    covers least (the toast on Continue lay over a seat's plate)."""
    middle = width // 2
    if not boxes or not keep_clear:
        return middle, first
    stack = sum(box.height for box in boxes) + gap * (len(boxes) - 1)
    widest = max(box.width for box in boxes)
    reach = max(0, (width - widest) // 2 - step)
    centres = [middle] + [middle + side * offset for offset in range(step * 4, reach + 1, step * 4) for side in (1, -1)]
    tops = range(first, max(first, height - stack - step) + 1, step)
    # Only what lies level with the stack can be covered at a height: found once for
    # each height, it spares trying every spot against every rect.
    level = {top: [rect for rect in keep_clear if rect.bottom > top and rect.top < top + stack] for top in tops}
    best = (math.inf, first)
    for centre in centres:
        for top in tops:
            y, covered = top, 0
            for box in boxes:
                spot = pygame.Rect(0, 0, box.width, box.height)
                spot.midtop = (centre, y)
                covered += sum(clip.width * clip.height for clip in (spot.clip(rect) for rect in level[top]))
                y = spot.bottom + gap
            if covered == 0:
                return centre, top
            if centre == middle:
                best = min(best, (covered, top))
    return middle, best[1]
