"""A form built from a pydantic model: how the setup screen edits any game's house
rules without knowing the game.

Each field becomes one row: its name as the label, its ``description`` as help text,
and a control chosen by type: a bool gets a toggle, a number with ``ge``/``le`` a stepper
within those bounds, a ``Literal`` or ``Enum`` a segmented choice. A number whose 0
stands for a value worked out by the game names it in ``json_schema_extra["zero"]``
("Players + 1"); the stepper shows those words instead of the 0. The whole model is
validated after every change, so rules that tie fields together are checked too, and a
problem is reported as a sentence rather than a pydantic error dump.
"""

from __future__ import annotations

import enum
import math
import typing
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import annotated_types
import pygame
from pydantic import BaseModel, ValidationError
from pydantic.fields import FieldInfo

from cardtable_gui.ui import theme as th
from cardtable_gui.ui.theme import Theme
from cardtable_gui.ui.widgets import Choice, Label, ScrollArea, Stepper, Toggle, Widget

_NICE_STEPS = (1, 2, 5, 10, 25, 50, 100, 250, 500, 1000)
_MOST_STEPS = 100
"""A stepper never needs more than this many clicks from one bound to the other."""
WIDEST_CONTROL_SHARE = 0.55
"""The controls' column may widen to this share of the form for a stepper's words;
past it the label beside it would wrap too narrow, and that row's control goes under
its label instead."""

_UNBOUNDED = 10**6


class UnsupportedField(TypeError):
    """A field whose type the form has no control for."""


@dataclass
class FormRow:
    """One field: its name, the control editing it, its label and help text."""

    name: str
    control: Widget
    label: Label
    help: Label
    read: Callable[[], Any]
    players: tuple[int, ...] = ()
    """The player counts this field applies to; empty for every count."""
    shown: bool = True
    words: str = ""
    """What a stepper shows in words for its 0 ("Twice the players"), if anything."""


def field_label(name: str, info: FieldInfo) -> str:
    """``bag_penalty`` -> "Bag penalty" (a field's own ``title`` wins)."""
    if info.title:
        return info.title
    words = name.replace("_", " ").strip()
    return words[:1].upper() + words[1:]


def choice_label(value: object) -> str:
    if isinstance(value, enum.Enum):
        value = value.value if isinstance(value.value, str) else value.name
    if isinstance(value, bool):
        return "On" if value else "Off"
    text = str(value).replace("_", " ")
    return text[:1].upper() + text[1:] if text.isalpha() else text


def stepper_step(low: float, high: float, default: float, integer: bool) -> float:
    """A round step that crosses [low, high] in at most ``_MOST_STEPS`` clicks and lands
    on the default; fractions for small float ranges."""
    span = high - low
    if not integer:
        for step in (0.01, 0.05, 0.1, 0.25, 0.5, *_NICE_STEPS):
            if span / step <= _MOST_STEPS and math.isclose(default / step, round(default / step), abs_tol=1e-9):
                return step
        return span / _MOST_STEPS
    for step in _NICE_STEPS:
        if span / step <= _MOST_STEPS and default % step == 0:
            return step
    return 1


def applies_to(info: FieldInfo) -> tuple[int, ...]:
    """The player counts a field matters at (empty: every count)."""
    extra = info.json_schema_extra
    counts = extra.get("players") if isinstance(extra, dict) else None
    return tuple(c for c in counts if isinstance(c, int)) if isinstance(counts, list) else ()


def house_rule_lines(options: BaseModel, players: int) -> list[str]:
    """Each house rule that applies at a table of ``players``, as "Label: value", then
    what the rule is (its description, as the setup form shows it), in the order the
    setup form shows them: what a game in progress is played with. A play-tester read
    "Clean books 200: 4" and "Total books: 0" on the rules page without the form's words."""
    lines = []
    for name, info in type(options).model_fields.items():
        counts = applies_to(info)
        if counts and players not in counts:
            continue
        value = getattr(options, name)
        zero = zero_words(info)
        shown = zero if zero is not None and value == 0 else choice_label(value)
        about = f" \u2014 {info.description[:1].lower()}{info.description[1:].rstrip('.')}" if info.description else ""
        lines.append(f"{field_label(name, info)}: {shown}{about}")
    return lines


