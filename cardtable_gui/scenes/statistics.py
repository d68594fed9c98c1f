"""The Statistics screen: how a player has done at one game.

Pick a game and a player (any person's name found in the record of finished games)
and see games played and won, the win rate, best and average scores, the current and
best winning streaks, the computer levels faced, and a chart of the latest results:
one bar per game, its height the final score, wins picked out in gold. A damaged
statistics file is reported in words; whatever could be saved from it is shown.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import pygame

from cardtable_gui.persistence import PlayerStats, Statistics, load_statistics, summary
from cardtable_gui.persistence.statistics import Result
from cardtable_gui.scenes.page import PageScene
from cardtable_gui.seats import AILevel, SeatKind
from cardtable_gui.shown_text import drawable
from cardtable_gui.ui import theme as th
from cardtable_gui.ui.theme import Theme
from cardtable_gui.ui.widgets import FocusGroup, Label, Panel, Widget

if TYPE_CHECKING:
    from cardtable_gui.app_window import App

WIN_COLOUR = th.ACCENT
LOSS_COLOUR = (112, 150, 128)
GRID_COLOUR = (255, 255, 255, 34)
AXIS_COLOUR = (236, 232, 214)
UNNAMED = "Unnamed player"
"""Shown for a recorded name of which nothing would show (only invisible characters)."""
UNKNOWN_GAME = "Unknown game"


def game_title(game: str) -> str:
    """The game's name as players know it ("Hand and Foot"), for a registered game; a
    game this version lacks is named from the record, drawable."""
    from cardtable_gui.rules import GAMES

    rules = GAMES.get(game)
    return rules.title if rules is not None else drawable(game.replace("_", " ").capitalize(), UNKNOWN_GAME)


def games_played(statistics: Statistics) -> list[str]:
    """Games with at least one finished game on record, in the registry's order
    (games no longer offered come last)."""
    from cardtable_gui.rules import GAMES

    present = {record.game for record in statistics.games}
    known = [name for name in GAMES if name in present]
    return known + sorted(present - set(known))


def players_of(statistics: Statistics, game: str) -> list[str]:
    """The people (not computers) who finished ``game``, most games first."""
    counts: Counter[str] = Counter()
    for record in statistics.games:
        if record.game == game:
            counts.update(
                {seat.name for seat in record.seats if seat.kind is SeatKind.HUMAN}
            )
    return sorted(counts, key=lambda name: (-counts[name], name.casefold()))


def number_text(value: float | None, decimals: int = 0) -> str:
    """A score for display: whole numbers without a point, "–" when there is none."""
    if value is None:
        return "\u2013"
    if decimals and not float(value).is_integer():
        return f"{value:.{decimals}f}"
    return f"{round(value)}"


def nice_ticks(low: float, high: float, count: int = 5) -> list[float]:
    """Round values (1, 2 or 5 times a power of ten apart) from at most ``low`` to at
    least ``high``, about ``count`` of them: the chart's score axis."""
    if high <= low:
        # No spread (every score the same): a few whole points up, not fractions that
        # would print as repeated zeros.
        high = low + count - 1
    raw = (high - low) / max(1, count - 1)
    power = 10 ** math.floor(math.log10(raw))
    step = next(m * power for m in (1, 2, 5, 10) if m * power >= raw)
    first = math.floor(low / step) * step
    ticks = [first]
    while ticks[-1] < high:
        ticks.append(ticks[-1] + step)
    return ticks


