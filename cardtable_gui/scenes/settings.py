"""The Settings screen: the player's preferences, each applied the moment it changes.

Every change goes straight to the running program (the sound's volume, the card
faces, the table's card size, the window, the pace of a match under this screen) and is
saved at once, so nothing is lost if the program is closed. A preview shows the cards
as they will look at the table.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import annotated_types
import pygame
from pydantic import ValidationError

from cardtable_gui.app_window import MIN_WINDOW
from cardtable_gui.cards import Card
from cardtable_gui.persistence import Settings
from cardtable_gui.persistence.settings import GameSpeed
from cardtable_gui.scenes.page import PageScene
from cardtable_gui.shown_text import drawable
from cardtable_gui.ui import theme as th
from cardtable_gui.ui.widgets import (
    Button,
    FocusGroup,
    Label,
    Panel,
    ScrollArea,
    Stepper,
    TextInput,
    Toggle,
    Widget,
)

if TYPE_CHECKING:
    from cardtable_gui.app_window import App

WINDOW_SIZES: tuple[tuple[int, int], ...] = (
    (1024, 640),
    (1280, 800),
    (1440, 900),
    (1600, 1000),
    (1920, 1080),
    (2560, 1440),
)
"""Window sizes offered; those larger than the screen are left out."""

PREVIEW_CARDS = tuple(Card.parse(text) for text in ("AS", "KH", "QC", "JD"))
"""One card of each suit, so the four-colour deck shows at a glance."""

PREVIEW_CARD_WIDTH = 92
"""Design-size width of a preview card at 100 %."""

NAME_LIMIT = 24


def field_range(name: str) -> tuple[float, float]:
    """The bounds ``Settings`` allows for a numeric field, read from the model so the
    controls can never offer a value the file would refuse."""
    low = high = None
    for item in Settings.model_fields[name].metadata:
        if isinstance(item, annotated_types.Ge):
            low = item.ge
        elif isinstance(item, annotated_types.Le):
            high = item.le
    if low is None or high is None:
        raise TypeError(f"the setting {name} has no bounds")
    return float(low), float(high)


def window_choices(current: tuple[int, int], screen: tuple[int, int] | None) -> list[tuple[int, int]]:
    """The sizes offered: every preset that fits ``screen``, plus ``current`` when it is
    not one of them (a window the player sized by hand), smallest first."""
    fitting = [size for size in WINDOW_SIZES if screen is None or (size[0] <= screen[0] and size[1] <= screen[1])]
    if current not in fitting:
        fitting.append(current)
    return sorted(fitting, key=lambda size: size[0] * size[1])


GAME_SPEEDS = tuple(GameSpeed)
"""The game speeds offered, slowest first."""


def size_text(size: tuple[int, int]) -> str:
    return f"{size[0]} \u00d7 {size[1]}"


def percent(value: float) -> str:
    return f"{round(value * 100)}%"


@dataclass
class SettingRow:
    """One preference: its name and explanation at the left, its control at the right."""

    label: Label
    help: Label
    control: Widget


@dataclass
class Section:
    """A titled box of related preferences; ``extra`` is drawn below the rows."""

    panel: Panel
    rows: list[SettingRow]
    extra: Widget | None = None


class CardPreview(Widget):
    """The four suits fanned at the chosen card size and colours, as at the table."""

    def __init__(self, app: App) -> None:
        super().__init__()
        self.app = app
        self.note = Label("", 18, colour=th.TEXT_DIM, align="center")

    @staticmethod
    def height_for(theme: th.Theme) -> int:
        """Room for the largest card size allowed, so the page never jumps."""
        largest = theme.px(PREVIEW_CARD_WIDTH) * field_range("card_scale")[1]
        return round(largest * 1.45) + theme.scaled_font(18).get_linesize() + theme.px(16)

    def card_width(self, theme: th.Theme) -> int:
        return max(20, round(theme.px(PREVIEW_CARD_WIDTH) * self.app.settings.card_scale))

    def draw(self, surface: pygame.Surface, theme: th.Theme) -> None:
        settings = self.app.settings
        note_h = theme.scaled_font(18).get_linesize()
        card_w = self.card_width(theme)
        card_h = self.app.art.size_for_width(card_w)[1]
        step = round(card_w * 0.42)
        span = card_w + step * (len(PREVIEW_CARDS) - 1)
        cards_box = pygame.Rect(self.rect.x, self.rect.y, self.rect.width, self.rect.height - note_h - theme.px(8))
        left = cards_box.centerx - span // 2
        top = cards_box.centery - card_h // 2
        shadow = theme.px(4)
        for index, card in enumerate(PREVIEW_CARDS):
            rect = pygame.Rect(left + index * step, top, card_w, card_h)
            theme.draw_panel(surface, rect.move(shadow // 2, shadow), max(3, card_w // 12), (0, 0, 0, 70), None, shadow=False)
            surface.blit(self.app.art.face(card, card_w), rect)
        colours = "four colours" if settings.four_colour else "two colours"
        self.note.text = f"Cards at {percent(settings.card_scale)}, in {colours}"
        self.note.rect = pygame.Rect(self.rect.x, self.rect.bottom - note_h, self.rect.width, note_h)
        self.note.draw(surface, theme)


class SettingsScene(PageScene):
    """The Settings screen; Back (or Escape) returns to where it was opened from."""

    def __init__(self, app: App) -> None:
        super().__init__(app, "Settings")
        self.defaults = Button("Restore defaults", self.restore_defaults, style="quiet")
        self.message = Label("", 19, colour=th.DANGER)
        self.area = ScrollArea()
        self.preview = CardPreview(app)
        self.sections: list[Section] = []
        self.focus = FocusGroup(self._focus_order)
        self._window_sizes: list[tuple[int, int]] = []
        self._build()

    # The controls --------------------------------------------------------------------

    def _build(self) -> None:
        """One control per setting, showing the settings in use now."""
        s = self.app.settings
        speed_low, speed_high = field_range("animation_speed")
        pace_low, pace_high = field_range("ai_pace")
        volume_low, volume_high = field_range("volume")
        scale_low, scale_high = field_range("card_scale")
        # A name of which nothing would show leaves the field empty, its placeholder
        # asking for one; the file keeps the name until the player types another.
        shown_name = drawable(s.player_name, "")
        self.name = TextInput(shown_name, self._name_typed, max_length=NAME_LIMIT, placeholder="Your name")
        self.confirm = Toggle(s.confirm_before_play, lambda v: self.change(confirm_before_play=v))
        self.tips = Toggle(s.first_game_tips, lambda v: self.change(first_game_tips=v))
        self.speed = Stepper(
            s.animation_speed, speed_low, speed_high, 0.25,
            lambda v: self.change(animation_speed=v), fmt=lambda v: f"{v:g}\u00d7",
        )
        self.game_speed = Stepper(
            GAME_SPEEDS.index(s.game_speed), 0, len(GAME_SPEEDS) - 1, 1,
            lambda v: self.change(game_speed=GAME_SPEEDS[int(v)]), fmt=lambda v: GAME_SPEEDS[int(v)].value.title(),
        )
        self.pace = Stepper(
            s.ai_pace, pace_low, pace_high, 0.1, lambda v: self.change(ai_pace=v), fmt=lambda v: f"{v:.1f} s"
        )
        self.four_colour = Toggle(s.four_colour, lambda v: self.change(four_colour=v))
        self.card_scale = Stepper(
            s.card_scale, scale_low, scale_high, 0.05, lambda v: self.change(card_scale=v), fmt=percent
        )
        self.volume = Stepper(s.volume, volume_low, volume_high, 0.1, self._volume_changed, fmt=percent)
        self.muted = Toggle(s.muted, lambda v: self.change(muted=v))
        self.window_size = Stepper(0, 0, 0, 1, self._window_size_chosen, fmt=self._window_text)
        self.fullscreen = Toggle(self.app.fullscreen, lambda v: self.change(fullscreen=v))
        self._sync_window_controls()

        def row(title: str, text: str, control: Widget) -> SettingRow:
            return SettingRow(Label(title, 20, bold=True), Label(text, 17, colour=th.TEXT_DIM, wrap=True), control)

        self.sections = [
            Section(Panel("You"), [
                row("Your name", "Shown at your seat when you start a new game.", self.name),
                row("Ask before playing", "Check with you before a card goes down.", self.confirm),
                row("First-game tips", "In your first game of each kind, a short tip when something new comes up.", self.tips),
            ]),
            Section(Panel("Pace"), [
                row("Game speed", "How long each computer move stays in view.", self.game_speed),
                row("Animation speed", "How quickly cards fly; 2\u00d7 is twice as fast.", self.speed),
                row("Computer pace", "A pause before each computer move.", self.pace),
            ]),
            Section(Panel("Sound"), [
                row("Volume", "How loud the card sounds are.", self.volume),
                row("Mute", "No sound at all.", self.muted),
            ]),
            Section(Panel("Cards"), [
                row("Four-colour deck", "Clubs green and diamonds blue, so no two suits look alike.", self.four_colour),
                row("Card size", "How large the cards are at the table, as far as the window has room.", self.card_scale),
            ], self.preview),
            Section(Panel("Window"), [
                row("Window size", "Its size when it is not full screen.", self.window_size),
                row("Full screen", "Fill the whole screen (F11 switches it too).", self.fullscreen),
            ]),
        ]

    @property
    def controls(self) -> list[Widget]:
        return [row.control for section in self.sections for row in section.rows]

    def _focus_order(self) -> list[Widget]:
        return [self.back, *self.controls, self.defaults]

    def _window_text(self, index: float) -> str:
        sizes = self._window_sizes
        return size_text(sizes[min(len(sizes) - 1, max(0, int(index)))]) if sizes else ""

    def _sync_window_controls(self) -> None:
        """Show the window as it really is (it may have been resized by hand, or put
        full screen with F11, since the settings were saved)."""
        desktops = pygame.display.get_desktop_sizes()
        current = self._real_windowed_size()
        self._window_sizes = window_choices(current, desktops[0] if desktops else None)
        self.window_size.maximum = len(self._window_sizes) - 1
        self.window_size.value = self._window_sizes.index(current)
        self.fullscreen.value = self.app.fullscreen

    def _real_windowed_size(self) -> tuple[int, int]:
        width, height = self.app.windowed_size
        return (max(MIN_WINDOW[0], width), max(MIN_WINDOW[1], height))

    # Applying a change ----------------------------------------------------------------

    def change(self, **changes: Any) -> bool:
        """Put ``changes`` into effect now and save them; the window keeps its real
        size and state unless one of the changes is about it. False (with the reason
        shown) when a value is refused."""
        values = self.app.settings.model_dump()
        values.update(window_size=self._real_windowed_size(), fullscreen=self.app.fullscreen)
        values.update(changes)
        try:
            settings = Settings.model_validate(values)
        except ValidationError as error:
            self.message.text = _sentence(error)
            return False
        self.message.text = ""
        self.app.update_settings(settings)
        return True

    def _name_typed(self, text: str) -> None:
        name = text.strip()
        if not name:
            self.message.text = "Your name needs at least one letter; the last one is kept until then."
            return
        self.change(player_name=name)

    def _volume_changed(self, volume: float) -> None:
        if self.change(volume=volume):
            self.app.sound.play("play")

    def _window_size_chosen(self, index: float) -> None:
        self.change(window_size=self._window_sizes[int(index)])

    def restore_defaults(self) -> None:
        """Every preference back to how it came, except the window, which stays put."""
        defaults = Settings().model_dump(exclude={"window_size", "fullscreen"})
        if self.change(**defaults):
            self._build()
            self.layout(self.app.screen.get_size())

    # Scene --------------------------------------------------------------------------------

    def layout(self, size: tuple[int, int]) -> None:
        width, height = size
        theme = self.app.theme
        self._sync_window_controls()
        margin, gap = self.place_header(width), theme.px(18)
        header_h, footer_h = theme.px(80), theme.px(76)
        body_w = min(width - margin * 2, theme.px(1180))
        self.area.rect = pygame.Rect((width - body_w) // 2, header_h, body_w, height - header_h - footer_h)
        content_h = self._layout_sections(theme, gap, 0)
        if content_h > self.area.rect.height:
            content_h = self._layout_sections(theme, gap, max(6, body_w // 80) + theme.px(8))
        else:
            self.area.rect.height = content_h
            self.area.scroller.set_geometry(self.area.rect, content_h)
        button_w, button_h = theme.px(230), theme.px(48)
        self.defaults.rect = pygame.Rect(0, 0, button_w, button_h)
        self.defaults.rect.midright = (self.area.rect.right, height - footer_h // 2)
        self.message.rect = pygame.Rect(self.area.rect.x, self.defaults.rect.y, self.defaults.rect.left - self.area.rect.x - gap, button_h)

    def _layout_sections(self, theme: th.Theme, gap: int, bar: int) -> int:
        """Lay the sections out in two columns (one in a narrow window) on the
        scrolling page, leaving ``bar`` pixels for a scroll bar; returns the page's
        height."""
        two = self.area.rect.width >= 900
        column_w = (self.area.rect.width - bar - (gap if two else 0)) // (2 if two else 1)
        columns = [self.sections[:3], self.sections[3:]] if two else [self.sections]
        placed: list[tuple[Widget, pygame.Rect]] = []
        bottom = 0
        for number, column in enumerate(columns):
            x, y = number * (column_w + gap), 0
            for section in column:
                height = self._place_section(section, pygame.Rect(x, y, column_w, 0), theme, placed)
                y += height + gap
            bottom = max(bottom, y - gap + theme.px(6))
        self.area.set_content(placed, bottom)
        return bottom

    def _place_section(
        self, section: Section, box: pygame.Rect, theme: th.Theme, placed: list[tuple[Widget, pygame.Rect]]
    ) -> int:
        """Place one section's panel, rows and extra inside ``box`` (its height grows to
        fit); returns that height."""
        pad = theme.px(20)
        inner_w = box.width - pad * 2
        control_w = min(theme.px(210), inner_w * 2 // 5)
        control_h = theme.px(36)
        text_w = inner_w - control_w - theme.px(16)
        panel_at = len(placed)
        y = box.y + section.panel.title_height(theme) + theme.px(6)
        for row in section.rows:
            label_h = row.label.height_for(theme, text_w)
            help_h = row.help.height_for(theme, text_w)
            height = max(control_h, label_h + theme.px(2) + help_h)
            placed.append((row.label, pygame.Rect(box.x + pad, y, text_w, label_h)))
            placed.append((row.help, pygame.Rect(box.x + pad, y + label_h + theme.px(2), text_w, help_h)))
            control_y = y + (height - control_h) // 2
            if isinstance(row.control, Toggle):
                toggle_w = round(control_h * Toggle.WIDTH)
                rect = pygame.Rect(box.x + pad + inner_w - toggle_w, control_y, toggle_w, control_h)
            else:
                rect = pygame.Rect(box.x + pad + inner_w - control_w, control_y, control_w, control_h)
            placed.append((row.control, rect))
            y += height + theme.px(14)
        if section.extra is not None:
            extra_h = CardPreview.height_for(theme)
            placed.append((section.extra, pygame.Rect(box.x + pad, y, inner_w, extra_h)))
            y += extra_h + theme.px(10)
        height = y - box.y + theme.px(4)
        placed.insert(panel_at, (section.panel, pygame.Rect(box.x, box.y, box.width, height)))
        return height

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.name.focused and event.type in (pygame.KEYDOWN, pygame.TEXTINPUT):
            if self.name.handle_event(event):
                return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.scenes.pop()
            return
        if self.offer(event, (self.area, self.back, self.defaults)):
            current = self.focus.current
            if current is not None and current in self.area.children:
                self.area.show(current)

    def update(self, dt: float) -> None:
        self.area.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        theme = self.draw_header(surface)
        self.area.draw(surface, theme)
        self.message.draw(surface, theme)
        self.defaults.draw(surface, theme)


def _sentence(error: ValidationError) -> str:
    message = error.errors()[0]["msg"].removeprefix("Value error, ")
    message = message[:1].upper() + message[1:]
    return message if message.endswith(".") else message + "."
