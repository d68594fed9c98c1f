"""Statistics end to end through the real App: a finished game at the table writes
exactly one record (none when watched, and a failed write only shows a message); the
Statistics screen shows the figures of a prepared file, picks game and player with
real clicks, draws the results chart, and survives a damaged file."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pygame
import pytest
import test_table_support as table_support
from frame_support import click, frame, key, make_app

from cardtable_gui.app_window import App
from cardtable_gui.persistence import GameRecord, SeatRecord, Statistics, load_statistics, save_statistics
from cardtable_gui.scenes.menu import MenuScene
from cardtable_gui.scenes.statistics import LOSS_COLOUR, WIN_COLOUR, StatisticsScene, nice_ticks
from cardtable_gui.scenes.table import TableScene
from cardtable_gui.seats import AILevel, MatchConfig, SeatConfig, SeatKind

START = datetime(2025, 3, 1, 18, 0, tzinfo=UTC)


def record(day: int, won: bool, score: int, *, game: str = "spades", name: str = "You", level: AILevel = AILevel.MEDIUM) -> GameRecord:
    """A four-seat partnership game: ``name`` and a partner against two computers."""
    seats = (
        SeatRecord(name=name, kind=SeatKind.HUMAN, score=score),
        SeatRecord(name="Ada", kind=SeatKind.AI, level=level, score=100),
        SeatRecord(name="Bruno", kind=SeatKind.AI, level=AILevel.EASY, score=score),
        SeatRecord(name="Clara", kind=SeatKind.AI, level=level, score=100),
    )
    return GameRecord(
        game=game,
        finished_at=START + timedelta(days=day),
        seats=seats,
        teams=((0, 2), (1, 3)),
        winners=(0, 2) if won else (1, 3),
    )


# Won, won, lost, won, won, won, lost, won: best streak 3, current streak 1.
RESULTS = [(True, 250), (True, 310), (False, -40), (True, 220), (True, 400), (True, 205), (False, 90), (True, 260)]


def prepared(data: Path) -> Statistics:
    games = [record(day, won, score) for day, (won, score) in enumerate(RESULTS)]
    games.append(record(20, True, 150, name="Mia", level=AILevel.HARD))
    games.append(record(21, False, 60, game="spinado"))
    statistics = Statistics(games=games)
    save_statistics(data, statistics)
    return statistics


@pytest.fixture
def app(tmp_path: Path):
    app = make_app(tmp_path)
    app.scenes.push(MenuScene(app))
    frame(app)
    yield app
    app.quit()


def open_statistics(app: App) -> StatisticsScene:
    menu = app.scenes.top
    assert isinstance(menu, MenuScene)
    click(app, next(b for b in menu.buttons if b.text == "Statistics"))
    scene = app.scenes.top
    assert isinstance(scene, StatisticsScene)
    return scene


def test_the_figures_of_a_prepared_file(app) -> None:
    prepared(app.data_dir)
    scene = open_statistics(app)
    frame(app)
    assert scene.game == "spades" and scene.player_picker.value == "You"
    assert dict(scene.tile_figures()) == {
        "Played": "8",
        "Won": "6",
        "Win rate": "75%",
        "Best score": "400",
        "Average score": "211.9",
        "Current streak": "1",
        "Best streak": "3",
    }
    assert dict(scene.level_lines()) == {"Easy": "0 games", "Medium": "8 games", "Hard": "0 games"}


def test_the_chart_draws_one_bar_per_game_wins_in_gold(app) -> None:
    prepared(app.data_dir)
    scene = open_statistics(app)
    frame(app)
    bars = scene.chart.bars
    assert len(bars) == len(RESULTS)
    assert all(scene.chart.plot.contains(bar) for bar in bars)
    for (won, _), bar in zip(RESULTS, bars, strict=True):
        colour = tuple(app.screen.get_at((bar.centerx, bar.bottom - 2 if bar.height > 4 else bar.centery)))[:3]
        assert colour == (WIN_COLOUR if won else LOSS_COLOUR)
    tallest = max(range(len(RESULTS)), key=lambda i: RESULTS[i][1])
    assert bars[tallest].height == max(bar.height for bar in bars)
    below_zero = RESULTS.index((False, -40))
    assert bars[below_zero].top == max(bar.top for bar in bars)


def test_picking_another_player_and_game(app) -> None:
    prepared(app.data_dir)
    scene = open_statistics(app)
    assert [value for value, _ in scene.player_picker.options] == ["You", "Mia"]
    click(app, scene.player_picker.arrows()[1].center)
    assert scene.player_picker.value == "Mia"
    assert dict(scene.tile_figures())["Played"] == "1"
    assert dict(scene.level_lines())["Hard"] == "1 game"
    click(app, scene.game_picker.arrows()[1].center)
    assert scene.game == "spinado" and scene.player_picker.value == "You"
    assert dict(scene.tile_figures())["Won"] == "0"
    assert len(scene.chart.bars) == 1


def test_keyboard_moves_between_pickers(app) -> None:
    prepared(app.data_dir)
    scene = open_statistics(app)
    key(app, pygame.K_TAB)
    key(app, pygame.K_TAB)
    assert scene.game_picker.focused
    key(app, pygame.K_RIGHT)
    assert scene.game == "spinado"
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.scenes.top, MenuScene)


def test_a_damaged_file_is_reported_and_nothing_crashes(app) -> None:
    (app.data_dir / "statistics.json").write_text('{"games": [ broken')
    scene = open_statistics(app)
    frame(app, 3)
    assert scene.problem is not None and "damaged" in scene.problem
    assert scene.notice.text == scene.problem
    assert list(app.data_dir.glob("statistics.json.bad-*"))
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.scenes.top, MenuScene)


def test_a_file_with_one_bad_game_keeps_the_rest(app) -> None:
    prepared(app.data_dir)
    path = app.data_dir / "statistics.json"
    raw = json.loads(path.read_text())
    raw["games"][0]["winners"] = [9]
    path.write_text(json.dumps(raw))
    scene = open_statistics(app)
    frame(app)
    assert scene.problem is not None and "skipped" in scene.problem
    assert dict(scene.tile_figures())["Played"] == str(len(RESULTS) - 1)


def test_no_games_yet(app) -> None:
    scene = open_statistics(app)
    frame(app, 2)
    assert scene.games == [] and scene.figures is None and scene.problem is None


def test_the_screen_fits_small_and_large_windows(tmp_path: Path) -> None:
    for size in ((1024, 640), (1920, 1080)):
        app = make_app(tmp_path, size)
        try:
            prepared(app.data_dir)
            scene = StatisticsScene(app)
            app.scenes.push(scene)
            frame(app)
            window = app.screen.get_rect()
            rects = [scene.back.rect, scene.game_picker.rect, scene.player_picker.rect,
                     scene.chart_panel.rect, scene.levels_panel.rect, *(rect for _, _, rect in scene.tiles)]
            assert all(window.contains(rect) for rect in rects)
            assert not scene.chart_panel.rect.colliderect(scene.levels_panel.rect)
        finally:
            app.quit()


def test_nice_ticks_are_round_and_cover_the_range() -> None:
    assert nice_ticks(-40, 400) == [-200, 0, 200, 400]
    assert nice_ticks(0, 7) == [0, 2, 4, 6, 8]
    assert nice_ticks(0, 0) == [0, 1, 2, 3, 4]


# Writing a record when a game ends -------------------------------------------------------------


def quick_config(seed: int = 5) -> MatchConfig:
    """Four easy computers at Spades to 200: over within a few hundred frames."""
    seats = tuple(SeatConfig(name=n, kind=SeatKind.AI, level=AILevel.EASY) for n in ("Ana", "Ben", "Cleo", "Dev"))
    return MatchConfig(game="spades", seats=seats, options={"target": 200}, seed=seed)


def quick_table(app: App, watch: bool = False) -> TableScene:
    """The quick game at ten times the pace: what is checked is what is written at its end."""
    scene = TableScene(app, quick_config(), watch=watch, pace=10.0)
    app.scenes.push(scene)
    return scene


@pytest.fixture
def table_app(tmp_path: Path):
    app = table_support.make_app(tmp_path, (1024, 640))
    yield app
    app.quit()


def test_a_finished_game_writes_exactly_one_record(table_app) -> None:
    app = table_app
    scene = quick_table(app)
    table_support.play_out(app, scene)
    table_support.frames(app, 5)
    statistics, problem = load_statistics(app.data_dir)
    assert problem is None and len(statistics.games) == 1
    written = statistics.games[0]
    assert written.game == "spades"
    assert [seat.name for seat in written.seats] == ["Ana", "Ben", "Cleo", "Dev"]
    assert tuple(seat.score for seat in written.seats) == tuple(scene.match.state.scores)
    assert written.winners == tuple(scene.match.state.winners)
    app.scenes.clear()
    assert len(load_statistics(app.data_dir)[0].games) == 1


def test_a_watched_game_is_not_recorded(table_app) -> None:
    app = table_app
    scene = quick_table(app, watch=True)
    table_support.play_out(app, scene)
    app.scenes.clear()
    assert not (app.data_dir / "statistics.json").exists()


def test_a_failed_write_is_told_and_the_game_goes_on(table_app) -> None:
    app = table_app
    (app.data_dir / "statistics.json").mkdir(parents=True)
    scene = quick_table(app)
    table_support.play_out(app, scene)
    table_support.frames(app, 3)
    assert scene.game_over.visible
    assert any("statistics" in toast.message for toast in app.toasts.toasts)
    assert (app.data_dir / "statistics.json").is_dir()


def test_a_name_with_a_nul_and_times_at_the_calendar_edge_crash_nothing(app) -> None:
    prepared(app.data_dir)
    path = app.data_dir / "statistics.json"
    raw = json.loads(path.read_text())
    raw["games"][-1]["seats"][0]["name"] = "Zo\u0000e"
    raw["games"][0]["finished_at"] = "0001-01-01T00:10:00+05:00"
    raw["games"][1]["finished_at"] = "9999-12-31T23:50:00-05:00"
    path.write_text(json.dumps(raw))
    scene = open_statistics(app)
    frame(app, 3)
    assert scene.problem is not None and "2 damaged" in scene.problem
    assert "Zoe" in {seat.name for game in scene.statistics.games for seat in game.seats}
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.scenes.top, MenuScene)
