"""The end-of-hand summary: a table of what each side bid, took and scored, and under
the heading "Totals" the running totals as they now stand (never a figure on its way
there, which would disagree with the rows above it). Only public facts are shown, so
it is safe in pass-and-play. The game fills in the rows; the panel knows no game.

Every cell and note is set at one size and shown whole: a column takes the room its
longest cell needs when the table has it, and a cell or note longer than its room
wraps onto more lines (a row grows) instead of shrinking or being cut."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame

from cardtable_gui.persistence.saves import SUMMARY_TEXT_LIMIT, SavedHandSummary, SavedTotal
from cardtable_gui.shown_text import drawable
from cardtable_gui.ui import theme as th
from cardtable_gui.ui.theme import Theme
from cardtable_gui.ui.widgets import Button

TOTALS_HEADING = "Totals"
KEY_GRACE_SECONDS = 1.0
"""Keys pressed this soon after the summary opens are ignored: they were meant for the
last move, and would otherwise close the summary before it is read (at 0.6 s a
play-tester pressing Enter at a steady pace never saw a Spizzichino summary)."""


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


def saved_summary(table: SummaryTable) -> SavedHandSummary:
    """``table`` as a save keeps it."""
    totals = tuple(SavedTotal(label=t.label, total=t.total, leading=t.leading) for t in table.totals)
    return SavedHandSummary(
        title=table.title, headers=table.headers, rows=table.rows, notes=table.notes, totals=totals, go_on=table.go_on
    )


def summary_from_save(saved: SavedHandSummary) -> SummaryTable:
    """The summary a save kept, to show again, each text as a screen can draw it (it
    comes from a file, which may have been edited)."""

    def shown(texts: tuple[str, ...]) -> tuple[str, ...]:
        return tuple(drawable(text, "", SUMMARY_TEXT_LIMIT) for text in texts)

    totals = tuple(TotalLine(drawable(t.label, "?", SUMMARY_TEXT_LIMIT), int(t.total), t.leading) for t in saved.totals)
    rows = tuple(shown(row) for row in saved.rows)
    title, go_on = shown((saved.title, saved.go_on))
    return SummaryTable(title, shown(saved.headers), rows, shown(saved.notes), totals, go_on or "Next hand")


def restored_summary(saved: SavedHandSummary) -> SummaryTable:
    """The summary a game was saved at, shown again as it is opened. The next hand was
    dealt before the summary came up, so the table behind it (its banner, the chips
    after the next ante, the new cards) is one hand on: a note says so, or the figures
    would seem to disagree."""
    table = summary_from_save(saved)
    behind = f"The game was saved at this summary: the {table.go_on.lower()} is already dealt behind it."
    return dataclasses.replace(table, notes=(*table.notes, behind))


SMALLEST_SCALE = 0.75
"""The panel's words are set no smaller than this share of their size to fit its room."""

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
        self._scale = 1.0
        """What every size on the panel is multiplied by (less than 1 in a short room)."""

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

    def layout(self, area: pygame.Rect, theme: Theme, below: int = 0) -> None:
        """The panel centred in ``area``, moved down when its top would be above
        ``below`` (the bottom of the window's top bar: the buttons, a banner naming the
        round), which stays in sight. When its lines need more height than there is
        from ``below`` down, everything on it is set smaller, down to
        ``SMALLEST_SCALE``, rather than run over the top bar."""
        if self.table is None:
            return
        room = pygame.Rect(area.left, max(area.top, below), area.width, max(0, area.bottom - max(area.top, below)))
        self._scale = 1.0
        natural = self._set_lines(room.width, theme)
        if natural > room.height:
            self._scale = max(SMALLEST_SCALE, room.height / natural)
        height = min(self._set_lines(room.width, theme), room.height)
        self.box = pygame.Rect(0, 0, _panel_width(room.width, theme), height)
        self.box.center = area.center
        self.box.top = max(self.box.top, room.top)
        self.button.rect = pygame.Rect(0, 0, self.px(theme, 240), self.px(theme, 50))
        self.button.rect.midbottom = (self.box.centerx, self.box.bottom - self.px(theme, 20))

    def px(self, theme: Theme, size: int) -> int:
        """A design size on this panel: the theme's, times the panel's scale."""
        return max(1, round(theme.px(size) * self._scale))

    def _set_lines(self, room_width: int, theme: Theme) -> int:
        """Lay the cells and notes out on lines at the panel's scale; returns the
        height the panel needs for them."""
        table = self.table
        assert table is not None
        pad = self.px(theme, 24)
        inner = _panel_width(room_width, theme) - pad * 2
        cell_font, note_font = theme.font(self.px(theme, 21)), theme.font(self.px(theme, 19))
        self._columns = _columns(pygame.Rect(0, 0, inner, 0), [table.headers, *table.rows], cell_font, self.px(theme, 8))
        self._cells = [
            [[cell] if i == 0 else theme.wrap(cell, cell_font, rect.width - self.px(theme, 8)) for i, (rect, cell) in enumerate(zip(self._columns, row, strict=True))]
            for row in (table.headers, *table.rows)
        ]
        self._notes = [theme.wrap(note, note_font, inner) for note in table.notes]
        rows_h = sum(self._row_height(theme, cells) for cells in self._cells)
        lines = sum(len(lines) for lines in self._notes)
        return pad * 2 + rows_h + sum(
            self.px(theme, size) for size in (44, 12, *(24,) * lines, 16, 34, *(40,) * total_rows(table), 20, 54)
        )

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
        pad = self.px(theme, 24)
        title = theme.text(table.title, self.px(theme, 34), th.ACCENT, bold=True)
        surface.blit(title, title.get_rect(midtop=(box.centerx, box.top + pad)))
        y = box.top + pad + self.px(theme, 44)
        columns = [rect.move(box.left + pad, 0) for rect in self._columns]
        header, *rows = self._cells
        y = self._draw_row(surface, theme, columns, header, y, th.TEXT_DIM)
        pygame.draw.line(surface, th.PANEL_BORDER[:3], (box.left + pad, y - self.px(theme, 4)), (box.right - pad, y - self.px(theme, 4)))
        for row in rows:
            y = self._draw_row(surface, theme, columns, row, y, th.TEXT)
        y += self.px(theme, 12)
        for lines in self._notes:
            for line in lines:
                text = theme.text(line, self.px(theme, 19), th.TEXT_DIM)
                surface.blit(text, text.get_rect(midtop=(box.centerx, y)))
                y += self.px(theme, 24)
        y += self.px(theme, 16)
        heading = theme.text(TOTALS_HEADING, self.px(theme, 21), th.TEXT_DIM)
        surface.blit(heading, heading.get_rect(midtop=(box.centerx, y)))
        y += self.px(theme, 34)
        lines = total_rows(table)
        columns = 1 if lines == len(table.totals) else 2
        for index, line in enumerate(table.totals):
            column, row = divmod(index, lines)
            middle = box.left + box.width * (1 + 2 * column) // (2 * columns)
            colour = th.ACCENT if line.leading else th.TEXT
            room = box.width // columns // 2 - self.px(theme, 20) - pad
            label_text, label_size = theme.fit(line.label, self.px(theme, 26), room, bold=True, joiner=" & ")
            label = theme.text(label_text, label_size, colour, bold=True)
            number = theme.text(str(line.total), self.px(theme, 30), colour, bold=True)
            at = y + row * self.px(theme, 40) + self.px(theme, 16)
            surface.blit(label, label.get_rect(midright=(middle - self.px(theme, 20), at)))
            surface.blit(number, number.get_rect(midleft=(middle + self.px(theme, 20), at)))
        self.button.draw(surface, theme)

    def _row_height(self, theme: Theme, cells: Sequence[Sequence[str]]) -> int:
        """A row's height: one line's pitch, and a line more for each wrapped line."""
        lines = max(len(cell) for cell in cells)
        return self.px(theme, 34) + (lines - 1) * theme.font(self.px(theme, 21)).get_linesize()

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
        step = theme.font(self.px(theme, 21)).get_linesize()
        for i, (rect, lines) in enumerate(zip(columns, cells, strict=True)):
            if i == 0:
                shown, size = theme.fit(lines[0], self.px(theme, 21), rect.width - self.px(theme, 8), bold=True, joiner=" & ")
                text = theme.text(shown, size, colour, bold=True)
                surface.blit(text, text.get_rect(top=y, left=rect.left))
                continue
            for n, line in enumerate(lines):
                text = theme.text(line, self.px(theme, 21), colour)
                surface.blit(text, text.get_rect(top=y + n * step, centerx=rect.centerx))
        return y + self._row_height(theme, cells)


def _panel_width(room_width: int, theme: Theme) -> int:
    """The panel's width in a room ``room_width`` wide: what its table needs at most,
    at any scale (a smaller scale only sets the words smaller)."""
    return min(room_width - theme.px(40), theme.px(760))


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
