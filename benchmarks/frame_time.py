"""Frame times at the table: an all-AI game watched with every animation, as
``cardtable watch GAME --frames-log FILE --quit-after-game`` records it (one line per
frame: the milliseconds spent on events, update, draw and flip).

Prints the frame count, median, 95th and 99th percentile and worst frame. Asserts
nothing. Either summarise a log written earlier, or run the watch command (a whole
game, in a fresh process) and summarise its log:

    python benchmarks/frame_time.py /tmp/frames.txt
    python benchmarks/frame_time.py --run [--game spades] [--players 8] [--level hard]
        [--seed 3] [--size 1280x800] [--xvfb] [--speed 20]

A whole Spades game watched at the pace a player sees takes about nine minutes;
``--speed 20`` plays it in well under a minute. Cards then cross the table in fewer
frames, but each frame draws the same things, so the per-frame figures stay
comparable (the frame count is not).

``--run`` uses SDL's dummy video driver unless ``--xvfb`` is given, which runs the
window under ``xvfb-run`` (a real X server, software rendering). The CPU time the
watch used is printed too: on a busy machine wall-clock frame times include waiting
for a core, the CPU time does not.
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

BARS = "bars: median < 8 ms, p99 < 16.7 ms"


def percentile(values: list[float], share: float) -> float:
    """The nearest-rank percentile of ``values`` (``share`` from 0 to 1)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def read_log(path: Path) -> list[float]:
    """Frame times in milliseconds from a frames log, one number a line."""
    return [float(line) for line in path.read_text(encoding="utf-8").split() if line]


def summary(times: list[float]) -> str:
    if not times:
        return "no frames were logged"
    return (
        f"{len(times)} frames; frame time ms: median {statistics.median(times):.2f}  "
        f"p95 {percentile(times, 0.95):.2f}  p99 {percentile(times, 0.99):.2f}  max {max(times):.2f}"
    )


def run_watch(
    game: str,
    seed: int,
    size: str,
    xvfb: bool,
    log: Path,
    level: str = "medium",
    speed: float = 1.0,
    players: int | None = None,
) -> tuple[int, float, float]:
    """Run ``cardtable watch`` for a whole game; its exit code, wall and CPU seconds."""
    command = [
        sys.executable, "-m", "cardtable_gui", "watch", game, "--seed", str(seed),
        "--frames-log", str(log), "--quit-after-game", "--size", size, "--level", level,
        "--speed", str(speed),
    ]
    if players is not None:
        command += ["--players", str(players)]
    env = {**os.environ, "SDL_AUDIODRIVER": "dummy", "PYGAME_HIDE_SUPPORT_PROMPT": "1"}
    if xvfb:
        if shutil.which("xvfb-run") is None:
            raise SystemExit("xvfb-run is not installed (apt-get install xvfb)")
        command = ["xvfb-run", "-a", "-s", "-screen 0 1920x1080x24", *command]
        env.pop("SDL_VIDEODRIVER", None)
    else:
        env["SDL_VIDEODRIVER"] = "dummy"
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    code = subprocess.run(command, env=env, check=False).returncode
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return code, wall, cpu


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("log", nargs="?", type=Path, help="a frames log to summarise")
    parser.add_argument("--run", action="store_true", help="run the watch command for a whole game first")
    parser.add_argument("--game", default="spades")
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--size", default="1280x800")
    parser.add_argument("--players", type=int, default=None, help="how many players (the game's usual count)")
    parser.add_argument("--level", default="medium", choices=["easy", "medium", "hard"], help="computer level")
    parser.add_argument("--xvfb", action="store_true", help="a real X window under xvfb-run, not the dummy driver")
    parser.add_argument("--keep-log", type=Path, default=None, help="with --run: where to keep the frames log")
    parser.add_argument(
        "--speed", type=float, default=1.0,
        help="watch this many times faster (fewer frames, the same drawing work per frame)",
    )
    args = parser.parse_args()
    if args.log is not None and not args.run:
        print(f"{args.log}: {summary(read_log(args.log))}")
        print(BARS)
        return 0
    if not args.run:
        parser.error("give a frames log to summarise, or --run")
    with tempfile.TemporaryDirectory() as folder:
        log = args.keep_log or Path(folder) / "frames.txt"
        code, wall, cpu = run_watch(
            args.game, args.seed, args.size, args.xvfb, log, args.level, args.speed, args.players
        )
        times = read_log(log) if log.exists() else []
    driver = "xvfb" if args.xvfb else "dummy driver"
    players = f", {args.players} players" if args.players else ""
    print(f"{args.game}{players} seed {args.seed} at {args.size} ({driver}, {args.level}, speed {args.speed:g}): "
          f"watch exited with {code} "
          f"after {wall:.1f} s wall, {cpu:.1f} s CPU")
    print(summary(times))
    if times:
        print(f"CPU per frame on average (whole process, AI thread included): {cpu * 1000 / len(times):.2f} ms")
    print(BARS)
    return 0 if code == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
