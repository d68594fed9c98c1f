"""The Load screen: the player's named saves, newest first, to play on, delete, or
(for a file that cannot be loaded) move aside.

Each save shows its name, game, how far it got, when it was saved, and the players
with their scores. The list is read at once from the files; then, one save per frame,
each is checked by replaying its moves, so a save that was cut short, damaged, edited
by hand (an illegal move, a position that does not match), made for a game this
version lacks or by a newer version shows its problem in plain words instead of a Load
button. A bad file is never changed: it can only be moved aside (renamed, kept in the
same folder), and only after the player confirms. Deleting a good save asks first too.
Loading uses the game already rebuilt by the check, so a save is replayed once. A save
of a finished game offers Play again instead: the same players and house rules, a new deal.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from cardtable_gui.persistence.saves import RestoredGame, SaveEntry, SaveError, SaveStore
from cardtable_gui.rules.base import new_seed
from cardtable_gui.scenes.page import PageScene
from cardtable_gui.scenes.dialog import Answer, Dialog
from cardtable_gui.scenes.game_in_progress import ask_before_replacing
from cardtable_gui.shown_text import PATH_LENGTH, drawable, drawable_seat_name
from cardtable_gui.ui import theme as th
from cardtable_gui.ui.theme import Theme
from cardtable_gui.ui.widgets import Button, FocusGroup, Label, ScrollArea, Widget

if TYPE_CHECKING:
    from cardtable_gui.app_window import App
    from cardtable_gui.seats import MatchConfig

MAX_PROBLEM_LINES = 3
"""The most lines a bad file's message takes in its row; longer ones end in "..."."""


def when_text(moment: datetime, seconds: bool = False) -> str:
    """A time as the player's clock shows it: "4 Mar 2025, 14:05" (with ``seconds``,
    "14:05:37")."""
    local = moment.astimezone()
    return f"{local.day} {local:%b %Y}, {local:%H:%M:%S}" if seconds else f"{local.day} {local:%b %Y}, {local:%H:%M}"


def score_text(score: float) -> str:
    return f"{score:g}"


@dataclass
class SaveRow:
    """One file on the screen: what the list read, and what checking it found."""

    entry: SaveEntry
    restored: RestoredGame | None = None
    problem: str | None = None
    checked: bool = False
    card: SaveCard = field(init=False)
    buttons: list[Button] = field(default_factory=list)
    to_the_second: bool = False
    """Whether its time is given to the second: another row shows the same minute (two
    saves a minute apart, named alike, could not be told apart)."""

    def __post_init__(self) -> None:
        self.problem = self.entry.error
        self.checked = self.entry.error is not None
        self.card = SaveCard(self)

    @property
    def ok(self) -> bool:
        return self.problem is None

    @property
    def finished(self) -> bool:
        saved = self.restored.saved if self.restored is not None else self.entry.saved
        return saved is not None and saved.summary is not None and saved.summary.is_over

    @property
    def name(self) -> str:
        """The row's title as drawn: the save's name, else its game, else the file's
        name (every one of them read from the disk, so made drawable)."""
        saved = self.entry.saved
        if saved is None:
            return drawable(self.entry.path.name)
        game = drawable(saved.summary.title if saved.summary is not None else saved.game)
        return drawable(saved.name, game) if saved.name else game

    def lines(self) -> tuple[str, str]:
        """The detail line (game, progress, time) and the players line of a good save."""
        saved = self.restored.saved if self.restored is not None else self.entry.saved
        assert saved is not None
        summary = saved.summary
        when = f"saved {when_text(saved.saved_at, self.to_the_second)}"
        if summary is None:
            players = (drawable_seat_name(name, seat) for seat, name in enumerate(saved.players))
            return f"{drawable(saved.game)} \u00b7 {when}", "  \u00b7  ".join(players)
        names = [drawable_seat_name(name, seat) for seat, name in enumerate(summary.players)]
        # Partners share their side's score: once the save is replayed, it shows by side.
        sides = self.restored.state.teams if self.restored is not None else tuple((seat,) for seat in range(len(names)))
        scored = (
            f"{' & '.join(names[seat] for seat in side)} {score_text(summary.scores[side[0]])}"
            for side in sides
            if side and side[0] < len(summary.scores)
        )
        detail = f"{drawable(summary.title)} \u00b7 {drawable(summary.progress)} \u00b7 {when}"
        return detail, "  \u00b7  ".join(scored)