def zero_words(info: FieldInfo) -> str | None:
    """What a 0 in this field stands for, in words, if it stands for something."""
    extra = info.json_schema_extra
    words = extra.get("zero") if isinstance(extra, dict) else None
    return words if isinstance(words, str) else None


def _bounds(info: FieldInfo) -> tuple[float | None, float | None]:
    low = high = None
    for item in info.metadata:
        if isinstance(item, annotated_types.Ge):
            low = item.ge
        elif isinstance(item, annotated_types.Gt):
            low = item.gt
        elif isinstance(item, annotated_types.Le):
            high = item.le
        elif isinstance(item, annotated_types.Lt):
            high = item.lt
    return low, high


def build_control(info: FieldInfo, value: Any, on_change: Callable[[Any], None]) -> tuple[Widget, Callable[[], Any]]:
    """The control for a field of this type, and how to read its value back."""
    annotation = info.annotation
    if annotation is bool:
        toggle = Toggle(bool(value), on_change)
        return toggle, lambda: toggle.value
    if typing.get_origin(annotation) is typing.Literal:
        options = [(option, choice_label(option)) for option in typing.get_args(annotation)]
        choice: Choice[Any] = Choice(options, value, on_change)
        return choice, lambda: choice.value
    if isinstance(annotation, type) and issubclass(annotation, enum.Enum):
        options = [(member, choice_label(member)) for member in annotation]
        enum_choice: Choice[Any] = Choice(options, value, on_change)
        return enum_choice, lambda: enum_choice.value
    if annotation in (int, float):
        integer = annotation is int
        low, high = _bounds(info)
        low = -_UNBOUNDED if low is None else low
        high = _UNBOUNDED if high is None else high
        step = stepper_step(low, high, value, integer)
        number: Callable[[float], str] = (lambda v: f"{int(v)}") if integer else (lambda v: f"{v:g}")
        zero = zero_words(info)
        fmt = number if zero is None else (lambda v: zero if v == 0 else number(v))
        stepper = Stepper(value, low, high, step, on_change, fmt=fmt)
        return stepper, lambda: int(stepper.value) if integer else float(stepper.value)
    raise UnsupportedField(f"no control for a field of type {annotation!r}")


def explain(error: ValidationError, labels: dict[str, str]) -> str:
    """The first problem in ``error`` as a sentence naming the field by its label."""
    first = error.errors()[0]
    where = first["loc"][0] if first["loc"] else None
    message = first["msg"]
    message = message.removeprefix("Value error, ").removeprefix("Assertion failed, ")
    message = message[:1].upper() + message[1:]
    if not message.endswith("."):
        message += "."
    if isinstance(where, str) and where in labels:
        return f"{labels[where]}: {message}"
    return message


