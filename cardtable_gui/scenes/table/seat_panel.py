"""A seat around the table: the player's name plate and, for other seats, their cards.

The plate shows the name, a line or two the game supplies (a bid, tricks taken), a
dealer chip, a glowing edge when it is that seat's turn and animated dots while a
computer is thinking. Other seats' hands are drawn as a small fan of backs, turned by
the seat's angle to face the middle of the table, wherever around it the seat sits.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

import math

import pygame

from cardtable_gui.scenes.table.card_sprites import CardSprites
from cardtable_gui.ui import theme as th


FAN_SPREAD = 0.16
"""How far each back in a fan lies from the next, in card widths."""
FULL_HAND = 13
PAD_PX, NAME_PX, LINE_PX = 10, 24, 19
"""A plate's margin, the size of its name and of its lines (before the theme's scale)."""


def fan_extent(card_size: tuple[int, int], angle: float) -> tuple[int, int]:
    """The width and height a fan of a full hand of backs of ``card_size`` takes when
    turned by ``angle`` degrees."""
    w, h = card_size
    along = w + w * FAN_SPREAD * (FULL_HAND - 1)
    turn = math.radians(angle)
    cos, sin = abs(math.cos(turn)), abs(math.sin(turn))
    return round(along * cos + h * sin), round(along * sin + h * cos)


class Side(Enum):
    """Where a seat sits as seen by the player at the bottom."""

    BOTTOM = "bottom"
    LEFT = "left"
    TOP = "top"
    RIGHT = "right"

    @property
    def angle(self) -> float:
        """How far that seat's cards are turned, so they face the middle."""
        return {Side.BOTTOM: 0.0, Side.LEFT: -90.0, Side.TOP: 180.0, Side.RIGHT: 90.0}[self]