class Picker(Widget):
    """One of a list of values, stepped through with the arrows at either end (or
    Left/Right while focused)."""

    focusable = True

    def __init__(self, options: Sequence[tuple[str, str]], value: str, on_change: Callable[[str], None]) -> None:
        super().__init__()
        self.options = list(options)
        self.value = value
        self.on_change = on_change

    @property
    def index(self) -> int:
        return next((i for i, (value, _) in enumerate(self.options) if value == self.value), 0)

    def step(self, direction: int) -> None:
        index = self.index + direction
        if 0 <= index < len(self.options) and self.options[index][0] != self.value:
            self.value = self.options[index][0]
            self.on_change(self.value)

    def arrows(self) -> tuple[pygame.Rect, pygame.Rect]:
        side = min(self.rect.height, self.rect.width // 4)
        return (
            pygame.Rect(self.rect.x, self.rect.y, side, self.rect.height),
            pygame.Rect(self.rect.right - side, self.rect.y, side, self.rect.height),
        )

    def _use(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            back, forward = self.arrows()
            if back.collidepoint(event.pos):
                self.step(-1)
                return True
            if forward.collidepoint(event.pos):
                self.step(1)
                return True
            return self.rect.collidepoint(event.pos)
        if event.type == pygame.KEYDOWN and self.focused and event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            self.step(-1 if event.key == pygame.K_LEFT else 1)
            return True
        return False

    def draw(self, surface: pygame.Surface, theme: Theme) -> None:
        if not self.visible:
            return
        theme.draw_panel(surface, self.rect, theme.px(8), th.TRACK, (255, 255, 255, 40), shadow=False)
        back, forward = self.arrows()
        for part, direction in ((back, -1), (forward, 1)):
            usable = 0 <= self.index + direction < len(self.options)
            fill = th.BUTTON_HOVER if usable else th.BUTTON_DISABLED
            theme.draw_panel(surface, part.inflate(-theme.px(6), -theme.px(6)), theme.px(6), fill, None, shadow=False)
            half = max(3, part.height // 6)
            cx, cy = part.center
            tip = cx + direction * half
            points = [(tip, cy), (cx - direction * half, cy - half), (cx - direction * half, cy + half)]
            pygame.draw.polygon(surface, th.TEXT if usable else th.TEXT_DIM, points)
        label = self.options[self.index][1] if self.options else ""
        middle = pygame.Rect(back.right, self.rect.y, forward.left - back.right, self.rect.height)
        size = max(th.MIN_TEXT_PX, round(self.rect.height * 0.5))
        label, size = theme.fit(label, size, middle.width - theme.px(8), bold=True, floor=th.MIN_TEXT_PX)
        image = theme.text(label, size, th.TEXT, bold=True)
        surface.blit(image, image.get_rect(center=middle.center))
        self._draw_focus(surface, theme, self.rect)


class ResultsChart:
    """Bars of the latest results: one per game, oldest at the left, the score's
    height above or below zero, wins in gold; a dashed line marks the average."""

    def __init__(self) -> None:
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.plot = pygame.Rect(0, 0, 0, 0)
        self.bars: list[pygame.Rect] = []

    def layout(self, rect: pygame.Rect, theme: Theme, results: Sequence[Result]) -> None:
        """Work out the plot area and each bar for ``results`` inside ``rect``."""
        self.rect = pygame.Rect(rect)
        label_font = theme.font(theme.text_px(16))
        ticks = self._ticks(results)
        label_w = max(label_font.size(number_text(t))[0] for t in ticks)
        left = rect.x + label_font.get_linesize() + theme.px(10) + label_w + theme.px(10)
        top = rect.y + label_font.get_linesize() + theme.px(12)
        bottom = rect.bottom - label_font.get_linesize() * 2 - theme.px(14)
        self.plot = pygame.Rect(left, top, rect.right - left - theme.px(8), max(10, bottom - top))
        self.bars = []
        slot = self.plot.width / max(1, len(results))
        bar_w = max(3, min(round(slot * 0.66), theme.px(46)))
        zero = self.y_for(0, ticks)
        for index, result in enumerate(results):
            x = round(self.plot.x + slot * index + (slot - bar_w) / 2)
            y = self.y_for(float(result.score), ticks)
            # A score of zero still gets a visible sliver: a game played, not a gap.
            height = max(theme.px(3), abs(zero - y))
            self.bars.append(pygame.Rect(x, min(y, zero - height) if y <= zero else zero, bar_w, height))

    @staticmethod
    def _ticks(results: Sequence[Result]) -> list[float]:
        scores = [float(r.score) for r in results] or [0.0]
        return nice_ticks(min(0.0, *scores), max(0.0, *scores))

    def y_for(self, value: float, ticks: Sequence[float]) -> int:
        low, high = ticks[0], ticks[-1]
        return round(self.plot.bottom - (value - low) / (high - low) * self.plot.height)

    def draw(self, surface: pygame.Surface, theme: Theme, results: Sequence[Result], first_number: int, average: float | None) -> None:
        """Axes, grid, bars and labels; ``first_number`` is the game number of the
        oldest bar (games are numbered from the player's first)."""
        ticks = self._ticks(results)
        small = theme.text_px(16)
        for value in ticks:
            y = self.y_for(value, ticks)
            pygame.draw.line(surface, GRID_COLOUR if value else AXIS_COLOUR, (self.plot.x, y), (self.plot.right, y), 1 if value else max(1, theme.px(2)))
            label = theme.text(number_text(value), small, th.TEXT_DIM)
            surface.blit(label, label.get_rect(midright=(self.plot.x - theme.px(8), y)))
        pygame.draw.line(surface, AXIS_COLOUR, self.plot.bottomleft, self.plot.topleft, max(1, theme.px(2)))
        radius = max(1, min(theme.px(4), self.bars[0].width // 3)) if self.bars else 0
        for result, bar in zip(results, self.bars, strict=True):
            colour = WIN_COLOUR if result.won else LOSS_COLOUR
            pygame.draw.rect(surface, colour, bar, border_radius=radius)
        if average is not None and results:
            self._dashed(surface, self.y_for(average, ticks), theme)
            note = theme.text(f"average {number_text(average, 1)}", small, th.TEXT)
            surface.blit(note, note.get_rect(bottomright=(self.plot.right, self.y_for(average, ticks) - theme.px(3))))
        self._game_numbers(surface, theme, first_number)
        axis = theme.text("Game", small, th.TEXT_DIM, True)
        surface.blit(axis, axis.get_rect(midbottom=(self.plot.centerx, self.rect.bottom)))
        score = pygame.transform.rotate(theme.text("Score", small, th.TEXT_DIM, True), 90)
        surface.blit(score, score.get_rect(midleft=(self.rect.x, self.plot.centery)))

    def _game_numbers(self, surface: pygame.Surface, theme: Theme, first_number: int) -> None:
        """Each bar's game number under the axis, thinned out when bars are narrow."""
        small = theme.text_px(16)
        widest = theme.font(small).size(str(first_number + len(self.bars)))[0] + theme.px(8)
        slot = self.plot.width / max(1, len(self.bars))
        every = max(1, math.ceil(widest / slot))
        for index, bar in enumerate(self.bars):
            if index % every and index != len(self.bars) - 1:
                continue
            label = theme.text(str(first_number + index), small, th.TEXT_DIM)
            surface.blit(label, label.get_rect(midtop=(bar.centerx, self.plot.bottom + theme.px(6))))

    def _dashed(self, surface: pygame.Surface, y: int, theme: Theme) -> None:
        dash, gap = theme.px(8), theme.px(6)
        x = self.plot.x
        while x < self.plot.right:
            pygame.draw.line(surface, th.TEXT, (x, y), (min(x + dash, self.plot.right), y), max(1, theme.px(2)))
            x += dash + gap


class StatisticsScene(PageScene):
    """The Statistics screen; Back (or Escape) returns to the menu."""

    def __init__(self, app: App) -> None:
        super().__init__(app, "Statistics")
        self.statistics, self.problem = load_statistics(app.data_dir)
        self.notice = Label(self.problem or "", 18, colour=th.TEXT, wrap=True)
        self.games = games_played(self.statistics)
        self.game = self.games[0] if self.games else ""
        self.game_picker = Picker([(g, game_title(g)) for g in self.games], self.game, self.choose_game)
        self.player_picker = Picker([], "", self.choose_player)
        self.game_label = Label("Game", 19, colour=th.TEXT_DIM)
        self.player_label = Label("Player", 19, colour=th.TEXT_DIM)
        self.pick_panel = Panel()
        self.chart_panel = Panel("Latest results")
        self.levels_panel = Panel("Opponents")
        self.chart = ResultsChart()
        self.focus = FocusGroup(lambda: [self.back, self.game_picker, self.player_picker], arrows=True)
        self.tiles: list[tuple[str, str, pygame.Rect]] = []
        self.figures: PlayerStats | None = None
        self._choose_players()

    # What is shown ----------------------------------------------------------------------

    def choose_game(self, game: str) -> None:
        self.game = game
        self._choose_players()
        self.layout(self.app.screen.get_size())

    def choose_player(self, player: str) -> None:
        self._show(player)
        self.layout(self.app.screen.get_size())

    def _choose_players(self) -> None:
        """The people who played this game; the settings' name first if it is one."""
        players = players_of(self.statistics, self.game) if self.game else []
        self.player_picker.options = [(name, drawable(name, UNNAMED)) for name in players]
        preferred = self.app.settings.player_name
        self._show(preferred if preferred in players else (players[0] if players else ""))

    def _show(self, player: str) -> None:
        self.player_picker.value = player
        self.figures = summary(self.statistics, self.game, player) if player else None

    def tile_figures(self) -> list[tuple[str, str]]:
        """(caption, figure) for each tile, as drawn."""
        f = self.figures
        if f is None:
            return []
        return [
            ("Played", str(f.played)),
            ("Won", str(f.won)),
            ("Win rate", f"{round(f.win_rate * 100)}%"),
            ("Best score", number_text(f.best_score)),
            ("Average score", number_text(f.average_score, 1)),
            ("Current streak", str(f.current_streak)),
            ("Best streak", str(f.best_streak)),
        ]

    def level_lines(self) -> list[tuple[str, str]]:
        """(level, how many games) for every computer level, faced or not."""
        faced = self.figures.levels_faced if self.figures is not None else {}
        lines = []
        for level in AILevel:
            count = faced.get(level, 0)
            lines.append((level.value.capitalize(), f"{count} game{'' if count == 1 else 's'}"))
        return lines

    # Scene --------------------------------------------------------------------------------

    def layout(self, size: tuple[int, int]) -> None:
        width, height = size
        theme = self.app.theme
        margin, gap = self.place_header(width), theme.px(18)
        body_w = min(width - margin * 2, theme.px(1240))
        body = pygame.Rect((width - body_w) // 2, theme.px(80), body_w, height - theme.px(80) - margin)
        y = body.y
        if self.problem:
            notice_h = self.notice.height_for(theme, body.width - theme.px(40))
            self.notice.rect = pygame.Rect(body.x + theme.px(20), y + theme.px(12), body.width - theme.px(40), notice_h)
            y = self.notice.rect.bottom + theme.px(12) + gap
        pick_h = theme.px(64)
        self.pick_panel.rect = pygame.Rect(body.x, y, body.width, pick_h)
        self._layout_pickers(theme)
        y = self.pick_panel.rect.bottom + gap
        tile_h = theme.px(96)
        count = 7
        tile_w = (body.width - gap * (count - 1)) // count
        self.tiles = [
            (caption, figure, pygame.Rect(body.x + index * (tile_w + gap), y, tile_w, tile_h))
            for index, (caption, figure) in enumerate(self.tile_figures())
        ]
        y += tile_h + gap
        levels_w = max(theme.px(220), body.width // 5)
        chart_h = max(theme.px(160), body.bottom - y)
        self.chart_panel.rect = pygame.Rect(body.x, y, body.width - levels_w - gap, chart_h)
        self.levels_panel.rect = pygame.Rect(self.chart_panel.rect.right + gap, y, levels_w, chart_h)
        inner = self.chart_panel.rect.inflate(-theme.px(40), 0)
        inner.y = self.chart_panel.rect.y + self.chart_panel.title_height(theme) + theme.px(4)
        inner.height = self.chart_panel.rect.bottom - theme.px(16) - inner.y
        self.chart.layout(inner, theme, self.figures.recent if self.figures else ())

    def _layout_pickers(self, theme: Theme) -> None:
        panel = self.pick_panel.rect
        pad = theme.px(20)
        half = (panel.width - pad * 3) // 2
        label_w = theme.px(80)
        picker_h = theme.px(40)
        for index, (label, picker) in enumerate(((self.game_label, self.game_picker), (self.player_label, self.player_picker))):
            x = panel.x + pad + index * (half + pad)
            label.rect = pygame.Rect(x, panel.y, label_w, panel.height)
            picker.rect = pygame.Rect(x + label_w, panel.centery - picker_h // 2, min(half - label_w, theme.px(380)), picker_h)

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.scenes.pop()
            return
        self.offer(event, (self.back, self.game_picker, self.player_picker))

    def draw(self, surface: pygame.Surface) -> None:
        theme = self.draw_header(surface)
        if self.problem:
            theme.draw_panel(surface, self.notice.rect.inflate(theme.px(40), theme.px(24)), fill=(90, 30, 24, 225), border=th.DANGER)
            self.notice.draw(surface, theme)
        if not self.games:
            self._draw_empty(surface, theme)
            return
        self.pick_panel.draw(surface, theme)
        for widget in (self.game_label, self.game_picker, self.player_label, self.player_picker):
            widget.draw(surface, theme)
        for caption, figure, rect in self.tiles:
            self._draw_tile(surface, theme, caption, figure, rect)
        self.chart_panel.draw(surface, theme)
        self._draw_chart(surface, theme)
        self.levels_panel.draw(surface, theme)
        self._draw_levels(surface, theme)

    def _draw_empty(self, surface: pygame.Surface, theme: Theme) -> None:
        box = pygame.Rect(0, 0, min(surface.get_width() - theme.px(80), theme.px(640)), theme.px(150))
        box.center = (surface.get_width() // 2, surface.get_height() // 2)
        theme.draw_panel(surface, box)
        lines = ("No finished games yet.", "Each game you finish adds to your record here.")
        for index, line in enumerate(lines):
            image = theme.text(line, theme.text_px(26 if index == 0 else 19), th.ACCENT if index == 0 else th.TEXT, index == 0)
            surface.blit(image, image.get_rect(center=(box.centerx, box.y + theme.px(52 + index * 48))))

    def _draw_tile(self, surface: pygame.Surface, theme: Theme, caption: str, figure: str, rect: pygame.Rect) -> None:
        theme.draw_panel(surface, rect)
        size = theme.text_px(40)
        while size > th.MIN_TEXT_PX and theme.font(size, True).size(figure)[0] > rect.width - theme.px(12):
            size -= 2
        value = theme.text(figure, size, th.ACCENT, True)
        surface.blit(value, value.get_rect(center=(rect.centerx, rect.y + rect.height * 2 // 5)))
        small = theme.text_px(17)
        while small > th.MIN_TEXT_PX and theme.font(small).size(caption)[0] > rect.width - theme.px(8):
            small -= 1
        label = theme.text(caption, small, th.TEXT_DIM)
        surface.blit(label, label.get_rect(center=(rect.centerx, rect.bottom - rect.height // 5)))

    def _draw_chart(self, surface: pygame.Surface, theme: Theme) -> None:
        figures = self.figures
        panel = self.chart_panel.rect
        if figures is None or not figures.recent:
            note = theme.text("No games to show for this player.", theme.text_px(20), th.TEXT_DIM)
            surface.blit(note, note.get_rect(center=panel.center))
            return
        shown = len(figures.recent)
        title = f"Last {shown} game{'s' if shown != 1 else ''}" if figures.played > shown else "Every game so far"
        heading = theme.text(title, theme.text_px(18), th.TEXT_DIM)
        surface.blit(heading, heading.get_rect(topright=(panel.right - theme.px(20), panel.y + theme.px(20))))
        self.chart.draw(surface, theme, figures.recent, figures.played - shown + 1, figures.average_score)
        self._draw_legend(surface, theme)

    def _draw_legend(self, surface: pygame.Surface, theme: Theme) -> None:
        small = theme.text_px(16)
        x = self.chart.plot.x + theme.px(8)
        y = self.chart.rect.y + theme.px(2)
        swatch = theme.px(12)
        for colour, text in ((WIN_COLOUR, "won"), (LOSS_COLOUR, "lost")):
            pygame.draw.rect(surface, colour, (x, y + theme.px(2), swatch, swatch), border_radius=max(1, theme.px(2)))
            image = theme.text(text, small, th.TEXT)
            surface.blit(image, (x + swatch + theme.px(6), y))
            x += swatch + image.get_width() + theme.px(20)

    def _draw_levels(self, surface: pygame.Surface, theme: Theme) -> None:
        panel = self.levels_panel.rect
        y = panel.y + self.levels_panel.title_height(theme) + theme.px(10)
        caption = theme.text("Computer levels played against", theme.text_px(16), th.TEXT_DIM)
        if caption.get_width() > panel.width - theme.px(40):
            caption = theme.text("Levels faced", theme.text_px(16), th.TEXT_DIM)
        surface.blit(caption, (panel.x + theme.px(20), y))
        y += caption.get_height() + theme.px(16)
        for level, count in self.level_lines():
            left = theme.text(level, theme.text_px(21), th.TEXT, True)
            right = theme.text(count, theme.text_px(21), th.ACCENT)
            surface.blit(left, (panel.x + theme.px(20), y))
            surface.blit(right, right.get_rect(topright=(panel.right - theme.px(20), y)))
            y += left.get_height() + theme.px(14)
        if self.figures is not None and self.figures.recent:
            last = self.figures.recent[-1]
            when = last.finished_at.astimezone().strftime("%d %b %Y")
            outcome = "won" if last.won else "lost"
            note = theme.text(f"Last game {when}: {outcome}", theme.text_px(16), th.TEXT_DIM)
            surface.blit(note, note.get_rect(bottomleft=(panel.x + theme.px(20), panel.bottom - theme.px(18))))
