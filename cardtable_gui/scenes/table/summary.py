"""The end-of-hand summary: a table of what each side bid, took and scored, and under
the heading "Totals" the running totals as they now stand (never a figure on its way
there, which would disagree with the rows above it). Only public facts are shown, so
it is safe in pass-and-play. The game fills in the rows; the panel knows no game.

Every cell and note is set at one size and shown whole: a column takes the room its
longest cell needs when the table has it, and a cell or note longer than its room
wraps onto more lines (a row grows) instead of shrinking or being cut."""

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
        self._columns: list[pygame.Rect] = []
        self._cells: list[list[list[str]]] = []
        """Each row's cells (the header first), as the lines each is drawn on."""
        self._notes: list[list[str]] = []

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
        pad = theme.px(24)
        inner = width - pad * 2
        cell_font, note_font = theme.font(theme.px(21)), theme.font(theme.px(19))
        self._columns = _columns(pygame.Rect(0, 0, inner, 0), [table.headers, *table.rows], cell_font, theme.px(8))
        self._cells = [
            [[cell] if i == 0 else theme.wrap(cell, cell_font, rect.width - theme.px(8)) for i, (rect, cell) in enumerate(zip(self._columns, row, strict=True))]
            for row in (table.headers, *table.rows)
        ]
        self._notes = [theme.wrap(note, note_font, inner) for note in table.notes]
        rows_h = sum(self._row_height(theme, cells) for cells in self._cells)
        height = (
            pad * 2 + theme.px(44) + rows_h + theme.px(12)
            + sum(len(lines) for lines in self._notes) * theme.px(24) + theme.px(16) + theme.px(34)
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
        columns = [rect.move(box.left + pad, 0) for rect in self._columns]
        header, *rows = self._cells
        y = self._draw_row(surface, theme, columns, header, y, th.TEXT_DIM)
        pygame.draw.line(surface, th.PANEL_BORDER[:3], (box.left + pad, y - theme.px(4)), (box.right - pad, y - theme.px(4)))
        for row in rows:
            y = self._draw_row(surface, theme, columns, row, y, th.TEXT)
        y += theme.px(12)
        for lines in self._notes:
            for line in lines:
                text = theme.text(line, theme.px(19), th.TEXT_DIM)
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

    @staticmethod
    def _row_height(theme: Theme, cells: Sequence[Sequence[str]]) -> int:
        """A row's height: one line's pitch, and a line more for each wrapped line."""
        lines = max(len(cell) for cell in cells)
        return theme.px(34) + (lines - 1) * theme.font(theme.px(21)).get_linesize()

    def _draw_row(
        self,
        surface: pygame.Surface,
        theme: Theme,
        columns: Sequence[pygame.Rect],
        cells: Sequence[Sequence[str]],
        y: int,
        colour: th.Colour,
    ) -> int:
        """The side's name in bold (shortened, partners each still named, when it is
        too long), then each other cell's lines centred in its column."""
        step = theme.font(theme.px(21)).get_linesize()
        for i, (rect, lines) in enumerate(zip(columns, cells, strict=True)):
            if i == 0:
                shown, size = theme.fit(lines[0], theme.px(21), rect.width - theme.px(8), bold=True, joiner=" & ")
                text = theme.text(shown, size, colour, bold=True)
                surface.blit(text, text.get_rect(top=y, left=rect.left))
                continue
            for n, line in enumerate(lines):
                text = theme.text(line, theme.px(21), colour)
                surface.blit(text, text.get_rect(top=y + n * step, centerx=rect.centerx))
        return y + self._row_height(theme, cells)


def _columns(area: pygame.Rect, rows: Sequence[Sequence[str]], font: pygame.font.Font, pad: int) -> list[pygame.Rect]:
    """The first column names the side (two sevenths of the width); every other
    column that needs less than an equal share of the rest gets what its longest cell
    needs, and the columns with longer cells share what is left."""
    count = len(rows[0])
    first = area.width * 2 // 7 if count > 1 else area.width
    need = {i: max(font.size(row[i])[0] for row in rows) + pad * 2 for i in range(1, count)}
    widths: dict[int, int] = {}
    room = area.width - first
    while need:
        share = room // len(need)
        narrow = {i: w for i, w in need.items() if w <= share}
        if not narrow:
            widths |= dict.fromkeys(need, share)
            break
        widths |= narrow
        room -= sum(narrow.values())
        need = {i: w for i, w in need.items() if i not in narrow}
    if room > 0 and not need and widths:
        # Everything fits: the room left is shared, so the columns spread evenly.
        extra = room // len(widths)
        widths = {i: w + extra for i, w in widths.items()}
    rects = [pygame.Rect(area.left, 0, first, 0)]
    x = area.left + first
    for i in range(1, count):
        rects.append(pygame.Rect(x, 0, widths[i], 0))
        x += widths[i]
    return rects
