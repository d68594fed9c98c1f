"""Driving the real App with real pygame events, for the menu, setup, rules and app tests."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

import pygame

from cardtable_gui.app_window import App
from cardtable_gui.scenes.menu import MenuScene
from cardtable_gui.ui import theme as th
from cardtable_gui.ui.widgets import Button, Widget

DT = 1 / 60
SIZES = ((1024, 640), (1280, 800), (1920, 1080))


def make_app(tmp_path: Path, size: tuple[int, int] = (1280, 800)) -> App:
    return App(size=size, data_dir=tmp_path / "data", fullscreen=False, home=MenuScene)


def frame(app: App, count: int = 1) -> None:
    for _ in range(count):
        app.run_frame(DT)


def click(app: App, target: Widget | tuple[int, int]) -> None:
    """Move to, press and release the left button over a widget (its centre) or a point."""
    pos = target.rect.center if isinstance(target, Widget) else target
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    frame(app)


def key(app: App, code: int, mod: int = 0) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, mod=mod, unicode="", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=code, mod=mod, unicode="", scancode=0))
    frame(app)


def type_text(app: App, text: str) -> None:
    for char in text:
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=char))
    frame(app)


def type_keys(app: App, text: str) -> None:
    """Type ``text`` as a keyboard does: Shift held for a capital, and each key's press
    before the character it puts in (the TEXTINPUT), then its release."""
    for char in text:
        shift = pygame.KMOD_LSHIFT if char.isupper() else 0
        if shift:
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_LSHIFT, mod=shift, unicode="", scancode=0))
        code = pygame.key.key_code(char.lower()) if char.isalnum() else pygame.K_SPACE
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, mod=shift, unicode=char, scancode=0))
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=char))
        pygame.event.post(pygame.event.Event(pygame.KEYUP, key=code, mod=shift, unicode=char, scancode=0))
        if shift:
            pygame.event.post(pygame.event.Event(pygame.KEYUP, key=pygame.K_LSHIFT, mod=0, unicode="", scancode=0))
    frame(app)


def resize(app: App, size: tuple[int, int]) -> None:
    """Resize the window as a window manager would, and let the app notice."""
    pygame.display.set_mode(size, pygame.RESIZABLE)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
    frame(app)


def outside(rects: Iterable[tuple[str, pygame.Rect]], size: tuple[int, int]) -> list[str]:
    """Names of the rects not wholly inside a window of ``size``."""
    window = pygame.Rect((0, 0), size)
    return [name for name, rect in rects if rect.width > 0 and not window.contains(rect)]


def looks_chosen(app: App, button: Button) -> bool:
    """Whether the last frame drew ``button`` as the one chosen: filled with the main
    action's gold, or ringed by the keyboard focus's gold."""
    screen = app.screen
    rect = button.rect
    fill = screen.get_at((rect.left + app.theme.px(4), rect.centery))[:3]
    ring = {screen.get_at((x, rect.centery))[:3] for x in range(rect.left - app.theme.px(6), rect.left)}
    return fill in (th.PRIMARY, th.PRIMARY_HOVER, th.PRIMARY_PRESSED) or th.ACCENT in ring
