"""The Rules: how each game is played, to read at leisure.

The texts live in ``cardtable_gui/rulebook/<game>.md``, written for this program, in a
small part of Markdown: ``#`` title, ``##`` section, ``- `` list item, blank line between
paragraphs. Only games registered in ``GAMES`` that have a text are listed.
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib import resources
from typing import TYPE_CHECKING

import pygame

from cardtable_gui.rules import GAMES
from cardtable_gui.scenes.games_column import GamesColumn
from cardtable_gui.scenes.page import PageScene
from cardtable_gui.ui import theme as th
from cardtable_gui.ui.theme import Theme
from cardtable_gui.ui.widgets import FocusGroup, Panel, Scroller

if TYPE_CHECKING:
    from cardtable_gui.app_window import App


def rule_text(game: str) -> str | None:
    """The rules of ``game`` as written for the rule book, or None if there is none."""
    try:
        return (resources.files("cardtable_gui") / "rulebook" / f"{game}.md").read_text(encoding="utf-8")
    except (FileNotFoundError, OSError):
        return None


def games_with_rules() -> list[str]:
    """Registered games that have a text, in registry order."""
    return [name for name in GAMES if rule_text(name) is not None]


@dataclass(frozen=True)
class Block:
    """A piece of the page: a heading, a paragraph or a list item."""

    kind: str
    text: str


def parse(text: str) -> list[Block]:
    """Split a rule text into blocks; a paragraph's lines are joined into one."""
    blocks: list[Block] = []
    paragraph: list[str] = []

    def end_paragraph() -> None:
        if paragraph:
            blocks.append(Block("para", " ".join(paragraph)))
            paragraph.clear()

    for raw in text.splitlines():
        line = raw.strip()
        if not line:
            end_paragraph()
        elif line.startswith("## "):
            end_paragraph()
            blocks.append(Block("section", line[3:]))
        elif line.startswith("# "):
            end_paragraph()
            blocks.append(Block("title", line[2:]))
        elif line.startswith("- "):
            end_paragraph()
            blocks.append(Block("item", line[2:]))
        elif blocks and blocks[-1].kind == "item" and not paragraph and raw.startswith("  "):
            blocks[-1] = Block("item", f"{blocks[-1].text} {line}")
        else:
            paragraph.append(line)
    end_paragraph()
    return blocks


# (design size in px, bold, colour, space above, space below) per kind of block
_STYLE: dict[str, tuple[int, bool, th.Colour, int, int]] = {
    "title": (38, True, th.ACCENT, 0, 10),
    "section": (25, True, th.ACCENT, 18, 6),
    "para": (19, False, th.TEXT, 0, 10),
    "item": (19, False, th.TEXT, 0, 6),
}


