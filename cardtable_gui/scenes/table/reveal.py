"""A hidden hand turned face up for everyone to see, under a label ("The dead hand").

The cards lie in a row on a panel, overlapping when the room is short, and turn over
one after another from left to right: each narrows to its edge as a back and opens
again as its face. The turning runs on the table's animator, so play waits until the
last card is face up. The piece only shows what it is given; the layout decides when
a hand is revealed and when it is put away.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import pygame

from cardtable_gui.cards import Card
from cardtable_gui.scenes.table.animation import Animator, Tween, linear
from cardtable_gui.scenes.table.card_sprites import INDEX_SHARE, CardSprites
from cardtable_gui.ui import theme as th

TURN_SECONDS = 0.22
STAGGER = 0.07
_MOST_APART = 0.62
"""Cards lie at most this share of a card's width apart, closer when room is short."""


@dataclass(eq=False)
class Reveal:
    """``cards`` face up in ``rect`` under ``label``; ``visible`` while shown."""

    cards: list[Card] = field(default_factory=list)
    label: str = ""
    rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    card_width: int = 60
    visible: bool = False
    turns: list[Tween] = field(default_factory=list)
    pad: int = 12
    label_h: int = 20

    @staticmethod
    def size_for(card_size: tuple[int, int], count: int, theme: th.Theme, apart: float = _MOST_APART) -> tuple[int, int]:
        """The room ``count`` cards of ``card_size`` take side by side, ``apart`` of a
        card's width apart (their widest spacing unless told), with the label and the
        panel's edge."""
        w, h = card_size
        pad = theme.px(12)
        return round(w + w * apart * max(0, count - 1)) + pad * 2, h + pad * 3 + theme.text_px(20)

    @staticmethod
    def card_width_for(width: int, count: int, theme: th.Theme, largest: int) -> int:
        """The widest card, up to ``largest``, of which ``count`` lie in a panel
        ``width`` wide with every card's corner index still in sight."""
        pad = theme.px(12)
        return max(1, min(largest, int((width - pad * 2) / (1 + INDEX_SHARE[0] * max(0, count - 1)))))

    def layout(self, rect: pygame.Rect, card_width: int, theme: th.Theme) -> None:
        self.rect = pygame.Rect(rect)
        self.card_width = card_width
        self.pad = theme.px(12)
        self.label_h = theme.text_px(20)

    def show(self, cards: Sequence[Card], label: str, animator: Animator | None = None) -> None:
        """Lay ``cards`` face down and turn them over one by one on ``animator``
        (at once without one: a table drawn again from a saved game)."""
        self.cards = list(cards)
        self.label = label
        self.visible = True
        self.turns = [
            Tween((0.0,), (1.0,), TURN_SECONDS, linear, delay=index * STAGGER) for index in range(len(self.cards))
        ]
        if animator is None:
            for turn in self.turns:
                turn.finish()
            return
        for turn in self.turns:
            animator.add(turn)

    @property
    def seconds(self) -> float:
        """How long the turning takes, until the last card is face up."""
        return (len(self.cards) - 1) * STAGGER + TURN_SECONDS if self.cards else 0.0

    def hide(self) -> None:
        self.visible = False
        self.cards = []
        self.turns = []

    @property
    def turning(self) -> bool:
        return any(not turn.done for turn in self.turns)

    def card_center(self, index: int, sprites: CardSprites) -> tuple[float, float]:
        """Where card ``index`` lies in the row, spread to fill the panel."""
        w, h = sprites.size(self.card_width)
        pad = self.pad
        room = self.rect.width - pad * 2 - w
        count = len(self.cards)
        step = min(w * _MOST_APART, room / (count - 1)) if count > 1 else 0.0
        left = self.rect.centerx - step * (count - 1) / 2
        top = self.rect.top + pad * 2 + self.label_h
        return (left + step * index, top + h / 2)

    def draw(self, surface: pygame.Surface, theme: th.Theme, sprites: CardSprites) -> None:
        if not self.visible:
            return
        theme.draw_panel(surface, self.rect, radius=theme.px(16), fill=(12, 24, 18, 225), border=th.ACCENT)
        label, size = theme.fit(self.label, self.label_h, self.rect.width - self.pad * 2, bold=True)
        image = theme.text(label, size, th.ACCENT, bold=True)
        surface.blit(image, image.get_rect(midtop=(self.rect.centerx, self.rect.top + self.pad)))
        for index, (card, turn) in enumerate(zip(self.cards, self.turns, strict=True)):
            center = self.card_center(index, sprites)
            progress = turn.progress
            if progress >= 1.0:
                sprites.draw(surface, card, center, self.card_width)
                continue
            # First half: the back narrows to its edge; second half: the face opens.
            shown = None if progress < 0.5 else card
            squeeze = abs(1.0 - 2.0 * progress)
            image = sprites.image(shown, self.card_width)
            narrow = pygame.transform.scale(image, (max(1, round(image.get_width() * squeeze)), image.get_height()))
            surface.blit(narrow, narrow.get_rect(center=(round(center[0]), round(center[1]))))
