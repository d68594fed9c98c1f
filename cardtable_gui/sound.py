"""Sound effects for the table: deal, play, trick, shuffle and your_turn.

The effects are short WAV files made by ``tools/make_sounds.py`` and shipped in
``cardtable_gui/assets/sounds``. ``SoundBoard`` starts pygame's mixer itself. Sound is
a nicety: on a machine with no audio device the mixer fails to start, the board logs one
calm line and every ``play`` quietly does nothing. Under SDL's dummy audio driver (headless
tests) the mixer starts and plays into nothing, so the loading path is still exercised.
"""

from __future__ import annotations

import io
import logging
import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path

import pygame

log = logging.getLogger(__name__)

EFFECTS: tuple[str, ...] = ("deal", "play", "trick", "shuffle", "your_turn")
"""The names ``play`` knows; each is a WAV file of that name."""

MIXER_RATE = 22050
"""The files are made at this rate, so the mixer need not resample them."""


class SoundBoard:
    """Plays the named effects at one volume, unless muted or there is no sound device.

    ``assets`` is the folder holding the WAV files; by default the one inside the
    installed package.
    """

    def __init__(
        self, volume: float = 0.8, muted: bool = False, assets: Traversable | Path | None = None
    ) -> None:
        self._volume = _clamp(volume)
        self._muted = muted
        self._sounds: dict[str, pygame.mixer.Sound] = {}
        self.available = _start_mixer()
        if self.available:
            folder = assets if assets is not None else resources.files(__package__) / "assets" / "sounds"
            self._sounds = _load(folder)
            self._apply_volume()

    @property
    def volume(self) -> float:
        return self._volume

    @property
    def muted(self) -> bool:
        return self._muted

    def play(self, name: str) -> None:
        """Play the effect ``name``; unknown names, missing files and no device are all ignored."""
        if self._muted or not self.available:
            return
        sound = self._sounds.get(name)
        if sound is None:
            return
        try:
            sound.play()
        except pygame.error as exc:
            log.debug("Sound %s did not play: %s", name, exc)

    def set_volume(self, volume: float) -> None:
        """Set the loudness, from 0 (silent) to 1 (full); values outside are clamped."""
        self._volume = _clamp(volume)
        self._apply_volume()

    def set_muted(self, flag: bool) -> None:
        """Mute or unmute; muting also stops whatever is playing now."""
        self._muted = flag
        if flag and self.available:
            for sound in self._sounds.values():
                sound.stop()

    def _apply_volume(self) -> None:
        for sound in self._sounds.values():
            sound.set_volume(self._volume)


def _clamp(volume: float) -> float:
    return min(1.0, max(0.0, float(volume)))


def _start_mixer() -> bool:
    """Start the mixer unless it already runs; False, with one calm log line, if it cannot."""
    if pygame.mixer.get_init() is not None:
        return True
    try:
        with _sound_library_quiet():
            pygame.mixer.init(frequency=MIXER_RATE, size=-16, channels=2, buffer=512)
    except pygame.error as exc:
        log.info("No sound device is available (%s); the game will play silently.", exc)
        return False
    if pygame.mixer.get_driver() == "dummy":
        log.info("Sound goes to SDL's dummy audio driver, so nothing will be heard.")
    return True


@contextmanager
def _sound_library_quiet() -> Iterator[None]:
    """Keep what the system's sound library writes straight to the error stream out of
    the player's terminal while the mixer starts: on a machine with no sound card, ALSA
    printed eight lines of its own configuration errors, where the one calm log line
    above says all a player needs to know."""
    stream = 2  # the C library's error stream, whatever Python's ``sys.stderr`` is now
    try:
        kept = os.dup(stream)
    except OSError:
        # No error stream at all (a windowed launch): nothing to keep out.
        yield
        return
    if sys.stderr is not None:
        sys.stderr.flush()
    nowhere = os.open(os.devnull, os.O_WRONLY)
    os.dup2(nowhere, stream)
    try:
        yield
    finally:
        os.dup2(kept, stream)
        os.close(kept)
        os.close(nowhere)


def _load(folder: Traversable | Path) -> dict[str, pygame.mixer.Sound]:
    """Every effect whose file loads; the others are logged once and left out."""
    sounds: dict[str, pygame.mixer.Sound] = {}
    for name in EFFECTS:
        try:
            sounds[name] = pygame.mixer.Sound(io.BytesIO((folder / f"{name}.wav").read_bytes()))
        except (OSError, pygame.error) as exc:
            log.info("Sound effect %s is missing or unreadable (%s); it will be skipped.", name, exc)
    return sounds
