"""The trick taken last, kept so a player can look at it again.

A button ("Last trick", then "Hide last trick") shows the gathered trick in the trick
area's place, each card in front of the seat that played it and the taker named; any
other click, Escape or the next card played puts the trick under way back. Every trick
game's table holds one of these; the layout places the button and says when a trick
is gathered.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from cardtable_gui.cards import Card
from cardtable_gui.scenes.table.animation import ease_in_out_cubic
from cardtable_gui.ui.widgets import Button

if TYPE_CHECKING:
    from cardtable_gui.scenes.table.card_sprites import CardSprites
    from cardtable_gui.scenes.table.port import TablePort
    from cardtable_gui.scenes.table.trick_area import TrickArea
    from cardtable_gui.ui.theme import Theme

Gathered = tuple[tuple[tuple[int, Card], ...], int]
"""A trick taken: each seat with its card, in the order played, and the taker's seat."""
GATHER_FLIGHT = 0.38


class LastTrick:
    """The last trick taken (``last``), whether it is on show, and its button."""

    def __init__(self) -> None:
        self.last: Gathered | None = None
        self.showing = False
        self.button = Button("Last trick", self.toggle, style="quiet")

    def place_by_toolbar(self, theme: Theme, toolbar_end: int, room_right: float) -> None:
        """The button beside the scene's own buttons (which end at ``toolbar_end``)
        when it ends before ``room_right``, else in a second row under them."""
        button_h = theme.px(38)
        after = toolbar_end + theme.px(8)
        if after + theme.px(120) <= room_right:
            self.button.rect = pygame.Rect(after, theme.px(12), theme.px(120), button_h)
        else:
            # Below the words a greyed Undo may show under itself.
            self.button.rect = pygame.Rect(theme.px(12), theme.px(12) + button_h + theme.px(26), theme.px(120), button_h)

    def toggle(self) -> None:
        self.showing = not self.showing and self.last is not None

    def keep(self, last: Gathered | None) -> None:
        """A trick was gathered (or a view says which was, None before the first)."""
        self.last = last

    def gather(
        self,
        port: TablePort,
        trick: TrickArea,
        seat_at: Callable[[int], int],
        winner: int,
        target: tuple[float, float],
        on_done: Callable[[list[Card]], None],
    ) -> None:
        """The trick on the cloth is taken: it is kept as the last trick and its cards
        fly one after another to ``target`` (the taker's plate or pile); ``on_done``
        gets them once the last one lands."""
        flights = list(trick.plays)
        self.last = (tuple((seat_at(position), card) for position, card in flights), winner)
        trick.plays = []
        trick.winner = None
        cards = [card for _, card in flights]
        port.play_sound("trick")
        for i, (position, card) in enumerate(flights):
            done = (lambda: on_done(cards)) if i == len(flights) - 1 else None
            port.animator.fly(
                card, trick.slot(position, port.sprites), target, trick.card_width,
                GATHER_FLIGHT, ease_in_out_cubic, delay=i * 0.03, on_done=done,
                angles=(trick.tilt(position), 0.0),
            )

    def forget(self) -> None:
        """A new hand: no trick to look back at."""
        self.last = None
        self.showing = False

    def close(self) -> bool:
        """Put the trick under way back; whether the last trick was on show."""
        was, self.showing = self.showing, False
        return was

    def handle_event(self, event: pygame.event.Event) -> bool:
        """The button toggles the view; any other left click ends it (and goes on to
        whatever was clicked)."""
        if self.last is not None and self.button.handle_event(event):
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.showing = False
        return False

    def draw_trick(
        self,
        surface: pygame.Surface,
        theme: Theme,
        sprites: CardSprites,
        trick: TrickArea,
        position_of: Callable[[int], int],
        seat_name: Callable[[int], str],
    ) -> None:
        """The trick area: the trick under way, or the last trick in its place."""
        if not self.showing or self.last is None:
            trick.draw(surface, theme, sprites)
            return
        plays, winner = self.last
        placed = [(position_of(seat), card) for seat, card in plays]
        caption = f"Last trick: {seat_name(winner)} took it"
        trick.draw_again(surface, theme, sprites, placed, position_of(winner), caption)

    def draw_button(self, surface: pygame.Surface, theme: Theme) -> None:
        """The button, once there is a trick to show."""
        if self.last is not None:
            self.button.text = "Hide last trick" if self.showing else "Last trick"
            self.button.draw(surface, theme)
