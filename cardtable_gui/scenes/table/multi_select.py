"""A hand from which several cards are chosen at once, and put on the table together.

Games where cards are laid down in sets (books, runs) let the player gather the set
first: a click chooses or unchooses a card, a shift-click chooses every card between
the last one clicked and this one, and the keyboard does the same (Left and Right move a
cursor, Space chooses, Shift with an arrow chooses as it moves). The chosen cards stand
raised and outlined. Dragging a chosen card carries every chosen card; dragging any
other card carries that card alone. Where a drop lands, and what it means, is the
layout's business: it says which place is under a point (``target_at``) and is handed
the cards dropped there (``drop``).

The layout may also mark a few cards (the pair that would take a pile, say): they are
outlined in another colour so the player sees which cards a control will use.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from typing import TYPE_CHECKING, Generic, TypeVar

import pygame

from cardtable_gui.cards import Card
from cardtable_gui.scenes.table.card_sprites import CardSprites
from cardtable_gui.scenes.table.hand_fan import HINT, LIT, SELECTED, HandFan

if TYPE_CHECKING:
    from cardtable_gui.scenes.table.hand_fan import _Slot

T = TypeVar("T")

MARKED = (140, 230, 150)
"""The outline of cards a control on the table would use."""
CURSOR = (140, 110, 255)
"""The outline of the card the keys point at: violet, so that it is never mistaken
for the gold of the card under the mouse (X discards the keys' card, not that one).
White was tried first and all but vanished against the white of the cards."""
_GROUP_SPREAD = 0.22
"""How far apart dragged cards lie, in card widths."""


class MultiSelectFan(HandFan):
    """A fan whose ``chosen`` cards (slot indices) are raised and outlined; ``selected``
    is the keyboard cursor. ``marked`` cards get an outline of their own."""

    def __init__(self, sprites: CardSprites) -> None:
        super().__init__(sprites)
        self.chosen: set[int] = set()
        self.marked: set[int] = set()
        self.anchor: int | None = None
        self.group_drag = False
        """True while the card being dragged carries every chosen card with it."""

    # -- content -----------------------------------------------------------------

    def set_hand(self, cards: Sequence[Card], hidden: int = 0, keep_order: bool = False) -> None:
        """As ``HandFan.set_hand``; a chosen card still held stays chosen, and the
        keyboard cursor stays where it was (after a meld it would otherwise vanish and
        the next arrow start again from the end)."""
        kept = [self.slots[i] for i in sorted(self.chosen) if i < len(self.slots)]
        cursor = self.selected
        super().set_hand(cards, hidden, keep_order)
        self.chosen = {i for i, slot in enumerate(self.slots) if any(slot is k for k in kept)}
        if cursor is not None and self.slots and self.active:
            self.selected = min(cursor, len(self.slots) - 1)
        self.marked = set()
        self.anchor = None
        self.group_drag = False
        self._place()

    def remove(self, card: Card) -> tuple[float, float]:
        """As ``HandFan.remove``; the other chosen cards stay chosen."""
        kept = [self.slots[i] for i in sorted(self.chosen) if i < len(self.slots)]
        where = super().remove(card)
        self.chosen = {i for i, slot in enumerate(self.slots) if any(slot is k for k in kept)}
        self.marked = set()
        self._place()
        return where

    @property
    def chosen_cards(self) -> list[Card]:
        """The chosen cards, left to right."""
        return [card for i in sorted(self.chosen) if (card := self.slots[i].card) is not None]

    def _slots_holding(self, cards: Sequence[Card]) -> set[int]:
        """The slots of ``cards``, one slot for each copy given, leftmost first."""
        wanted = list(cards)
        found: set[int] = set()
        for i, slot in enumerate(self.slots):
            if slot.card in wanted:
                wanted.remove(slot.card)
                found.add(i)
        return found

    def choose_cards(self, cards: Sequence[Card]) -> None:
        """Choose exactly ``cards`` (each identical card once per copy given)."""
        self.chosen = self._slots_holding(cards)
        self._place()

    def mark_cards(self, cards: Sequence[Card]) -> None:
        """Outline ``cards`` (one slot per copy given) as the ones a control will use."""
        self.marked = self._slots_holding(cards)
        self._place()

    def clear_choice(self) -> None:
        self.chosen = set()
        self.anchor = None
        self._place()

    def toggle(self, index: int, extend: bool = False) -> None:
        """A click on card ``index``: choose or unchoose it; with ``extend`` (shift),
        choose every card from the last one clicked to this one."""
        if extend and self.anchor is not None and self.anchor < len(self.slots):
            low, high = sorted((self.anchor, index))
            self.chosen |= set(range(low, high + 1))
        elif index in self.chosen:
            self.chosen.discard(index)
        else:
            self.chosen.add(index)
        self.anchor = index
        self._place()

    def set_legal(self, legal: Collection[Card], active: bool) -> None:
        super().set_legal(legal, active)
        if not active:
            self.chosen = set()
            self.anchor = None
            self.group_drag = False
            self._place()

    # -- layout ------------------------------------------------------------------

    def _place(self) -> None:
        super()._place()
        if not self.slots:
            return
        lift = self.sprites.size(self.card_width)[1] * 0.12
        for i, slot in enumerate(self.slots):
            if i == self.selected:
                # The cursor only outlines; being chosen is what raises a card.
                slot.target_y += lift * 1.1
            if i in self.chosen or i in self.marked:
                slot.target_y -= lift * 1.1

    # -- input -------------------------------------------------------------------

    def press(self, pos: tuple[int, int]) -> int | None:
        index = super().press(pos)
        self.group_drag = index is not None and index in self.chosen
        return index

    def dragged_cards(self) -> list[Card]:
        """What a drag now under way carries: every chosen card, or the one held."""
        if self.dragging is None:
            return []
        if self.group_drag:
            return self.chosen_cards
        card = self.slots[self.dragging].card
        return [card] if card is not None else []

    def _hidden_while_dragged(self, index: int) -> bool:
        if self.dragging is None or not self.drag_moved:
            return index == self.dragging
        return index == self.dragging or (self.group_drag and index in self.chosen)

    # -- frame -------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        for i, slot in enumerate(self.slots):
            if self._hidden_while_dragged(i):
                continue
            self._draw_slot(surface, slot, i)

    def draw_held(self, surface: pygame.Surface) -> None:
        if self.dragging is None:
            return
        carried = self.dragged_cards() if self.drag_moved else [self.slots[self.dragging].card]
        w = self.sprites.size(self.card_width)[0]
        step = w * _GROUP_SPREAD
        x0 = self.drag_pos[0] - step * (len(carried) - 1) / 2
        for n, card in enumerate(carried):
            at = (x0 + step * n, self.drag_pos[1])
            self.sprites.draw(surface, card, at, self.card_width, 0, outline=LIT)

    def _draw_slot(self, surface: pygame.Surface, slot: _Slot, index: int) -> None:
        card = slot.card
        playable = card in self.legal
        dim = self.active and not playable and card is not None
        outline = None
        if index in self.chosen:
            outline = SELECTED
        elif index in self.hinted_indices():
            outline = HINT
        elif index in self.marked:
            outline = MARKED
        elif index == self.selected:
            outline = CURSOR
        elif self.active and index == self.hover and card is not None:
            outline = LIT
        # On a chosen, hinted or marked card the keys' cursor rings it outside that
        # colour: it vanished there, and a play-tester counted key presses to find it.
        ring = CURSOR if index == self.selected and outline is not CURSOR else None
        outline, ring = self._with_lesson_ring(card, outline, ring)
        self.sprites.draw(surface, card, (slot.x, slot.y), self.card_width, slot.angle, dim=dim, outline=outline, ring=ring)


class GroupPlay(Generic[T]):
    """Mouse and keys on a ``MultiSelectFan``: choosing cards, and offering them to
    ``drop(cards, place)`` when they are dragged onto a place (``target_at`` says which
    place of type ``T`` is under a point) or when Enter is pressed (``place`` None: the
    layout picks). ``hover(place)`` is told the place under a drag as it moves, so the
    layout can light it; None when there is none or the drag ended. ``pick`` is what
    Enter does with no card chosen and none under the keys' cursor: by default what it
    does on every hand (``HandFan.enter``), or the layout's own choice of a card that
    fits somewhere, and its word when none does. ``fits`` says whether Enter can put the
    card under the cursor somewhere now; one that fits nowhere is passed over for
    ``pick``, as if the cursor were not on it."""

    def __init__(
        self,
        fan: MultiSelectFan,
        target_at: Callable[[tuple[int, int]], T | None],
        drop: Callable[[list[Card], T | None], None],
        hover: Callable[[T | None], None] = lambda place: None,
        pick: Callable[[], object] | None = None,
        fits: Callable[[Card], bool] = lambda card: True,
    ) -> None:
        self.fan = fan
        self.target_at = target_at
        self.drop = drop
        self.hover = hover
        self.pick = pick if pick is not None else fan.enter
        self.fits = fits

    def handle_event(self, event: pygame.event.Event) -> bool:
        """True when the event was about the hand."""
        fan = self.fan
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return fan.press(event.pos) is not None
        if event.type == pygame.MOUSEMOTION:
            fan.move(event.pos)
            dragging = fan.dragging is not None and fan.drag_moved
            self.hover(self.target_at(event.pos) if dragging else None)
            return dragging
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            return self._release(event.pos)
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        return False

    def _release(self, pos: tuple[int, int]) -> bool:
        fan = self.fan
        held = fan.dragging
        if held is None:
            return False
        cards = fan.dragged_cards()
        _, dragged = fan.release()
        fan.group_drag = False
        self.hover(None)
        if dragged:
            place = self.target_at(pos)
            if place is not None and cards:
                self.drop(cards, place)
            return True
        shift = bool(pygame.key.get_mods() & pygame.KMOD_SHIFT)
        fan.toggle(held, extend=shift)
        return True

    def _key(self, event: pygame.event.Event) -> bool:
        fan = self.fan
        if not fan.active or not fan.slots:
            return False
        key = event.key
        shift = bool(event.mod & pygame.KMOD_SHIFT)
        if key in (pygame.K_LEFT, pygame.K_RIGHT):
            step = 1 if key == pygame.K_RIGHT else -1
            was = fan.selected
            if was is None:
                # The first arrow starts from the hinted cards, as in the trick games
                # (a play-tester's first Right went to the far left instead).
                hinted = sorted(fan.hinted_indices())
                fan.select(hinted[0] if hinted else 0 if step > 0 else len(fan.slots) - 1)
            else:
                fan.select((was + step) % len(fan.slots))
            if shift and fan.selected is not None:
                # Shift and an arrow choose as they go: the card left and the one reached.
                fan.chosen |= {fan.selected} | ({was} if was is not None else set())
                fan.anchor = fan.selected
                fan.select(fan.selected)
            return True
        if key in (pygame.K_HOME, pygame.K_END):
            fan.select(len(fan.slots) - 1 if key == pygame.K_END else 0)
            return True
        if key == pygame.K_SPACE:
            if fan.selected is not None:
                fan.toggle(fan.selected)
            else:
                # Nothing pointed at yet: the first Space points at the leftmost card,
                # as the first Enter picks one; a play-tester's first Space did nothing
                # to be seen. It chooses nothing the player has not seen outlined.
                fan.select(0)
            return True
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            # Chosen cards go where they fit; with none chosen, the card under the
            # cursor goes if it fits somewhere, else a card is picked for the next Enter.
            picked = fan.selected_card
            if picked is not None and not self.fits(picked):
                picked = None
            cards = fan.chosen_cards or ([picked] if picked is not None else [])
            if cards:
                self.drop(cards, None)
                if picked is not None and fan.index_of(picked) is None:
                    # The card under the cursor went to the books and its neighbour slid
                    # into its place: the next Enter picks afresh rather than act on a
                    # card the player never picked.
                    fan.select(None)
            else:
                self.pick()
            return True
        return False
