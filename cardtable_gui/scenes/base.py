"""The base of every scene.

One scene is active at a time: the top of the stack (``scenes.stack``). Each frame the
main loop hands it the pygame events, then ``update(dt)``, then ``draw(surface)``. A
scene lays itself out from the window size in ``layout`` (called on entry and on every
resize), never from fixed coordinates, so the table works from 1024x640 to 4K.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:
    from cardtable_gui.app_window import App


class Scene:
    """Base of every scene. Subclasses override what they need."""

    def __init__(self, app: App) -> None:
        self.app = app

    def enter(self) -> None:
        """Called when the scene becomes the top of the stack (again). The pointer is
        told where it is now, as if it had moved: the button clicked to open the scene
        above kept its hover, lit, after that scene closed and until the mouse moved."""
        self.layout(self.app.screen.get_size())
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pygame.mouse.get_pos(), rel=(0, 0), buttons=(0, 0, 0)))

    def leave(self) -> None:
        """Called when another scene covers this one or it is removed."""

    def layout(self, size: tuple[int, int]) -> None:
        """Place everything for a window of ``size``."""

    def handle_event(self, event: pygame.event.Event) -> None:
        """One input event (mouse, keys). Window-level keys (F11, F12, quit) never arrive."""

    def update(self, dt: float) -> None:
        """Advance animations and timers by ``dt`` seconds."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the whole scene onto ``surface``."""

    def close(self) -> None:
        """The app is quitting or the scene is dropped for good: stop threads, save."""

    def toast_clear(self) -> list[pygame.Rect]:
        """What a toast should keep off if it can (nothing, unless the scene says)."""
        return []

