"""How long Continue and the Load screen's first frame take with a save holding a huge
field, through the real App (SDL's dummy video driver).

Each case writes a data folder of its own: the same save as ``autosave.json`` and in
``saves/`` beside an ordinary save, then times the frame in which Continue is clicked on
the menu (the table, or the message why not, is on top after it) and the frame in which
Load game is clicked (the list read, the first save checked, everything drawn). Cases:
an ordinary save, a 5,000,000-character title (a file larger than any save), a title
just under the size limit, and a seat name of a million characters. The bar is 0.3 s.

    SDL_VIDEODRIVER=dummy python benchmarks/huge_fields.py [--repeats 5]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame

from cardtable_gui.app_window import App
from cardtable_gui.persistence.saves import SAVE_SIZE_LIMIT, SavedGame
from cardtable_gui.rules import GAMES
from cardtable_gui.scenes.menu import MenuScene
from cardtable_gui.seats import AILevel, MatchConfig, SeatConfig, SeatKind

BAR_SECONDS = 0.3
FRAME = 1 / 60


def ordinary_save() -> dict[str, Any]:
    """A Spades game a few moves in, as the JSON of its file."""
    names = ("Ana", "Ben", "Cleo", "Dev")
    seats = tuple(
        SeatConfig(name=name, kind=SeatKind.HUMAN if seat == 0 else SeatKind.AI, level=AILevel.EASY)
        for seat, name in enumerate(names)
    )
    config = MatchConfig(game="spades", seats=seats, seed=7)
    state = GAMES["spades"].new_game(4, seed=7)
    actions = []
    for _ in range(6):
        action = state.legal_actions()[0]
        state.apply(action)
        actions.append(action)
    return json.loads(SavedGame.capture(config, actions, state, name="Friday").to_bytes())


def with_title(characters: int) -> Callable[[dict[str, Any]], None]:
    def change(save: dict[str, Any]) -> None:
        save["summary"]["title"] = "S" * characters

    return change


def with_seat_name(characters: int) -> Callable[[dict[str, Any]], None]:
    def change(save: dict[str, Any]) -> None:
        save["seats"][1]["name"] = "B" * characters

    return change


CASES: dict[str, Callable[[dict[str, Any]], None] | None] = {
    "ordinary save": None,
    "title of 5,000,000 characters": with_title(5_000_000),
    "title just under the size limit": with_title(SAVE_SIZE_LIMIT - 4_000),
    "seat name of 1,000,000 characters": with_seat_name(1_000_000),
}


def clicked_frame(app: App, label: str) -> float:
    """Seconds taken by the frame in which ``label`` is clicked on the menu."""
    menu = app.scenes.top
    assert isinstance(menu, MenuScene)
    target = next(button for button in menu.buttons if button.text == label)
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        pygame.event.post(pygame.event.Event(kind, pos=target.rect.center, button=1))
    started = time.perf_counter()
    app.run_frame(FRAME)
    return time.perf_counter() - started


def timed(data: bytes, label: str) -> float:
    """The clicked frame's time, in a fresh App on a data folder holding ``data``."""
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder) / "data"
        (root / "saves").mkdir(parents=True)
        (root / "autosave.json").write_bytes(data)
        (root / "saves" / "huge.json").write_bytes(data)
        (root / "saves" / "ordinary.json").write_bytes(json.dumps(ordinary_save()).encode())
        app = App(size=(1280, 800), data_dir=root, fullscreen=False, home=MenuScene)
        try:
            app.scenes.push(MenuScene(app))
            app.run_frame(FRAME)
            return clicked_frame(app, label)
        finally:
            app.quit()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=5, help="timed runs of each case")
    args = parser.parse_args()
    for case, change in CASES.items():
        save = ordinary_save()
        if change is not None:
            change(save)
        data = json.dumps(save).encode()
        print(f"{case} ({len(data):,} bytes)")
        for label in ("Continue", "Load game"):
            runs = [timed(data, label) for _ in range(args.repeats)]
            median, worst = statistics.median(runs), max(runs)
            verdict = "ok" if median < BAR_SECONDS else f"OVER the {BAR_SECONDS} s bar"
            print(f"  {label:<10} median {median:6.3f} s  worst {worst:6.3f} s  {verdict}")


if __name__ == "__main__":
    main()
