"""The command line: bad window sizes, folders and seat kinds get one clear line and
exit code 2; watch stops once the game has been over for a moment, can run many times
faster, and its frames log is written as it goes."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from cardtable_gui.app import FINISHED_LINGER, _quit_when_finished, build_parser, main, window_size
from cardtable_gui.persistence.settings import load_settings


@pytest.mark.parametrize("bad", ["abc", "1280", "12x3", "1280x800x2", "0x0", "wide x tall"])
def test_a_bad_size_is_one_line_and_exit_2(bad: str, capsys) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["--size", bad])
    assert exit_info.value.code == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "--size" in err
    assert "1280x800" in err or "1024x640" in err


def test_a_size_that_starts_with_a_minus_says_how_to_give_it(capsys) -> None:
    """Seen in a play-through: "--size -5x-5" said only "expected one argument"."""
    with pytest.raises(SystemExit) as exit_info:
        main(["--size", "-5x-5"])
    assert exit_info.value.code == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "--size=1280x800" in err
    with pytest.raises(SystemExit):
        main(["--size=-5x-5"])
    assert "at least 1024x640" in capsys.readouterr().err


@pytest.mark.parametrize(("small", "big"), [("640x480", "8000x4320"), ("1023x900", "7680x4321")])
def test_too_small_and_too_big_say_which(small: str, big: str, capsys) -> None:
    with pytest.raises(SystemExit):
        main(["--size", small])
    err = capsys.readouterr().err
    assert "too small" in err and "at least 1024x640" in err
    with pytest.raises(SystemExit):
        main(["--size", big])
    err = capsys.readouterr().err
    assert "too big" in err and "at most 7680x4320" in err and "at least" not in err


def test_a_bad_size_from_the_shell_has_no_traceback() -> None:
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    result = subprocess.run(
        [sys.executable, "-m", "cardtable_gui", "watch", "spades", "--size", "big"],
        capture_output=True, text=True, env=env, timeout=60,
    )
    assert result.returncode == 2
    assert "Traceback" not in result.stderr and len(result.stderr.strip().splitlines()) == 1


def test_good_sizes_and_flags_parse() -> None:
    assert window_size("1920x1080") == (1920, 1080)
    assert window_size("1024X640") == (1024, 640)
    args = build_parser().parse_args(["--size", "1024x640", "--fullscreen", "--data-dir", "/tmp/x"])
    assert (args.size, args.fullscreen, args.data_dir, args.command) == ((1024, 640), True, "/tmp/x", None)
    watch = build_parser().parse_args(["watch", "spades", "--seed", "7", "--frames-log", "f.txt", "--quit-after-game", "--size", "1280x800"])
    assert (watch.game, watch.seed, watch.frames_log, watch.quit_after_game, watch.size) == ("spades", 7, "f.txt", True, (1280, 800))


def test_watch_an_unknown_game_is_exit_2(capsys) -> None:
    assert main(["watch", "snap", "--seed", "1"]) == 2
    assert "no game called 'snap'" in capsys.readouterr().err


def test_watch_with_a_player_count_the_game_does_not_allow_is_exit_2(capsys) -> None:
    assert main(["watch", "spades", "--players", "3"]) == 2
    assert "Spades is played by 4 players, not 3." in capsys.readouterr().err


@pytest.mark.parametrize(
    ("address", "code", "said"),
    [
        ("192.168.1.20", "84-ginger-wallow", "'wallow' is not one of the words a join code uses: check the code with the host."),
        ("192.168.1.20", "ginger-lamp", "A join code is a number and two words, like 7-tiger-lamp."),
        ("host:99999", "7-tiger-lamp", "Type the host's address as a name or number, with :port if it is not the usual port."),
    ],
)
def test_a_join_the_command_line_refuses_is_one_line_and_exit_2(capsys, address: str, code: str, said: str) -> None:
    assert main(["join", address, code]) == 2
    err = capsys.readouterr().err
    assert err == said + "\n", "one sentence, no traceback"


class _Scene:
    finished = False


class _App:
    quits = 0

    def quit(self) -> None:
        self.quits += 1


def test_quit_after_game_waits_until_the_end_has_shown_for_a_while() -> None:
    app, scene = _App(), _Scene()
    hook = _quit_when_finished(app, scene, FINISHED_LINGER)  # type: ignore[arg-type]
    for _ in range(300):
        hook(1 / 60)
    assert app.quits == 0
    scene.finished = True
    for _ in range(round(FINISHED_LINGER * 60) - 5):
        hook(1 / 60)
    assert app.quits == 0
    for _ in range(10):
        hook(1 / 60)
    assert app.quits >= 1


@pytest.mark.parametrize("folder", ["/proc/nope", "/proc"])
def test_a_data_folder_that_cannot_be_used_says_so(folder: str, capsys) -> None:
    assert main(["--data-dir", folder]) == 1
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1
    assert f"data folder {folder} cannot be used" in err and "window" not in err


def test_size_and_fullscreen_from_the_command_line_are_not_saved(tmp_path) -> None:
    from cardtable_gui.app_window import App
    from cardtable_gui.scenes.menu import MenuScene

    data = tmp_path / "data"
    app = App(size=(1100, 700), data_dir=data, fullscreen=True, home=MenuScene)
    app.quit()
    settings, _ = load_settings(data)
    assert settings.window_size == (1280, 800) and settings.fullscreen is False
    app = App(size=(1100, 700), data_dir=data, home=MenuScene)
    app.update_settings(app.settings.model_copy(update={"volume": 0.2, "window_size": app.windowed_size}))
    app.quit()
    settings, _ = load_settings(data)
    assert settings.volume == 0.2 and settings.window_size == (1280, 800)


def test_a_window_size_chosen_in_settings_is_saved_even_after_size(tmp_path) -> None:
    from cardtable_gui.app_window import App
    from cardtable_gui.scenes.menu import MenuScene

    data = tmp_path / "data"
    app = App(size=(1100, 700), data_dir=data, home=MenuScene)
    app.update_settings(app.settings.model_copy(update={"window_size": (1200, 750)}))
    app.quit()
    assert load_settings(data)[0].window_size == (1200, 750)


def test_the_window_is_never_smaller_than_the_minimum(tmp_path) -> None:
    from cardtable_gui.app_window import App
    from cardtable_gui.scenes.menu import MenuScene

    app = App(size=(640, 480), data_dir=tmp_path / "data", fullscreen=False, home=MenuScene)
    assert app.screen.get_size() == (1024, 640)
    app.quit()


def test_an_empty_data_folder_name_is_refused(capsys) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["--data-dir", ""])
    assert exit_info.value.code == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "--data-dir" in err and "empty" in err


def test_an_unusable_folder_from_the_environment_names_the_variable(tmp_path: Path, monkeypatch, capsys) -> None:
    not_a_folder = tmp_path / "a file"
    not_a_folder.write_text("x")
    monkeypatch.setenv("CARDTABLE_DATA_DIR", str(not_a_folder))
    assert main([]) == 1
    err = capsys.readouterr().err.strip()
    assert err.startswith(f"The data folder {not_a_folder} named by CARDTABLE_DATA_DIR cannot be used")
    assert "a file is in the way" in err and len(err.splitlines()) == 1


def test_simulate_names_an_unknown_seat_kind(capsys) -> None:
    assert main(["simulate", "spades", "--games", "1", "--seats", "wizard,random,random,random"]) == 2
    err = capsys.readouterr().err.strip()
    assert "'wizard'" in err and "Seat 1" in err and "heuristic" in err


@pytest.mark.parametrize("speed", ["0", "fast", "500"])
def test_a_bad_watch_speed_is_refused(speed: str, capsys) -> None:
    with pytest.raises(SystemExit):
        main(["watch", "spades", "--speed", speed])
    assert "--speed" in capsys.readouterr().err


def _watch(tmp_path: Path, *extra: str, game: str = "spades", seed: int = 3) -> subprocess.Popen[str]:
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    data = tmp_path / game / "data"
    command = [sys.executable, "-m", "cardtable_gui", "watch", game, "--seed", str(seed), "--data-dir", str(data)]
    # Into a file, not a pipe: several watches run at once and only one is read at a time.
    data.mkdir(parents=True)
    with (tmp_path / game / "stderr.txt").open("w") as err:
        return subprocess.Popen([*command, *extra], env=env, stdout=subprocess.DEVNULL, stderr=err, text=True)


def _said(tmp_path: Path, game: str = "spades") -> str:
    """What the watch of ``game`` wrote to its error stream."""
    return (tmp_path / game / "stderr.txt").read_text()


def test_a_fast_watch_of_each_table_plays_a_whole_game_and_ends_on_its_own(tmp_path: Path) -> None:
    # The watches run side by side: a watch spends most of its time waiting for its next
    # frame, so one after another they held a test worker idle for over a minute.
    log = tmp_path / "frames.txt"
    fast = ("--speed", "100", "--quit-after-game")
    watches = {
        "spades": _watch(tmp_path, *fast, "--frames-log", str(log)),
        **{
            game: _watch(tmp_path, *fast, "--level", "easy", game=game, seed=1)
            for game in ("arizona_spaghetti", "spinado", "spizzichino")
        },
    }
    for game, watch in watches.items():
        watch.wait(timeout=240)
        assert watch.returncode == 0, f"{game}: {_said(tmp_path, game)}"
    frames = log.read_text().split()
    assert len(frames) > 100 and all(float(ms) >= 0 for ms in frames)


def test_a_watch_stopped_early_leaves_the_frames_it_drew(tmp_path: Path) -> None:
    log = tmp_path / "frames.txt"
    watch = _watch(tmp_path, "--frames-log", str(log))
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and (not log.exists() or len(log.read_text().split()) < 30):
        time.sleep(0.2)
    watch.send_signal(signal.SIGTERM)
    watch.communicate(timeout=30)
    assert len(log.read_text().split()) >= 30
