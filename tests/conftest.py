"""Test-wide set-up: headless SDL, so GUI tests drive real scenes without a screen or a
sound card."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from hypothesis import settings  # noqa: E402

# Tests check behaviour, never timings: a busy machine must not fail a property test
# because one example ran slowly.
settings.register_profile("cardtable", deadline=None)
settings.load_profile("cardtable")
