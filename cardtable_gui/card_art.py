"""Card pictures for the table: faces, the back and empty pile outlines, as pygame surfaces.

The faces are SVG files drawn by ``tools/make_cards.py`` and shipped in
``cardtable_gui/assets/cards`` (one file per card, named by its notation: ``QS.svg``,
``10H.svg``, ``JK.svg``, ``3Co.svg``, plus ``back.svg``). Each is rasterised with
``pygame.image.load_sized_svg`` at the exact size asked for, so cards stay crisp at any
window size, and kept in a small LRU cache so ordinary frames never touch the disk.

The four-colour deck is not a second set of files: each suit's colours are written into
the SVGs as fixed tokens (``SUIT_INK``, ``SUIT_TINT``), and for diamonds and clubs the
loader swaps those tokens for the four-colour ones (``FOUR_COLOUR``) in the SVG text
before rasterising. The generator imports these tables, so both sides agree.

A missing or unreadable file never stops the game: the card is drawn plainly with
pygame and one line is logged for that file.
"""

from __future__ import annotations

import io
import logging
from collections import OrderedDict
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path

import pygame

from cardtable_gui.cards import Card, Suit

log = logging.getLogger(__name__)

CARD_ASPECT = 1.4
"""Height over width of every card (the SVG view box is 250 x 350)."""

BACK = "back"
"""File stem of the card back."""

SUIT_INK: dict[Suit, str] = {
    Suit.SPADES: "#1a1a1a",
    Suit.HEARTS: "#c8102e",
    Suit.DIAMONDS: "#c8102e",
    Suit.CLUBS: "#1a1a1a",
    Suit.COPPE: "#b3261e",
    Suit.DENARI: "#94620a",
    Suit.SPADE: "#1f4e9c",
    Suit.BASTONI: "#2e6b30",
}
"""The colour of each suit's indices and pips in the classic deck."""

SUIT_TINT: dict[Suit, str] = {
    Suit.SPADES: "#eef0f3",
    Suit.HEARTS: "#fcecee",
    Suit.DIAMONDS: "#fcecee",
    Suit.CLUBS: "#eef0f3",
    Suit.COPPE: "#fbeceb",
    Suit.DENARI: "#fcf3df",
    Suit.SPADE: "#eaf0f9",
    Suit.BASTONI: "#ebf4ea",
}
"""The pale background of each suit's court frame."""

FOUR_COLOUR: dict[Suit, tuple[str, str]] = {
    Suit.DIAMONDS: ("#1565c0", "#e8f0fb"),
    Suit.CLUBS: ("#1e7b34", "#e8f5eb"),
}
"""(ink, tint) replacing the classic ones in the four-colour deck; other suits keep theirs."""

CACHE_SIZE = 512
"""Surfaces kept: a full table at two or three sizes, so a resize never thrashes."""

SLOT_CACHE_SIZE = 16


def card_height(width: int) -> int:
    """The height of a card ``width`` pixels wide."""
    return round(width * CARD_ASPECT)


def four_colour_svg(svg: str, suit: Suit | None) -> str:
    """``svg`` with the suit's classic colour tokens swapped for its four-colour ones."""
    if suit not in FOUR_COLOUR:
        return svg
    ink, tint = FOUR_COLOUR[suit]
    return svg.replace(SUIT_INK[suit], ink).replace(SUIT_TINT[suit], tint)