class SaveCard(Widget):
    """The box behind one row, with its text; the row's buttons sit on its right."""

    def __init__(self, row: SaveRow) -> None:
        super().__init__()
        self.row = row
        self.text_width = 0

    def text_lines(self, theme: Theme) -> list[tuple[str, int, th.Colour, bool]]:
        """Each line: text, size in px, colour, bold."""
        row = self.row
        title_px, small_px = theme.text_px(23), theme.text_px(18)
        small_font = theme.font(small_px)
        width = max(1, self.text_width)

        def elide(text: str, size: int, bold: bool = False) -> str:
            # Cut to the width with an ellipsis, at the line's own size.
            return theme.fit(text, size, width, bold, floor=size)[0]

        lines = [(elide(row.name, title_px, True), title_px, th.TEXT, True)]
        if row.ok:
            detail, players = row.lines()
            lines.append((elide(detail, small_px), small_px, th.TEXT_DIM, False))
            lines.append((elide(players, small_px), small_px, th.ACCENT, False))
            return lines
        file = f" \u00b7 {drawable(row.entry.path.name)}" if row.entry.saved is not None else ""
        dated = f"Can't be loaded{file} \u00b7 file dated {when_text(row.entry.modified)}"
        lines.append((elide(dated, small_px), small_px, th.TEXT_DIM, False))
        problem = theme.wrap(row.problem or "", small_font, width)
        if len(problem) > MAX_PROBLEM_LINES:
            problem = problem[:MAX_PROBLEM_LINES]
            problem[-1] = elide(problem[-1] + " \u2026", small_px)
        lines.extend((text, small_px, th.DANGER, False) for text in problem)
        return lines

    def text_height(self, theme: Theme) -> int:
        """The text block's height: its lines, and a little air below the title."""
        lines = self.text_lines(theme)
        return theme.px(4) + sum(theme.font(size, bold).get_linesize() for _, size, _, bold in lines)

    def height_for(self, theme: Theme) -> int:
        return theme.px(16) * 2 + self.text_height(theme)

    def draw(self, surface: pygame.Surface, theme: Theme) -> None:
        border = th.DANGER if not self.row.ok else th.PANEL_BORDER
        theme.draw_panel(surface, self.rect, theme.px(12), th.PANEL_LIGHT, border, shadow=False)
        x = self.rect.x + theme.px(18)
        y = self.rect.centery - self.text_height(theme) // 2
        for index, (text, size, colour, bold) in enumerate(self.text_lines(theme)):
            surface.blit(theme.text(text, size, colour, bold), (x, y))
            y += theme.font(size, bold).get_linesize() + (theme.px(4) if index == 0 else 0)


