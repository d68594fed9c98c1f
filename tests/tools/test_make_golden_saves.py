"""The golden-save script writes, with the current code, saves that open and are what
their names say."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from cardtable_gui.persistence.saves import SaveStore
from cardtable_gui.rules import GAMES

ROOT = Path(__file__).resolve().parents[2]


def test_the_script_writes_a_save_of_every_game_and_the_extras_asked_for(tmp_path: Path) -> None:
    env = os.environ | {"PYTHONPATH": str(ROOT)}
    script = ROOT / "tools" / "make_golden_saves.py"
    extras = ["--spade-lead", "--finished", "arizona_spaghetti"]
    command = [sys.executable, str(script), str(tmp_path), "now", *extras]
    subprocess.run(command, check=True, env=env, capture_output=True)

    store = SaveStore(tmp_path)
    names = sorted(path.name for path in tmp_path.iterdir())
    assert names == sorted(
        [f"now-{game}.json" for game in GAMES]
        + ["now-spades-spade-led-to-trick-1.json", "now-arizona_spaghetti-finished.json"]
    )
    for game in GAMES:
        assert not store.open(tmp_path / f"now-{game}.json").state.is_over
    assert store.open(tmp_path / "now-arizona_spaghetti-finished.json").state.is_over
    spade_led = store.open(tmp_path / "now-spades-spade-led-to-trick-1.json")
    assert spade_led.state.options.first_trick_spade_lead