@dataclass(eq=False)
class SeatPanel:
    """One seat's plate and face-down hand. The table sets the fields each frame.
    ``angle`` is how far the seat's cards turn (``Side.angle``, ``SeatSpot.angle``)."""

    angle: float
    name: str = ""
    lines: list[str] = field(default_factory=list)
    card_count: int = 0
    show_cards: bool = True
    active: bool = False
    turn_text: str = "to play"
    """What the plate says under the name while it is that seat's turn ("to bid")."""
    thinking: bool = False
    waiting_words: str = "thinking"
    """What the plate says while the table waits for this seat (see ``thinking``)."""
    dealer: bool = False
    highlight: tuple[int, int, int] | None = None
    plate: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    cards_center: tuple[float, float] = (0.0, 0.0)
    card_width: int = 50
    _clock: float = 0.0
    _backs: tuple[tuple[int, int], pygame.Surface, tuple[int, int]] | None = field(default=None, repr=False)

    def layout(self, plate: pygame.Rect, cards_center: tuple[float, float], card_width: int) -> None:
        self.plate = pygame.Rect(plate)
        self.cards_center = cards_center
        self.card_width = card_width

    def update(self, dt: float) -> None:
        self._clock += dt

    def cards_rect(self, sprites: CardSprites) -> pygame.Rect:
        """The space the face-down fan of thirteen takes (for layout checks and
        card flights)."""
        rect = pygame.Rect((0, 0), fan_extent(sprites.size(self.card_width), self.angle))
        rect.center = (round(self.cards_center[0]), round(self.cards_center[1]))
        return rect

    def _spread(self, card_w: int) -> float:
        return card_w * FAN_SPREAD

    def draw(self, surface: pygame.Surface, theme: th.Theme, sprites: CardSprites) -> None:
        if self.show_cards and self.card_count:
            self._draw_backs(surface, sprites)
        self._draw_plate(surface, theme)

    def _draw_backs(self, surface: pygame.Surface, sprites: CardSprites) -> None:
        """The face-down fan is one picture, made again only when its count or size
        changes: one blit a frame instead of one per card."""
        key = (self.card_count, self.card_width)
        if self._backs is None or self._backs[0] != key:
            self._backs = self._fan_of_backs(sprites)
        _, image, (dx, dy) = self._backs
        surface.blit(image, (round(self.cards_center[0]) + dx, round(self.cards_center[1]) + dy))

    def _fan_of_backs(self, sprites: CardSprites) -> tuple[tuple[int, int], pygame.Surface, tuple[int, int]]:
        """The fan drawn on its own surface, and where its top left lies from the
        fan's centre."""
        n = self.card_count
        w, _ = sprites.size(self.card_width)
        spread = self._spread(w)
        images = [sprites.image(None, self.card_width, self.angle, shadow=i == 0) for i in range(n)]
        along = self._fan_axis()
        rects = []
        for i, image in enumerate(images):
            offset = (i - (n - 1) / 2) * spread
            rects.append(image.get_rect(center=(round(offset * along[0]), round(offset * along[1]))))
        bounds = rects[0].unionall(rects[1:])
        fan = pygame.Surface(bounds.size, pygame.SRCALPHA)
        for image, rect in zip(images, rects, strict=True):
            fan.blit(image, rect.move(-bounds.x, -bounds.y))
        return (n, self.card_width), fan, bounds.topleft

    def _fan_axis(self) -> tuple[float, float]:
        """The direction the backs spread in: across the seat's line of sight."""
        if self.angle % 180 == 0:
            return (1.0, 0.0)
        if self.angle % 180 == 90:
            return (0.0, 1.0)
        turn = math.radians(self.angle)
        return (math.cos(turn), -math.sin(turn))

    def fits(self, theme: th.Theme, line: str) -> bool:
        """Whether ``line`` fits on the plate whole at its size: a line that does not is
        shrunk, and at last cut, so the game says it shorter while it can."""
        return theme.fit(line, theme.px(LINE_PX), self.plate.width - theme.px(PAD_PX) * 2) == (line, theme.px(LINE_PX))

    def cut(self, theme: th.Theme) -> list[str]:
        """The plate's name and lines that are drawn cut short (ending in an ellipsis)."""
        name = theme.fit(self.name, theme.px(NAME_PX), self.plate.width - theme.px(PAD_PX) * 2 - theme.px(26), True)[0]
        lines = [theme.fit(line, theme.px(LINE_PX), self.plate.width - theme.px(PAD_PX) * 2)[0] for line in self.lines]
        return [said for said, drawn in zip([self.name, *self.lines], [name, *lines], strict=True) if said != drawn]

    def _draw_plate(self, surface: pygame.Surface, theme: th.Theme) -> None:
        rect = self.plate
        if self.active:
            glow = rect.inflate(theme.px(8), theme.px(8))
            theme.draw_panel(surface, glow, fill=(*th.ACCENT, 90), border=None, shadow=False)
        border = th.ACCENT if self.active else th.PANEL_BORDER
        theme.draw_panel(surface, rect, fill=th.PANEL, border=border)
        pad = theme.px(PAD_PX)
        name_size = theme.px(NAME_PX)
        line_size = theme.px(LINE_PX)
        name, size = theme.fit(self.name, name_size, rect.width - pad * 2 - theme.px(26), True)
        colour = th.ACCENT if self.active else th.TEXT
        surface.blit(theme.text(name, size, colour, bold=True), (rect.x + pad, rect.y + pad))
        if self.dealer:
            self._draw_dealer_chip(surface, theme, rect, pad)
        y = rect.y + pad + name_size
        for line in self.lines:
            text, size = theme.fit(line, line_size, rect.width - pad * 2)
            surface.blit(theme.text(text, size, self.highlight or th.TEXT_DIM), (rect.x + pad, y))
            y += line_size
        if self.thinking:
            dots = "." * (1 + int(self._clock * 3) % 3)
            text = theme.text(f"{self.waiting_words}{dots}", line_size, th.ACCENT)
            surface.blit(text, (rect.x + pad, rect.bottom - pad - line_size + theme.px(3)))
        elif self.active:
            text = theme.text(self.turn_text, line_size, th.ACCENT)
            surface.blit(text, (rect.x + pad, rect.bottom - pad - line_size + theme.px(3)))

    def _draw_dealer_chip(
        self, surface: pygame.Surface, theme: th.Theme, rect: pygame.Rect, pad: int
    ) -> None:
        radius = theme.px(10)
        center = (rect.right - pad - radius, rect.y + pad + radius)
        pygame.draw.circle(surface, th.TEXT, center, radius)
        pygame.draw.circle(surface, th.ACCENT_DARK, center, radius, max(1, theme.px(2)))
        letter = theme.text("D", theme.px(17), th.TEXT_DARK, bold=True)
        surface.blit(letter, letter.get_rect(center=center))


def plate_height(theme: th.Theme, lines: int) -> int:
    """The height a plate needs for its name, ``lines`` lines and the turn line."""
    return theme.px(PAD_PX) * 2 + theme.px(NAME_PX) + theme.px(LINE_PX) * (lines + 1)
