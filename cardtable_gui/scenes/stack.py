"""The stack of scenes that the app window runs; only the top gets input and updates.

The stack and the window know a scene only by ``StackedScene``, what they call on it.
Scenes use the window's services (theme, settings, toasts, the stack itself), so the
window must not know the scenes in return: this module imports none of them.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Protocol

import pygame


class StackedScene(Protocol):
    """What the stack and the window ask of a scene; ``scenes.base.Scene`` gives every
    scene all of it."""

    def enter(self) -> None: ...

    def leave(self) -> None: ...

    def layout(self, size: tuple[int, int]) -> None: ...

    def handle_event(self, event: pygame.event.Event) -> None: ...

    def update(self, dt: float) -> None: ...

    def draw(self, surface: pygame.Surface) -> None: ...

    def close(self) -> None: ...


class SceneStack:
    """A stack of scenes: push covers, pop uncovers, replace swaps the top."""

    def __init__(self) -> None:
        self._scenes: list[StackedScene] = []

    @property
    def top(self) -> StackedScene | None:
        return self._scenes[-1] if self._scenes else None

    def __len__(self) -> int:
        return len(self._scenes)

    def __iter__(self) -> Iterator[StackedScene]:
        return iter(list(self._scenes))

    def push(self, scene: StackedScene) -> None:
        if self._scenes:
            self._scenes[-1].leave()
        self._scenes.append(scene)
        scene.enter()

    def pop(self) -> StackedScene | None:
        if not self._scenes:
            return None
        scene = self._scenes.pop()
        scene.leave()
        scene.close()
        if self._scenes:
            self._scenes[-1].enter()
        return scene

    def replace(self, scene: StackedScene) -> None:
        if self._scenes:
            old = self._scenes.pop()
            old.leave()
            old.close()
        self._scenes.append(scene)
        scene.enter()

    def clear(self) -> None:
        while self._scenes:
            scene = self._scenes.pop()
            scene.leave()
            scene.close()