def typeset(blocks: list[Block], theme: Theme, width: int) -> tuple[list[tuple[pygame.Surface, int, int]], int]:
    """Each rendered line with its (x, y) on the page, and the page's height."""
    lines: list[tuple[pygame.Surface, int, int]] = []
    y = 0
    indent = theme.px(26)
    for block in blocks:
        size, bold, colour, above, below = _STYLE[block.kind]
        size_px = theme.text_px(size)
        font = theme.font(size_px, bold)
        y += theme.px(above) if lines else 0
        x = indent if block.kind == "item" else 0
        if block.kind == "item":
            # The bullet is as tall as its line and starts where the line does, so the
            # page shows or hides the two together.
            radius = max(2, theme.px(4))
            dot = pygame.Surface((radius * 2, font.get_linesize()), pygame.SRCALPHA)
            pygame.draw.circle(dot, th.ACCENT, (radius, font.get_ascent() // 2 + theme.px(1)), radius)
            lines.append((dot, indent // 2 - radius, y))
        for text in theme.wrap(block.text, font, width - x):
            lines.append((font.render(text, True, colour), x, y))
            y += round(font.get_linesize() * (1.12 if block.kind in ("para", "item") else 1.0))
        if block.kind == "title":
            rule = pygame.Surface((min(width, theme.px(220)), max(1, theme.px(2))))
            rule.fill(th.ACCENT_DARK)
            lines.append((rule, 0, y + theme.px(2)))
            y += theme.px(8)
        y += theme.px(below)
    return lines, y


class RulesBookScene(PageScene):
    """A list of games on the left, the chosen game's rules on a scrolling page."""

    def __init__(self, app: App, game: str | None = None, table_rules: list[str] | None = None) -> None:
        """``table_rules`` are the house rules of the game in progress, opened from its
        table: that game's page begins with them."""
        super().__init__(app, "Rules")
        self.table_game = game
        self.table_rules = table_rules or []
        self.games = games_with_rules()
        self.game = game if game in self.games else (self.games[0] if self.games else None)
        self.column = GamesColumn(self.games, self.show)
        self.page_panel = Panel()
        self.scroller = Scroller()
        self.focus = FocusGroup(lambda: [self.back, *self.column.buttons])
        self._lines: list[tuple[pygame.Surface, int, int]] = []
        self._page = pygame.Rect(0, 0, 0, 0)
        self.column.mark(self.game)

    def show(self, game: str) -> None:
        """Open ``game``'s rules at the top."""
        self.game = game
        self.scroller.offset = 0
        self.column.mark(game)
        self.layout(self.app.screen.get_size())

    def layout(self, size: tuple[int, int]) -> None:
        theme = self.app.theme
        self.page_panel.rect = self.column.place(theme, size, self.place_header(size[0]))
        page_pad = theme.px(36)
        measure = min(self.page_panel.rect.width - page_pad * 2, theme.px(860))
        self._page = pygame.Rect(
            self.page_panel.rect.x + page_pad, self.page_panel.rect.y + theme.px(24), measure, self.page_panel.rect.height - theme.px(48)
        )
        text = rule_text(self.game) if self.game else None
        self._lines, page_h = typeset(self._blocks(text or ""), theme, measure - theme.px(14))
        view = pygame.Rect(self._page.x, self._page.y, self.page_panel.rect.right - theme.px(14) - self._page.x, self._page.height)
        self.scroller.set_geometry(view, page_h)

    def _blocks(self, text: str) -> list[Block]:
        """The page: the game's rules, after its title the house rules of the table it
        was opened from (an old save keeps the rules it was played under)."""
        blocks = parse(text)
        if self.game != self.table_game or not self.table_rules:
            return blocks
        table = [Block("section", "House rules at this table"), *(Block("item", line) for line in self.table_rules)]
        at = 1 if blocks and blocks[0].kind == "title" else 0
        return blocks[:at] + table + blocks[at:]

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
                self.app.scenes.pop()
                return
            step = self.app.theme.px(48)
            if event.key in (pygame.K_DOWN, pygame.K_UP):
                self.scroller.scroll_by(step if event.key == pygame.K_DOWN else -step)
                return
            if event.key in (pygame.K_LEFT, pygame.K_RIGHT) and self.game:
                self.show(self.column.beside(self.game, event.key))
                return
        self.offer(event, (self.scroller, self.back, *self.column.buttons))

    def draw(self, surface: pygame.Surface) -> None:
        theme = self.draw_header(surface)
        self.column.draw(surface, theme)
        self.page_panel.draw(surface, theme)
        clip = surface.get_clip()
        surface.set_clip(self.scroller.view)
        top = self._page.y - self.scroller.offset
        for image, x, y in self._lines:
            # A line scrolled partly out of the page is left out whole: its clipped
            # edge would show as stray marks along the page's top or bottom.
            if top + y >= self._page.y and top + y + image.get_height() <= self._page.bottom:
                surface.blit(image, (self._page.x + x, top + y))
        surface.set_clip(clip)
        self.scroller.draw(surface, theme)
        if not self.games:
            note = theme.text("No rules are available yet.", theme.text_px(22), th.TEXT_DIM)
            surface.blit(note, self._page.topleft)
