"""Drawing one card anywhere on the table: face or back, turned, dimmed or outlined.

Every table piece draws cards through ``CardSprites`` so that turned and dimmed copies
are made once and reused; the faces themselves come from the app's ``CardArt``.

Rasterising a face from its SVG takes about a millisecond, so a new hand of thirteen
faces drawn for the first time would stall one frame. The table therefore names the
pictures it will need (``prepare``) whenever it is laid out, and each frame the scene
lets a few of them be made ahead of time (``prepare_some``), within a small budget.
"""

from __future__ import annotations

import time
from collections import OrderedDict, deque
from collections.abc import Iterable
from typing import Protocol

import pygame

from cardtable_gui.cards import Card

_CACHE_LIMIT = 400
_SHADOW = (0, 0, 0, 70)
INDEX_SHARE = (0.25, 0.35)
"""How much of a face's width and height its corner index (rank over suit) takes, top
left and again turned round bottom right, with a little room for a slight turn."""


def index_corners(card: pygame.Rect) -> tuple[pygame.Rect, pygame.Rect]:
    """Where the two corner indices of the upright ``card`` are drawn: what must stay in
    sight for the card to be read when something lies over the rest of it."""
    size = (round(card.width * INDEX_SHARE[0]), round(card.height * INDEX_SHARE[1]))
    top_left = pygame.Rect(card.topleft, size)
    bottom_right = pygame.Rect((0, 0), size)
    bottom_right.bottomright = card.bottomright
    return top_left, bottom_right


class CardArtLike(Protocol):
    """What the table needs from the card art (cardtable_gui.card_art.CardArt)."""

    def face(self, card: Card, width: int) -> pygame.Surface: ...

    def back(self, width: int) -> pygame.Surface: ...

    def size_for_width(self, width: int) -> tuple[int, int]: ...

    def prepare(self, card: Card | None, width: int) -> None: ...


class CardSprites:
    """Turned, dimmed and shadowed card surfaces, cached by what they show."""

    def __init__(self, art: CardArtLike) -> None:
        self.art = art
        self._cache: OrderedDict[tuple[object, ...], pygame.Surface] = OrderedDict()
        self._wanted: deque[tuple[Card | None, int]] = deque()

    def prepare(self, pictures: Iterable[tuple[Card | None, int]]) -> None:
        """The (card, width) pictures the table will soon draw (None: the back), most
        urgent first. Replaces what was asked before: after a resize the old widths
        are no longer needed."""
        self._wanted = deque(pictures)

    def prepare_some(self, seconds: float) -> None:
        """Make wanted pictures for about ``seconds`` at most (the art keeps them)."""
        deadline = time.perf_counter() + seconds
        while self._wanted and time.perf_counter() < deadline:
            self.art.prepare(*self._wanted.popleft())

    def size(self, width: int) -> tuple[int, int]:
        return self.art.size_for_width(width)

    def rect(self, center: tuple[float, float], width: int) -> pygame.Rect:
        rect = pygame.Rect((0, 0), self.size(width))
        rect.center = (round(center[0]), round(center[1]))
        return rect

    def draw(
        self,
        surface: pygame.Surface,
        card: Card | None,
        center: tuple[float, float],
        width: int,
        angle: float = 0.0,
        dim: bool = False,
        outline: tuple[int, int, int] | None = None,
        shadow: bool = True,
    ) -> pygame.Rect:
        """Draw ``card`` (a back when None) centred on ``center``; returns where it went."""
        image = self.image(card, width, angle, dim, outline, shadow)
        rect = image.get_rect(center=(round(center[0]), round(center[1])))
        surface.blit(image, rect)
        return rect

    def image(
        self,
        card: Card | None,
        width: int,
        angle: float = 0.0,
        dim: bool = False,
        outline: tuple[int, int, int] | None = None,
        shadow: bool = True,
    ) -> pygame.Surface:
        """The picture ``draw`` would blit (turned to a whole degree); shared, so
        draw it elsewhere but never onto it."""
        angle = round(angle)
        # The art's colour scheme is part of the key: the settings can switch it mid-game.
        four_colour = getattr(self.art, "four_colour", False)
        key = (str(card) if card is not None else None, width, angle, dim, outline, shadow, four_colour)
        image = self._cache.get(key)
        if image is not None:
            self._cache.move_to_end(key)
            return image
        base = self.art.face(card, width) if card is not None else self.art.back(width)
        image = _decorate(base, dim, outline, shadow, max(2, width // 28))
        if angle:
            image = pygame.transform.rotozoom(image, angle, 1.0)
        self._cache[key] = image
        if len(self._cache) > _CACHE_LIMIT:
            self._cache.popitem(last=False)
        return image


def _decorate(
    base: pygame.Surface,
    dim: bool,
    outline: tuple[int, int, int] | None,
    shadow: bool,
    thickness: int,
) -> pygame.Surface:
    w, h = base.get_size()
    pad = thickness * 2
    image = pygame.Surface((w + pad * 2, h + pad * 2), pygame.SRCALPHA)
    radius = max(3, w // 12)
    if shadow:
        pygame.draw.rect(image, _SHADOW, (pad + thickness // 2, pad + thickness, w, h), border_radius=radius)
    image.blit(base, (pad, pad))
    if dim:
        veil = pygame.Surface((w, h), pygame.SRCALPHA)
        pygame.draw.rect(veil, (8, 20, 14, 120), veil.get_rect(), border_radius=radius)
        image.blit(veil, (pad, pad))
    if outline is not None:
        pygame.draw.rect(
            image, outline, (pad - thickness, pad - thickness, w + thickness * 2, h + thickness * 2),
            width=thickness, border_radius=radius + thickness,
        )
    return image
