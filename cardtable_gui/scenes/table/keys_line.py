"""The keys line: one line of small words naming the keys that work at this moment
("Keys: arrows or Enter pick a card, Enter plays it, H shows a hint").

A table lists its keys most useful first. A line too long for its room is drawn
smaller first, then its last keys are left out whole, so that no key is ever cut off
half way through its words (the rules page and the README list them all). ``fit_keys``
is that fitting, for every table that names its keys; ``KeysLine`` is the line a table
keeps along its bottom edge, under the hand.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field

import pygame

from cardtable_gui.scenes.table.card_sprites import CardSprites
from cardtable_gui.scenes.table.footprint import Footprint, Kind
from cardtable_gui.ui import theme as th

KEYS_TEXT_PX = 15
"""The keys' words, at the design size: smaller than what the table says to do."""
HAND_BAND = 1.25
"""The height of a fanned hand's band, in card heights: the cards and their arc."""
PREFIX = "Keys: "
HINT = "H shows a hint"
"""The scene's key for the Hint, which works at every decision of every game, at a
table that gives hints (``KeysLine.hint``)."""


def fit_keys(theme: th.Theme, keys: Sequence[str], width: int) -> tuple[str, int]:
    """The line naming ``keys`` as it fits ``width``, and its size: made smaller first,
    then the last keys left out whole. No keys, no line ("")."""
    if not keys:
        return "", theme.text_px(KEYS_TEXT_PX)
    size_px = theme.text_px(KEYS_TEXT_PX)
    shown = list(keys)
    while len(shown) > 1:
        line = PREFIX + ", ".join(shown)
        fitted, size = theme.fit(line, size_px, width)
        if fitted == line:
            return fitted, size
        shown.pop()
    return theme.fit(PREFIX + shown[0], size_px, width)


def beside_keys(theme: th.Theme, sprites: CardSprites, card_width: int) -> int:
    """The width of the hand's cards that leaves a keys line under the hand the room a
    hand of ``card_width`` cards would take alone: the middle of the table, where the
    trick, the board, the bid panel and the notes go, keeps its height."""
    band = round(sprites.size(card_width)[1] * HAND_BAND)
    ratio = sprites.size(100)[1] / 100
    return max(40, math.floor((band - KeysLine.height_for(theme)) / HAND_BAND / ratio))


@dataclass(eq=False)
class KeysLine:
    """The keys line along the bottom of a table, under the hand: the layout places it
    (``place``) and sets ``keys`` to what holds now (none while it is not the person's
    move: nothing is drawn then, and the room stays so that nothing moves)."""

    hint: bool = True
    """The table gives hints: else H, which only says why not, is never named."""
    keys: tuple[str, ...] = ()
    rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    centre: int | None = None
    """Where the words are centred across (the hand's middle), when not in the
    middle of the line's room."""

    @staticmethod
    def height_for(theme: th.Theme) -> int:
        """The room the line takes at the bottom of the window, its margin included."""
        return theme.font(theme.text_px(KEYS_TEXT_PX)).get_linesize() + theme.px(4)

    def place(self, theme: th.Theme, left: int, right: int, bottom: int, centre: int | None = None) -> int:
        """Put the line between ``left`` and ``right`` in the room above ``bottom`` (the
        window's bottom edge), its words centred on ``centre`` as far as the room
        allows (by default in its middle); returns the top of that room, where the
        hand must end."""
        height = self.height_for(theme)
        self.rect = pygame.Rect(left, bottom - height, max(0, right - left), height - theme.px(3))
        self.centre = centre
        return bottom - height

    def shown(self, theme: th.Theme) -> tuple[str, int]:
        """The words drawn and their size, as they fit the line's width."""
        named = self.keys if self.hint else tuple(key for key in self.keys if key != HINT)
        return fit_keys(theme, named, self.rect.width)

    def text_rect(self, theme: th.Theme) -> pygame.Rect:
        """Where the words are drawn (nothing, while there are no keys to name)."""
        text, size = self.shown(theme)
        if not text:
            return pygame.Rect(self.rect.center, (0, 0))
        box = pygame.Rect((0, 0), theme.font(size).size(text))
        box.center = (self.rect.centerx if self.centre is None else self.centre, self.rect.centery)
        return box.clamp(self.rect)

    def report(self, theme: th.Theme, footprint: Footprint) -> None:
        footprint.add(Kind.TEXT, self.text_rect(theme), "keys line")

    def draw(self, surface: pygame.Surface, theme: th.Theme) -> None:
        text, size = self.shown(theme)
        if text:
            surface.blit(theme.text(text, size, th.TEXT_DIM), self.text_rect(theme))
