"""Start Card Table on a data folder given on the command line, show the menu, and open
each screen that reads a file (Continue, Load game, Statistics, Learn to play) with
real clicks; print what each showed as one JSON object.

``test_app`` runs this in a child process with a time limit and a memory limit, so that
a read waiting on a named pipe for ever, or one filling memory from ``/dev/zero``,
fails that test instead of hanging or starving the test run.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from frame_support import click, frame, key

from cardtable_gui.app_window import App
from cardtable_gui.scenes.menu import MenuScene


def open_from_menu(app: App, menu: MenuScene, label: str) -> dict[str, object]:
    """Click a menu entry; what came up (its scene and its toasts), then back to the menu."""
    app.toasts.toasts.clear()
    click(app, next(button for button in menu.buttons if button.text == label))
    frame(app, 3)
    scene = app.scenes.top
    shown: dict[str, object] = {
        "scene": type(scene).__name__,
        "toasts": [toast.message for toast in app.toasts.toasts],
        "problem": getattr(scene, "problem", None),
        "message": getattr(getattr(scene, "message", None), "text", None),
        "rows": [row.problem for row in getattr(scene, "rows", []) if hasattr(row, "problem")],
    }
    key(app, 27)  # Esc, the way back from every one of these screens
    frame(app, 2)
    return shown


def main(folder: str) -> None:
    app = App(size=(1280, 800), data_dir=Path(folder), fullscreen=False, home=MenuScene)
    shown: dict[str, object] = {"toasts at start": [toast.message for toast in app.toasts.toasts]}
    menu = MenuScene(app)
    app.scenes.push(menu)
    frame(app, 3)
    shown["menu"] = [button.text for button in menu.buttons]
    for label in ("Continue", "Load game", "Statistics", "Learn to play"):
        if label in shown["menu"]:
            shown[label] = open_from_menu(app, menu, label)
    shown["top at the end"] = type(app.scenes.top).__name__
    app.quit()
    print(json.dumps(shown))


if __name__ == "__main__":
    main(sys.argv[1])
