"""The bidding panel: a prompt and a grid of choices, one button each.

The game supplies the choices (for Spades: Nil and 1 to 13, or before the cards are
seen, "Bid blind nil" and "Look at my cards"), so the panel knows no game.

A bid cannot be taken back, so when the game asks for it (``confirm``) choosing and
placing are two steps: a click, a typed number or the arrows only choose, and the bid
is placed by the confirm button ("Bid 4") or Enter. A choice that carries a question
(Nil: "you promise to take no tricks") asks it before it is placed, with Back as the
safe answer. Without ``confirm`` (a question such as blind nil, whose two buttons say
what they do) a click or a choice's own letter answers at once.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

import pygame

from cardtable_gui.ui import theme as th
from cardtable_gui.ui.theme import Theme
from cardtable_gui.ui.widgets import Button

T = TypeVar("T")

TYPE_OR_ARROWS = "Type a number or use the arrows, then Enter to bid"
ARROWS = "Use the arrows and Enter"
QUESTION_KEYS = "Left and Right choose, Enter answers, Esc goes back"
MIN_COLUMNS = 4
"""The fewest buttons a row of bids is cut to when the table is narrow."""
_PICK_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)


@dataclass(frozen=True, slots=True)
class BidChoice(Generic[T]):
    """One answer on the panel; ``key`` is a letter that picks it from the keyboard;
    ``ask`` is a question put to the player before this choice is placed, and
    ``yes`` the label of the button that then places it."""

    label: str
    value: T
    primary: bool = False
    key: str = ""
    ask: str = ""
    yes: str = ""


class BidPanel(Generic[T]):
    """A centred panel asking for one of ``choices``; ``on_choose(value)`` on a pick."""

    def __init__(self, on_choose: Callable[[T], None]) -> None:
        self.on_choose = on_choose
        self.prompt = ""
        self.hint = ""
        self.keys_hint = ""
        self.choices: list[BidChoice[T]] = []
        self.buttons: list[Button] = []
        self.confirm_label: Callable[[BidChoice[T]], str] | None = None
        self.confirm_button = Button("Bid", self._place_highlighted, style="primary", enabled=False)
        self.asking: BidChoice[T] | None = None
        self.question_buttons: list[Button] = []
        self.columns = 7
        self._wanted_columns = 7
        self.box = pygame.Rect(0, 0, 0, 0)
        self.visible = False
        self.highlight: int | None = None
        self._typed = ""
        self._hint_lines: list[str] = []
        self._keys_lines: list[str] = []
        self._area: pygame.Rect | None = None
        self._theme: Theme | None = None

    def show(
        self,
        prompt: str,
        choices: Sequence[BidChoice[T]],
        hint: str = "",
        columns: int = 7,
        keys_hint: str | None = None,
        confirm: Callable[[BidChoice[T]], str] | None = None,
    ) -> None:
        """Ask ``prompt``. ``keys_hint`` tells how to answer from the keyboard; by
        default it is worked out from the choices. ``confirm`` names the button that
        places the chosen answer ("Bid 4"); with it, choosing and placing are two
        steps. The primary choice (the safe one) starts highlighted; with none, the
        first arrow press highlights."""
        self.prompt = prompt
        self.hint = hint
        self.columns = self._wanted_columns = max(1, min(columns, len(choices)))
        self.choices = list(choices)
        self.confirm_label = confirm
        self.buttons = [
            Button(c.label, (lambda i=i: self._clicked(i)), style="primary" if c.primary else "normal")
            for i, c in enumerate(self.choices)
        ]
        numbered = any(c.label.isdigit() for c in self.choices)
        self.keys_hint = keys_hint if keys_hint is not None else TYPE_OR_ARROWS if numbered else ARROWS
        self.visible = True
        self.asking = None
        self._typed = ""
        self._highlight(next((i for i, c in enumerate(self.choices) if c.primary), None))

    def hide(self) -> None:
        self.visible = False
        self.asking = None

    def reopen(self) -> None:
        """Show the panel again as it was (the game refused the answer)."""
        self.visible = True

    def _clicked(self, index: int) -> None:
        if self.confirm_label is None:
            self._place(self.choices[index])
        else:
            self._typed = ""
            self._highlight(index)

    def offer(self, value: T) -> None:
        """Highlight the choice of ``value`` (the Hint's), so that Enter places it, unless
        the player has highlighted one already or a question is up."""
        if self.asking is not None or self.highlight is not None:
            return
        for index, choice in enumerate(self.choices):
            if choice.value == value:
                self._typed = ""
                self._highlight(index)
                return

    def _place_highlighted(self) -> None:
        if self.highlight is not None:
            self._place(self.choices[self.highlight])

    def _place(self, choice: BidChoice[T]) -> None:
        """Give the answer, after its question when it has one."""
        if choice.ask and self.asking is None:
            self._ask(choice)
            return
        self.hide()
        self.on_choose(choice.value)

    def _ask(self, choice: BidChoice[T]) -> None:
        self.asking = choice
        yes = Button(choice.yes or choice.label, lambda: self._place(choice))
        back = Button("Back", self.back)
        self.question_buttons = [yes, back]
        self._focus_answer(back)
        if self._area is not None and self._theme is not None:
            self.layout(self._area, self._theme)

    def _focus_answer(self, chosen: Button) -> None:
        """Give the question's answer ``chosen`` the focus and the fill: the one button
        that looks like the default is the one Enter gives (Back at first, the safe one)."""
        for button in self.question_buttons:
            button.focused = button is chosen
            button.style = "primary" if button is chosen else "quiet"

    def back(self) -> None:
        """Close the question and show the choices again."""
        self.asking = None
        if self._area is not None and self._theme is not None:
            self.layout(self._area, self._theme)

    def rect_of(self, value: T) -> pygame.Rect | None:
        """Where the choice of ``value`` is made now: its button, or while its question
        is up, the answer that places it; None while it cannot be made here."""
        if not self.visible:
            return None
        if self.asking is not None:
            return self.question_buttons[0].rect if self.asking.value == value else None
        for choice, button in zip(self.choices, self.buttons, strict=True):
            if choice.value == value:
                return button.rect
        return None

    def _highlight(self, index: int | None) -> None:
        self.highlight = index
        for i, button in enumerate(self.buttons):
            button.focused = i == index
        if self.confirm_label is not None:
            chosen = self.choices[index] if index is not None else None
            self.confirm_button.enabled = chosen is not None
            self.confirm_button.text = self.confirm_label(chosen) if chosen is not None else "Choose a bid"

    def layout(self, area: pygame.Rect, theme: Theme) -> None:
        """Centre the panel in ``area`` (the free middle of the table)."""
        self._area, self._theme = area, theme
        if not self.choices:
            return
        if self.asking is not None:
            self._layout_question(area, theme)
            return
        wide = self._wanted_columns <= 2
        button_w = theme.px(200 if wide else 62)
        button_h = theme.px(56 if wide else 48)
        gap = theme.px(10)
        pad = theme.px(22)
        # A narrow area (a lesson's table beside its panel) gets more rows of the same
        # buttons rather than buttons too small to read, down to rows of four.
        self.columns = self._wanted_columns
        while self.columns > MIN_COLUMNS and self.columns * (button_w + gap) - gap + pad * 2 > area.width:
            self.columns -= 1
        rows = -(-len(self.choices) // self.columns)
        grid_w = self.columns * button_w + (self.columns - 1) * gap
        width = min(area.width, max(grid_w + pad * 2, theme.px(420)))
        if grid_w + pad * 2 > width:
            button_w = (width - pad * 2 - (self.columns - 1) * gap) // self.columns
            grid_w = self.columns * button_w + (self.columns - 1) * gap
        text_w = width - pad * 2
        self._hint_lines = theme.wrap(self.hint, theme.font(theme.px(19)), text_w) if self.hint else []
        self._keys_lines = theme.wrap(self.keys_hint, theme.font(theme.px(17)), text_w) if self.keys_hint else []
        header = theme.px(30) + len(self._hint_lines) * theme.px(22) + theme.px(16)
        footer = theme.px(10) + len(self._keys_lines) * theme.px(20) if self._keys_lines else 0
        confirm_h = theme.px(50) + gap if self.confirm_label is not None else 0
        height = pad * 2 + header + rows * button_h + (rows - 1) * gap + confirm_h + footer
        self.box = pygame.Rect(0, 0, width, height)
        self.box.center = area.center
        top = self.box.top + pad + header
        for i, button in enumerate(self.buttons):
            row, col = divmod(i, self.columns)
            in_row = min(self.columns, len(self.buttons) - row * self.columns)
            row_w = in_row * button_w + (in_row - 1) * gap
            left = self.box.centerx - row_w // 2
            button.rect = pygame.Rect(left + col * (button_w + gap), top + row * (button_h + gap), button_w, button_h)
        grid_bottom = top + rows * button_h + (rows - 1) * gap
        self.confirm_button.rect = pygame.Rect(0, 0, min(theme.px(240), width - pad * 2), theme.px(50))
        self.confirm_button.rect.midtop = (self.box.centerx, grid_bottom + gap)

    def _layout_question(self, area: pygame.Rect, theme: Theme) -> None:
        """The panel turned into its question: the text and two buttons."""
        pad, gap = theme.px(22), theme.px(14)
        width = min(area.width, theme.px(460))
        text_w = width - pad * 2
        assert self.asking is not None
        self._hint_lines = theme.wrap(self.asking.ask, theme.font(theme.px(20)), text_w)
        self._keys_lines = theme.wrap(QUESTION_KEYS, theme.font(theme.px(17)), text_w)
        button_h = theme.px(52)
        height = (
            pad * 2 + theme.px(34) + len(self._hint_lines) * theme.px(24) + theme.px(16) + button_h
            + theme.px(10) + len(self._keys_lines) * theme.px(20)
        )
        self.box = pygame.Rect(0, 0, width, height)
        self.box.center = area.center
        button_w = (text_w - gap) // 2
        top = self.box.top + pad + theme.px(34) + len(self._hint_lines) * theme.px(24) + theme.px(16)
        for i, button in enumerate(self.question_buttons):
            button.rect = pygame.Rect(self.box.left + pad + i * (button_w + gap), top, button_w, button_h)

    def _grid_buttons(self) -> list[Button]:
        """The buttons on the panel now: the question's, or the choices and confirm."""
        if self.asking is not None:
            return self.question_buttons
        return self.buttons + ([self.confirm_button] if self.confirm_label is not None else [])

    def handle_event(self, event: pygame.event.Event) -> bool:
        if not self.visible:
            return False
        if event.type == pygame.KEYDOWN:
            return self._question_key(event) if self.asking is not None else self._key(event)
        for button in list(self._grid_buttons()):
            if button.handle_event(event):
                return True
        return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and self.box.collidepoint(event.pos)

    def _question_key(self, event: pygame.event.Event) -> bool:
        """Arrows and Tab move between the question's two answers; Enter or Space
        gives the one in focus; Esc goes back to the choices."""
        if event.key == pygame.K_ESCAPE:
            self.back()
            return True
        yes, back = self.question_buttons
        if self._step(event):
            self._focus_answer(back if yes.focused else yes)
            return True
        if event.key in _PICK_KEYS:
            (yes if yes.focused else back).on_click()
        return True

    def _key(self, event: pygame.event.Event) -> bool:
        """Digits choose a numbered choice ("1" then "2" makes 12 when 12 is offered);
        a choice's letter chooses it; arrows and Tab move the highlight, Enter places
        the highlighted choice. Without ``confirm``, a number or letter that names one
        choice answers at once."""
        labels = [c.label for c in self.choices]
        typed_char = getattr(event, "unicode", "") or ""
        if typed_char.isdigit():
            typed = self._typed + typed_char
            if typed not in labels and not any(label.startswith(typed) for label in labels):
                typed = typed_char
            self._typed = typed
            longer = any(label.startswith(typed) and label != typed for label in labels)
            if typed in labels and not longer and self.confirm_label is None:
                self._place(self.choices[labels.index(typed)])
            elif typed in labels:
                self._highlight(labels.index(typed))
            return True
        lettered = [i for i, c in enumerate(self.choices) if c.key and c.key.casefold() == typed_char.casefold()]
        if typed_char and lettered:
            self._clicked(lettered[0])
            return True
        step = self._step(event)
        if step:
            self._typed = ""
            self._move(step)
            return True
        if event.key in _PICK_KEYS:
            if self._typed in labels:
                self._place(self.choices[labels.index(self._typed)])
            elif self.highlight is not None:
                self._place(self.choices[self.highlight])
            return True
        return False

    def _step(self, event: pygame.event.Event) -> int:
        """How far an arrow or Tab moves the highlight (0 for any other key)."""
        if event.key == pygame.K_TAB:
            return -1 if event.mod & pygame.KMOD_SHIFT else 1
        return {
            pygame.K_LEFT: -1,
            pygame.K_RIGHT: 1,
            pygame.K_UP: -self.columns,
            pygame.K_DOWN: self.columns,
        }.get(event.key, 0)

    def _move(self, step: int) -> None:
        count = len(self.choices)
        if not count:
            return
        if self.highlight is None:
            self._highlight(0 if step > 0 else count - 1)
            return
        target = self.highlight + step
        if abs(step) > 1 and not 0 <= target < count:
            # Up from the top row or down from the bottom one stays in its column.
            target = self.highlight
        self._highlight(target % count)

    def draw(self, surface: pygame.Surface, theme: Theme) -> None:
        if not self.visible:
            return
        theme.draw_panel(surface, self.box, fill=th.PANEL_LIGHT, border=th.ACCENT)
        pad = theme.px(22)
        text_w = self.box.width - pad * 2
        prompt, size = theme.fit(self.prompt if self.asking is None else self.asking.yes + "?", theme.px(28), text_w, bold=True)
        title = theme.text(prompt, size, th.ACCENT, bold=True)
        surface.blit(title, title.get_rect(midtop=(self.box.centerx, self.box.top + pad)))
        y = self.box.top + pad + theme.px(32)
        line_h = theme.px(22) if self.asking is None else theme.px(24)
        for line in self._hint_lines:
            hint = theme.text(line, theme.px(19 if self.asking is None else 20), th.TEXT if self.asking else th.TEXT_DIM)
            surface.blit(hint, hint.get_rect(midtop=(self.box.centerx, y)))
            y += line_h
        buttons = self._grid_buttons()
        for button in buttons:
            button.draw(surface, theme)
        if self._keys_lines and buttons:
            y = max(b.rect.bottom for b in buttons) + theme.px(10)
            for line in self._keys_lines:
                keys = theme.text(line, theme.px(17), th.TEXT_DIM)
                surface.blit(keys, keys.get_rect(midtop=(self.box.centerx, y)))
                y += theme.px(20)
        if self._typed and self.asking is None:
            # Named: a bare "2" in the corner was taken for something the panel meant.
            typed = theme.text(f"typed {self._typed}", theme.px(17), th.ACCENT, bold=True)
            surface.blit(typed, typed.get_rect(topright=(self.box.right - pad, self.box.top + pad)))
