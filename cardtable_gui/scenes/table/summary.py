"""The end-of-hand summary: a table of what each side bid, took and scored, and under
the heading "Totals" the running totals as they now stand (never a figure on its way
there, which would disagree with the rows above it). Only public facts are shown, so
it is safe in pass-and-play. The game fills in the rows; the panel knows no game."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame

from cardtable_gui.ui import theme as th
from cardtable_gui.ui.theme import Theme
from cardtable_gui.ui.widgets import Button

TOTALS_HEADING = "Totals"
KEY_GRACE_SECONDS = 0.6
"""Keys pressed this soon after the summary opens are ignored: they were meant for the
last move, and would otherwise close the summary before it is read."""


@dataclass(frozen=True, slots=True)
class TotalLine:
    """A side's running total after this hand; ``leading`` marks the best."""

    label: str
    total: int
    leading: bool = False


@dataclass(frozen=True, slots=True)
class SummaryTable:
    title: str
    headers: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    notes: tuple[str, ...]
    totals: tuple[TotalLine, ...]
    go_on: str = "Next hand"
    """What the button says while the game goes on ("Next round")."""


TOTALS_IN_ONE_COLUMN = 4
"""More running totals than this are set in two columns, so eight players still fit."""


def total_rows(table: SummaryTable) -> int:
    """How many lines the running totals take."""
    count = len(table.totals)
    return count if count <= TOTALS_IN_ONE_COLUMN else (count + 1) // 2


class HandSummary:
    """A modal panel over the table; ``on_continue`` when the player has read it and
    pressed its button (Esc does not: it is no answer to "go on")."""

    def __init__(self, on_continue: Callable[[], None]) -> None:
        self.on_continue = on_continue
        self.table: SummaryTable | None = None
        self.box = pygame.Rect(0, 0, 0, 0)
        self.button = Button("Next hand", self._continue, style="primary")
        self._open_for = 0.0

    @property
    def visible(self) -> bool:
        return self.table is not None

    def show(self, table: SummaryTable, button_text: str = "Next hand") -> None:
        self.table = table
        self.button.text = button_text
        self.button.focused = True
        self._open_for = 0.0

    def hide(self) -> None:
        self.table = None

    def _continue(self) -> None:
        self.hide()
        self.on_continue()

    def update(self, dt: float) -> None:
        self._open_for += dt

    def layout(self, size: tuple[int, int], theme: Theme) -> None:
        table = self.table
        if table is None:
            return
        width = min(size[0] - theme.px(40), theme.px(760))
        rows = len(table.rows) + 1
        height = (
            theme.px(24) * 2 + theme.px(44) + rows * theme.px(34) + theme.px(12)
            + len(table.notes) * theme.px(24) + theme.px(16) + theme.px(34)
            + total_rows(table) * theme.px(40) + theme.px(20) + theme.px(54)
        )
        height = min(height, size[1] - theme.px(20))
        self.box = pygame.Rect(0, 0, width, height)
        self.box.center = (size[0] // 2, size[1] // 2)
        self.button.rect = pygame.Rect(0, 0, theme.px(240), theme.px(50))
        self.button.rect.midbottom = (self.box.centerx, self.box.bottom - theme.px(20))

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Modal: every event stops here. Only the button (a click, Enter or Space)
        goes on; Esc and other keys do nothing."""
        if not self.visible:
            return False
        if event.type == pygame.KEYDOWN and self._open_for < KEY_GRACE_SECONDS:
            return True
        self.button.handle_event(event)
        return True

    def draw(self, surface: pygame.Surface, theme: Theme) -> None:
        table = self.table
        if table is None:
            return
        theme.dim(surface, 110)
        box = self.box
        theme.draw_panel(surface, box, fill=th.PANEL_SOLID, border=th.ACCENT)
        pad = theme.px(24)
        title = theme.text(table.title, theme.px(34), th.ACCENT, bold=True)
        surface.blit(title, title.get_rect(midtop=(box.centerx, box.top + pad)))
        y = box.top + pad + theme.px(44)
        columns = _columns(box.inflate(-pad * 2, 0), len(table.headers))
        y = self._draw_row(surface, theme, columns, table.headers, y, th.TEXT_DIM, False)
        pygame.draw.line(surface, th.PANEL_BORDER[:3], (box.left + pad, y - theme.px(4)), (box.right - pad, y - theme.px(4)))
        for row in table.rows:
            y = self._draw_row(surface, theme, columns, row, y, th.TEXT, False)
        y += theme.px(12)
        for note in table.notes:
            shown, size = theme.fit(note, theme.px(19), box.width - pad * 2)
            text = theme.text(shown, size, th.TEXT_DIM)
            surface.blit(text, text.get_rect(midtop=(box.centerx, y)))
            y += theme.px(24)
        y += theme.px(16)
        heading = theme.text(TOTALS_HEADING, theme.px(21), th.TEXT_DIM)
        surface.blit(heading, heading.get_rect(midtop=(box.centerx, y)))
        y += theme.px(34)
        lines = total_rows(table)
        columns = 1 if lines == len(table.totals) else 2
        for index, line in enumerate(table.totals):
            column, row = divmod(index, lines)
            middle = box.left + box.width * (1 + 2 * column) // (2 * columns)
            colour = th.ACCENT if line.leading else th.TEXT
            room = box.width // columns // 2 - theme.px(20) - pad
            label_text, label_size = theme.fit(line.label, theme.px(26), room, bold=True, joiner=" & ")
            label = theme.text(label_text, label_size, colour, bold=True)
            number = theme.text(str(line.total), theme.px(30), colour, bold=True)
            at = y + row * theme.px(40) + theme.px(16)
            surface.blit(label, label.get_rect(midright=(middle - theme.px(20), at)))
            surface.blit(number, number.get_rect(midleft=(middle + theme.px(20), at)))
        self.button.draw(surface, theme)

    def _draw_row(
        self,
        surface: pygame.Surface,
        theme: Theme,
        columns: Sequence[pygame.Rect],
        cells: Sequence[str],
        y: int,
        colour: th.Colour,
        bold: bool,
    ) -> int:
        for i, (rect, cell) in enumerate(zip(columns, cells, strict=True)):
            shown, size = theme.fit(cell, theme.px(21), rect.width - theme.px(8), bold=bold or i == 0, joiner=" & ")
            text = theme.text(shown, size, colour, bold=bold or i == 0)
            place = text.get_rect(top=y)
            if i == 0:
                place.left = rect.left
            else:
                place.centerx = rect.centerx
            surface.blit(text, place)
        return y + theme.px(34)


def _columns(area: pygame.Rect, count: int) -> list[pygame.Rect]:
    """The first column is wider (it names the side); the others share the rest."""
    first = area.width * 2 // 7 if count > 1 else area.width
    rest = (area.width - first) // max(1, count - 1)
    rects = [pygame.Rect(area.left, 0, first, 0)]
    rects += [pygame.Rect(area.left + first + i * rest, 0, rest, 0) for i in range(count - 1)]
    return rects
