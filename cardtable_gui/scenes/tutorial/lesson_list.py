"""Learn to play: the games on the left, the chosen game's lessons on the right.

Each lesson shows its title, its one-line summary and how far the player got (not
started, step k of n, done) with a button to Start, Continue or do it Again. The last
entry is the course's practice game with the coach. Up/Down and Tab move between the
buttons, Left/Right change the game, Esc goes back.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import pygame

from cardtable_gui.rules import GAMES
from cardtable_gui.scenes.games_column import GamesColumn
from cardtable_gui.scenes.page import PageScene
from cardtable_gui.tutorials import Course, LessonFileError, has_course, load_course
from cardtable_gui.tutorials.progress import LessonProgress, Progress, load_progress
from cardtable_gui.ui import theme as th
from cardtable_gui.ui.widgets import Button, FocusGroup, Panel, Widget

if TYPE_CHECKING:
    from cardtable_gui.app_window import App


def games_with_lessons() -> list[str]:
    """Registered games that have a course, in registry order."""
    return [name for name in GAMES if has_course(name)]


def lesson_state(progress: LessonProgress | None, steps: int) -> tuple[str, str]:
    """What the list says of a lesson (``progress`` None: never opened), and its
    button's word. A lesson left at its first step says so, as one left at a later step
    does: "Not started" would tell the learner it was never opened."""
    if progress is None:
        return "Not started", "Start"
    if progress.done and progress.step == 0:
        return "Done", "Again"
    return f"Step {min(progress.step + 1, steps)} of {steps}", "Continue"


@dataclass
class Row:
    """One entry of the list: a lesson (``index``) or the practice game (None)."""

    title: str
    summary: str
    state: str
    button: Button
    index: int | None
    done: bool = False
    rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))


class TutorialScene(PageScene):
    """Choose a game, then one of its lessons or its practice game."""

    def __init__(self, app: App, game: str | None = None) -> None:
        super().__init__(app, "Learn to play")
        self.games = games_with_lessons()
        if game not in self.games:
            # The game last chosen here, else the one last set up: a learner comes back to
            # it. Lessons keep their own memory: one set by a lesson browsed opened New game
            # on that game instead of the one the player last played.
            settings = app.settings
            game = next((name for name in (settings.lesson_game, settings.last_game) if name in self.games), None)
        self.game = game if game is not None else (self.games[0] if self.games else None)
        self.column = GamesColumn(self.games, self.show)
        self.lessons_panel = Panel()
        self.rows: list[Row] = []
        self.course: Course | None = None
        self.problem = ""
        self.focus = FocusGroup(lambda: self._widgets(), arrows=True)
        self._progress_note: str | None = None
        self._fill()

    # -- content -----------------------------------------------------------------------

    def show(self, game: str) -> None:
        """List ``game``'s lessons."""
        self.game = game
        self.app.remember(lesson_game=game)
        self._fill()
        self.layout(self.app.screen.get_size())

    def _fill(self) -> None:
        self.column.mark(self.game)
        self.rows = []
        self.course = None
        self.problem = ""
        if self.game is None:
            self.problem = "No lessons are available yet."
            return
        try:
            self.course = load_course(self.game)
        except LessonFileError as error:
            self.problem = f"The lessons for this game could not be read: {error}"
            return
        progress, note = load_progress(self.app.data_dir)
        if note and note != self._progress_note:
            self.app.toast(note, 6.0, topic="lessons")
        self._progress_note = note
        self.rows = self._rows(self.course, progress)

    def _rows(self, course: Course, progress: Progress) -> list[Row]:
        rows = []
        for index, lesson in enumerate(course.lessons):
            kept = progress.kept(course.game, lesson.id)
            reached = kept or LessonProgress()
            state, word = lesson_state(kept, len(lesson.steps))
            button = Button(word, lambda i=index, s=reached.step: self.open_lesson(i, s))
            rows.append(Row(f"{index + 1}. {lesson.title}", lesson.summary, state, button, index, reached.done))
        # The lesson to take next stands out: one left half way, else the first not done.
        words = [row.button.text for row in rows]
        wanted = next((i for i, word in enumerate(words) if word == "Continue"), None)
        if wanted is None:
            wanted = next((i for i, word in enumerate(words) if word != "Again"), None)
        if wanted is not None:
            rows[wanted].button.style = "primary"
        practice = course.practice
        play = Button("Play", self.open_practice, style="normal" if wanted is not None else "primary")
        rows.append(Row(practice.title, practice.summary, "", play, None))
        return rows

    def open_lesson(self, index: int, step: int) -> None:
        from cardtable_gui.scenes.tutorial.lesson_table import LessonTableScene

        assert self.course is not None
        self.app.scenes.push(LessonTableScene(self.app, self.course, index, step))

    def open_practice(self) -> None:
        from cardtable_gui.scenes.tutorial.practice_entry import start_practice

        assert self.course is not None
        start_practice(self.app, self.course)

    def enter(self) -> None:
        """Back from a lesson: show the progress it left."""
        self._fill()
        super().enter()

    # -- layout ------------------------------------------------------------------------

    def _widgets(self) -> list[Widget]:
        return [self.back, *self.column.buttons, *(row.button for row in self.rows)]

    def layout(self, size: tuple[int, int]) -> None:
        theme = self.app.theme
        panel = self.column.place(theme, size, self.place_header(size[0]))
        self.lessons_panel.rect = panel
        pad = theme.px(18)
        if not self.rows:
            return
        inner = panel.inflate(-pad * 2, -pad * 2)
        row_gap = theme.px(8)
        row_h = min(theme.px(92), (inner.height - row_gap * (len(self.rows) - 1)) // len(self.rows))
        button_w, button_h = theme.px(130), min(theme.px(42), row_h - theme.px(12))
        for number, row in enumerate(self.rows):
            row.rect = pygame.Rect(inner.x, inner.y + number * (row_h + row_gap), inner.width, row_h)
            row.button.rect = pygame.Rect(0, 0, button_w, button_h)
            row.button.rect.midright = (row.rect.right - pad, row.rect.centery)

    # -- input -------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
                self.app.scenes.pop()
                return
            if event.key in (pygame.K_LEFT, pygame.K_RIGHT) and self.game:
                self.show(self.column.beside(self.game, event.key))
                return
        self.offer(event, self._widgets())

    # -- drawing -----------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        theme = self.draw_header(surface)
        self.column.draw(surface, theme)
        self.lessons_panel.draw(surface, theme)
        if self.problem:
            lines = theme.wrap(self.problem, theme.scaled_font(20), self.lessons_panel.rect.width - theme.px(48))
            y = self.lessons_panel.rect.y + theme.px(24)
            for line in lines:
                surface.blit(theme.text(line, theme.text_px(20), th.TEXT_DIM), (self.lessons_panel.rect.x + theme.px(24), y))
                y += theme.scaled_font(20).get_linesize()
        for row in self.rows:
            self._draw_row(surface, row)

    def _draw_row(self, surface: pygame.Surface, row: Row) -> None:
        theme = self.app.theme
        practice = row.index is None
        fill = (*th.ACCENT_DARK, 46) if practice else (255, 255, 255, 12)
        theme.draw_panel(surface, row.rect, theme.px(10), fill, th.PANEL_BORDER, shadow=False)
        pad = theme.px(16)
        text_w = row.button.rect.left - row.rect.x - pad * 2
        state_w = theme.px(120) if row.state else 0
        title, size = theme.fit(row.title, theme.text_px(21), text_w - state_w, bold=True)
        title_h = theme.font(size, True).get_linesize()
        summary, small = theme.fit(row.summary, theme.text_px(16), text_w)
        summary_h = theme.font(small).get_linesize()
        top = row.rect.centery - (title_h + summary_h) // 2
        surface.blit(theme.text(title, size, th.ACCENT if practice else th.TEXT, bold=True), (row.rect.x + pad, top))
        surface.blit(theme.text(summary, small, th.TEXT_DIM), (row.rect.x + pad, top + title_h))
        if row.state:
            colour = th.SUCCESS if row.done and row.state == "Done" else th.TEXT_DIM if row.state == "Not started" else th.ACCENT
            state = theme.text(row.state, theme.text_px(16), colour, bold=True)
            surface.blit(state, state.get_rect(topright=(row.button.rect.left - pad, top + theme.px(3))))
        row.button.draw(surface, theme)
