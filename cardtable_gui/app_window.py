"""The window and its main loop: what every scene runs inside.

``App`` opens a resizable window, loads the player's settings, and each frame hands the
input to the scene on top of the stack, then updates and draws it, with toasts on top.
Window-level keys are handled here and never reach scenes: F11 switches full screen,
F12 saves a screenshot. Card art and sound are built on first use, so the menu appears
quickly. An unexpected error in the loop is written to ``crash.log`` in the data
directory and the player sees one plain sentence; scenes are still closed, so a game in
progress keeps its autosave.
"""

from __future__ import annotations

import os
import sys
import time
import traceback
import warnings
from collections.abc import Callable
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any

import pygame

from cardtable_gui import persistence
from cardtable_gui.persistence.settings import MIN_WINDOW
from cardtable_gui.scenes.stack import SceneStack, StackedScene
from cardtable_gui.shown_text import PATH_LENGTH, drawable
from cardtable_gui.ui import theme as th
from cardtable_gui.ui.theme import Theme
from cardtable_gui.ui.toast import ToastLayer

if TYPE_CHECKING:
    from cardtable_gui.card_art import CardArt
    from cardtable_gui.sound import SoundBoard

FPS = 60
MAX_DT = 0.1
"""Longest step handed to ``update``: after a stall, animations jump at most this far."""

CRASH_SENTENCE = "Sorry, something went wrong and Card Table has to close; your games are safe."

FrameHook = Callable[[float], None]

HomeScene = Callable[["App"], StackedScene]
"""Builds the scene the program starts on and goes back to (the main menu). The app is
handed it, since the window may know no scene: a scene that leaves for home asks the
app, and so imports neither the menu nor the scene that builds it."""


