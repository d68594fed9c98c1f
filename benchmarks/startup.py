"""Start-up cost: time from launching a fresh Python process to the first drawn main
menu, the CPU time the process used up to then (which other programs' load on the
machine does not inflate, unlike the wall-clock time), and its resident memory at that
moment (VmRSS from /proc). Asserts nothing; runs a few launches and prints each, the
best and the median.

    python benchmarks/startup.py [--runs 5] [--size 1280x800] [--cold]

Launches share a private bytecode cache, filled by one launch that is not counted, as
an installed program's modules are compiled when it is installed; ``--cold`` compiles
every module from source at each launch instead. SDL's dummy video driver is used
unless SDL_VIDEODRIVER says otherwise (``SDL_VIDEODRIVER=x11 xvfb-run -a python
benchmarks/startup.py`` opens a real X window).
"""

from __future__ import annotations

import argparse
import os
import statistics
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

    app = App(size=window_size(size), data_dir=data_dir, home=MenuScene)
    app.scenes.push(MenuScene(app))
    app.run_frame()
    rss = next((line.split()[1] for line in open("/proc/self/status") if line.startswith("VmRSS:")), "0")
    print(MARK, rss, time.process_time(), flush=True)
    app.quit()


def launch(size: str, data_dir: str, bytecode: str | None) -> tuple[float, float, float]:
    """Seconds to the first menu frame, CPU seconds used by then and RSS in MB, for one
    fresh process; ``bytecode`` is the folder of compiled modules to use (None: none)."""
    env = {**os.environ, "SDL_VIDEODRIVER": os.environ.get("SDL_VIDEODRIVER", "dummy"), "SDL_AUDIODRIVER": "dummy"}
    if bytecode is None:
        env["PYTHONDONTWRITEBYTECODE"] = "1"
        env.pop("PYTHONPYCACHEPREFIX", None)
    else:
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        env["PYTHONPYCACHEPREFIX"] = bytecode
    started = time.perf_counter()
    process = subprocess.Popen(
        [sys.executable, __file__, "--child", "--size", size, "--data-dir", data_dir],
        stdout=subprocess.PIPE, text=True, env=env,
    )
    assert process.stdout is not None
    for line in process.stdout:
        if line.startswith(MARK):
            elapsed = time.perf_counter() - started
            _, rss_kb, cpu = line.split()
            break
    else:
        raise SystemExit(f"the child process ended without drawing the menu (exit {process.wait()})")
    process.wait()
    return elapsed, float(cpu), int(rss_kb) / 1024


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--size", default="1280x800")
    parser.add_argument("--cold", action="store_true", help="no bytecode cache: compile every module at each launch")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--data-dir", default=None, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(args.size, args.data_dir)
        return 0
    with tempfile.TemporaryDirectory() as data_dir, tempfile.TemporaryDirectory() as bytecode:
        cache = None if args.cold else bytecode
        if cache is not None:
            launch(args.size, data_dir, cache)
        results = [launch(args.size, data_dir, cache) for _ in range(args.runs)]
    print("without a bytecode cache" if args.cold else "with compiled modules cached (as installed)")
    for number, (seconds, cpu, rss) in enumerate(results, 1):
        print(f"run {number}: first menu drawn after {seconds * 1000:.0f} ms ({cpu * 1000:.0f} ms CPU), RSS {rss:.0f} MB")
    walls = [seconds for seconds, _, _ in results]
    cpus = [cpu for _, cpu, _ in results]
    print(f"wall: best {min(walls) * 1000:.0f} ms, median {statistics.median(walls) * 1000:.0f} ms; "
          f"CPU: median {statistics.median(cpus) * 1000:.0f} ms; RSS {max(r for _, _, r in results):.0f} MB at most "
          "(bars: start-up < 1.5 s, RSS < 200 MB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
