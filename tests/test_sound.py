"""The sound board plays when it can and stays silent, calmly, when it cannot."""

from __future__ import annotations

import logging
import os
from collections.abc import Iterator
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from cardtable_gui.sound import EFFECTS, SoundBoard


@pytest.fixture(autouse=True)
def no_mixer() -> Iterator[None]:
    pygame.mixer.quit()
    yield
    pygame.mixer.quit()


def test_every_effect_loads_and_plays_under_the_dummy_driver() -> None:
    board = SoundBoard()
    assert board.available
    for name in EFFECTS:
        board.play(name)
    assert pygame.mixer.get_init() is not None


def test_unknown_names_are_ignored() -> None:
    board = SoundBoard()
    board.play("fanfare")
    board.play("")


def test_volume_is_clamped_and_muting_is_remembered() -> None:
    board = SoundBoard(volume=2.0)
    assert board.volume == 1.0
    board.set_volume(-0.5)
    assert board.volume == 0.0
    board.set_volume(0.3)
    assert board.volume == pytest.approx(0.3)
    board.set_muted(True)
    assert board.muted
    board.play("deal")
    board.set_muted(False)
    board.play("deal")


def test_no_sound_device_means_silence_and_one_calm_line(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    def no_device(*args: object, **kwargs: object) -> None:
        raise pygame.error("Couldn't open audio device")

    monkeypatch.setattr(pygame.mixer, "init", no_device)
    with caplog.at_level(logging.DEBUG, logger="cardtable_gui.sound"):
        board = SoundBoard(volume=0.5)
        assert not board.available
        for name in (*EFFECTS, "unknown"):
            board.play(name)
        board.set_volume(0.9)
        board.set_muted(True)
        board.set_muted(False)
    assert [record.levelno for record in caplog.records] == [logging.INFO]
    assert "silently" in caplog.records[0].getMessage()


def test_what_the_sound_library_prints_while_the_mixer_starts_stays_out_of_the_terminal(
    monkeypatch: pytest.MonkeyPatch, capfd: pytest.CaptureFixture[str], caplog: pytest.LogCaptureFixture
) -> None:
    """With no sound card, ALSA wrote eight lines of its own errors straight to the
    error stream; the player sees only the calm line, and the stream works after."""

    def a_library_that_complains(*args: object, **kwargs: object) -> None:
        os.write(2, b"ALSA lib pcm.c:2666:(snd_pcm_open_noupdate) Unknown PCM default\n")
        raise pygame.error("Couldn't open audio device")

    monkeypatch.setattr(pygame.mixer, "init", a_library_that_complains)
    with caplog.at_level(logging.INFO, logger="cardtable_gui.sound"):
        assert not SoundBoard().available
    os.write(2, b"still heard\n")
    assert capfd.readouterr().err == "still heard\n"
    assert "silently" in caplog.records[0].getMessage()


def test_missing_sound_files_are_skipped(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    (tmp_path / "deal.wav").write_bytes(b"RIFF not really a wave")
    with caplog.at_level(logging.INFO, logger="cardtable_gui.sound"):
        board = SoundBoard(assets=tmp_path)
        for name in EFFECTS:
            board.play(name)
    assert board.available
    assert all(record.levelno <= logging.INFO for record in caplog.records)
    skipped = [r for r in caplog.records if "skipped" in r.getMessage()]
    assert len(skipped) == len(EFFECTS)


def test_an_already_running_mixer_is_reused() -> None:
    pygame.mixer.init(frequency=44100)
    board = SoundBoard()
    assert board.available
    assert pygame.mixer.get_init()[0] == 44100
    board.play("your_turn")
