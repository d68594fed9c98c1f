"""Drawing one card anywhere on the table: face or back, turned, dimmed or outlined.

Every table piece draws cards through ``CardSprites`` so that turned and dimmed copies
are made once and reused; the faces themselves come from the app's ``CardArt``.

A face drawn so small that its rank would be hard to read (a crowded trick, the Spinado
board) borrows the corner indices of the same card drawn larger (``READABLE_RANK``).

Rasterising a face from its SVG takes about a millisecond, so a new hand of thirteen
faces drawn for the first time would stall one frame. The table therefore names the
pictures it will need (``prepare``) whenever it is laid out, and each frame the scene
lets a few of them be made ahead of time (``prepare_some``), within a small budget.
"""

from __future__ import annotations

import math
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
RANK_SHARE = 50 / 350
"""How much of a face's height the rank of its index takes in the card art."""
READABLE_RANK = 12
"""The least height, in pixels, a card's rank is drawn at: on the small cards of a
crowded trick or of the Spinado board the art's own rank was 9 or 10 pixels tall, too
small to read at a glance."""
INDEX_BOX = (3 / 250, 3 / 350, 54 / 250, 120 / 350)
"""The top left index in the card art, as shares of the face (left, top, right,
bottom): clear of the card's edge and of its pips and picture."""


def index_corners(card: pygame.Rect) -> tuple[pygame.Rect, pygame.Rect]:
    """Where the two corner indices of the upright ``card`` are drawn: what must stay in
    sight for the card to be read when something lies over the rest of it."""
    size = (round(card.width * INDEX_SHARE[0]), round(card.height * INDEX_SHARE[1]))
    top_left = pygame.Rect(card.topleft, size)
    bottom_right = pygame.Rect((0, 0), size)
    bottom_right.bottomright = card.bottomright
    return top_left, bottom_right


def turned_index_corners(card: pygame.Rect, angle: float) -> tuple[pygame.Rect, pygame.Rect]:
    """Where the corner indices of ``card`` (upright) lie once it is drawn turned by
    ``angle`` degrees about its centre, as ``CardSprites.draw`` turns it: the box round
    each turned index. Turned, an index moves a few pixels off its upright place, and a
    tag kept clear of the upright box still lay on the rank."""
    turn = math.radians(round(angle))
    cos, sin = math.cos(turn), math.sin(turn)
    cx, cy = card.center

    def turned(corner: pygame.Rect) -> pygame.Rect:
        # pygame turns counterclockwise on the screen, whose y runs down.
        points = [
            (cx + (x - cx) * cos + (y - cy) * sin, cy - (x - cx) * sin + (y - cy) * cos)
            for x, y in (corner.topleft, corner.topright, corner.bottomleft, corner.bottomright)
        ]
        left, top = math.floor(min(x for x, _ in points)), math.floor(min(y for _, y in points))
        right, bottom = math.ceil(max(x for x, _ in points)), math.ceil(max(y for _, y in points))
        return pygame.Rect(left, top, right - left, bottom - top)

    top_left, bottom_right = index_corners(card)
    return turned(top_left), turned(bottom_right)


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
            card, width = self._wanted.popleft()
            self.art.prepare(card, width)
            larger = self._index_width(card, width)
            if larger is not None:
                self.art.prepare(card, larger)

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
        *,
        ring: tuple[int, int, int] | None = None,
    ) -> pygame.Rect:
        """Draw ``card`` (a back when None) centred on ``center``; returns where it went.
        ``ring`` is a second outline around ``outline``, for a card marked two ways."""
        image = self.image(card, width, angle, dim, outline, shadow, ring=ring)
        rect = image.get_rect(center=(round(center[0]), round(center[1])))
        surface.blit(image, rect)
        return rect

    def _readable_face(self, card: Card, width: int) -> pygame.Surface:
        """The face of ``card`` ``width`` wide, its indices those of a larger card
        when its own rank would be drawn smaller than ``READABLE_RANK``."""
        face = self.art.face(card, width)
        larger = self._index_width(card, width)
        return face if larger is None else with_larger_index(face, self.art.face(card, larger))

    def _index_width(self, card: Card | None, width: int) -> int | None:
        """The width of the card whose indices a face ``width`` wide borrows to be
        read (``READABLE_RANK``); None when its own read already, and for backs and
        jokers (a joker's corner spells its name down the edge; its picture says it)."""
        height = self.size(width)[1]
        if card is None or card.suit is None or height * RANK_SHARE >= READABLE_RANK:
            return None
        return math.ceil(width * READABLE_RANK / (height * RANK_SHARE))

    def image(
        self,
        card: Card | None,
        width: int,
        angle: float = 0.0,
        dim: bool = False,
        outline: tuple[int, int, int] | None = None,
        shadow: bool = True,
        *,
        ring: tuple[int, int, int] | None = None,
    ) -> pygame.Surface:
        """The picture ``draw`` would blit (turned to a whole degree); shared, so
        draw it elsewhere but never onto it."""
        angle = round(angle)
        # The art's colour scheme is part of the key: the settings can switch it mid-game.
        four_colour = getattr(self.art, "four_colour", False)
        key = (str(card) if card is not None else None, width, angle, dim, outline, ring, shadow, four_colour)
        image = self._cache.get(key)
        if image is not None:
            self._cache.move_to_end(key)
            return image
        base = self.art.back(width) if card is None else self._readable_face(card, width)
        image = _decorate(base, dim, outline, ring, shadow, max(2, width // 28))
        if angle:
            image = pygame.transform.rotozoom(image, angle, 1.0)
        self._cache[key] = image
        if len(self._cache) > _CACHE_LIMIT:
            self._cache.popitem(last=False)
        return image


def with_larger_index(face: pygame.Surface, larger: pygame.Surface) -> pygame.Surface:
    """``face`` with both its corner indices replaced by those of ``larger`` (the same
    card drawn bigger), each growing from its own corner over the paper around it."""
    result = face.copy()
    for turn in (0, 180):
        result = pygame.transform.rotate(result, turn)
        _paste_index(result, pygame.transform.rotate(larger, turn))
        result = pygame.transform.rotate(result, -turn)
    return result


def _paste_index(face: pygame.Surface, larger: pygame.Surface) -> None:
    """The top left index of ``larger`` drawn in the top left corner of ``face``, over
    its own index wiped to paper: its ink only, darkening what it lies on, so a pip it
    reaches stays whole under it."""
    def box(surface: pygame.Surface) -> pygame.Rect:
        w, h = surface.get_size()
        left, top, right, bottom = INDEX_BOX
        return pygame.Rect(round(w * left), round(h * top), round(w * (right - left)), round(h * (bottom - top)))

    # Only colours change: the card's rounded corner keeps its transparency.
    face.fill((255, 255, 255), box(face), special_flags=pygame.BLEND_RGB_MAX)
    grown = box(larger).clip(face.get_rect())
    ink = pygame.Surface(grown.size)
    ink.fill((255, 255, 255))
    ink.blit(larger, (0, 0), grown)
    face.blit(ink, grown.topleft, special_flags=pygame.BLEND_RGB_MIN)


def _decorate(
    base: pygame.Surface,
    dim: bool,
    outline: tuple[int, int, int] | None,
    ring: tuple[int, int, int] | None,
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
    if ring is not None:
        pygame.draw.rect(image, ring, (0, 0, w + pad * 2, h + pad * 2), width=thickness, border_radius=radius + pad)
    return image
