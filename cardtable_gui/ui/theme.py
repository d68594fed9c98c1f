"""Colours, fonts, sizes and the felt background every scene shares.

Text is set in DejaVu Sans Condensed, shipped with the game (``assets/fonts``), in its
real regular and bold faces: pygame's own font, made bold by smearing its strokes, left
gaps inside words at small sizes. Every size is a real pixel size (nothing rendered is
scaled afterwards), and SDL_ttf applies the font's kerning.

Sizes are designed for a 1280x800 window and scaled with the real window (``px``), so
text stays readable at 1024x640 and crisp at 1920x1080 and beyond. Rendered text,
translucent panels and the background are cached, because scenes redraw every frame and
rendering the same surface twice is the main waste of frame time.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Hashable
from importlib import resources
from typing import Generic, TypeVar

import pygame

from cardtable_gui.shown_text import ELLIPSIS

Colour = tuple[int, int, int] | tuple[int, int, int, int]

FELT = (28, 98, 62)
FELT_LIGHT = (42, 124, 80)
FELT_DARK = (10, 52, 34)
PANEL = (10, 34, 24, 220)
PANEL_LIGHT = (22, 58, 42, 235)
PANEL_SOLID = (22, 58, 42)
"""For dialogs over the table: nothing of the table may show through their text."""
PANEL_BORDER = (255, 255, 255, 38)
TEXT = (244, 240, 226)
TEXT_DIM = (176, 196, 182)
TEXT_DARK = (24, 30, 26)
ACCENT = (236, 190, 86)
ACCENT_DARK = (186, 140, 46)
DANGER = (222, 96, 82)
SUCCESS = (120, 206, 140)
BUTTON = (34, 78, 58)
BUTTON_HOVER = (46, 100, 74)
BUTTON_PRESSED = (24, 60, 44)
BUTTON_DISABLED = (40, 56, 48)
PRIMARY = ACCENT
PRIMARY_HOVER = (248, 206, 110)
PRIMARY_PRESSED = ACCENT_DARK
SHADOW = (0, 0, 0, 80)
TRACK = (8, 28, 20)
RED_SUIT = (214, 56, 56)
BLACK_SUIT = (26, 26, 30)

DESIGN_SIZE = (1280, 800)
"""The window size the base pixel figures in the scenes were chosen for."""

MIN_TEXT_PX = 15
"""Smallest text size drawn: below this small text is hard to read."""

FONT_FILES = {False: "DejaVuSansCondensed.ttf", True: "DejaVuSansCondensed-Bold.ttf"}
"""The face for regular and for bold text, in ``assets/fonts``."""

FONT_SIZE_RATIO = 0.72
"""Point size per unit of text size. The scenes' text sizes were chosen with pygame's
own font, whose letters are small for their size; this face at 0.72 of it takes about
the same room, so every screen keeps its proportions."""

_TEXT_CACHE_LIMIT = 600
_PANEL_CACHE_LIMIT = 160

V = TypeVar("V")


class _Recent(Generic[V]):
    """The answers a cache gave lately, at most ``limit``, the one asked for longest
    ago forgotten first: scenes ask for the same text and panels every frame, and a long
    game of changing scores and names must not make the cache grow without end."""

    __slots__ = ("_items", "_limit")

    def __init__(self, limit: int) -> None:
        self._items: OrderedDict[Hashable, V] = OrderedDict()
        self._limit = limit

    def get(self, key: Hashable) -> V | None:
        value = self._items.get(key)
        if value is not None:
            self._items.move_to_end(key)
        return value

    def keep(self, key: Hashable, value: V) -> V:
        self._items[key] = value
        if len(self._items) > self._limit:
            self._items.popitem(last=False)
        return value


def load_font(size_px: int, bold: bool = False) -> pygame.font.Font:
    """The bundled face at a text size of ``size_px``."""
    path = resources.files(__package__.rsplit(".", 1)[0]) / "assets" / "fonts" / FONT_FILES[bold]
    with resources.as_file(path) as file:
        return pygame.font.Font(file, max(4, round(size_px * FONT_SIZE_RATIO)))


class Theme:
    """Fonts and scaled sizes for the current window, plus cached drawing helpers."""

    def __init__(self, size: tuple[int, int] = DESIGN_SIZE) -> None:
        self.size = size
        self.scale = self.scale_for(size)
        self._fonts: dict[tuple[int, bool], pygame.font.Font] = {}
        self._texts: _Recent[pygame.Surface] = _Recent(_TEXT_CACHE_LIMIT)
        self._panels: _Recent[pygame.Surface] = _Recent(_PANEL_CACHE_LIMIT)
        self._fits: _Recent[tuple[str, int]] = _Recent(_TEXT_CACHE_LIMIT)
        self._background: pygame.Surface | None = None

    @staticmethod
    def scale_for(size: tuple[int, int]) -> float:
        """How much bigger than the design size things are drawn in a ``size`` window.

        The smaller of the two ratios keeps everything inside the window; the floor keeps
        text readable in a window squeezed below the supported minimum."""
        width, height = size
        return max(0.55, min(width / DESIGN_SIZE[0], height / DESIGN_SIZE[1]))

    def resize(self, size: tuple[int, int]) -> None:
        """Follow the window to a new size; cached surfaces that depend on it are dropped."""
        if size == self.size:
            return
        self.size = size
        self.scale = self.scale_for(size)
        self._background = None

    def px(self, design_px: float) -> int:
        """A length chosen for the design size, scaled to this window (at least 1)."""
        return max(1, round(design_px * self.scale))

    def text_px(self, design_px: float) -> int:
        """A text size chosen for the design size, scaled but never below what reads
        comfortably on a small window."""
        return max(MIN_TEXT_PX, round(design_px * self.scale))

    def font(self, size_px: int, bold: bool = False) -> pygame.font.Font:
        """The game's face at ``size_px`` pixels (regular or its real bold), cached."""
        key = (max(6, int(size_px)), bold)
        font = self._fonts.get(key)
        if font is None:
            font = load_font(key[0], bold)
            self._fonts[key] = font
        return font

    def scaled_font(self, design_px: float, bold: bool = False) -> pygame.font.Font:
        """The font for text that is ``design_px`` tall at the design size."""
        return self.font(self.text_px(design_px), bold)

    def text(
        self, text: str, size_px: int, colour: Colour = TEXT, bold: bool = False
    ) -> pygame.Surface:
        """``text`` rendered anti-aliased, cached by content, size and colour.

        Text from files reaches here through ``shown_text.drawable``; text that still
        draws as nothing (a lone variation selector typed into a field) gives an empty
        image of the line's height, where pygame would refuse it."""
        key = (text, int(size_px), colour, bold)
        surface = self._texts.get(key)
        if surface is not None:
            return surface
        font = self.font(size_px, bold)
        if text and font.size(text)[0] == 0:
            surface = pygame.Surface((0, font.get_height()), pygame.SRCALPHA)
        else:
            surface = font.render(text, True, colour)
        if len(colour) == 4:
            surface.set_alpha(colour[3])
        return self._texts.keep(key, surface)

    def fit(
        self,
        text: str,
        size_px: int,
        width: int,
        bold: bool = False,
        floor: int | None = None,
        joiner: str | None = None,
    ) -> tuple[str, int]:
        """``text`` and the size to draw it at so it is no wider than ``width`` pixels.

        The size shrinks first, down to ``floor`` (by default a quarter smaller, never
        below ``MIN_TEXT_PX``); if that is not enough the end of the text gives way to an
        ellipsis. A long player name thus stays in its box and still reads as a name.
        With ``joiner`` (" & " between partners) the longest part is shortened first,
        so every partner stays named. Answers are cached: scenes ask every frame."""
        size_px = int(size_px)
        if floor is None:
            floor = max(min(size_px, MIN_TEXT_PX), round(size_px * 0.75))
        key = (text, size_px, int(width), bold, floor, joiner)
        fitted = self._fits.get(key)
        if fitted is None:
            fitted = self._fits.keep(key, self._fit(text, size_px, int(width), bold, min(floor, size_px), joiner))
        return fitted

    def _fit(
        self, text: str, size_px: int, width: int, bold: bool, floor: int, joiner: str | None
    ) -> tuple[str, int]:
        font = self.font(size_px, bold)
        text_w = font.size(text)[0]
        if text_w <= width or width <= 0:
            return text, size_px
        size = max(floor, int(size_px * width / text_w))
        font = self.font(size, bold)
        if font.size(text)[0] <= width:
            return text, size
        parts = text.split(joiner) if joiner else [text]
        if len(parts) > 1:
            return _shorten_parts(font, parts, joiner or "", width), size
        return _shorten(font, text, width), size

    def fit_lines(self, text: str, size_px: int, width: int, lines: int, bold: bool = False) -> tuple[list[str], int]:
        """``text`` on at most ``lines`` lines no wider than ``width``, and the size to
        draw them at. One line as ``fit`` makes it when nothing is cut; else the words
        wrap, at the size first and then as small as ``fit`` goes; only when even that
        takes more lines does the last one end in an ellipsis. A prompt thus reads whole
        in a narrow place instead of losing its end."""
        shown, size = self.fit(text, size_px, width, bold)
        if shown == text or lines <= 1:
            return [shown], size
        floor = max(min(size_px, MIN_TEXT_PX), round(size_px * 0.75))
        wrapped: list[str] = []
        for size in dict.fromkeys((size_px, floor)):
            font = self.font(size, bold)
            wrapped = self.wrap(text, font, width)
            if len(wrapped) <= lines and all(font.size(line)[0] <= width for line in wrapped):
                return wrapped, size
        kept = [self.fit(line, floor, width, bold, floor)[0] for line in wrapped[: lines - 1]]
        return [*kept, self.fit(" ".join(wrapped[lines - 1 :]), floor, width, bold, floor)[0]], floor

    def wrap(self, text: str, font: pygame.font.Font, width: int) -> list[str]:
        """``text`` broken into lines no wider than ``width`` (a longer word gets its own line)."""
        lines: list[str] = []
        for paragraph in text.split("\n"):
            line = ""
            # Split at plain spaces only: a no-break space keeps "face up" together.
            for word in filter(None, paragraph.split(" ")):
                candidate = f"{line} {word}" if line else word
                if line and font.size(candidate)[0] > width:
                    lines.append(line)
                    line = word
                else:
                    line = candidate
            lines.append(line)
        return lines

    def background(self) -> pygame.Surface:
        """The felt for the whole window: lighter in the middle, darker at the edges."""
        if self._background is None or self._background.get_size() != self.size:
            self._background = _felt(self.size)
        return self._background

    def draw_background(self, surface: pygame.Surface) -> None:
        surface.blit(self.background(), (0, 0))

    @staticmethod
    def dim(surface: pygame.Surface, alpha: int) -> None:
        """Darken all of ``surface`` as a black veil of opacity ``alpha`` (0-255) laid
        over it would, behind a modal panel. A multiplying fill gives the same pixels
        as blending a window-sized translucent surface, at a tenth of the cost."""
        keep = 255 - max(0, min(255, alpha))
        surface.fill((keep, keep, keep), special_flags=pygame.BLEND_RGB_MULT)

    def panel(
        self,
        size: tuple[int, int],
        radius: int | None = None,
        fill: Colour = PANEL,
        border: Colour | None = PANEL_BORDER,
        shadow: bool = True,
    ) -> pygame.Surface:
        """A rounded translucent box of ``size`` (plus room for its shadow), cached."""
        radius = self.px(14) if radius is None else radius
        key = (size, radius, fill, border, shadow)
        surface = self._panels.get(key)
        if surface is not None:
            return surface
        return self._panels.keep(key, _rounded_box(size, radius, fill, border, self.px(5) if shadow else 0))

    def draw_panel(
        self,
        surface: pygame.Surface,
        rect: pygame.Rect,
        radius: int | None = None,
        fill: Colour = PANEL,
        border: Colour | None = PANEL_BORDER,
        shadow: bool = True,
    ) -> None:
        """Draw a rounded translucent box filling ``rect`` (its shadow falls below it)."""
        if rect.width <= 0 or rect.height <= 0:
            return
        box = self.panel(rect.size, radius, fill, border, shadow)
        surface.blit(box, rect.topleft)


