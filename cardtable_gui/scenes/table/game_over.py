"""The game-over panel: who won, the final scores, the score sheet of every hand, and
two ways on: a rematch with the same table and house rules, or back to the main menu.

The sheet is a plain table of text handed over by the game's layout (a piece knows no
rules). A long game's sheet scrolls (wheel, Up and Down) and opens on its last hands.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame

from cardtable_gui.ui import theme as th
from cardtable_gui.ui.theme import Theme
from cardtable_gui.ui.widgets import Button, focus_one, offer_pair

SHEET_GAP = 24
"""Room (at the design size) between the final standings and the sheet under them, so
the two read as two tables."""


@dataclass(frozen=True, slots=True)
class ScoreSheet:
    """Rows of text under two header lines: ``groups`` spans columns (a side's name
    over its columns), ``headers`` names each column."""

    groups: tuple[tuple[str, int], ...]
    headers: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]


def standings(
    sides: Sequence[tuple[str, int]], winners: Sequence[int]
) -> list[tuple[str, str, bool]]:
    """The final lines, (name, score, won), for ``sides`` given as (name, score) with
    the indices of the winning ones: winners first, then the rest from the best score
    down, which is the lowest score in a game where points count against you."""
    scores = [score for _, score in sides]
    lowest_wins = bool(winners) and scores[winners[0]] < max(scores)
    order = sorted(
        range(len(sides)), key=lambda i: (i not in winners, scores[i] if lowest_wins else -scores[i])
    )
    return [(sides[i][0], str(sides[i][1]), i in winners) for i in order]


class GameOverPanel:
    def __init__(self, on_rematch: Callable[[], None], on_menu: Callable[[], None]) -> None:
        self.headline = ""
        self.lines: list[tuple[str, str, bool]] = []
        self.sheet: ScoreSheet | None = None
        self.visible = False
        self.box = pygame.Rect(0, 0, 0, 0)
        self.sheet_rect = pygame.Rect(0, 0, 0, 0)
        self.lines_rect = pygame.Rect(0, 0, 0, 0)
        """Where the final standings are drawn."""
        self.first_row = 0
        self._rows_shown = 0
        self.rematch = Button("Rematch", on_rematch, style="primary")
        self.menu = Button("Main menu", on_menu)
        self._clock = 0.0

    def show(self, headline: str, lines: Sequence[tuple[str, str, bool]], sheet: ScoreSheet | None = None) -> None:
        """``lines`` are (name, score, won) rows, best first; ``sheet`` every hand."""
        self.headline = headline
        self.lines = list(lines)
        self.sheet = sheet
        self.visible = True
        focus_one((self.rematch, self.menu), self.rematch)
        self._clock = 0.0

    def update(self, dt: float) -> None:
        self._clock += dt

    def row_height(self, theme: Theme) -> int:
        return theme.px(24)

    @property
    def rows_shown(self) -> int:
        return self._rows_shown

    def layout(self, size: tuple[int, int], theme: Theme) -> None:
        has_sheet = self.sheet is not None and bool(self.sheet.rows)
        width = min(size[0] - theme.px(40), theme.px(900 if has_sheet else 620))
        fixed = theme.px(30) + theme.px(60) + len(self.lines) * theme.px(42) + theme.px(40) + theme.px(56) + theme.px(30)
        row_h = self.row_height(theme)
        wanted_rows = len(self.sheet.rows) if has_sheet and self.sheet else 0
        gap = theme.px(SHEET_GAP) if has_sheet else 0
        room = size[1] - theme.px(20) - fixed - gap - (theme.px(16) + 2 * row_h if has_sheet else 0)
        self._rows_shown = max(0, min(wanted_rows, room // row_h)) if has_sheet else 0
        sheet_h = (2 * row_h + self._rows_shown * row_h + theme.px(16)) if has_sheet else 0
        self.box = pygame.Rect(0, 0, width, min(fixed + gap + sheet_h, size[1] - theme.px(20)))
        self.box.center = (size[0] // 2, size[1] // 2)
        lines_top = self.box.top + theme.px(30) + theme.px(64)
        # Each line is centred in its 42-pixel step on a 36-pixel band.
        self.lines_rect = pygame.Rect(self.box.left, lines_top, width, max(0, len(self.lines) * theme.px(42) - theme.px(6)))
        lines_bottom = lines_top + len(self.lines) * theme.px(42)
        self.sheet_rect = pygame.Rect(self.box.left + theme.px(24), lines_bottom + gap, width - theme.px(48), sheet_h)
        self.first_row = max(0, wanted_rows - self._rows_shown)
        button_w = min(theme.px(220), (width - theme.px(60)) // 2)
        gap = theme.px(20)
        bottom = self.box.bottom - theme.px(30)
        self.rematch.rect = pygame.Rect(0, 0, button_w, theme.px(56))
        self.menu.rect = pygame.Rect(0, 0, button_w, theme.px(56))
        self.rematch.rect.bottomright = (self.box.centerx - gap // 2, bottom)
        self.menu.rect.bottomleft = (self.box.centerx + gap // 2, bottom)

    def scroll(self, rows: int) -> None:
        """Move the sheet by ``rows`` (negative: toward the first hand)."""
        total = len(self.sheet.rows) if self.sheet else 0
        self.first_row = max(0, min(total - self._rows_shown, self.first_row + rows))

    def handle_event(self, event: pygame.event.Event) -> bool:
        if not self.visible:
            return False
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.menu.on_click()
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_UP, pygame.K_DOWN):
            self.scroll(-1 if event.key == pygame.K_UP else 1)
            return True
        if event.type == pygame.MOUSEWHEEL:
            self.scroll(-event.y)
            return True
        offer_pair(self.rematch, self.menu, event)
        return True

    def draw(self, surface: pygame.Surface, theme: Theme) -> None:
        if not self.visible:
            return
        theme.dim(surface, 130)
        grow = min(1.0, self._clock * 4)
        box = self.box
        theme.draw_panel(surface, box, fill=th.PANEL_SOLID, border=th.ACCENT)
        size = max(8, round(theme.px(42) * (0.7 + 0.3 * grow)))
        headline, size = theme.fit(self.headline, size, box.width - theme.px(30), bold=True, joiner=" and ")
        title = theme.text(headline, size, th.ACCENT, bold=True)
        surface.blit(title, title.get_rect(midtop=(box.centerx, box.top + theme.px(30))))
        y = box.top + theme.px(30) + theme.px(64)
        for name, score, won in self.lines:
            colour = th.ACCENT if won else th.TEXT
            right = theme.text(score, theme.px(26), colour, bold=True)
            room = box.width - theme.px(100) - right.get_width() - theme.px(16)
            name, name_size = theme.fit(name, theme.px(26), room, bold=won, joiner=" & ")
            left = theme.text(name, name_size, colour, bold=won)
            surface.blit(left, left.get_rect(midleft=(box.left + theme.px(50), y + theme.px(18))))
            surface.blit(right, right.get_rect(midright=(box.right - theme.px(50), y + theme.px(18))))
            y += theme.px(42)
        if self.sheet is not None and self._rows_shown:
            self._draw_sheet(surface, theme, self.sheet)
        self.rematch.draw(surface, theme)
        self.menu.draw(surface, theme)

    def _draw_sheet(self, surface: pygame.Surface, theme: Theme, sheet: ScoreSheet) -> None:
        area = self.sheet_rect
        row_h = self.row_height(theme)
        size = theme.text_px(17)
        columns = len(sheet.headers)
        first_w = round(area.width * 0.12)
        col_w = (area.width - first_w) / max(1, columns - 1)

        def cell_x(index: int) -> int:
            return area.left if index == 0 else round(area.left + first_w + col_w * (index - 1) + col_w / 2)

        y = area.top
        column = 1
        for name, span in sheet.groups:
            left = round(area.left + first_w + col_w * (column - 1))
            width = round(col_w * span)
            text, fitted = theme.fit(name, size, width - theme.px(8), bold=True, joiner=" & ")
            image = theme.text(text, fitted, th.ACCENT, bold=True)
            surface.blit(image, image.get_rect(midtop=(left + width // 2, y)))
            column += span
        y += row_h
        for index, header in enumerate(sheet.headers):
            image = theme.text(header, size, th.TEXT_DIM)
            rect = image.get_rect(midtop=(cell_x(index), y)) if index else image.get_rect(topleft=(area.left, y))
            surface.blit(image, rect)
        y += row_h
        pygame.draw.line(surface, th.PANEL_BORDER[:3], (area.left, y - theme.px(3)), (area.right, y - theme.px(3)))
        for row in sheet.rows[self.first_row : self.first_row + self._rows_shown]:
            for index, cell in enumerate(row):
                image = theme.text(cell, size, th.TEXT)
                rect = image.get_rect(midtop=(cell_x(index), y)) if index else image.get_rect(topleft=(area.left, y))
                surface.blit(image, rect)
            y += row_h
        hidden = len(sheet.rows) - self._rows_shown
        if hidden > 0:
            note = "Scroll or use Up and Down for the other hands"
            more = theme.text(note, theme.text_px(15), th.TEXT_DIM)
            surface.blit(more, more.get_rect(topright=(area.right, y)))
