"""The controls every screen is built from: buttons, labels, panels, toggles, steppers,
segmented choices, a text field, a scrolling area and keyboard focus.

A widget owns a ``rect`` (set by the scene's ``layout``), takes pygame events in
``handle_event`` (True when it used the event, so the scene stops there) and draws itself
with ``draw(surface, theme)``. Sizes of text and decorations follow the rect and the
theme's scale, never fixed pixels, so a relayout is all a resize needs.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Generic, TypeVar

import pygame

from cardtable_gui.ui import theme as th
from cardtable_gui.ui.theme import Theme

T = TypeVar("T")

_ACTIVATE_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
_REPEAT_DELAY = 0.45
_REPEAT_EVERY = 0.06


def _tell(on_change: Callable[[T], None] | None, value: T) -> None:
    """Give a control's new value to whoever asked to hear of changes, if anyone did."""
    if on_change is not None:
        on_change(value)


MODIFIER_KEYS = frozenset(
    (pygame.K_LSHIFT, pygame.K_RSHIFT, pygame.K_LCTRL, pygame.K_RCTRL, pygame.K_LALT, pygame.K_RALT, pygame.K_LGUI, pygame.K_RGUI)
)
"""Keys held to change another key or click: pressing one alone is not yet an action."""

class Widget:
    """Base of every control: a rect, visibility, enabled state, hover and focus."""

    focusable = False
    keeps_focus_on_click = False
    """A click gives keyboard focus only to controls that need it to be used (a text
    field); elsewhere the focus ring is for keyboard users and a click clears it."""

    def __init__(self) -> None:
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.visible = True
        self.enabled = True
        self.focused = False
        self.focus_elsewhere = False
        """Another control of this one's group (its ``FocusGroup``, or the other of a
        pair) has the keyboard focus: the screen's main button then steps back, so that
        only the focused control looks chosen."""
        self.hovered = False

    @property
    def interactive(self) -> bool:
        return self.visible and self.enabled and self.focusable

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Use ``event`` if it concerns this widget; True when it was used. A shown
        widget follows the pointer even while disabled (it still draws its hover); only
        a shown, enabled one acts on input, through ``_use``."""
        if not self.visible:
            return False
        self._track_hover(event)
        return self.enabled and self._use(event)

    def _use(self, event: pygame.event.Event) -> bool:
        """What this control does with ``event`` while shown and enabled."""
        return False

    def update(self, dt: float) -> None:
        """Advance any animation by ``dt`` seconds."""

    def draw(self, surface: pygame.Surface, theme: Theme) -> None:
        """Draw into ``self.rect``."""

    def _track_hover(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEMOTION:
            self.hovered = self.visible and self.rect.collidepoint(event.pos)

    def _draw_focus(self, surface: pygame.Surface, theme: Theme, rect: pygame.Rect) -> None:
        if self.focused:
            ring = rect.inflate(theme.px(6), theme.px(6))
            pygame.draw.rect(
                surface, th.ACCENT, ring, width=max(2, theme.px(2)), border_radius=theme.px(12)
            )


class Button(Widget):
    """A push button: a click (press and release inside) or Enter/Space while focused
    calls ``on_click``. ``style`` is "normal", "primary" (the main action of a screen:
    gold, but while the keyboard focus is on another control only its gold letters say
    it is the default), "chosen" (the one picked of a list of buttons, such as the game
    shown: gold wherever the focus is), "quiet" (outline only) or "danger"."""

    focusable = True

    def __init__(
        self,
        text: str,
        on_click: Callable[[], None],
        *,
        style: str = "normal",
        enabled: bool = True,
    ) -> None:
        super().__init__()
        self.text = text
        self.on_click = on_click
        self.style = style
        self.enabled = enabled
        self.pressed = False

    def _use(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.rect.collidepoint(event.pos):
                self.pressed = True
                return True
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            was_pressed, self.pressed = self.pressed, False
            if was_pressed and self.rect.collidepoint(event.pos):
                self.on_click()
                return True
        elif event.type == pygame.KEYDOWN and self.focused and event.key in _ACTIVATE_KEYS:
            self.on_click()
            return True
        return False

    def _colours(self) -> tuple[th.Colour, th.Colour, th.Colour | None]:
        """Fill, text and border for the current style and state."""
        if not self.enabled:
            return th.BUTTON_DISABLED, th.TEXT_DIM, None
        stepped_back = self.style == "primary" and self.focus_elsewhere and not self.focused
        if self.style in ("primary", "chosen") and not stepped_back:
            fill = th.PRIMARY_PRESSED if self.pressed else th.PRIMARY_HOVER if self.hovered else th.PRIMARY
            return fill, th.TEXT_DARK, None
        if self.style == "quiet":
            fill = (255, 255, 255, 40) if self.hovered else (255, 255, 255, 14)
            return fill, th.TEXT, (255, 255, 255, 70)
        if self.style == "danger":
            fill = (170, 66, 56) if self.pressed else (200, 84, 70) if self.hovered else (178, 70, 60)
            return fill, th.TEXT, None
        fill = th.BUTTON_PRESSED if self.pressed else th.BUTTON_HOVER if self.hovered else th.BUTTON
        # Gold fill beside another control's focus ring would make two look chosen: the
        # main button is then plain, its gold letters saying it is still the default.
        return fill, th.ACCENT if stepped_back else th.TEXT, (255, 255, 255, 46)

    def draw(self, surface: pygame.Surface, theme: Theme) -> None:
        if not self.visible or self.rect.width <= 0:
            return
        fill, colour, border = self._colours()
        radius = min(theme.px(10), self.rect.height // 2)
        rect = self.rect.move(0, theme.px(1)) if self.pressed else self.rect
        theme.draw_panel(surface, rect, radius, fill, border, shadow=self.enabled and not self.pressed)
        bold = self.style in ("primary", "chosen")
        text, size = theme.fit(self.text, max(th.MIN_TEXT_PX, round(self.rect.height * 0.46)), rect.width - theme.px(16), bold)
        label = theme.text(text, size, colour, bold)
        surface.blit(label, label.get_rect(center=rect.center))
        self._draw_focus(surface, theme, self.rect)


def focus_one(widgets: Iterable[Widget], chosen: Widget | None) -> None:
    """Give the keyboard focus among ``widgets`` to ``chosen`` alone (None: to none),
    and tell the others whether it is elsewhere in their group."""
    for widget in widgets:
        widget.focused = widget is chosen
        widget.focus_elsewhere = chosen is not None and widget is not chosen


def offer_pair(first: Button, second: Button, event: pygame.event.Event) -> None:
    """``event`` for two buttons side by side that answer a question (Play or Cancel,
    Play again or Menu): the arrow keys and Tab move the focus from one to the other,
    anything else goes to the buttons."""
    if event.type == pygame.KEYDOWN and event.key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_TAB):
        if first.focused or second.focused:
            focus_one((first, second), second if first.focused else first)
    elif not first.handle_event(event):
        second.handle_event(event)


class Label(Widget):
    """Text in a rect. ``size`` is the design-size pixel height (scaled by the theme);
    ``wrap`` breaks long text into lines filling the rect's width from the top."""

    def __init__(
        self,
        text: str,
        size: float = 20,
        *,
        colour: th.Colour = th.TEXT,
        bold: bool = False,
        align: str = "left",
        wrap: bool = False,
    ) -> None:
        super().__init__()
        self.text = text
        self.size = size
        self.colour = colour
        self.bold = bold
        self.align = align
        self.wrap = wrap

    def lines(self, theme: Theme, width: int) -> list[str]:
        font = theme.scaled_font(self.size, self.bold)
        return theme.wrap(self.text, font, width) if self.wrap else [self.text]

    def height_for(self, theme: Theme, width: int) -> int:
        """The height the text needs at ``width``."""
        font = theme.scaled_font(self.size, self.bold)
        return len(self.lines(theme, width)) * font.get_linesize()

    def draw(self, surface: pygame.Surface, theme: Theme) -> None:
        if not self.visible or not self.text:
            return
        size_px = theme.text_px(self.size)
        font = theme.font(size_px, self.bold)
        lines = self.lines(theme, self.rect.width)
        if not self.wrap:
            text, size_px = theme.fit(self.text, size_px, self.rect.width, self.bold)
            lines = [text]
            font = theme.font(size_px, self.bold)
        line_h = font.get_linesize()
        top = self.rect.top if self.wrap else self.rect.centery - line_h * len(lines) // 2
        for index, line in enumerate(lines):
            image = theme.text(line, size_px, self.colour, self.bold)
            place = image.get_rect(top=top + index * line_h)
            if self.align == "center":
                place.centerx = self.rect.centerx
            elif self.align == "right":
                place.right = self.rect.right
            else:
                place.left = self.rect.left
            surface.blit(image, place)


