"""Frame times at the table: an all-AI game watched at 1280x800 (as ``cardtable watch``
shows it, with every animation), driven at 60 frames a second on the real clock.
Prints the median, 95th and 99th percentile and worst time to build a frame (events,
update, draw, flip), as the App's frame log records them. Asserts nothing.

    python benchmarks/frame_time.py [--game spades] [--seed 1] [--frames 1800 | --whole-game]
                                    [--size 1280x800] [--ai-pace 0.6]

Headless by default (SDL's dummy video driver); run it under ``xvfb-run`` with
``--real-video`` to include an X server's flip.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="spades")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--frames", type=int, default=1800, help="frames to run (1800 = 30 s)")
    parser.add_argument("--whole-game", action="store_true", help="run until the game-over screen instead")
    parser.add_argument("--size", default="1280x800")
    parser.add_argument("--ai-pace", type=float, default=None, help="seconds between AI moves (the settings' default if left out)")
    parser.add_argument("--real-video", action="store_true", help="use the display instead of the dummy driver")
    args = parser.parse_args()
    if not args.real_video:
        os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

    from cardtable_gui.app import window_size
    from cardtable_gui.app_window import FPS, App
    from cardtable_gui.rules import get_rules
    from cardtable_gui.scenes.setup import AI_NAMES, preferred_players
    from cardtable_gui.scenes.table import TableScene
    from cardtable_gui.seats import AILevel, MatchConfig, SeatConfig, SeatKind

    rules = get_rules(args.game)
    seats = tuple(
        SeatConfig(name=AI_NAMES[i], kind=SeatKind.AI, level=AILevel.MEDIUM) for i in range(preferred_players(rules))
    )
    with tempfile.TemporaryDirectory() as folder:
        log = Path(folder) / "frames.txt"
        app = App(size=window_size(args.size), data_dir=Path(folder) / "data", fullscreen=False, frames_log=log)
        if args.ai_pace is not None:
            app.settings.ai_pace = args.ai_pace
        scene = TableScene(app, MatchConfig(game=rules.name, seats=seats, seed=args.seed), watch=True)
        app.scenes.push(scene)
        started = time.perf_counter()
        frames = 0
        while app.running and (scene.finished is False if args.whole_game else frames < args.frames):
            app.run_frame(app.clock.tick(FPS) / 1000)
            frames += 1
        wall = time.perf_counter() - started
        moves = len(scene.match.history)
        app.quit()
        times = [float(line) for line in log.read_text().splitlines() if line]
    print(f"{args.game} at {args.size}, seed {args.seed}: {len(times)} frames in {wall:.1f} s, {moves} moves applied"
          f"{' (game over)' if scene.finished else ''}")
    print(f"frame time ms: median {statistics.median(times):.2f}  p95 {percentile(times, 0.95):.2f}  "
          f"p99 {percentile(times, 0.99):.2f}  max {max(times):.2f}")
    print("bars: median < 8 ms, p99 < 16.7 ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
