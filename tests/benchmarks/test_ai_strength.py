"""The strength benchmark repeats itself: the same deals give the same figures whether
they are played one after another or side by side in several processes."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def figures(*extra: str) -> list[str]:
    """The report's lines that carry figures (the time taken differs run to run)."""
    command = [sys.executable, str(ROOT / "benchmarks" / "ai_strength.py"), "spinado", "random", "heuristic", "--deals", "3", *extra]
    done = subprocess.run(command, capture_output=True, text=True, timeout=300, check=True)
    return [line for line in done.stdout.splitlines() if not line.strip().endswith(" s")]


def test_deals_played_side_by_side_give_the_figures_played_one_by_one() -> None:
    alone = figures()
    assert any("A better by" in line for line in alone)
    assert figures("--jobs", "2") == alone