def _shorten(font: pygame.font.Font, text: str, width: int) -> str:
    """The longest start of ``text`` that, with an ellipsis, fits ``width``."""
    low, high = 0, len(text)
    while low < high:
        middle = (low + high + 1) // 2
        if font.size(text[:middle].rstrip() + ELLIPSIS)[0] <= width:
            low = middle
        else:
            high = middle - 1
    return text[:low].rstrip() + ELLIPSIS


def _shorten_parts(font: pygame.font.Font, parts: list[str], joiner: str, width: int) -> str:
    """``parts`` joined, the widest one cut back a letter at a time until all fit."""
    parts = list(parts)
    kept = [len(part) for part in parts]

    def shown(index: int) -> str:
        part = parts[index]
        return part if kept[index] == len(part) else part[: kept[index]].rstrip() + ELLIPSIS

    while font.size(joiner.join(shown(i) for i in range(len(parts))))[0] > width:
        widest = max(range(len(parts)), key=lambda i: (font.size(shown(i))[0], kept[i]))
        if kept[widest] <= 1:
            return _shorten(font, joiner.join(shown(i) for i in range(len(parts))), width)
        kept[widest] -= 1
    return joiner.join(shown(i) for i in range(len(parts)))


def _felt(size: tuple[int, int]) -> pygame.Surface:
    """A smooth radial shade: computed on a small grid, then smoothly scaled up."""
    grid_w, grid_h = 48, 30
    small = pygame.Surface((grid_w, grid_h))
    for y in range(grid_h):
        dy = (y + 0.5) / grid_h - 0.42
        for x in range(grid_w):
            dx = (x + 0.5) / grid_w - 0.5
            distance = min(1.0, (dx * dx * 1.6 + dy * dy * 2.2) ** 0.5 / 0.72)
            shade = distance**1.7
            small.set_at((x, y), _mix(FELT_LIGHT, FELT_DARK, shade))
    width, height = max(1, size[0]), max(1, size[1])
    return pygame.transform.smoothscale(small, (width, height)).convert()


def _mix(a: Colour, b: Colour, t: float) -> tuple[int, int, int]:
    return (
        round(a[0] + (b[0] - a[0]) * t),
        round(a[1] + (b[1] - a[1]) * t),
        round(a[2] + (b[2] - a[2]) * t),
    )


def _rounded_box(
    size: tuple[int, int], radius: int, fill: Colour, border: Colour | None, shadow: int
) -> pygame.Surface:
    width, height = size
    surface = pygame.Surface((width, height + shadow), pygame.SRCALPHA)
    radius = max(0, min(radius, width // 2, height // 2))
    if shadow:
        pygame.draw.rect(surface, SHADOW, (0, shadow, width, height), border_radius=radius)
    pygame.draw.rect(surface, fill, (0, 0, width, height), border_radius=radius)
    if border is not None:
        pygame.draw.rect(surface, border, (0, 0, width, height), width=1, border_radius=radius)
    return surface
