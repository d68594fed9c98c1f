"""Start-up cost: time from launching a fresh Python process to the first drawn main
menu, and the process's resident memory at that moment (VmRSS from /proc). Asserts
nothing; runs a few launches and prints each and the best.

    python benchmarks/startup.py [--runs 5] [--size 1280x800]
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time

MARK = "first-menu-drawn"


def child(size: str, data_dir: str) -> None:
    """What ``cardtable --size ...`` does up to its first frame, then report and exit."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from cardtable_gui.app import window_size
    from cardtable_gui.app_window import App
    from cardtable_gui.scenes.menu import MenuScene

    app = App(size=window_size(size), data_dir=data_dir)
    app.scenes.push(MenuScene(app))
    app.run_frame()
    rss = next((line.split()[1] for line in open("/proc/self/status") if line.startswith("VmRSS:")), "0")
    print(MARK, rss, flush=True)
    app.quit()


def launch(size: str, data_dir: str) -> tuple[float, float]:
    """Seconds to the first menu frame and RSS in MB, for one fresh process."""
    env = {**os.environ, "SDL_VIDEODRIVER": os.environ.get("SDL_VIDEODRIVER", "dummy"), "SDL_AUDIODRIVER": "dummy"}
    started = time.perf_counter()
    process = subprocess.Popen(
        [sys.executable, __file__, "--child", "--size", size, "--data-dir", data_dir],
        stdout=subprocess.PIPE, text=True, env=env,
    )
    assert process.stdout is not None
    for line in process.stdout:
        if line.startswith(MARK):
            elapsed = time.perf_counter() - started
            rss_kb = int(line.split()[1])
            break
    else:
        raise SystemExit(f"the child process ended without drawing the menu (exit {process.wait()})")
    process.wait()
    return elapsed, rss_kb / 1024


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--size", default="1280x800")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--data-dir", default=None, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(args.size, args.data_dir)
        return 0
    with tempfile.TemporaryDirectory() as data_dir:
        results = [launch(args.size, data_dir) for _ in range(args.runs)]
    for number, (seconds, rss) in enumerate(results, 1):
        print(f"run {number}: first menu drawn after {seconds * 1000:.0f} ms, RSS {rss:.0f} MB")
    best = min(results)
    print(f"best: {best[0] * 1000:.0f} ms, RSS {max(r for _, r in results):.0f} MB at most "
          "(bars: start-up < 1.5 s, RSS < 200 MB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