class LoadScene(PageScene):
    """The saves in the data folder, newest first."""

    def __init__(self, app: App) -> None:
        super().__init__(app, "Load game")
        self.store = SaveStore(app.data_dir)
        self.subtitle = Label("", 19, colour=th.TEXT_DIM, align="center")
        self.empty = Label(
            "No saved games yet. In a game, press Save (or Ctrl+S) to keep it here.",
            22,
            colour=th.TEXT_DIM,
            align="center",
            wrap=True,
        )
        self.footer = Label("", 16, colour=th.TEXT_DIM, align="center")
        self.area = ScrollArea()
        self.rows: list[SaveRow] = []
        self._checked: dict[Path, tuple[RestoredGame | None, str | None]] = {}
        self.focus = FocusGroup(self._focusable, arrows=True)
        self.refresh(relayout=False)

    # The list -------------------------------------------------------------------------

    def refresh(self, relayout: bool = True) -> None:
        """Read the saves folder again (after a delete or a move aside)."""
        rows = []
        for entry in self.store.list_saves():
            row = SaveRow(entry)
            if entry.path in self._checked:
                row.restored, problem = self._checked[entry.path]
                row.problem = row.problem or problem
                row.checked = True
            self._give_buttons(row)
            rows.append(row)
        minutes = Counter(when_text(row.entry.saved.saved_at) for row in rows if row.entry.saved is not None)
        for row in rows:
            row.to_the_second = row.entry.saved is not None and minutes[when_text(row.entry.saved.saved_at)] > 1
        self.rows = rows
        count = len(rows)
        self.subtitle.text = f"{count} saved game{'s' if count != 1 else ''}, newest first" if count else ""
        self.footer.text = f"Saves are kept in {drawable(str(self.store.saves_folder), limit=PATH_LENGTH)}"
        if relayout:
            self.layout(self.app.screen.get_size())

    def _give_buttons(self, row: SaveRow) -> None:
        if row.ok:
            # A finished game has nothing left to play; the same table with a new deal
            # is what its players would want from it.
            load = (
                Button("Play again", lambda r=row: self.play_again(r), style="primary")
                if row.finished
                else Button("Load", lambda r=row: self.load(r), style="primary")
            )
            delete = Button("Delete", lambda r=row: self.ask_delete(r), style="quiet")
            row.buttons = [load, delete]
        else:
            row.buttons = [Button("Move aside", lambda r=row: self.ask_move_aside(r))]

    def _check_next(self) -> None:
        """Replay one save not yet checked; a bad one gets its message and loses Load,
        and one found finished (or not) after all gets the buttons that fit."""
        row = next((r for r in self.rows if not r.checked), None)
        if row is None:
            return
        row.checked = True
        # Until the replay, Load goes by the summary written in the file; the replay
        # has the last word (a file may claim a finished game that is not).
        claimed_finished = row.finished
        try:
            row.restored = self.store.open(row.entry.path)
        except SaveError as error:
            row.problem = error.message
        self._checked[row.entry.path] = (row.restored, row.problem)
        if not row.ok or row.finished != claimed_finished:
            self._give_buttons(row)
            self.layout(self.app.screen.get_size())

    # What the buttons do --------------------------------------------------------------

    def load(self, row: SaveRow) -> None:
        """Play the save on, at the table; a save found bad now says why instead. A game
        in progress is not replaced without asking."""
        game = self._opened(row)
        if game is not None:
            ask_before_replacing(self.app, "Load this game?", lambda: self._sit_down(game.config, game), self._complain)

    def play_again(self, row: SaveRow) -> None:
        """A new game at a finished save's table: its players and house rules, a new deal."""
        game = self._opened(row)
        if game is not None:
            config = game.config.model_copy(update={"seed": new_seed(), "deck": None})
            ask_before_replacing(self.app, "Start a new game?", lambda: self._sit_down(config, None), self._complain)

    def _complain(self, text: str) -> None:
        self.app.toast(text, 6.0)

    def _opened(self, row: SaveRow) -> RestoredGame | None:
        """The row's game, replayed now if the check has not reached it; None (and the
        row shows why) when it turns out bad."""
        if row.restored is not None:
            return row.restored
        try:
            return self.store.open(row.entry.path)
        except SaveError as error:
            row.checked, row.problem = True, error.message
            self._checked[row.entry.path] = (None, error.message)
            self._give_buttons(row)
            self.layout(self.app.screen.get_size())
            return None

    def _sit_down(self, config: MatchConfig, resume: RestoredGame | None) -> None:
        from cardtable_gui.scenes.table import TableScene
        from cardtable_gui.scenes.table.layout_registry import NoTableYet

        try:
            scene = TableScene(self.app, config, resume=resume)
        except NoTableYet as error:
            self.app.toast(str(error), 6.0)
            return
        self.app.scenes.replace(scene)

    def ask_delete(self, row: SaveRow) -> None:
        detail = row.lines()[0]
        message = f"\u201c{row.name}\u201d ({detail}) will be deleted for good."
        answers = [Answer("Delete", lambda: self.delete(row), "danger"), Answer("Keep it", None, "quiet")]
        self.app.scenes.push(Dialog(self.app, "Delete this save?", message, answers, focus=1))

    def delete(self, row: SaveRow) -> None:
        def delete_file() -> str:
            self.store.delete(row.entry.path)
            return f"Deleted \u201c{row.name}\u201d."

        self._change_file(row, delete_file)

    def ask_move_aside(self, row: SaveRow) -> None:
        name = drawable(row.entry.path.name)
        message = (
            f"{name} can't be loaded. Moving it aside renames it to {name}.bad in the same "
            "folder: it leaves this list, but nothing is deleted."
        )
        answers = [Answer("Move aside", lambda: self.move_aside(row), "danger"), Answer("Keep it", None, "quiet")]
        self.app.scenes.push(Dialog(self.app, "Move this file aside?", message, answers, focus=1))

    def move_aside(self, row: SaveRow) -> None:
        def move_file() -> str:
            return f"Moved aside as {drawable(self.store.move_aside(row.entry.path).name)}."

        self._change_file(row, move_file)

    def _change_file(self, row: SaveRow, change: Callable[[], str]) -> None:
        """Do ``change`` to ``row``'s file and show what it says was done, or why it
        could not be; either way the list is read again, as the folder may have changed."""
        try:
            done = change()
        except SaveError as error:
            self.app.toast(error.message, 6.0)
        else:
            self.app.toast(done)
        self._checked.pop(row.entry.path, None)
        self.refresh()

    # Scene ----------------------------------------------------------------------------

    def _focusable(self) -> list[Widget]:
        return [self.back, *(button for row in self.rows for button in row.buttons)]

    def layout(self, size: tuple[int, int]) -> None:
        width, height = size
        theme = self.app.theme
        margin = self.place_header(width)
        self.subtitle.rect = pygame.Rect(0, self.title.rect.bottom, width, theme.px(26))
        footer_h = theme.px(40)
        self.footer.rect = pygame.Rect(margin, height - footer_h, width - margin * 2, footer_h)
        list_w = min(width - margin * 2, theme.px(980))
        top = self.subtitle.rect.bottom + theme.px(16)
        self.area.rect = pygame.Rect((width - list_w) // 2, top, list_w, self.footer.rect.top - top - theme.px(8))
        self.empty.rect = pygame.Rect(self.area.rect.x, self.area.rect.y + theme.px(60), list_w, theme.px(120))
        self._layout_rows(theme)

    def _layout_rows(self, theme: Theme) -> None:
        bar = max(6, self.area.rect.width // 80) + theme.px(8)
        card_w = self.area.rect.width - bar
        gap, pad = theme.px(12), theme.px(16)
        button_h, button_w, button_gap = theme.px(44), theme.px(130), theme.px(10)
        placed: list[tuple[Widget, pygame.Rect]] = []
        top = 0
        for row in self.rows:
            buttons_w = len(row.buttons) * (button_w + button_gap) - button_gap
            row.card.text_width = card_w - buttons_w - pad * 2 - theme.px(18) - theme.px(12)
            card_h = max(row.card.height_for(theme), button_h + pad * 2)
            placed.append((row.card, pygame.Rect(0, top, card_w, card_h)))
            x = card_w - pad - buttons_w
            for button in row.buttons:
                placed.append((button, pygame.Rect(x, top + (card_h - button_h) // 2, button_w, button_h)))
                x += button_w + button_gap
            top += card_h + gap
        self.area.set_content(placed, max(0, top - gap))

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.scenes.pop()
            return
        if self.back.handle_event(event) or self.area.handle_event(event):
            return
        if self.focus.handle_event(event):
            current = self.focus.current
            if current is not None and current in self.area.children:
                self.area.show(current)

    def update(self, dt: float) -> None:
        self._check_next()

    def draw(self, surface: pygame.Surface) -> None:
        theme = self.draw_header(surface)
        self.subtitle.draw(surface, theme)
        if self.rows:
            self.area.draw(surface, theme)
        else:
            self.empty.draw(surface, theme)
        self.footer.draw(surface, theme)

    def element_rects(self) -> list[pygame.Rect]:
        """Every visible element outside the scrolling list, and the list's view."""
        return [self.back.rect, self.title.rect, self.subtitle.rect, self.area.rect, self.footer.rect]
