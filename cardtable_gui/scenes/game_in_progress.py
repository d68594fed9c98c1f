"""Asking before another game takes the place of the game in progress.

There is one autosave, and whatever sits down at the table next writes over it. So a
new game or a loaded save first asks: keep the game in progress as a named save,
discard it, or stay; unless a named save already holds it as it stands. Setup and the
Load screen ask the same question this one way.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from cardtable_gui.persistence import SaveError, SaveStore, same_game
from cardtable_gui.scenes.dialog import Answer, Dialog

if TYPE_CHECKING:
    from cardtable_gui.app_window import App


def ask_before_replacing(app: App, title: str, start: Callable[[], None], complain: Callable[[str], None]) -> None:
    """``start`` at once when no game is in progress; otherwise once the player has
    chosen to keep or discard it. ``complain`` hears why a game could not be kept."""
    from cardtable_gui.scenes.menu import autosave_present

    if not autosave_present(app) or _already_kept(app):
        start()
        return
    app.scenes.push(
        Dialog(
            app,
            title,
            f"{_game_in_progress(app)} will be lost unless you keep it."
            " Saved, it waits for you under Load game on the menu.",
            [
                Answer("Save it first", lambda: _keep_then_start(app, start, complain), "primary"),
                Answer("Discard", start, "danger"),
                Answer("Cancel", None, "quiet"),
            ],
        )
    )


def _already_kept(app: App) -> bool:
    """Whether a named save holds the game in progress exactly as it stands (saved with
    Ctrl+S and not played on since): then nothing would be lost, and asking would say
    otherwise (a play-tester was told their game "will be lost" just after saving it)."""
    store = SaveStore(app.data_dir)
    try:
        saved = store.load_autosave()
    except SaveError:
        return False
    if saved is None:
        return False
    return any(entry.saved is not None and same_game(entry.saved, saved) for entry in store.list_saves())


def _game_in_progress(app: App) -> str:
    """ "Your Spades game in progress", from the autosave's summary when it reads."""
    try:
        saved = SaveStore(app.data_dir).load_autosave()
    except SaveError:
        saved = None
    title = saved.summary.title if saved is not None and saved.summary is not None else None
    return f"Your {title} game in progress" if title else "Your game in progress"


def _keep_then_start(app: App, start: Callable[[], None], complain: Callable[[str], None]) -> None:
    """Keep the game in progress as a named save, then start; if it cannot be kept,
    say why and start nothing."""
    store = SaveStore(app.data_dir)
    try:
        saved = store.load_autosave()
        if saved is not None:
            summary = saved.summary
            name = f"{summary.title}, {summary.progress}" if summary is not None else saved.game
            store.save_named(saved.model_copy(update={"name": name}))
            app.toast(f"Your game in progress was saved as \u201c{name}\u201d.", 5.0)
    except SaveError as error:
        complain(f"The game in progress could not be kept: {error.message}")
        return
    start()
