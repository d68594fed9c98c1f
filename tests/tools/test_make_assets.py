"""The asset scripts are deterministic, and the shipped assets are what they make."""

from __future__ import annotations

import importlib.util
import os
import wave
from pathlib import Path
from types import ModuleType

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest

ROOT = Path(__file__).resolve().parents[2]
ASSETS = ROOT / "cardtable_gui" / "assets"


def load_tool(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, ROOT / "tools" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def contents(folder: Path) -> dict[str, bytes]:
    return {path.name: path.read_bytes() for path in sorted(folder.iterdir())}


@pytest.mark.parametrize(("tool", "shipped"), [("make_cards", "cards"), ("make_sounds", "sounds")])
def test_two_runs_write_the_same_bytes_as_the_shipped_files(tool: str, shipped: str, tmp_path: Path) -> None:
    module = load_tool(tool)
    module.write_all(tmp_path / "first")
    module.write_all(tmp_path / "second")
    first = contents(tmp_path / "first")
    assert first == contents(tmp_path / "second")
    assert first == contents(ASSETS / shipped), f"run tools/{tool}.py to refresh the shipped files"


def test_card_svgs_avoid_what_pygame_cannot_draw() -> None:
    for path in (ASSETS / "cards").glob("*.svg"):
        text = path.read_text(encoding="utf-8")
        for unsupported in ("<text", "<use", "<pattern", "<clipPath", "<image"):
            assert unsupported not in text, (path.name, unsupported)


def test_sounds_are_short_small_mono_16_bit() -> None:
    for path in (ASSETS / "sounds").glob("*.wav"):
        with wave.open(str(path), "rb") as wav:
            assert wav.getnchannels() == 1
            assert wav.getsampwidth() == 2
            assert wav.getframerate() in (22050, 44100)
            assert wav.getnframes() / wav.getframerate() <= 0.6, path.name


def test_the_drawn_assets_stay_under_a_megabyte() -> None:
    made = [path for folder in ("cards", "sounds") for path in (ASSETS / folder).rglob("*") if path.is_file()]
    assert sum(path.stat().st_size for path in made) < 1_000_000


def test_all_assets_with_the_font_stay_under_two_megabytes() -> None:
    total = sum(path.stat().st_size for path in ASSETS.rglob("*") if path.is_file())
    assert total < 2_000_000
