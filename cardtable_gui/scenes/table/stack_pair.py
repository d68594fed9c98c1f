"""Playing from a player's face-up stacks, beside their hand.

A stack's top card is played like a hand card: dragged onto the trick, clicked twice
(the first click chooses the stack), or chosen with the keys (Up from the hand to the
stacks, Left and Right between them, Down back to the hand, Enter plays; Enter with
nothing picked picks the stack the Hint rings, or, with no hand card to play, the first
stack that may be). The hand
and the stacks share one choice: choosing a stack lets go of the hand's card, and
choosing a hand card lets go of the stack. The layout says what a key for its own
stack move (Spizzichino's lift) does.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import pygame

from cardtable_gui.cards import Card

if TYPE_CHECKING:
    from cardtable_gui.scenes.table.card_sprites import CardSprites
    from cardtable_gui.scenes.table.face_up_stack import FaceUpStack
    from cardtable_gui.scenes.table.hand_fan import HandFan
    from cardtable_gui.scenes.table.trick_area import TrickArea

ENTER_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)


class StackPair:
    """The bottom person's stacks as they are played from: which one is chosen
    (``focus``), which one the mouse holds (``held``) and where a dragged card was let
    go (``dropped``, so it flies on from there). ``play`` plays a card; ``keys`` maps
    a key of the layout's own to what it does with the chosen stack (None: none)."""

    def __init__(
        self,
        fan: HandFan,
        trick: TrickArea,
        play: Callable[[Card], None],
        keys: dict[int, Callable[[int | None], None]],
    ) -> None:
        self.fan = fan
        self.trick = trick
        self.play = play
        self.keys = keys
        self.focus: int | None = None
        """The stack the keyboard or a click has chosen (None: the hand)."""
        self.held: int | None = None
        """The stack whose top card the mouse is holding."""
        self.dropped: tuple[Card, tuple[float, float]] | None = None

    def let_go(self) -> None:
        """The turn is over: nothing chosen, nothing held."""
        self.focus = None
        self.held = None

    def start_of(self, card: Card, stack: FaceUpStack) -> tuple[float, float]:
        """Where ``card`` played from ``stack`` starts its flight: where it was let go
        when it was dragged, else on the stack."""
        start = self.dropped[1] if self.dropped is not None and self.dropped[0] == card else stack.top_center
        self.dropped = None
        return start

    def handle_event(self, event: pygame.event.Event, mine: Sequence[FaceUpStack], sprites: CardSprites) -> bool:
        """The mouse and keys on ``mine`` (and the keys that move between the hand
        and the stacks)."""
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for i, stack in enumerate(mine):
                if stack.press(event.pos, sprites):
                    self.held = i
                    return True
            return False
        if event.type == pygame.MOUSEMOTION:
            return self._drag(event.pos, mine, sprites)
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.held is not None:
            self._release(event.pos, mine)
            return True
        if event.type == pygame.KEYDOWN:
            return self._key(event.key, mine)
        return False

    def _drag(self, pos: tuple[int, int], mine: Sequence[FaceUpStack], sprites: CardSprites) -> bool:
        for stack in mine:
            stack.move(pos, sprites)
        if self.held is None:
            return False
        stack = mine[self.held]
        moving = stack.drag_moved
        self.trick.drop_ready = moving and stack.legal
        self.trick.drop_hot = self.trick.drop_ready and self.trick.contains(pos)
        return moving

    def _release(self, pos: tuple[int, int], mine: Sequence[FaceUpStack]) -> None:
        assert self.held is not None
        index, self.held = self.held, None
        stack = mine[index]
        drop = stack.drag_pos
        card, dragged = stack.release()
        self.trick.drop_ready = self.trick.drop_hot = False
        if card is None:
            return
        if dragged:
            if self.trick.contains(pos):
                self.dropped = (card, drop)
                self.play(card)
        elif self.focus == index:
            self.play(card)
        else:
            self.choose(mine, index)

    def _key(self, key: int, mine: Sequence[FaceUpStack]) -> bool:
        filled = [i for i, stack in enumerate(mine) if stack.count]
        if key in self.keys:
            self.keys[key](self.focus)
            return True
        if self.focus is None:
            legal = [i for i in filled if mine[i].legal]
            if key == pygame.K_UP and filled:
                self.choose(mine, (legal or filled)[0])
                return True
            if key in ENTER_KEYS and legal and self.fan.selected_card is None:
                # Enter with nothing picked picks the Hint's card, or else the leftmost
                # card that may be played (HandFan.enter): a stack's top when the Hint
                # rings it or only a stack has a card to play.
                hinted = [i for i in legal if mine[i].top is not None and mine[i].top == self.fan.hinted_pick]
                if hinted or not self._hand_can_play():
                    self.choose(mine, (hinted or legal)[0])
                    return True
            return False
        if key == pygame.K_DOWN:
            self.choose(mine, None)
            self.fan.select_step(1)
            return True
        if key in (pygame.K_LEFT, pygame.K_RIGHT):
            others = [i for i in filled if i != self.focus]
            if others:
                self.choose(mine, others[0])
            return True
        if key in ENTER_KEYS:
            card = mine[self.focus].top
            if card is not None:
                self.play(card)
            return True
        return key == pygame.K_UP

    def _hand_can_play(self) -> bool:
        return any(slot.card in self.fan.legal for slot in self.fan.slots)

    def choose(self, mine: Sequence[FaceUpStack], index: int | None, keep_hand: bool = False) -> None:
        """Choose stack ``index`` (None: the hand); the hand's card is let go unless
        ``keep_hand`` (the hand was just chosen)."""
        self.focus = index
        for i, stack in enumerate(mine):
            stack.selected = i == index
        if index is not None and not keep_hand:
            self.fan.select(None)
