"""The paths kept light for speed still do exactly what they did (no timings here; the
figures come from benchmarks/frame_time.py and benchmarks/startup.py):

- opening the window imports neither saved games nor any game's rules, and every
  public name of ``cardtable_gui.persistence`` still works;
- the table makes the card faces it will show ahead of time, within its frame budget;
- a seat's face-down fan drawn as one picture looks as when drawn card by card;
- the veil behind a modal panel darkens exactly as a translucent black layer would;
- the table keeps its long-lived objects out of the collector only while it is open;
- ``watch`` explains, without opening a window, that a game has no table yet.
"""

from __future__ import annotations

import gc
import os
import subprocess
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from cardtable_gui import persistence
from cardtable_gui.app_window import App
from cardtable_gui.cards import french_deck
from cardtable_gui.scenes.menu import MenuScene
from cardtable_gui.scenes.table import TableScene
from cardtable_gui.scenes.table.card_sprites import CardSprites
from cardtable_gui.scenes.table.seat_panel import SeatPanel, Side
from cardtable_gui.seats import AILevel, MatchConfig, SeatConfig, SeatKind
from cardtable_gui.ui.theme import Theme


@pytest.fixture
def app(tmp_path: Path):
    app = App(size=(1280, 800), data_dir=tmp_path / "data", fullscreen=False, home=MenuScene)
    app.settings.ai_pace = 0.0
    yield app
    app.quit()


def watched_spades(app: App) -> TableScene:
    seats = tuple(SeatConfig(name=n, kind=SeatKind.AI, level=AILevel.MEDIUM) for n in ("Ana", "Ben", "Cleo", "Dev"))
    scene = TableScene(app, MatchConfig(game="spades", seats=seats, seed=3), watch=True)
    app.scenes.push(scene)
    return scene


def test_the_window_opens_without_saves_or_rules() -> None:
    code = (
        "import sys\n"
        "from cardtable_gui.app_window import App\n"
        "from cardtable_gui.scenes.menu import MenuScene\n"
        "heavy = [m for m in ('cardtable_gui.persistence.saves', 'cardtable_gui.persistence.statistics',"
        " 'cardtable_gui.rules') if m in sys.modules]\n"
        "print(heavy)\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip().splitlines()[-1] == "[]"


def test_every_public_persistence_name_still_resolves() -> None:
    for name in persistence.__all__:
        assert getattr(persistence, name) is not None, name
    from cardtable_gui.persistence import SaveStore, record_game
    from cardtable_gui.persistence.saves import SaveStore as FromSaves
    from cardtable_gui.persistence.statistics import record_game as from_statistics

    assert SaveStore is FromSaves and record_game is from_statistics
    assert set(persistence.__all__) <= set(dir(persistence))
    with pytest.raises(AttributeError):
        _ = persistence.no_such_name  # type: ignore[attr-defined]


def test_the_table_prepares_every_face_it_can_show(app: App) -> None:
    scene = watched_spades(app)
    for _ in range(200):
        app.run_frame(1 / 60)
    art = app.art
    cached = art.cache_info()
    for card in french_deck():
        art.face(card, scene.table.card_width)
        art.face(card, scene.table.trick.card_width)
    art.back(scene.table.small_width)
    assert art.cache_info() == cached


def test_a_face_down_fan_looks_the_same_as_one_picture(app: App) -> None:
    sprites = CardSprites(app.art)
    for side in (Side.LEFT, Side.TOP, Side.RIGHT):
        panel = SeatPanel(side.angle, card_count=13)
        panel.layout(pygame.Rect(0, 0, 10, 10), (200.0, 200.0), 52)
        one_picture = pygame.Surface((400, 400))
        one_picture.fill((30, 100, 60))
        panel.draw(one_picture, app.theme, sprites)
        card_by_card = pygame.Surface((400, 400))
        card_by_card.fill((30, 100, 60))
        spread = sprites.size(52)[0] * 0.16
        for i in range(13):
            offset = round((i - 6) * spread)
            pos = (200 + offset, 200) if side is Side.TOP else (200, 200 + offset)
            sprites.draw(card_by_card, None, pos, 52, side.angle, shadow=i == 0)
        panel._draw_plate(card_by_card, app.theme)
        difference = max(
            abs(a - b)
            for x in range(0, 400, 3)
            for y in range(0, 400, 3)
            for a, b in zip(one_picture.get_at((x, y))[:3], card_by_card.get_at((x, y))[:3], strict=True)
        )
        # Anti-aliased card edges over the first card's shadow are blended in another
        # order, which moves a few of them by a few levels out of 255.
        assert difference <= 8, side


def test_the_veil_darkens_like_a_translucent_black_layer(app: App) -> None:
    colours = [(0, 0, 0), (28, 98, 62), (255, 255, 255), (200, 30, 90)]
    for alpha in (110, 130):
        dimmed = pygame.Surface((len(colours), 1))
        blended = pygame.Surface((len(colours), 1))
        for x, colour in enumerate(colours):
            dimmed.set_at((x, 0), colour)
            blended.set_at((x, 0), colour)
        Theme.dim(dimmed, alpha)
        layer = pygame.Surface(blended.get_size(), pygame.SRCALPHA)
        layer.fill((0, 0, 0, alpha))
        blended.blit(layer, (0, 0))
        for x in range(len(colours)):
            assert all(abs(a - b) <= 1 for a, b in zip(dimmed.get_at((x, 0)), blended.get_at((x, 0)), strict=True))


def test_the_table_hands_its_objects_back_to_the_collector_when_closed(app: App) -> None:
    watched_spades(app)
    assert gc.get_freeze_count() > 0
    app.scenes.clear()
    assert gc.get_freeze_count() == 0


def test_watch_says_when_a_game_has_no_table_yet(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    from cardtable_gui.app import main
    from cardtable_gui.scenes.table import layout_registry

    monkeypatch.delitem(layout_registry.LAYOUTS, "spinado")
    assert main(["watch", "spinado", "--seed", "1", "--quit-after-game"]) == 2
    error = capsys.readouterr().err
    assert "Spinado has no table to watch yet" in error
    assert "spades" in error
    assert "Traceback" not in error
