"""Choosing among face-down piles: a blind pick, made on the table.

The piles lie face down in rows, numbered from 1, each showing its depth. The player
picks one (a click, its number, or the arrows) and then says what to do with it with
one of the buttons under the rows, each with its own letter ("Take into hand", H).
Clicking the chosen pile again, or Enter, does the only thing left to do with it
when just one is. While somebody else chooses, the piece only shows the piles, and
the pile being taken can be lit for a moment so everyone sees which one went.

The piece knows no game: the table supplies the prompt, what may be done with a
pile, and what a choice means (``on_choose(pile, value)``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

import pygame

from cardtable_gui.scenes.table.card_sprites import CardSprites
from cardtable_gui.scenes.table.face_up_stack import FaceUpStack
from cardtable_gui.ui import theme as th
from cardtable_gui.ui.widgets import Button

T = TypeVar("T")

COLUMNS = 4
_PICK_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
_DIGITS = {getattr(pygame, f"K_{n}"): n for n in range(1, 10)} | {getattr(pygame, f"K_KP{n}"): n for n in range(1, 10)}


@dataclass(frozen=True, slots=True)
class PileAction(Generic[T]):
    """One thing to do with the chosen pile: its button's ``label``, the letter
    ``key`` that does it, and the ``value`` handed back; ``enabled`` is False when it
    may not be done now (the button is greyed)."""

    label: str
    key: str
    value: T
    enabled: bool = True


NO_PILE_CHOSEN = "Choose a pile first: click one, or press its number."


class PileChoice(Generic[T]):
    """Face-down piles in rows; ``on_choose(pile, value)`` when the player acts, and
    ``on_refused(reason)`` when they press an action with no pile chosen (the button
    is greyed, but a click on it deserves a word rather than silence)."""

    def __init__(self, on_choose: Callable[[int, T], None], on_refused: Callable[[str], None] | None = None) -> None:
        self.on_choose = on_choose
        self.on_refused = on_refused
        self.piles: list[FaceUpStack] = []
        self.prompt = ""
        self.keys_hint = ""
        self.actions: list[PileAction[T]] = []
        self.buttons: list[Button] = []
        self.active = False
        self.selected: int | None = None
        self._picked_by_hint = False
        """Whether ``selected`` was chosen by the Hint rather than by the player."""
        self._hinted: T | None = None
        """What the Hint said to do with the pile it chose (Enter does it)."""
        self.taking: int | None = None
        """A pile lit for a moment: the one somebody is taking."""
        self.area = pygame.Rect(0, 0, 0, 0)
        self.card_width = 60
        self.prompt_rect = pygame.Rect(0, 0, 0, 0)
        self.hint_rect = pygame.Rect(0, 0, 0, 0)
        self._theme: th.Theme | None = None
        self._sprites: CardSprites | None = None

    # -- content -------------------------------------------------------------------

    def set_counts(self, counts: Sequence[int]) -> None:
        """How many cards each pile holds (0: taken). A pile that is gone cannot stay
        chosen."""
        resized = len(self.piles) != len(counts)
        while len(self.piles) < len(counts):
            self.piles.append(FaceUpStack(label=f"Pile {len(self.piles) + 1}", show_count=False))
        del self.piles[len(counts):]
        if resized:
            self._relayout()
        for pile, count in zip(self.piles, counts, strict=True):
            pile.count = count
        if self.selected is not None and not self._available(self.selected):
            self._select(None)
        self._refresh()

    @property
    def counts(self) -> list[int]:
        return [pile.count for pile in self.piles]

    @property
    def visible(self) -> bool:
        return any(pile.count for pile in self.piles)

    def offer(self, prompt: str, actions: Sequence[PileAction[T]], keys_hint: str) -> None:
        """The player is to choose: ``actions`` become buttons under the piles."""
        self.prompt = prompt
        self.keys_hint = keys_hint
        self.actions = list(actions)
        # Every action is as likely as the next: none is drawn as the one to press.
        self.buttons = [Button(f"{a.label} ({a.key.upper()})", (lambda a=a: self._act(a))) for a in self.actions]
        self.active = True
        self._select(None)
        self._relayout()

    def withdraw(self, prompt: str = "") -> None:
        """Nothing to choose now; ``prompt`` says what is happening instead."""
        self.active = False
        self.actions = []
        self.buttons = []
        self.keys_hint = ""
        self.prompt = prompt
        self._select(None)
        self._relayout()

    # -- layout --------------------------------------------------------------------

    def layout(self, area: pygame.Rect, card_width: int, theme: th.Theme, sprites: CardSprites) -> None:
        """The prompt, the rows of piles, the buttons and the keys line, centred in
        ``area``; the cards shrink from ``card_width`` when the rows would not fit."""
        self.area = pygame.Rect(area)
        self._theme, self._sprites = theme, sprites
        rows = max(1, -(-len(self.piles) // COLUMNS))
        gap = theme.px(12)
        # Two lines are kept for the prompt and for the keys, so nothing moves when
        # the text changes (a narrow table wraps them).
        prompt_h = 2 * theme.font(theme.text_px(22), True).get_linesize() + theme.px(6)
        buttons_h = theme.px(44) + theme.px(10)
        hint_h = 2 * theme.font(theme.text_px(17)).get_linesize() + theme.px(4)
        label_h = theme.text_px(16) + theme.px(8)
        fixed = prompt_h + buttons_h + hint_h + rows * label_h + (rows - 1) * gap
        ratio = sprites.size(100)[1] / 100
        tall = max(20, round((area.height - fixed) / rows / (ratio * 1.12)))
        wide = max(20, round(area.width / (COLUMNS * 1.45)))
        self.card_width = max(20, min(card_width, tall, wide))
        w, h = sprites.size(self.card_width)
        cell_w, cell_h = round(w * 1.4), round(h * 1.1) + label_h
        grid_h = rows * cell_h + (rows - 1) * gap
        height = prompt_h + grid_h + buttons_h + hint_h
        top = area.centery - height // 2
        self.prompt_rect = pygame.Rect(area.x, top, area.width, prompt_h)
        grid_top = top + prompt_h
        for index, pile in enumerate(self.piles):
            row, column = divmod(index, COLUMNS)
            in_row = min(COLUMNS, len(self.piles) - row * COLUMNS)
            left = area.centerx - in_row * cell_w / 2
            center = (left + (column + 0.5) * cell_w, grid_top + row * (cell_h + gap) + round(h * 1.1) / 2)
            pile.layout(center, self.card_width)
        buttons_top = grid_top + grid_h + theme.px(10)
        count = max(1, len(self.buttons))
        button_w = min(theme.px(230), (area.width - (count - 1) * gap) // count)
        total = len(self.buttons) * button_w + max(0, len(self.buttons) - 1) * gap
        for i, button in enumerate(self.buttons):
            button.rect = pygame.Rect(round(area.centerx - total / 2 + i * (button_w + gap)), buttons_top, button_w, theme.px(44))
        self.hint_rect = pygame.Rect(area.x, buttons_top + buttons_h, area.width, hint_h)

    def _relayout(self) -> None:
        if self._theme is not None and self._sprites is not None and self.area.width:
            self.layout(self.area, self.card_width, self._theme, self._sprites)

    def pile_center(self, index: int) -> tuple[float, float]:
        """Where pile ``index``'s top card lies (its cards fly from here)."""
        return self.piles[index].top_center

    def rects(self, theme: th.Theme, sprites: CardSprites) -> list[pygame.Rect]:
        """Everything drawn now, for layout checks."""
        rects = [pile.rect(theme, sprites) for pile in self.piles if pile.count]
        rects += [button.rect for button in self.buttons]
        if self.prompt:
            rects.append(self._text_box(self.prompt_rect, self.prompt, theme.text_px(22), theme, True))
        if self.keys_hint:
            rects.append(self._text_box(self.hint_rect, self.keys_hint, theme.text_px(17), theme))
        return rects

    # -- input ---------------------------------------------------------------------

    def _available(self, index: int) -> bool:
        return 0 <= index < len(self.piles) and self.piles[index].count > 0

    def hit_test(self, pos: tuple[int, int]) -> int | None:
        if self._sprites is None:
            return None
        for index, pile in enumerate(self.piles):
            if pile.count and pile.bounds(self._sprites).collidepoint(pos):
                return index
        return None

    def handle_event(self, event: pygame.event.Event) -> bool:
        if not self.active:
            return False
        for button in self.buttons:
            if button.handle_event(event):
                return True
        if self._pressed_with_no_pile(event):
            if self.on_refused is not None:
                self.on_refused(NO_PILE_CHOSEN)
            return True
        if event.type == pygame.MOUSEMOTION:
            under = self.hit_test(event.pos)
            for index, pile in enumerate(self.piles):
                pile.hover = index == under
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return self.hit_test(event.pos) is not None
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            index = self.hit_test(event.pos)
            if index is None:
                return False
            if index == self.selected and not self._picked_by_hint:
                self._only_action()
            else:
                self._select(index)
            return True
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        return False

    def _pressed_with_no_pile(self, event: pygame.event.Event) -> bool:
        """A click on an action button while no pile is chosen."""
        return (
            self.selected is None
            and event.type == pygame.MOUSEBUTTONDOWN
            and event.button == 1
            and any(button.visible and button.rect.collidepoint(event.pos) for button in self.buttons)
        )

    def _key(self, event: pygame.event.Event) -> bool:
        if event.key in _DIGITS:
            if self._available(_DIGITS[event.key] - 1):
                self._select(_DIGITS[event.key] - 1)
            return True
        steps = {pygame.K_LEFT: -1, pygame.K_RIGHT: 1, pygame.K_UP: -COLUMNS, pygame.K_DOWN: COLUMNS}
        if event.key in steps:
            self._step(steps[event.key])
            return True
        if event.key in _PICK_KEYS:
            self._only_action()
            return True
        letter = (getattr(event, "unicode", "") or "").lower() or pygame.key.name(event.key)
        for action in self.actions:
            if letter == action.key.lower():
                if self.selected is None:
                    self._step(1)
                else:
                    self._act(action)
                return True
        return False

    def _step(self, step: int) -> None:
        """Move the choice by ``step`` piles (a row up or down is a whole row of
        piles), passing over piles already taken; from no choice, the first pile."""
        open_piles = [i for i in range(len(self.piles)) if self._available(i)]
        if not open_piles:
            return
        if self.selected is None:
            self._select(open_piles[0] if step > 0 else open_piles[-1])
            return
        index = self.selected
        for _ in range(len(self.piles)):
            index = (index + step) % len(self.piles)
            if self._available(index):
                self._select(index)
                return

    def pick(self, index: int, value: T) -> None:
        """Choose pile ``index`` (the one the Hint names, to do ``value`` with), if it may
        still be chosen. A click on it then only chooses it, as a first click would: the
        player did not choose it, and a "second click" would take it at once. Enter does
        what the Hint said, as it plays a hinted card elsewhere."""
        if self.active and self._available(index):
            self._select(index)
            self._picked_by_hint = True
            self._hinted = value

    def _select(self, index: int | None) -> None:
        self._picked_by_hint = False
        self.selected = index
        for i, pile in enumerate(self.piles):
            pile.selected = i == index
        self._refresh()

    def _refresh(self) -> None:
        for pile in self.piles:
            pile.active = self.active
            pile.legal = True
        for button, action in zip(self.buttons, self.actions, strict=True):
            button.enabled = action.enabled and self.selected is not None

    def _only_action(self) -> None:
        """Enter, or a second click: the one thing that may be done, if just one, or
        what the Hint said to do with the pile it chose."""
        enabled = [action for action in self.actions if action.enabled]
        if self._picked_by_hint:
            enabled = [action for action in enabled if action.value == self._hinted]
        if self.selected is not None and len(enabled) == 1:
            self._act(enabled[0])

    def _act(self, action: PileAction[T]) -> None:
        if self.selected is None or not action.enabled or not self._available(self.selected):
            return
        self.on_choose(self.selected, action.value)

    # -- drawing -------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, theme: th.Theme, sprites: CardSprites) -> None:
        for index, pile in enumerate(self.piles):
            if not pile.count:
                continue
            if index == self.taking:
                glow = pile.bounds(sprites).inflate(theme.px(10), theme.px(10))
                theme.draw_panel(surface, glow, radius=theme.px(12), fill=(*th.ACCENT, 110), border=th.ACCENT, shadow=False)
            pile.draw(surface, theme, sprites)
        if self.prompt:
            self._draw_line(surface, theme, self.prompt_rect, self.prompt, theme.text_px(22), th.ACCENT, True)
        for button in self.buttons:
            button.draw(surface, theme)
        if self.keys_hint:
            self._draw_line(surface, theme, self.hint_rect, self.keys_hint, theme.text_px(17), th.TEXT_DIM, False)

    @staticmethod
    def _lines(text: str, size: int, width: int, theme: th.Theme, bold: bool) -> list[tuple[str, int]]:
        """``text`` wrapped to two lines at most, each fitted to ``width``."""
        lines = theme.wrap(text, theme.font(size, bold), width)
        if len(lines) > 2:
            lines = [lines[0], " ".join(lines[1:])]
        return [theme.fit(line, size, width, bold) for line in lines]

    def _text_box(self, rect: pygame.Rect, text: str, size: int, theme: th.Theme, bold: bool = False) -> pygame.Rect:
        """Where ``text`` is drawn in ``rect``: centred, with a little room kept under
        its last line (a tip placed flush against the box touched the "p" of "face up")."""
        lines = self._lines(text, size, rect.width, theme, bold)
        line_h = theme.font(size, bold).get_linesize()
        width = max(theme.font(fitted, bold).size(shown)[0] for shown, fitted in lines)
        room = min(theme.px(3), max(0, (rect.height - line_h * len(lines)) // 2))
        box = pygame.Rect(0, 0, width, line_h * len(lines))
        box.center = rect.center
        box.top -= room
        box.height += room
        return box

    def _draw_line(
        self, surface: pygame.Surface, theme: th.Theme, rect: pygame.Rect, text: str, size: int, colour: th.Colour, bold: bool
    ) -> None:
        box = self._text_box(rect, text, size, theme, bold)
        line_h = theme.font(size, bold).get_linesize()
        for index, (shown, fitted) in enumerate(self._lines(text, size, rect.width, theme, bold)):
            image = theme.text(shown, fitted, colour, bold)
            surface.blit(image, image.get_rect(midtop=(box.centerx, box.top + index * line_h)))
