"""The running scores in a corner of the table: one row per side or player with its
total and a short detail (bags, chips, books), under a title such as "Hand 3 · to 500".
A row may carry a second, smaller line about the hand in play ("Bid 7 · won 3"); in a
panel whose rows rarely have one (``uneven``) only those rows take room for it. The
layout marks the leaders (``leaders`` knows games where the lowest score leads)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import pygame

from cardtable_gui.ui import theme as th


def leaders(scores: Sequence[int], lowest_wins: bool = False) -> set[int]:
    """The indices of the leading scores: the highest, or the lowest in a game where
    points count against you. Nobody leads while every score is equal."""
    if not scores or len(set(scores)) == 1:
        return set()
    best = min(scores) if lowest_wins else max(scores)
    return {index for index, score in enumerate(scores) if score == best}


@dataclass(frozen=True, slots=True)
class ScoreRow:
    label: str
    score: int
    detail: str = ""
    highlight: bool = False
    line: str = ""


@dataclass(eq=False)
class ScorePanel:
    title: str = ""
    rows: list[ScoreRow] = field(default_factory=list)
    rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    uneven: bool = False
    """Only the rows that carry a line are the taller (else, once one row has a line,
    every row takes room for one)."""

    @staticmethod
    def row_height(theme: th.Theme, lines: bool) -> int:
        return theme.px(26) + (theme.px(20) if lines else 0)

    @staticmethod
    def height_for(theme: th.Theme, rows: int, lines: bool = False, lined: int = 0) -> int:
        """The height for ``rows`` rows, each with a line when ``lines``, else with
        ``lined`` of them carrying one (an ``uneven`` panel)."""
        extra = lined * (ScorePanel.row_height(theme, True) - ScorePanel.row_height(theme, False))
        return theme.px(12) * 2 + theme.px(20) + theme.px(6) + rows * ScorePanel.row_height(theme, lines) + extra

    def layout(self, rect: pygame.Rect) -> None:
        self.rect = pygame.Rect(rect)

    def draw(self, surface: pygame.Surface, theme: th.Theme) -> None:
        rect = self.rect
        theme.draw_panel(surface, rect)
        pad = theme.px(12)
        title_size, row_size, detail_size = theme.px(20), theme.px(24), theme.px(19)
        title, size = theme.fit(self.title, title_size, rect.width - pad * 2)
        surface.blit(theme.text(title, size, th.TEXT_DIM), (rect.x + pad, rect.y + pad))
        y = rect.y + pad + title_size + theme.px(6)
        tall = any(row.line for row in self.rows)
        for row in self.rows:
            step = self.row_height(theme, bool(row.line) if self.uneven else tall)
            colour = th.ACCENT if row.highlight else th.TEXT
            score = theme.text(str(row.score), row_size, colour, bold=True)
            right = rect.right - pad
            if row.detail:
                detail = theme.text(row.detail, detail_size, th.TEXT_DIM)
                surface.blit(detail, detail.get_rect(topright=(right, y + theme.px(3))))
                right -= detail.get_width() + theme.px(10)
            surface.blit(score, score.get_rect(topright=(right, y)))
            # The side's names take what the numbers leave: long names end in "...".
            room = right - score.get_width() - theme.px(10) - (rect.x + pad)
            text, size = theme.fit(row.label, row_size, room, bold=row.highlight, joiner=" & ")
            label = theme.text(text, size, colour, bold=row.highlight)
            surface.blit(label, label.get_rect(midleft=(rect.x + pad, y + row_size // 2)))
            if row.line:
                line, line_size = theme.fit(row.line, detail_size, rect.width - pad * 2)
                surface.blit(theme.text(line, line_size, th.TEXT_DIM), (rect.x + pad, y + theme.px(25)))
            y += step
