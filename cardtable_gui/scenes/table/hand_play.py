"""Putting a card from your hand on the table, the three ways a player expects: drag
it onto the place it goes, click it twice (once to pick, again to play), or pick it
with the arrow keys and press Enter (Enter with nothing picked picks the Hint's card, or
else the leftmost card that may be played, for the next Enter to play:
``HandFan.enter``). A card that may not be played is offered at its first click, so the
reason it is dimmed is said at once.

While a card that may be played is dragged, the drop place lights up, and brighter
under the pointer. A card that may not be played can still be dragged and dropped;
it is offered all the same, so the player hears the rule's reason for refusing it.
What a played card means is the layout's business (``play``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

import pygame

from cardtable_gui.cards import Card
from cardtable_gui.scenes.table.hand_fan import HandFan


PLAY_IT = "Enter plays it"
PICK_AND_PLAY = ("arrows or Enter pick a card", PLAY_IT)
"""The hand's keys as a table's keys line names them, most useful first (Space does
what Enter does). Enter with no card picked picks the Hint's card or the leftmost that
may be played: a play-tester read "Enter plays it" and saw the first Enter only pick."""
ENDS = "Home/End jump to the ends"


def with_pick(keys: tuple[str, ...], fan: HandFan) -> tuple[str, ...]:
    """``keys`` as they stand once a card that may be played is raised: first, that a
    second click or Enter plays that card. A new player clicked a card once, saw it
    rise, and waited; nothing on the screen said a second click plays it."""
    picked = fan.selected_card
    if not fan.active or picked is None or picked not in fan.legal:
        return keys
    return with_card_picked(keys, picked)


def with_card_picked(keys: tuple[str, ...], picked: Card) -> tuple[str, ...]:
    """``keys`` once ``picked`` (from the hand or a stack beside it) is chosen to play."""
    if PLAY_IT not in keys:
        return keys
    # With a card picked, Enter plays it and no longer picks.
    rest = (key.replace(" or Enter pick", " pick") for key in keys if key != PLAY_IT)
    return (f"a second click or Enter plays the {picked.name}", *rest)


class DropPlace(Protocol):
    """Where a dragged card is dropped (a trick area, a sequence row)."""

    drop_ready: bool
    drop_hot: bool

    def contains(self, pos: tuple[int, int]) -> bool: ...


class HandPlay:
    """Mouse and keys on ``fan``, offering the chosen card to ``play`` when it is
    dropped on ``place``, clicked again, or picked with Enter or Space."""

    def __init__(self, fan: HandFan, place: DropPlace, play: Callable[[Card], None], note: Callable[[str], None]) -> None:
        self.fan = fan
        self.place = place
        self.play = play
        self.note = note
        """Shows a passing note: why the arrows stay put."""

    def handle_event(self, event: pygame.event.Event) -> bool:
        """True when the event was about the hand."""
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return self.fan.press(event.pos) is not None
        if event.type == pygame.MOUSEMOTION:
            return self._move(event.pos)
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            return self._release(event.pos)
        if event.type == pygame.KEYDOWN:
            return self._key(event.key)
        return False

    def _move(self, pos: tuple[int, int]) -> bool:
        fan = self.fan
        fan.move(pos)
        dragging = fan.dragging is not None and fan.drag_moved
        # Only a card that may be played lights the place to drop it; an illegal one
        # dropped there is still offered, and refused with the rule's reason.
        allowed = dragging and fan.slots[fan.dragging].card in fan.legal
        self.place.drop_ready = allowed
        self.place.drop_hot = allowed and self.place.contains(pos)
        return dragging

    def _release(self, pos: tuple[int, int]) -> bool:
        held = self.fan.dragging
        card, dragged = self.fan.release()
        self.place.drop_ready = self.place.drop_hot = False
        if card is None or held is None:
            return False
        if dragged:
            if self.place.contains(pos):
                self._offer(card)
            return True
        if self.fan.selected == held or (self.fan.active and card not in self.fan.legal):
            # A dimmed card is offered at the first click, so the rule's reason comes at
            # once: a play-tester's click only raised it, with no word of why it was dim.
            self._offer(card)
        else:
            self.fan.select(held)
        return True

    def _key(self, key: int) -> bool:
        if key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_HOME, pygame.K_END):
            was = self.fan.selected
            if key in (pygame.K_HOME, pygame.K_END):
                self.fan.select_end(key == pygame.K_END)
            else:
                self.fan.select_step(1 if key == pygame.K_RIGHT else -1)
            self._say_why_still(was)
            return True
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            card = self.fan.enter()
            if card is not None:
                self._offer(card)
            return True
        return False

    def _say_why_still(self, was: int | None) -> None:
        """The arrows stayed on the one card that may be played: say so, since a
        play-tester pressed them again and again and nothing moved, with no word why."""
        fan = self.fan
        playable = [slot.card for slot in fan.slots if slot.card in fan.legal]
        if fan.active and was is not None and fan.selected == was and len(playable) == 1 and playable[0] is not None:
            self.note(f"Only the {playable[0].name} can be played now, so the arrows stay on it.")

    def _offer(self, card: Card) -> None:
        if self.fan.active:
            self.play(card)
