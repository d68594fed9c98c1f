"""Where the Hint's suggested move is on the Hand and Foot table: the cards it uses
from the hand, and the pile, book, button or answer it goes to. A meld rings Lay
down, which lays the hinted cards in one press, and the books they go to."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from cardtable_gui.cards import Card
from cardtable_gui.rules.base import Action
from cardtable_gui.rules.hand_and_foot import AnswerGoOut, AskToGoOut, Discard, DrawCards, Meld, TakePile
from cardtable_gui.scenes.table.book_row import NEW_BOOK

if TYPE_CHECKING:
    from cardtable_gui.scenes.table.layouts.hand_and_foot.parts import HintTable


def hinted_cards(action: Action | None) -> list[Card]:
    """The cards from the hand that ``action`` uses."""
    if isinstance(action, Discard):
        return [action.card]
    if isinstance(action, Meld):
        return list(action.cards)
    if isinstance(action, TakePile):
        return [*action.pair, *(card for group in action.meld for card in group.cards)]
    return []


def hint_rects(table: HintTable, action: Action | None) -> list[pygame.Rect]:
    """The rects to ring for ``action``: where it goes (its cards are outlined in the hand)."""
    controls = table.controls
    rects: list[pygame.Rect] = []
    if isinstance(action, DrawCards):
        rects.append(table.pile_bounds(table.stock))
    elif isinstance(action, TakePile):
        rects.append(table.pile_bounds(table.discard))
        pairs = zip(controls.take_buttons, controls.takes, strict=True)
        rects += [button.rect for button, take in pairs if take.pair == action.pair]
    elif isinstance(action, Discard):
        rects.append(table.pile_bounds(table.discard))
    elif isinstance(action, Meld):
        # Lay down makes the whole move in one press; the books show where it goes.
        if controls.lay_down_button.visible:
            rects.append(controls.lay_down_button.rect)
        row = table.row_of(table.my_team)
        keys = controls.place_keys()
        named = [g.book for g in action.groups if g.book is None or g.book < len(keys)]
        for key in dict.fromkeys(NEW_BOOK if book is None else keys[book] for book in named):
            place = row.place_rect(key)
            if place is not None:
                rects.append(place.clip(row.rect) or place)
    elif isinstance(action, AskToGoOut):
        rects.append(controls.ask_button.rect)
    elif isinstance(action, AnswerGoOut):
        answer = controls.answer.rect_of(action.yes)
        if answer is not None:
            rects.append(answer)
    return rects
