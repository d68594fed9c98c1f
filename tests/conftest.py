"""Test-wide set-up: headless SDL, so GUI tests drive real scenes without a screen or a
sound card; and no Hypothesis deadline, because tests check behaviour, never timings (a
busy machine must not fail a property test because one example ran slowly)."""

import os

from hypothesis import settings

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

settings.register_profile("cardtable", deadline=None)
settings.load_profile("cardtable")
