"""The App around the scenes: screenshots, resizing, the frame log, settings messages,
crash handling, every widget staying inside the window at each supported size, and a
start that never hangs on a named pipe or a device in the data folder."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pygame
import pytest
from frame_support import SIZES, frame, key, make_app, outside, resize

from cardtable_gui.app_window import CRASH_SENTENCE, App
from cardtable_gui.rules import GAMES
from cardtable_gui.scenes.base import Scene
from cardtable_gui.scenes.menu import MenuScene
from cardtable_gui.scenes.rules_book import RulesBookScene, games_with_rules, parse
from cardtable_gui.scenes.setup import SetupScene


@pytest.fixture
def app(tmp_path: Path):
    app = make_app(tmp_path)
    app.scenes.push(MenuScene(app))
    frame(app)
    yield app
    app.quit()


def test_f12_saves_a_png_and_says_where(app) -> None:
    key(app, pygame.K_F12)
    shots = list((app.data_dir / "screenshots").glob("*.png"))
    assert len(shots) == 1
    assert pygame.image.load(str(shots[0])).get_size() == (1280, 800)
    assert any(str(shots[0]) in toast.message for toast in app.toasts.toasts)
    key(app, pygame.K_F12)
    assert len(list((app.data_dir / "screenshots").glob("*.png"))) == 2
    assert len(app.toasts.toasts) == 1, "a second screenshot's notice replaces the first"


def scene_rects(scene: Scene) -> list[tuple[str, pygame.Rect]]:
    """Every top-level control and panel of one of the frame's scenes."""
    if isinstance(scene, MenuScene):
        items = [scene.panel, scene.title, scene.tagline, scene.games, scene.hint, *scene.buttons]
        return [(getattr(w, "text", type(w).__name__), w.rect) for w in items] + [("fan", r) for _, r in scene._fan]
    if isinstance(scene, SetupScene):
        items = [scene.back, scene.start, scene.title, scene.message, scene.game_panel, scene.seat_panel,
                 scene.rules_panel, scene.summary, scene.seat_area, scene.form.area, *scene.game_buttons]
        if scene.count is not None:
            items.append(scene.count)
        visible = [w for area in (scene.seat_area, scene.form.area) for w in area.children if w.rect.colliderect(area.rect)]
        inside = [(f"{type(w).__name__} in view", w.rect.clip(a.rect)) for a in (scene.seat_area, scene.form.area) for w in visible]
        return [(getattr(w, "text", type(w).__name__), w.rect) for w in items] + inside
    assert isinstance(scene, RulesBookScene)
    items = [scene.back, scene.title, scene.column.panel, scene.page_panel, *scene.column.buttons]
    return [(getattr(w, "text", type(w).__name__), w.rect) for w in items] + [("page", scene.scroller.view)]


@pytest.mark.parametrize("size", SIZES)
def test_every_widget_stays_inside_the_window_after_a_resize(app, size) -> None:
    resize(app, size)
    assert app.theme.size == size
    scenes = [app.scenes.top]
    for game in GAMES:
        app.scenes.push(SetupScene(app, game))
        frame(app)
        scenes.append(app.scenes.top)
    for game in games_with_rules():
        app.scenes.push(RulesBookScene(app, game))
        frame(app)
        scenes.append(app.scenes.top)
    resize(app, (1100, 700))
    resize(app, size)
    for scene in scenes:
        scene.layout(size)
        assert outside(scene_rects(scene), size) == [], type(scene).__name__


def test_frames_log_gets_one_duration_per_frame(tmp_path: Path) -> None:
    log = tmp_path / "frames.txt"
    app = App(size=(1024, 640), data_dir=tmp_path / "data", fullscreen=False, frames_log=log, home=MenuScene)
    app.scenes.push(MenuScene(app))
    frame(app, 5)
    app.quit()
    lines = log.read_text().splitlines()
    assert len(lines) == 5 and all(float(line) >= 0 for line in lines)


def test_a_damaged_settings_file_is_reported_as_a_toast(tmp_path: Path) -> None:
    data = tmp_path / "data"
    data.mkdir()
    (data / "settings.json").write_text("{ not json")
    app = App(size=(1024, 640), data_dir=data, fullscreen=False, home=MenuScene)
    assert any("settings" in toast.message.lower() for toast in app.toasts.toasts)
    app.quit()


def test_window_size_is_remembered(tmp_path: Path) -> None:
    app = make_app(tmp_path, (1024, 640))
    resize(app, (1100, 700))
    app.quit()
    again = make_app(tmp_path, None)
    assert again.screen.get_size() == (1100, 700)
    again.quit()


class Exploding(Scene):
    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.closed = False

    def update(self, dt: float) -> None:
        raise RuntimeError("boom")

    def close(self) -> None:
        self.closed = True