class OptionsForm:
    """Editable rows for every field of ``model``, starting from ``values`` (defaults
    for anything missing). ``on_change`` is called with the new values after any edit."""

    def __init__(
        self,
        model: type[BaseModel],
        values: dict[str, Any] | None = None,
        on_change: Callable[[dict[str, Any]], None] | None = None,
    ) -> None:
        self.model = model
        self.on_change = on_change
        self.area = ScrollArea()
        self.rows: list[FormRow] = []
        defaults = model().model_dump()
        start = {**defaults, **(values or {})}
        for name, info in model.model_fields.items():
            control, read = build_control(info, start[name], self._changed)
            label = Label(field_label(name, info), 20, bold=True, wrap=True)
            help_text = Label(info.description or "", 17, colour=th.TEXT_DIM, wrap=True)
            words = zero_words(info) or ""
            self.rows.append(FormRow(name, control, label, help_text, read, applies_to(info), words=words))
        self.error: str | None = None
        self.validate()

    @property
    def controls(self) -> list[Widget]:
        return [row.control for row in self.rows if row.shown]

    def set_players(self, players: int) -> None:
        """Show only the rows that apply at a table of ``players`` (a field may name
        its player counts in ``json_schema_extra["players"]``)."""
        for row in self.rows:
            row.shown = players in row.players if row.players else True
            for widget in (row.control, row.label, row.help):
                widget.visible = row.shown

    def values(self) -> dict[str, Any]:
        return {row.name: row.read() for row in self.rows}

    def changed_values(self) -> dict[str, Any]:
        """Only the fields that differ from the model's defaults."""
        defaults = self.model().model_dump()
        return {name: value for name, value in self.values().items() if defaults[name] != value}

    def validate(self) -> BaseModel | None:
        """The model built from the form, or None with ``self.error`` saying why not."""
        try:
            model = self.model.model_validate(self.values())
        except ValidationError as error:
            labels = {row.name: row.label.text for row in self.rows}
            self.error = explain(error, labels)
            return None
        self.error = None
        return model

    def _changed(self, _value: Any) -> None:
        self.validate()
        if self.on_change is not None:
            self.on_change(self.values())

    def layout(self, rect: pygame.Rect, theme: Theme) -> None:
        """Lay the rows out in ``rect`` (scrolling when they do not fit)."""
        self.area.rect = pygame.Rect(rect)
        bar = max(6, rect.width // 80) + theme.px(8)
        width = rect.width - bar
        control_h = theme.px(34)
        control_w = min(theme.px(190), width * 9 // 20)
        widest = max((self._wide_control(row, theme, control_h) for row in self.rows if row.shown), default=0)
        if control_w < widest <= width * WIDEST_CONTROL_SHARE:
            # A stepper whose words need more room widens every control alike, and
            # stays beside its label like the others.
            control_w = widest
        # Words that would shrink to unreadable beside a label put every control under
        # its label, alike (Spinado's "Twice the players" alone sat under its label).
        under = widest > control_w
        if under:
            control_w = min(width, widest)
        text_w = width - control_w - theme.px(14)
        gap = theme.px(16)
        placed: list[tuple[Widget, pygame.Rect]] = []
        y = theme.px(4)
        for row in self.rows:
            if not row.shown:
                continue
            size = (round(control_h * Toggle.WIDTH), control_h) if isinstance(row.control, Toggle) else (control_w, control_h)
            if under:
                y = self._place_below(row, placed, y, width, size, theme) + gap
                continue
            label_h = row.label.height_for(theme, text_w)
            help_h = row.help.height_for(theme, text_w) if row.help.text else 0
            height = max(control_h, label_h + theme.px(3) + help_h)
            placed.append((row.label, pygame.Rect(0, y, text_w, label_h)))
            placed.append((row.help, pygame.Rect(0, y + label_h + theme.px(3), text_w, help_h)))
            placed.append((row.control, pygame.Rect((width - size[0], y), size)))
            y += height + gap
        self.area.set_content(placed, y)

    @staticmethod
    def _wide_control(row: FormRow, theme: Theme, control_h: int) -> int:
        """How wide the row's control must be to show its words at their usual size
        (0 when it has none)."""
        if not row.words or not isinstance(row.control, Stepper):
            return 0
        return row.control.width_for(theme, control_h, row.words)

    @staticmethod
    def _place_below(
        row: FormRow, placed: list[tuple[Widget, pygame.Rect]], y: int, width: int, control: tuple[int, int], theme: Theme
    ) -> int:
        """The label and help across the whole row, the control (its size) under them
        at the right; returns where the row ends."""
        label_h = row.label.height_for(theme, width)
        help_h = row.help.height_for(theme, width) if row.help.text else 0
        placed.append((row.label, pygame.Rect(0, y, width, label_h)))
        placed.append((row.help, pygame.Rect(0, y + label_h + theme.px(3), width, help_h)))
        top = y + label_h + theme.px(3) + help_h + theme.px(6)
        placed.append((row.control, pygame.Rect((width - control[0], top), control)))
        return top + control[1]
