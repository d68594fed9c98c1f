"""Speech bubbles over the seats: what a player just said or did ("Bid 4", "Spades
broken!"), shown for a moment and faded out. The layout says where each seat's
bubble would go; from there the note placer moves it clear of the cards, controls and
other notes it is given, and keeps it inside the window."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import pygame

from cardtable_gui.scenes.table.note_place import place_note
from cardtable_gui.ui import theme as th

BUBBLE_SECONDS = 1.6
FADE_SECONDS = 0.3

Anchor = tuple[tuple[int, int], bool]
"""A point, and whether the bubble's centre (True) or its bottom middle goes there."""


@dataclass(eq=False)
class Bubbles:
    """The bubbles showing now, by seat, with the seconds each has left."""

    shown: dict[int, tuple[str, float]] = field(default_factory=dict)
    drawn: dict[int, pygame.Rect] = field(default_factory=dict)
    """Where each seat's bubble was last drawn (the table reports them as notes)."""
    _placed: dict[int, tuple[object, pygame.Rect]] = field(default_factory=dict)
    """Each bubble's box and what it was placed for: a bubble moves only when that changes."""

    def say(self, seat: int, text: str, seconds: float = BUBBLE_SECONDS) -> None:
        self.shown[seat] = (text, seconds)

    def clear(self) -> None:
        self.shown.clear()
        self.drawn.clear()
        self._placed.clear()

    def update(self, dt: float) -> None:
        for seat, (text, left) in list(self.shown.items()):
            if left - dt <= 0:
                del self.shown[seat]
                self.drawn.pop(seat, None)
                self._placed.pop(seat, None)
            else:
                self.shown[seat] = (text, left - dt)

    @staticmethod
    def box_size(theme: th.Theme, text: str) -> tuple[int, int]:
        """The size of the bubble saying ``text``, for a layout choosing its place."""
        w, h = theme.font(theme.px(21), True).size(text)
        return w + theme.px(22), h + theme.px(12)

    def draw(
        self, surface: pygame.Surface, theme: th.Theme, anchor: Callable[[int], Anchor], keep_clear: Sequence[pygame.Rect] = ()
    ) -> None:
        """Each bubble at its seat's ``anchor``, or the nearest spot off ``keep_clear``."""
        screen = surface.get_rect()
        for seat, (text, left) in self.shown.items():
            image = theme.text(text, theme.px(21), th.TEXT_DARK, bold=True).copy()
            natural = pygame.Rect((0, 0), self.box_size(theme, text))
            box = self._place(seat, natural, anchor(seat), screen, keep_clear, theme)
            alpha = min(1.0, left / FADE_SECONDS)
            theme.draw_panel(surface, box, radius=box.height // 2, fill=(*th.ACCENT, round(235 * alpha)), border=None)
            image.set_alpha(round(255 * alpha))
            surface.blit(image, image.get_rect(center=box.center))

    def _place(
        self,
        seat: int,
        natural: pygame.Rect,
        anchor: Anchor,
        screen: pygame.Rect,
        keep_clear: Sequence[pygame.Rect],
        theme: th.Theme,
    ) -> pygame.Rect:
        point, centred = anchor
        if centred:
            natural.center = point
        else:
            natural.midbottom = point
        natural.clamp_ip(screen)
        others = [box for other, box in self.drawn.items() if other != seat]
        key = (tuple(natural), tuple(screen), [tuple(rect) for rect in (*keep_clear, *others)])
        placed = self._placed.get(seat)
        if placed is None or placed[0] != key:
            size = natural.size
            _, box = place_note(natural, lambda _width: size, [size[0]], screen, [*keep_clear, *others], [], theme.px(12))
            placed = (key, box)
            self._placed[seat] = placed
        self.drawn[seat] = placed[1]
        return placed[1]
