"""Test-wide set-up: headless SDL, so GUI tests drive real scenes without a screen or a
sound card."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
