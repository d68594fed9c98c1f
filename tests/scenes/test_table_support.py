"""Helpers the table tests share (no tests here): a real App under the dummy video
events, and small drivers that play the bottom seat's turn through the screen."""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame

from cardtable_gui.app_window import App, HomeScene
from cardtable_gui.card_art import CardArt
from cardtable_gui.rules.base import Event
from cardtable_gui.scenes.menu import MenuScene
from cardtable_gui.scenes.table import TableScene
from cardtable_gui.seats import AILevel, MatchConfig, SeatConfig, SeatKind

DT = 0.1

CARD_ART = CardArt()
"""The card pictures of every App a test worker makes here: drawing the SVGs again for
each test's window took about a tenth of a table test's time."""


class SoundLog:
    """Stands in for the sound board: remembers what was played."""

    def __init__(self) -> None:
        self.played: list[str] = []

    def play(self, name: str) -> None:
        self.played.append(name)


def make_app(tmp_path: Path, size: tuple[int, int] = (1280, 800), home: HomeScene = MenuScene) -> App:
    app = App(size=size, data_dir=tmp_path / "data", home=home)
    app.settings.animation_speed = 4.0
    app.settings.ai_pace = 0.0
    # A returning player: first-game tips have tests of their own (test_table_tips).
    app.settings.first_game_tips = False
    app._sound = SoundLog()
    CARD_ART.set_four_colour(app.settings.four_colour)
    app._art = CARD_ART
    return app


def spades_config(humans: tuple[int, ...] = (0,), seed: int = 3, level: AILevel = AILevel.EASY) -> MatchConfig:
    names = ("Ana", "Ben", "Cleo", "Dev")
    seats = tuple(
        SeatConfig(name=names[i], kind=SeatKind.HUMAN if i in humans else SeatKind.AI, level=level)
        for i in range(4)
    )
    return MatchConfig(game="spades", seats=seats, seed=seed)


def start_table(app: App, config: MatchConfig) -> TableScene:
    scene = TableScene(app, config)
    app.scenes.push(scene)
    return scene


FRAME_PAUSE = 0.0
"""A real frame loop sleeps between frames; the tests only let go of the interpreter
lock between frames (a sleep of no time does), which gives the AI's thread its turn
without leaving the processor idle. Without it a fast machine spins frames faster than
the AI answers; with a real millisecond's sleep, a fifth of the GUI tests' time was
spent asleep."""

PATIENCE = 30.0
"""Seconds a test waits for the table to reach a point before calling it stuck."""


def frames(app: App, count: int = 1, dt: float = DT) -> None:
    for _ in range(count):
        app.run_frame(dt)
        time.sleep(FRAME_PAUSE)


def covered_by_a_toast(app: App, scene: TableScene, message: str) -> list[pygame.Rect]:
    """What of the table a toast saying ``message`` lies on, once shown (it shows alone)."""
    app.toast(message, 4.0)
    frames(app, 3)
    (box,) = app.toasts.boxes
    return [rect for rect in scene.toast_clear() if rect.colliderect(box)]


def run_until(app: App, done: Callable[[], bool], limit: int = 600, dt: float = DT) -> None:
    """Run frames of ``dt`` seconds until ``done``: at least ``limit`` frames' worth of
    chances, and for as long as ``PATIENCE`` allows, since the computer players think
    in real time."""
    deadline = time.monotonic() + PATIENCE
    ran = 0
    while ran < limit or time.monotonic() < deadline:
        if done():
            return
        frames(app, dt=dt)
        ran += 1
    raise AssertionError("the table never reached the expected point")


def post(kind: int, **fields: object) -> None:
    pygame.event.post(pygame.event.Event(kind, **fields))


def click(app: App, pos: tuple[int, int]) -> None:
    post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
    post(pygame.MOUSEBUTTONUP, pos=pos, button=1)
    frames(app)


def drag(app: App, start: tuple[int, int], end: tuple[int, int], steps: int = 6) -> None:
    """Press at ``start``, move there in several steps with the button held, release."""
    post(pygame.MOUSEBUTTONDOWN, pos=start, button=1)
    frames(app, dt=1 / 60)
    for step in range(1, steps + 1):
        pos = (
            start[0] + (end[0] - start[0]) * step // steps,
            start[1] + (end[1] - start[1]) * step // steps,
        )
        post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0))
        frames(app, dt=1 / 60)
    post(pygame.MOUSEBUTTONUP, pos=end, button=1)
    frames(app, dt=1 / 60)


def human_turn_ready(scene: TableScene) -> bool:
    """True when the bottom person can act (a bid panel, a playable hand) or a panel
    (cover, summary, game over) waits for a click."""
    table = scene.table
    bidding = getattr(table, "bidding", None)
    return (
        (bidding is not None and bidding.visible)
        or table.fan.active
        or scene.handoff.visible
        or scene.summary.visible
        or scene.game_over.visible
    )


def show_my_cards(app: App, scene: TableScene) -> None:
    """Wait out the moment the pass-and-play cover stays deaf, then press its button."""
    while scene.handoff.deaf:
        frames(app)
    click(app, scene.handoff.button.rect.center)


def card_grip(scene: TableScene, index: int) -> tuple[int, int]:
    """A point on the visible part of card ``index`` of the fan (its top-left strip)."""
    rect = scene.table.fan.card_rect(index)
    return (rect.left + max(4, rect.width // 8), rect.top + rect.height // 4)


def bid_button(scene: TableScene, label: str) -> tuple[int, int]:
    button = next(b for b in scene.table.bidding.buttons if b.text == label)
    return button.rect.center


def place_bid(app: App, scene: TableScene, label: str) -> None:
    """Choose ``label`` on the bid panel, then press the button that places it (a
    question such as blind nil has no such button: its answer is placed at once)."""
    panel = scene.table.bidding
    click(app, bid_button(scene, label))
    if panel.visible and panel.confirm_label is not None:
        click(app, panel.confirm_button.rect.center)


def play_bottom_turn(app: App, scene: TableScene) -> None:
    """Bid 3 on the panel, or drag the first playable card onto the trick."""
    table = scene.table
    if getattr(table, "bidding", None) is not None and table.bidding.visible:
        labels = [b.text for b in table.bidding.buttons]
        place_bid(app, scene, "3" if "3" in labels else labels[-1])
        return
    fan = table.fan
    index = next(i for i, slot in enumerate(fan.slots) if slot.card in fan.legal)
    drag(app, card_grip(scene, index), table.trick.rect.center)


def play_out(app: App, scene: TableScene, on_summary: Callable[[], None] | None = None) -> None:
    """Run the table to its game-over panel, closing each hand's summary with a click
    (after ``on_summary`` has looked at it)."""
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        if scene.finished:
            return
        if scene.summary.visible and not scene.watch:
            if on_summary is not None:
                on_summary()
            click(app, scene.summary.button.rect.center)
        frames(app)
    raise AssertionError("the game never finished")


def before_each_event(scene: TableScene, look: Callable[[Event], None]) -> None:
    """Have ``look`` see each event just before the table starts to show it."""
    show = scene.table.on_event

    def looked(event: Event) -> None:
        look(event)
        show(event)

    scene.table.on_event = looked  # type: ignore[method-assign]