class CardArt:
    """Loads, sizes and caches card surfaces.

    ``assets`` is the folder holding the SVG files; by default the one inside the
    installed package.
    """

    def __init__(self, four_colour: bool = False, assets: Traversable | Path | None = None) -> None:
        self._four_colour = four_colour
        self._assets = assets if assets is not None else resources.files(__package__) / "assets" / "cards"
        self._surfaces: OrderedDict[tuple[Card | str, int, bool], pygame.Surface] = OrderedDict()
        self._slots: dict[tuple[int, tuple[int, int, int]], pygame.Surface] = {}
        self._sources: dict[str, str | None] = {}
        self._reported: set[str] = set()

    @property
    def four_colour(self) -> bool:
        return self._four_colour

    def set_four_colour(self, flag: bool) -> None:
        """Switch between the classic and the four-colour deck; cached faces are dropped."""
        if flag != self._four_colour:
            self._four_colour = flag
            self._surfaces.clear()

    def size_for_width(self, width: int) -> tuple[int, int]:
        """The (width, height) of a card ``width`` pixels wide."""
        return width, card_height(width)

    def face(self, card: Card, width: int) -> pygame.Surface:
        """The face of ``card``, ``width`` pixels wide. Do not draw onto the result: it is shared."""
        return self._cached(card, width)

    def back(self, width: int) -> pygame.Surface:
        """The card back, ``width`` pixels wide."""
        return self._cached(BACK, width)

    def prepare(self, card: Card | None, width: int) -> None:
        """Rasterise ``card`` (None: the back) at ``width`` into the cache ahead of
        need, so the frame that first draws it does not wait for the SVG."""
        self._cached(BACK if card is None else card, width)

    def slot(self, width: int, colour: tuple[int, int, int] = (255, 255, 255)) -> pygame.Surface:
        """A rounded outline the size of a card, faintly filled: an empty pile or trick spot."""
        key = (max(1, int(width)), colour)
        surface = self._slots.get(key)
        if surface is None:
            if len(self._slots) >= SLOT_CACHE_SIZE:
                self._slots.clear()
            surface = self._slots[key] = _slot(self.size_for_width(key[0]), colour)
        return surface

    def cache_info(self) -> int:
        """How many surfaces are cached now."""
        return len(self._surfaces)

    def _cached(self, card: Card | str, width: int) -> pygame.Surface:
        width = max(1, int(width))
        key = (card, width, self._four_colour)
        surface = self._surfaces.get(key)
        if surface is not None:
            self._surfaces.move_to_end(key)
            return surface
        surface = self._render(card, width)
        self._surfaces[key] = surface
        if len(self._surfaces) > CACHE_SIZE:
            self._surfaces.popitem(last=False)
        return surface

    def _render(self, card: Card | str, width: int) -> pygame.Surface:
        name = card if isinstance(card, str) else str(card)
        size = self.size_for_width(width)
        svg = self._source(name)
        if svg is not None:
            if self._four_colour and isinstance(card, Card):
                svg = four_colour_svg(svg, card.suit)
            try:
                return _fit(pygame.image.load_sized_svg(io.BytesIO(svg.encode()), size), size)
            except (pygame.error, ValueError) as exc:
                self._report(name, f"could not be drawn ({exc})")
        if isinstance(card, Card):
            return _plain_face(card, size, self._four_colour)
        return _plain_back(size)

    def _source(self, name: str) -> str | None:
        if name not in self._sources:
            try:
                self._sources[name] = (self._assets / f"{name}.svg").read_text(encoding="utf-8")
            except (OSError, UnicodeDecodeError) as exc:
                self._report(name, f"could not be read ({exc.__class__.__name__})")
                self._sources[name] = None
        return self._sources[name]

    def _report(self, name: str, problem: str) -> None:
        if name not in self._reported:
            self._reported.add(name)
            log.warning("Card picture %s.svg %s; drawing a plain card instead.", name, problem)


def _fit(surface: pygame.Surface, size: tuple[int, int]) -> pygame.Surface:
    """``surface`` at exactly ``size``: the SVG rasteriser rounds up by a pixel at some widths."""
    if surface.get_size() != size:
        exact = pygame.Surface(size, pygame.SRCALPHA)
        exact.blit(surface, (0, 0))
        surface = exact
    if pygame.display.get_init() and pygame.display.get_surface() is not None:
        return surface.convert_alpha()
    return surface


def _slot(size: tuple[int, int], colour: tuple[int, int, int]) -> pygame.Surface:
    width, _ = size
    surface = pygame.Surface(size, pygame.SRCALPHA)
    radius = max(2, round(width * 0.07))
    line = max(1, round(width / 45))
    pygame.draw.rect(surface, (*colour, 28), surface.get_rect(), border_radius=radius)
    pygame.draw.rect(surface, (*colour, 120), surface.get_rect(), width=line, border_radius=radius)
    return surface


def _font(size: int) -> pygame.font.Font:
    if not pygame.font.get_init():
        pygame.font.init()
    return pygame.font.Font(None, max(8, size))


def _plain_face(card: Card, size: tuple[int, int], four_colour: bool) -> pygame.Surface:
    """A white card with its notation written on it, for when the picture is missing."""
    width, _ = size
    surface = pygame.Surface(size, pygame.SRCALPHA)
    rect = surface.get_rect()
    radius = max(2, round(width * 0.07))
    pygame.draw.rect(surface, (255, 255, 255), rect, border_radius=radius)
    pygame.draw.rect(surface, (150, 150, 150), rect, width=max(1, width // 60), border_radius=radius)
    ink = "#1a1a1a" if card.suit is None else SUIT_INK[card.suit]
    if four_colour and card.suit in FOUR_COLOUR:
        ink = FOUR_COLOUR[card.suit][0]
    text = str(card)
    corner = _font(round(width * 0.3)).render(text, True, ink)
    surface.blit(corner, (round(width * 0.07), round(width * 0.05)))
    middle = _font(round(width * 0.45)).render(text, True, ink)
    surface.blit(middle, middle.get_rect(center=rect.center))
    return surface


def _plain_back(size: tuple[int, int]) -> pygame.Surface:
    """A plain blue back, for when the picture is missing."""
    width, _ = size
    surface = pygame.Surface(size, pygame.SRCALPHA)
    rect = surface.get_rect()
    radius = max(2, round(width * 0.07))
    pygame.draw.rect(surface, (255, 255, 255), rect, border_radius=radius)
    inset = max(2, round(width * 0.06))
    pygame.draw.rect(surface, (31, 58, 104), rect.inflate(-2 * inset, -2 * inset), border_radius=radius // 2)
    return surface