class Panel(Widget):
    """A rounded translucent box, optionally with a title along its top edge."""

    def __init__(self, title: str = "", *, fill: th.Colour = th.PANEL) -> None:
        super().__init__()
        self.title = title
        self.fill = fill

    def title_height(self, theme: Theme) -> int:
        return theme.px(48) if self.title else 0

    def draw(self, surface: pygame.Surface, theme: Theme) -> None:
        if not self.visible:
            return
        theme.draw_panel(surface, self.rect, fill=self.fill)
        if self.title:
            image = theme.text(self.title, theme.text_px(26), th.ACCENT, bold=True)
            surface.blit(image, (self.rect.x + theme.px(20), self.rect.y + theme.px(16)))


class Toggle(Widget):
    """An on/off switch that says On or Off. Click it, or press Enter/Space while it
    has focus. ``WIDTH`` is its width in heights."""

    focusable = True
    WIDTH = 2.6

    def __init__(self, value: bool, on_change: Callable[[bool], None] | None = None) -> None:
        super().__init__()
        self.value = value
        self.on_change = on_change

    def set(self, value: bool) -> None:
        self.value = value
        _tell(self.on_change, value)

    def _use(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.rect.collidepoint(event.pos):
            self.set(not self.value)
            return True
        if event.type == pygame.KEYDOWN and self.focused and event.key in _ACTIVATE_KEYS:
            self.set(not self.value)
            return True
        return False

    def switch_rect(self) -> pygame.Rect:
        height = self.rect.height
        return pygame.Rect(self.rect.x, self.rect.y, min(self.rect.width, round(height * self.WIDTH)), height)

    def draw(self, surface: pygame.Surface, theme: Theme) -> None:
        if not self.visible:
            return
        track = self.switch_rect()
        fill = th.ACCENT if self.value else th.TRACK
        if not self.enabled:
            fill = th.BUTTON_DISABLED
        radius = track.height // 2
        theme.draw_panel(surface, track, radius, fill, (255, 255, 255, 70 if self.hovered else 40), shadow=False)
        knob_r = radius - max(2, theme.px(3))
        knob_x = track.right - radius if self.value else track.left + radius
        pygame.draw.circle(surface, th.TEXT if self.enabled else th.TEXT_DIM, (knob_x, track.centery), knob_r)
        # The state in words beside the knob, so a switch never has to be guessed.
        word = "On" if self.value else "Off"
        size = _fit_font_size(theme, word, max(th.MIN_TEXT_PX, round(track.height * 0.5)), track.width - radius * 2 - theme.px(4), True)
        colour = th.TEXT_DARK if self.value and self.enabled else th.TEXT_DIM
        image = theme.text(word, size, colour, bold=True)
        free = (track.left + radius // 2, knob_x - knob_r) if self.value else (knob_x + knob_r, track.right - radius // 2)
        surface.blit(image, image.get_rect(center=((free[0] + free[1]) // 2, track.centery)))
        self._draw_focus(surface, theme, track)


class Stepper(Widget):
    """A number with - and + buttons, kept within [minimum, maximum] in ``step``s.
    Left/Right (or -/+) change it while focused."""

    focusable = True

    def __init__(
        self,
        value: float,
        minimum: float,
        maximum: float,
        step: float = 1,
        on_change: Callable[[float], None] | None = None,
        *,
        fmt: Callable[[float], str] = lambda v: f"{v:g}",
    ) -> None:
        super().__init__()
        self.value = value
        self.minimum = minimum
        self.maximum = maximum
        self.step = step
        self.on_change = on_change
        self.fmt = fmt
        self._pressed: int = 0
        self._held = 0.0

    def _parts(self) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect]:
        side = min(self.rect.height, self.rect.width // 3)
        minus = pygame.Rect(self.rect.x, self.rect.y, side, self.rect.height)
        plus = pygame.Rect(self.rect.right - side, self.rect.y, side, self.rect.height)
        middle = pygame.Rect(minus.right, self.rect.y, plus.left - minus.right, self.rect.height)
        return minus, middle, plus

    def width_for(self, theme: Theme, height: int, text: str) -> int:
        """How wide a stepper ``height`` pixels tall must be to show ``text`` at its
        usual size, between its - and + buttons."""
        size = max(th.MIN_TEXT_PX, round(height * 0.52))
        return theme.font(size, True).size(text)[0] + theme.px(6) + 2 * height

    def nudge(self, direction: int) -> None:
        """Move one step up (+1) or down (-1), stopping at the bounds."""
        value = round(self.value + direction * self.step, 6)
        value = min(self.maximum, max(self.minimum, value))
        if isinstance(self.step, int) and isinstance(self.minimum, int):
            value = int(value)
        if value != self.value:
            self.value = value
            _tell(self.on_change, value)

    def _use(self, event: pygame.event.Event) -> bool:
        minus, _, plus = self._parts()
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for part, direction in ((minus, -1), (plus, 1)):
                if part.collidepoint(event.pos):
                    self._pressed = direction
                    self._held = 0.0
                    self.nudge(direction)
                    return True
            return self.rect.collidepoint(event.pos)
        if event.type == pygame.MOUSEBUTTONUP:
            self._pressed = 0
        if event.type == pygame.KEYDOWN and self.focused:
            if event.key in (pygame.K_LEFT, pygame.K_MINUS, pygame.K_KP_MINUS):
                self.nudge(-1)
                return True
            if event.key in (pygame.K_RIGHT, pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
                self.nudge(1)
                return True
        return False

    def update(self, dt: float) -> None:
        """Holding - or + down keeps stepping, after a short pause."""
        if not self._pressed:
            return
        self._held += dt
        while self._held > _REPEAT_DELAY:
            self.nudge(self._pressed)
            self._held -= _REPEAT_EVERY

    def draw(self, surface: pygame.Surface, theme: Theme) -> None:
        if not self.visible:
            return
        minus, middle, plus = self._parts()
        radius = theme.px(8)
        theme.draw_panel(surface, self.rect, radius, th.TRACK, (255, 255, 255, 40), shadow=False)
        for part, sign, direction in ((minus, "\u2212", -1), (plus, "+", 1)):
            at_bound = self.value <= self.minimum if direction < 0 else self.value >= self.maximum
            usable = self.enabled and not at_bound
            fill = th.BUTTON_PRESSED if self._pressed == direction else th.BUTTON_HOVER if usable else th.BUTTON_DISABLED
            theme.draw_panel(surface, part.inflate(-theme.px(6), -theme.px(6)), radius, fill, None, shadow=False)
            image = theme.text(sign, round(part.height * 0.6), th.TEXT if usable else th.TEXT_DIM, bold=True)
            surface.blit(image, image.get_rect(center=part.center))
        text = self.fmt(self.value)
        size = _fit_font_size(theme, text, max(th.MIN_TEXT_PX, round(self.rect.height * 0.52)), middle.width - theme.px(6), True)
        image = theme.text(text, size, th.TEXT, bold=True)
        surface.blit(image, image.get_rect(center=middle.center))
        self._draw_focus(surface, theme, self.rect)


class Choice(Widget, Generic[T]):
    """A segmented selector: one of a few labelled values. Left/Right while focused."""

    focusable = True

    def __init__(
        self,
        options: Sequence[tuple[T, str]],
        value: T,
        on_change: Callable[[T], None] | None = None,
    ) -> None:
        super().__init__()
        self.options = list(options)
        self.value = value
        self.on_change = on_change
        self._hover_index: int | None = None

    @property
    def index(self) -> int:
        for index, (value, _) in enumerate(self.options):
            if value == self.value:
                return index
        return 0

    def select(self, index: int) -> None:
        value = self.options[index][0]
        if value != self.value:
            self.value = value
            _tell(self.on_change, value)

    def segment_rects(self) -> list[pygame.Rect]:
        count = max(1, len(self.options))
        rects = []
        for index in range(count):
            left = self.rect.x + self.rect.width * index // count
            right = self.rect.x + self.rect.width * (index + 1) // count
            rects.append(pygame.Rect(left, self.rect.y, right - left, self.rect.height))
        return rects

    def _track_hover(self, event: pygame.event.Event) -> None:
        super()._track_hover(event)
        if event.type == pygame.MOUSEMOTION:
            self._hover_index = next(
                (i for i, r in enumerate(self.segment_rects()) if r.collidepoint(event.pos)), None
            )

    def _use(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for index, rect in enumerate(self.segment_rects()):
                if rect.collidepoint(event.pos):
                    self.select(index)
                    return True
        if event.type == pygame.KEYDOWN and self.focused:
            if event.key == pygame.K_LEFT:
                self.select(max(0, self.index - 1))
                return True
            if event.key == pygame.K_RIGHT:
                self.select(min(len(self.options) - 1, self.index + 1))
                return True
        return False

    def draw(self, surface: pygame.Surface, theme: Theme) -> None:
        if not self.visible:
            return
        radius = theme.px(8)
        theme.draw_panel(surface, self.rect, radius, th.TRACK, (255, 255, 255, 40), shadow=False)
        chosen = self.index
        inset = max(2, theme.px(3))
        rects = self.segment_rects()
        # One size for every option, the one the longest needs: a row of choices whose
        # letters change size from word to word reads as a mistake.
        size = min(
            _fit_font_size(theme, text, max(th.MIN_TEXT_PX, round(rect.height * 0.52)), rect.width - inset * 2 - theme.px(6), True)
            for rect, (_, text) in zip(rects, self.options, strict=True)
        )
        for index, (rect, (_, text)) in enumerate(zip(rects, self.options, strict=True)):
            inner = rect.inflate(-inset * 2, -inset * 2)
            if index == chosen:
                fill = th.ACCENT if self.enabled else th.BUTTON_DISABLED
                theme.draw_panel(surface, inner, radius - inset, fill, None, shadow=False)
                colour = th.TEXT_DARK
            else:
                if self.enabled and index == self._hover_index and self.hovered:
                    theme.draw_panel(surface, inner, radius - inset, th.BUTTON_HOVER, None, shadow=False)
                colour = th.TEXT if self.enabled else th.TEXT_DIM
            image = theme.text(text, size, colour, bold=index == chosen)
            surface.blit(image, image.get_rect(center=inner.center))
        self._draw_focus(surface, theme, self.rect)


class TextInput(Widget):
    """A one-line text field. Click to focus, type, Backspace/Delete, arrows, Home/End,
    Ctrl+A to select all (typing then replaces it); Enter calls ``on_submit``; Enter or
    Escape gives up focus."""

    focusable = True
    keeps_focus_on_click = True

    def __init__(
        self,
        text: str = "",
        on_change: Callable[[str], None] | None = None,
        *,
        on_submit: Callable[[str], None] | None = None,
        max_length: int = 24,
        placeholder: str = "",
    ) -> None:
        super().__init__()
        self.text = text[:max_length]
        self.on_change = on_change
        self.on_submit = on_submit
        self.max_length = max_length
        self.placeholder = placeholder
        self.caret = len(self.text)
        self.all_selected = False
        self._blink = 0.0

    def fill(self, text: str) -> None:
        """Put ``text`` in the field with the caret after it: a value the page offers
        (picked from a list), not one typed."""
        self.all_selected = False
        self._set_text(text[: self.max_length], min(len(text), self.max_length))

    def _set_text(self, text: str, caret: int) -> None:
        self.caret = caret
        self._blink = 0.0
        if text != self.text:
            self.text = text
            _tell(self.on_change, text)

    def _use(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            inside = self.rect.collidepoint(event.pos)
            self.focused = inside
            if inside:
                self.caret = len(self.text)
                self._blink = 0.0
            return inside
        if not self.focused:
            return False
        if event.type == pygame.TEXTINPUT:
            typed = "".join(ch for ch in event.text if ch.isprintable())
            if typed and self.all_selected:
                self._set_text("", 0)
            self.all_selected = False
            room = self.max_length - len(self.text)
            if typed and room > 0:
                typed = typed[:room]
                self._set_text(self.text[: self.caret] + typed + self.text[self.caret :], self.caret + len(typed))
            return True
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_a and event.mod & pygame.KMOD_CTRL:
                self.all_selected = bool(self.text)
                self.caret = len(self.text)
                return True
            if event.key in MODIFIER_KEYS or _types_text(event):
                # The character comes next as TEXTINPUT and replaces the selection
                # there; seen in play, Ctrl+A then a name added to the old one.
                return True
            selected, self.all_selected = self.all_selected, False
            if selected and event.key in (pygame.K_BACKSPACE, pygame.K_DELETE):
                self._set_text("", 0)
                return True
            return self._key(event.key)
        return False

    def _key(self, key: int) -> bool:
        if key == pygame.K_BACKSPACE:
            if self.caret > 0:
                self._set_text(self.text[: self.caret - 1] + self.text[self.caret :], self.caret - 1)
        elif key == pygame.K_DELETE:
            self._set_text(self.text[: self.caret] + self.text[self.caret + 1 :], self.caret)
        elif key == pygame.K_LEFT:
            self.caret = max(0, self.caret - 1)
        elif key == pygame.K_RIGHT:
            self.caret = min(len(self.text), self.caret + 1)
        elif key == pygame.K_HOME:
            self.caret = 0
        elif key == pygame.K_END:
            self.caret = len(self.text)
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.focused = False
            if self.on_submit is not None:
                self.on_submit(self.text)
        elif key == pygame.K_ESCAPE:
            self.focused = False
        elif key in (pygame.K_TAB, pygame.K_UP, pygame.K_DOWN):
            return False
        self._blink = 0.0
        return True

    def update(self, dt: float) -> None:
        self._blink = (self._blink + dt) % 1.0

    def draw(self, surface: pygame.Surface, theme: Theme) -> None:
        if not self.visible:
            return
        border = th.ACCENT if self.focused else (255, 255, 255, 90 if self.hovered else 50)
        theme.draw_panel(surface, self.rect, theme.px(8), th.TRACK, border, shadow=False)
        pad = theme.px(10)
        size = max(th.MIN_TEXT_PX, round(self.rect.height * 0.52))
        inner = self.rect.inflate(-pad * 2, 0)
        font = theme.font(size)
        caret_x = font.size(self.text[: self.caret])[0]
        shift = max(0, caret_x - inner.width + theme.px(2))
        clip = surface.get_clip()
        surface.set_clip(inner.clip(clip) if clip else inner)
        if self.text:
            image = theme.text(self.text, size, th.TEXT)
            place = image.get_rect(left=inner.left - shift, centery=inner.centery)
            if self.all_selected and self.focused:
                pygame.draw.rect(surface, th.ACCENT_DARK, place)
            surface.blit(image, place)
        elif self.placeholder and not self.focused:
            image = theme.text(self.placeholder, size, th.TEXT_DIM)
            surface.blit(image, image.get_rect(left=inner.left, centery=inner.centery))
        if self.focused and self._blink < 0.6:
            x = inner.left + caret_x - shift
            half = round(self.rect.height * 0.28)
            pygame.draw.line(surface, th.ACCENT, (x, self.rect.centery - half), (x, self.rect.centery + half), max(1, theme.px(2)))
        surface.set_clip(clip)


class Scroller:
    """Vertical scrolling over content taller than its viewport: mouse wheel over the
    view, dragging the bar, Page Up/Down, Home/End. Draws a slim scroll bar."""

    def __init__(self) -> None:
        self.view = pygame.Rect(0, 0, 0, 0)
        self.content_height = 0
        self.offset = 0
        self._drag_from: tuple[int, int] | None = None
        self._mouse = (-1, -1)

    @property
    def max_offset(self) -> int:
        return max(0, self.content_height - self.view.height)

    def set_geometry(self, view: pygame.Rect, content_height: int) -> None:
        self.view = pygame.Rect(view)
        self.content_height = content_height
        self.offset = min(self.offset, self.max_offset)

    def scroll_by(self, pixels: int) -> None:
        self.offset = min(self.max_offset, max(0, self.offset + pixels))

    def show(self, top: int, bottom: int) -> None:
        """Scroll just enough that content rows ``top``..``bottom`` are in view."""
        if top < self.offset:
            self.offset = max(0, top)
        elif bottom > self.offset + self.view.height:
            self.offset = min(self.max_offset, bottom - self.view.height)

    def _bar(self) -> tuple[pygame.Rect, pygame.Rect] | None:
        if self.max_offset <= 0:
            return None
        width = max(6, self.view.width // 80)
        track = pygame.Rect(self.view.right - width, self.view.top, width, self.view.height)
        thumb_h = max(width * 3, self.view.height * self.view.height // max(1, self.content_height))
        travel = self.view.height - thumb_h
        thumb_y = self.view.top + travel * self.offset // self.max_offset
        return track, pygame.Rect(track.x, thumb_y, width, thumb_h)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self._mouse = event.pos
            if self._drag_from is not None:
                start_y, start_offset = self._drag_from
                bar = self._bar()
                if bar is not None:
                    track, thumb = bar
                    travel = max(1, track.height - thumb.height)
                    self.offset = start_offset + (event.pos[1] - start_y) * self.max_offset // travel
                    self.scroll_by(0)
                return True
        elif event.type == pygame.MOUSEWHEEL:
            if self.view.collidepoint(self._mouse) or self._mouse == (-1, -1):
                self.scroll_by(-event.y * max(24, self.view.height // 8))
                return True
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            bar = self._bar()
            if bar is not None and bar[0].inflate(8, 0).collidepoint(event.pos):
                track, thumb = bar
                if not thumb.collidepoint(event.pos):
                    self.scroll_by(self.view.height if event.pos[1] > thumb.centery else -self.view.height)
                self._drag_from = (event.pos[1], self.offset)
                return True
        elif event.type == pygame.MOUSEBUTTONUP and self._drag_from is not None:
            self._drag_from = None
            return True
        elif event.type == pygame.KEYDOWN:
            page = max(1, self.view.height - self.view.height // 8)
            moves = {pygame.K_PAGEDOWN: page, pygame.K_PAGEUP: -page, pygame.K_HOME: -self.content_height, pygame.K_END: self.content_height}
            if event.key in moves and self.max_offset > 0:
                self.scroll_by(moves[event.key])
                return True
        return False

    def draw(self, surface: pygame.Surface, theme: Theme) -> None:
        bar = self._bar()
        if bar is None:
            return
        track, thumb = bar
        theme.draw_panel(surface, track, track.width // 2, (0, 0, 0, 70), None, shadow=False)
        theme.draw_panel(surface, thumb, track.width // 2, (255, 255, 255, 120), None, shadow=False)


class ScrollArea(Widget):
    """Widgets laid out on a tall page and seen through ``rect``. Children are placed
    with ``set_content`` in page coordinates; scrolling moves them, and clicks outside
    the visible part never reach them."""

    def __init__(self) -> None:
        super().__init__()
        self.scroller = Scroller()
        self._children: list[tuple[Widget, pygame.Rect]] = []

    @property
    def children(self) -> list[Widget]:
        return [widget for widget, _ in self._children]

    def set_content(self, placed: Iterable[tuple[Widget, pygame.Rect]], height: int) -> None:
        self._children = [(widget, pygame.Rect(rect)) for widget, rect in placed]
        self.scroller.set_geometry(self.rect, height)
        self._place()

    def _place(self) -> None:
        dx, dy = self.rect.x, self.rect.y - self.scroller.offset
        for widget, page_rect in self._children:
            widget.rect = page_rect.move(dx, dy)

    def show(self, widget: Widget) -> None:
        """Scroll so that ``widget`` (one of the children) is fully visible."""
        for child, page_rect in self._children:
            if child is widget:
                margin = self.rect.height // 12
                self.scroller.show(page_rect.top - margin, page_rect.bottom + margin)
                self._place()
                return

    def handle_event(self, event: pygame.event.Event) -> bool:
        if not self.visible:
            return False
        if self.scroller.handle_event(event):
            self._place()
            return True
        pos = getattr(event, "pos", None)
        if event.type == pygame.MOUSEBUTTONDOWN and pos is not None and not self.rect.collidepoint(pos):
            for widget in self.children:
                if isinstance(widget, TextInput):
                    widget.focused = False
            return False
        for widget in self.children:
            if widget.handle_event(event):
                return True
        return False

    def update(self, dt: float) -> None:
        for widget in self.children:
            widget.update(dt)

    def draw(self, surface: pygame.Surface, theme: Theme) -> None:
        if not self.visible:
            return
        clip = surface.get_clip()
        surface.set_clip(self.rect.clip(clip) if clip else self.rect)
        for widget in self.children:
            if widget.rect.colliderect(self.rect):
                widget.draw(surface, theme)
        surface.set_clip(clip)
        self.scroller.draw(surface, theme)


class FocusGroup:
    """Keyboard focus over a screen's controls: Tab / Shift+Tab (and optionally the
    Up/Down arrows) move it; a click clears it, except on a text field."""

    def __init__(self, widgets: Callable[[], Sequence[Widget]], *, arrows: bool = False) -> None:
        self._widgets = widgets
        self.arrows = arrows

    def focusable(self) -> list[Widget]:
        return [w for w in self._widgets() if w.interactive]

    @property
    def current(self) -> Widget | None:
        return next((w for w in self.focusable() if w.focused), None)

    def focus(self, widget: Widget | None) -> None:
        focus_one(self._widgets(), widget)

    def move(self, step: int) -> Widget | None:
        widgets = self.focusable()
        if not widgets:
            return None
        current = self.current
        index = widgets.index(current) + step if current in widgets else (0 if step > 0 else -1)
        target = widgets[index % len(widgets)]
        self.focus(target)
        return target

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Move focus if ``event`` asks for it. Call after the focused control had its turn."""
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            hit = next((w for w in self.focusable() if w.rect.collidepoint(event.pos)), None)
            self.focus(hit if hit is not None and hit.keeps_focus_on_click else None)
            return False
        if event.type != pygame.KEYDOWN:
            return False
        if event.key == pygame.K_TAB:
            self.move(-1 if event.mod & pygame.KMOD_SHIFT else 1)
            return True
        if self.arrows and event.key in (pygame.K_UP, pygame.K_DOWN):
            self.move(-1 if event.key == pygame.K_UP else 1)
            return True
        return False


def _fit_font_size(theme: Theme, text: str, size_px: int, width: int, bold: bool = False) -> int:
    """The largest size up to ``size_px`` at which ``text`` fits in ``width``."""
    size = max(6, size_px)
    if width <= 0:
        return size
    text_w = theme.font(size, bold).size(text)[0]
    if text_w <= width:
        return size
    return max(6, int(size * width / text_w))


def _types_text(event: pygame.event.Event) -> bool:
    """Whether a key press puts a character in a text field (its TEXTINPUT follows)."""
    typed = getattr(event, "unicode", "")
    return bool(typed) and typed.isprintable() and not event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT)
