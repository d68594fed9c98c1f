"""Drawing one card anywhere on the table: face or back, turned, dimmed or outlined.

Every table piece draws cards through ``CardSprites`` so that turned and dimmed copies
are made once and reused; the faces themselves come from the app's ``CardArt``.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Protocol

import pygame

from cardtable_gui.cards import Card

_CACHE_LIMIT = 400
_SHADOW = (0, 0, 0, 70)


class CardArtLike(Protocol):
    """What the table needs from the card art (cardtable_gui.card_art.CardArt)."""

    def face(self, card: Card, width: int) -> pygame.Surface: ...

    def back(self, width: int) -> pygame.Surface: ...

    def size_for_width(self, width: int) -> tuple[int, int]: ...


class CardSprites:
    """Turned, dimmed and shadowed card surfaces, cached by what they show."""

    def __init__(self, art: CardArtLike) -> None:
        self.art = art
        self._cache: OrderedDict[tuple[object, ...], pygame.Surface] = OrderedDict()

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
        image = self._image(card, width, round(angle), dim, outline, shadow)
        rect = image.get_rect(center=(round(center[0]), round(center[1])))
        surface.blit(image, rect)
        return rect

    def _image(
        self,
        card: Card | None,
        width: int,
        angle: int,
        dim: bool,
        outline: tuple[int, int, int] | None,
        shadow: bool,
    ) -> pygame.Surface:
        key = (str(card) if card is not None else None, width, angle, dim, outline, shadow)
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