def test_a_crash_is_logged_the_player_told_and_scenes_closed(app, capsys, monkeypatch) -> None:
    monkeypatch.setattr(App, "_show_crash_screen", lambda self, seconds=8.0: None)
    scene = Exploding(app)
    app.scenes.push(scene)
    assert app.run() == 1
    log = (app.data_dir / "crash.log").read_text()
    assert "RuntimeError: boom" in log and "Traceback" in log
    assert scene.closed
    err = capsys.readouterr().err
    assert CRASH_SENTENCE in err and "Traceback" not in err


def test_quit_closes_every_scene(app) -> None:
    app.scenes.push(RulesBookScene(app))
    app.quit()
    assert len(app.scenes) == 0 and not app.running


def test_rule_texts_exist_for_every_game_and_parse() -> None:
    assert games_with_rules() == list(GAMES)
    for game in GAMES:
        blocks = parse((Path(__file__).parents[2] / "cardtable_gui" / "rulebook" / f"{game}.md").read_text())
        assert blocks[0].kind == "title"
        assert sum(b.kind == "section" for b in blocks) >= 3


def test_rules_scroll_with_the_wheel_and_keys(app) -> None:
    app.scenes.push(RulesBookScene(app, "spades"))
    frame(app)
    scene = app.scenes.top
    assert scene.scroller.max_offset > 0
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=scene.scroller.view.center, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-2, flipped=False, precise_x=0.0, precise_y=-2.0))
    frame(app)
    assert scene.scroller.offset > 0
    key(app, pygame.K_END)
    assert scene.scroller.offset == scene.scroller.max_offset
    key(app, pygame.K_RIGHT)
    assert scene.game == list(GAMES)[1] and scene.scroller.offset == 0
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.scenes.top, MenuScene)


def odd_data_folder(folder: Path) -> Path:
    """A data folder where every file Card Table reads is a named pipe or a link to a
    device: settings, the autosave (the backup a link to ``/dev/zero``), a named save,
    the statistics, the lesson progress and the tips seen."""
    (folder / "saves").mkdir(parents=True)
    for name in ("settings.json", "statistics.json", "saves/pipe.json", "tips.json"):
        os.mkfifo(folder / name)
    (folder / "autosave.json").symlink_to("/dev/zero")
    (folder / "autosave.json.bak").symlink_to("/dev/urandom")
    (folder / "lessons.json").symlink_to("/dev/zero")
    return folder


@pytest.mark.skipif(sys.platform != "linux", reason="named pipes, /dev/zero and a memory limit")
def test_the_app_starts_and_every_screen_opens_with_pipes_and_devices_in_the_data_folder(tmp_path: Path) -> None:
    """Before, the game hung at start reading settings.json from a named pipe (and a
    link to /dev/zero filled memory). The run is a child process with a time limit and
    a memory limit, so that a read that never ends fails this test instead of hanging it."""
    import resource

    folder = odd_data_folder(tmp_path / "data")

    def limit_memory() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (4 << 30, 4 << 30))

    script = Path(__file__).with_name("odd_data_folder.py")
    root = Path(__file__).parents[2]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(root), os.environ.get("PYTHONPATH")]))}
    try:
        run = subprocess.run(
            [sys.executable, str(script), str(folder)],
            capture_output=True, text=True, env=env, timeout=120, preexec_fn=limit_memory,
        )
    except subprocess.TimeoutExpired:
        pytest.fail("Card Table did not get through its screens: a read in the data folder never returned")
    assert run.returncode == 0, run.stderr[-2000:]
    shown = json.loads(run.stdout.splitlines()[-1])
    (settings_note,) = shown["toasts at start"]
    assert settings_note.startswith("Your settings file could not be used (it is not an ordinary file)")
    assert shown["menu"] == ["New game", "Continue", "Load game", "Play with friends", "Learn to play", "Rules", "Settings", "Statistics", "Quit"]
    assert shown["Continue"]["scene"] == "Dialog"
    assert "The save file cannot be opened: it is not an ordinary file. The file is kept" in shown["Continue"]["message"]
    assert shown["Load game"]["scene"] == "LoadScene"
    assert shown["Load game"]["rows"] == ["The file cannot be opened: it is not an ordinary file"]
    assert shown["Statistics"]["scene"] == "StatisticsScene"
    assert "it is not an ordinary file" in shown["Statistics"]["problem"]
    assert shown["Learn to play"]["scene"] == "TutorialScene"
    assert any("Your lesson progress could not be used" in toast for toast in shown["Learn to play"]["toasts"])
    assert shown["top at the end"] == "MenuScene"
    assert sorted(path.name.split(".bad-")[0] for path in folder.iterdir() if ".bad-" in path.name) == [
        "lessons.json", "settings.json", "statistics.json",
    ]