class App:
    """The running program: window, settings, theme, scenes, toasts, art and sound."""

    def __init__(
        self,
        size: tuple[int, int] | None = None,
        data_dir: str | Path | None = None,
        fullscreen: bool | None = None,
        frames_log: str | Path | None = None,
        *,
        home: HomeScene,
    ) -> None:
        """``size`` and ``fullscreen`` default to the saved settings; given, they hold
        for this run only and are never saved in their place. ``data_dir`` overrides
        where settings, saves and screenshots live; ``frames_log`` names a file that
        gets one line per frame with that frame's duration in milliseconds. ``home``
        builds the scene ``go_home`` puts up."""
        self._home = home
        self.data_dir: Path = persistence.data_dir(data_dir)
        self.settings, settings_message = persistence.load_settings(self.data_dir)
        persistence.SaveStore(self.data_dir).remove_leftovers()
        if sys.platform.startswith("linux"):
            # Otherwise SDL opens a throwaway OpenGL context with the first window, only to
            # see whether the driver is one it would hand frames to; with Mesa that loads
            # LLVM (about 100 MB more memory, and a pause) for a window drawn in software.
            os.environ.setdefault("SDL_FRAMEBUFFER_ACCELERATION", "0")
        pygame.display.init()
        pygame.font.init()
        pygame.display.set_caption("Card Table")
        pygame.key.set_repeat(400, 35)
        self._windowed_size = tuple(size or self.settings.window_size)
        given = {"window_size": tuple(size) if size else None, "fullscreen": fullscreen}
        self._given = {key: value for key, value in given.items() if value is not None}
        self._saved_window = {"window_size": self.settings.window_size, "fullscreen": self.settings.fullscreen}
        self.last_setup: Any = None
        """The setup screen's last choices, found again when it reopens this session."""
        self.fullscreen = False
        self.screen = self._open_window(bool(self.settings.fullscreen if fullscreen is None else fullscreen))
        self.theme = Theme(self.screen.get_size())
        self.scenes = SceneStack()
        self.toasts = ToastLayer()
        self.running = True
        self.clock = pygame.time.Clock()
        self._frame_hooks: list[FrameHook] = []
        # Line-buffered: each frame's line reaches the file at once, so a run stopped
        # early (killed, or the window closed) still leaves every frame it drew.
        self._frames_log: IO[str] | None = (
            open(frames_log, "w", encoding="utf-8", buffering=1) if frames_log else None  # noqa: SIM115
        )
        self._art: CardArt | None = None
        self._sound: Any = None
        if settings_message:
            self.toast(settings_message, 6.0)

    # Window ---------------------------------------------------------------------------

    def _open_window(self, fullscreen: bool) -> pygame.Surface:
        self.fullscreen = fullscreen
        if fullscreen:
            return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        width = max(MIN_WINDOW[0], self._windowed_size[0])
        height = max(MIN_WINDOW[1], self._windowed_size[1])
        screen = pygame.display.set_mode((width, height), pygame.RESIZABLE)
        try:
            with warnings.catch_warnings():
                # pygame-ce warns that this Window object is not for drawing; it is not.
                warnings.simplefilter("ignore", DeprecationWarning)
                pygame.Window.from_display_module().minimum_size = MIN_WINDOW
        except (AttributeError, pygame.error):
            pass  # A driver without window management has no edges to drag.
        return screen

    def toggle_fullscreen(self) -> None:
        """Switch between a window (at its last size) and the whole screen."""
        if not self.fullscreen:
            self._windowed_size = self.screen.get_size()
        self.screen = self._open_window(not self.fullscreen)
        self._relayout()

    def _relayout(self) -> None:
        surface = pygame.display.get_surface()
        if surface is not None:
            self.screen = surface
        size = self.screen.get_size()
        self.theme.resize(size)
        for scene in self.scenes:
            scene.layout(size)

    # Services scenes use ---------------------------------------------------------------

    @property
    def art(self) -> CardArt:
        """The card faces and backs, built the first time a scene needs them."""
        if self._art is None:
            from cardtable_gui.card_art import CardArt

            self._art = CardArt(four_colour=self.settings.four_colour)
        return self._art

    @property
    def sound(self) -> SoundBoard:
        """The sound effects, opened the first time a scene plays one. Without a sound
        device the board stays silent; that is not worth a message."""
        if self._sound is None:
            from cardtable_gui.sound import SoundBoard

            self._sound = SoundBoard(volume=self.settings.volume, muted=self.settings.muted)
        return self._sound

    def toast(self, message: str, seconds: float = 3.0, topic: str | None = None) -> None:
        """Show ``message`` over whatever scene is up, for ``seconds``; a newer toast on
        the same ``topic`` takes the place of the older one."""
        self.toasts.show(message, seconds, topic)

    def update_settings(self, settings: Any) -> bool:
        """Adopt changed settings at once (art, sound, window size and full screen),
        then save them. The window follows ``window_size`` and ``fullscreen``, so a
        caller changing something else passes ``windowed_size`` and ``fullscreen`` as
        they are. A save that fails is told in a toast and the settings stay in use for
        this run; returns whether they were saved."""
        self.settings = settings
        if self._art is not None:
            self._art.set_four_colour(settings.four_colour)
        if self._sound is not None:
            self._sound.set_volume(settings.volume)
            self._sound.set_muted(settings.muted)
        kept = self._without_run_only(settings)
        self._apply_window(tuple(settings.window_size), bool(settings.fullscreen))
        try:
            persistence.save_settings(self.data_dir, kept)
        except OSError as error:
            self.toast(f"Your settings could not be saved: {error}", 5.0)
            return False
        return True

    def _as_given(self, key: str, value: object) -> bool:
        """Whether ``value`` of the window setting ``key`` is the one given for this run
        only (on the command line); such a value is never saved."""
        return key in self._given and self._given[key] == value

    def remember(self, **changes: Any) -> None:
        """Keep small facts about the player's habits (the last game set up) with the
        settings, without touching the window; a failed write only costs the memory."""
        self.settings = self.settings.model_copy(update=changes)
        try:
            persistence.save_settings(self.data_dir, self._without_run_only(self.settings))
        except OSError:
            return

    def _without_run_only(self, settings: Any) -> Any:
        """``settings`` as they are to be saved: a window size or full-screen state
        still as the command line gave it is saved as it was before this run."""
        keep = {key: value for key, value in self._saved_window.items() if self._as_given(key, getattr(settings, key))}
        return settings.model_copy(update=keep) if keep else settings

    @property
    def windowed_size(self) -> tuple[int, int]:
        """The window's size when it is not full screen (what the settings keep)."""
        size = self._windowed_size if self.fullscreen else self.screen.get_size()
        return (int(size[0]), int(size[1]))

    def _apply_window(self, size: tuple[int, int], fullscreen: bool) -> None:
        """Reopen the window when its wanted size or full-screen state differs."""
        if fullscreen == self.fullscreen and (fullscreen or size == self.screen.get_size()):
            self._windowed_size = size
            return
        self._windowed_size = size
        self.screen = self._open_window(fullscreen)
        self._relayout()

    def go_home(self) -> None:
        """Put a new home scene in place of the scene on top (how a table is left), or
        open it first when no scene is up yet. It is built before the top scene
        closes."""
        self.scenes.replace(self._home(self))

    def add_frame_hook(self, hook: FrameHook) -> None:
        """Call ``hook(dt)`` after every frame, whatever scene is on top (the watch
        command uses it to stop; a host's table to serve its friends while covered)."""
        self._frame_hooks.append(hook)

    def remove_frame_hook(self, hook: FrameHook) -> None:
        """Stop calling ``hook`` (one added with ``add_frame_hook``) after frames."""
        if hook in self._frame_hooks:
            self._frame_hooks.remove(hook)

    def save_screenshot(self, path: str | Path | None = None) -> Path:
        """Save what the window shows as a PNG; by default a new file under
        ``<data_dir>/screenshots``. Returns where it went."""
        if path is None:
            folder = self.data_dir / "screenshots"
            folder.mkdir(parents=True, exist_ok=True)
            stamp = time.strftime("%Y-%m-%d %H.%M.%S")
            target = folder / f"Card Table {stamp}.png"
            number = 2
            while target.exists():
                target = folder / f"Card Table {stamp} ({number}).png"
                number += 1
        else:
            target = Path(path)
            target.parent.mkdir(parents=True, exist_ok=True)
        pygame.image.save(self.screen, str(target))
        return target

    def _screenshot_key(self) -> None:
        try:
            target = self.save_screenshot()
        except (OSError, pygame.error) as error:
            self.toast(f"The screenshot could not be saved: {error}", 5.0, topic="screenshot")
        else:
            shown = drawable(str(target), limit=PATH_LENGTH)
            self.toast(f"Screenshot saved to {shown}", 4.0, topic="screenshot")

    # The loop ---------------------------------------------------------------------------

    def run_frame(self, dt: float | None = None) -> None:
        """One frame: window events, the top scene's input, update, draw, flip.

        ``dt`` is the time step in seconds; by default the time since the last frame."""
        started = time.perf_counter()
        if dt is None:
            dt = self.clock.tick() / 1000
        dt = min(max(dt, 0.0), MAX_DT)
        for event in pygame.event.get():
            self._dispatch(event)
            if not self.running:
                return
        scene = self.scenes.top
        if scene is not None:
            scene.update(dt)
        self.toasts.update(dt)
        self._draw()
        for hook in list(self._frame_hooks):
            hook(dt)
        if self._frames_log is not None:
            self._frames_log.write(f"{(time.perf_counter() - started) * 1000:.3f}\n")

    def _dispatch(self, event: pygame.event.Event) -> None:
        if event.type == pygame.QUIT:
            self.quit()
        elif event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
            if pygame.display.get_surface().get_size() != self.theme.size:
                self._relayout()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.toggle_fullscreen()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_F12:
            self._screenshot_key()
        elif self.scenes.top is not None:
            self.scenes.top.handle_event(event)

    def _draw(self) -> None:
        scene = self.scenes.top
        if scene is None:
            self.theme.draw_background(self.screen)
        else:
            scene.draw(self.screen)
        keep_clear = scene.toast_clear() if scene is not None and self.toasts.toasts else []
        self.toasts.draw(self.screen, self.theme, keep_clear)
        pygame.display.flip()

    def run(self) -> int:
        """Run frames until ``quit``; 0 when the player quit, 1 after a crash."""
        try:
            while self.running:
                self.run_frame(self.clock.tick(FPS) / 1000)
        except Exception:
            return self._crash(traceback.format_exc())
        finally:
            self._close_log()
        return 0

    def quit(self) -> None:
        """End the loop, closing every scene (scenes save what they hold), and keep the
        window's size for next time."""
        self.running = False
        self.scenes.clear()
        self._remember_window()
        self._close_log()

    def _remember_window(self) -> None:
        changes = {"window_size": self.windowed_size, "fullscreen": self.fullscreen}
        changes = {key: value for key, value in changes.items() if not self._as_given(key, value)}
        if all(getattr(self.settings, key) == value for key, value in changes.items()):
            return
        try:
            kept = self._without_run_only(self.settings).model_dump()
            settings = type(self.settings).model_validate({**kept, **changes})
            persistence.save_settings(self.data_dir, settings)
        except (OSError, ValueError):
            return
        self.settings = settings

    def _close_log(self) -> None:
        if self._frames_log is not None:
            self._frames_log.close()
            self._frames_log = None

    def _crash(self, details: str) -> int:
        """Record the error, close scenes one by one (each saves what it can), tell the
        player in one sentence, and end with exit code 1."""
        log = self.data_dir / "crash.log"
        try:
            log.parent.mkdir(parents=True, exist_ok=True)
            with open(log, "a", encoding="utf-8") as file:
                file.write(f"--- {time.strftime('%Y-%m-%d %H:%M:%S')}\n{details}\n")
        except OSError:
            sys.stderr.write(details)
        self.running = False
        for scene in reversed(list(self.scenes)):
            try:
                scene.close()
            except Exception:
                continue
        print(f"{CRASH_SENTENCE} (Details: {log})", file=sys.stderr)
        self._show_crash_screen()
        return 1

    def _show_crash_screen(self, seconds: float = 8.0) -> None:
        """The sentence on the felt until a key or click, or ``seconds`` pass."""
        try:
            self.theme.draw_background(self.screen)
            font = self.theme.font(self.theme.px(24))
            lines = self.theme.wrap(CRASH_SENTENCE, font, self.screen.get_width() * 2 // 3)
            line_h = font.get_linesize()
            box = pygame.Rect(0, 0, self.screen.get_width() * 3 // 4, line_h * len(lines) + self.theme.px(60))
            box.center = self.screen.get_rect().center
            self.theme.draw_panel(self.screen, box)
            for index, line in enumerate(lines):
                image = self.theme.text(line, font.get_height(), th.TEXT)
                self.screen.blit(image, image.get_rect(centerx=box.centerx, top=box.top + self.theme.px(30) + index * line_h))
            pygame.display.flip()
            deadline = time.monotonic() + seconds
            while time.monotonic() < deadline:
                if any(e.type in (pygame.QUIT, pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN) for e in pygame.event.get()):
                    return
                time.sleep(0.05)
        except pygame.error:
            return
