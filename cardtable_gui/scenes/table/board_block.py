"""A board and four tiles beside it (pots, a dead hand) placed as one block.

The tiles stand in a column beside the board, two by two above it, or in a row above
it: whichever lets the board's cards be widest in the free middle of the table, found
by trying card widths from the smallest to the largest the layout allows. Pure
rectangle arithmetic: the layout says how big the board is for a card width.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from cardtable_gui.scenes.table.note_place import free_spot
from cardtable_gui.ui.theme import Theme

TILES = 4
SMALLEST_CARD = 24
ARRANGEMENTS = ("column", "grid", "row")


@dataclass(frozen=True, slots=True)
class BoardBlock:
    """The board's size for a card width (``board_size``), one tile's size and the
    theme's gaps: enough to size and arrange the block."""

    board_size: Callable[[int], tuple[int, int]]
    tile: tuple[int, int]
    theme: Theme

    def size(self, arrangement: str, card_width: int) -> tuple[int, int]:
        """The room the board with cards ``card_width`` wide and the tiles take."""
        gap, small_gap = self.theme.px(10), self.theme.px(6)
        board_w, board_h = self.board_size(card_width)
        tile_w, tile_h = self.tile
        if arrangement == "column":
            return board_w + gap + tile_w, max(board_h, TILES * tile_h + (TILES - 1) * small_gap)
        per_row = 2 if arrangement == "grid" else TILES
        rows = TILES // per_row
        return max(board_w, per_row * tile_w + (per_row - 1) * small_gap), rows * tile_h + (rows - 1) * small_gap + gap + board_h

    def largest(self, area: pygame.Rect, obstacles: list[pygame.Rect], widest: int) -> tuple[int, str, pygame.Rect]:
        """The block with the widest board cards (at most ``widest``) that fits in
        ``area`` clear of ``obstacles``: its card width, arrangement and place."""
        best: tuple[int, str, pygame.Rect] | None = None
        for arrangement in ARRANGEMENTS:
            low, high = SMALLEST_CARD, max(SMALLEST_CARD, widest)
            while low <= high:
                width = (low + high) // 2
                spot = free_spot(self.size(arrangement, width), area, obstacles, self.theme.px(6))
                if spot is None:
                    high = width - 1
                    continue
                if best is None or width > best[0]:
                    best = (width, arrangement, spot)
                low = width + 1
        if best is None:
            # A window too small for any block: the smallest one, at the top.
            return (SMALLEST_CARD, "column", pygame.Rect(area.topleft, self.size("column", SMALLEST_CARD)))
        return best

    def arrange(self, arrangement: str, block: pygame.Rect, card_width: int) -> tuple[pygame.Rect, list[pygame.Rect]]:
        """The board's rect and the tiles' rects inside ``block``."""
        gap, small_gap = self.theme.px(10), self.theme.px(6)
        tile_w, tile_h = self.tile
        board_w, board_h = self.board_size(card_width)
        if arrangement == "column":
            board = pygame.Rect(block.left, block.centery - board_h // 2, board_w, board_h)
            top = block.centery - (TILES * tile_h + (TILES - 1) * small_gap) // 2
            rects = [pygame.Rect(board.right + gap, top + i * (tile_h + small_gap), tile_w, tile_h) for i in range(TILES)]
            return board, rects
        per_row = 2 if arrangement == "grid" else TILES
        rows = TILES // per_row
        left = block.centerx - (per_row * tile_w + (per_row - 1) * small_gap) // 2
        rects = [
            pygame.Rect(left + (i % per_row) * (tile_w + small_gap), block.top + (i // per_row) * (tile_h + small_gap), tile_w, tile_h)
            for i in range(TILES)
        ]
        board = pygame.Rect(0, block.top + rows * tile_h + (rows - 1) * small_gap + gap, board_w, board_h)
        board.centerx = block.centerx
        return board, rects
