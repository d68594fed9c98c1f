"""The player's own hand, fanned along the bottom of the table.

Cards are sorted by suit and rank, spread in a gentle arc, and glide to their places
when the hand changes. Cards that may be played now are raised and lit, the others are
dimmed; the card under the mouse lifts further. The fan answers which card is under a
point, and carries a card being dragged; the table decides what a drop means.
A hidden hand (not looked at yet) is drawn as backs.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Sequence
from dataclasses import dataclass

import pygame

from cardtable_gui.cards import Card
from cardtable_gui.scenes.table.animation import approach
from cardtable_gui.scenes.table.card_sprites import CardSprites

LIT = (255, 214, 102)
_BOTTOM_MARGIN = 0.05
"""Clear space under the lowest card, as a share of the card's height."""
SELECTED = (120, 220, 255)
HINT = (255, 120, 205)
"""The Hint's colour: unlike the selection, the playable glow or marked cards."""
LESSON_RING = (255, 150, 0)
"""A lesson's ring: the colour of its rings round everything else on the table."""
LESSON_RING_STEPS = 6
"""The shades a ringed hand card's ring pulses through: the card's picture is drawn
with its ring and kept, so a few shades keep the pictures few."""
_ARC_DEGREES = 14.0
LIFT = 0.12
"""A card's rise, in card heights, of which each reason below adds a share."""
RISE_LEGAL, RISE_HOVER, RISE_HINTED, RISE_SELECTED = 0.5, 0.6, 0.4, 1.1


def lesson_pulse(ticks: int) -> float:
    """How bright a lesson's rings are at ``ticks`` milliseconds, from 0 to 1: every
    ring of a lesson, in the hand or on the table, pulses together."""
    return 0.5 + 0.5 * math.sin(ticks / 260)


def lesson_ring_shade(pulse: float) -> tuple[int, int, int]:
    """``LESSON_RING`` at ``pulse`` (``lesson_pulse``), in one of ``LESSON_RING_STEPS``
    shades: dimmed to seven tenths at the faintest, still plainly the lesson's orange
    and not the Hint's or the selection's colour."""
    level = round(pulse * (LESSON_RING_STEPS - 1)) / (LESSON_RING_STEPS - 1)
    share = 0.7 + 0.3 * level
    red, green, blue = LESSON_RING
    return round(red * share), round(green * share), round(blue * share)


def reach_for(card_height: int) -> int:
    """How far above its resting place a card ``card_height`` tall may rise: what a
    layout sizing its cards keeps free above the hand."""
    return math.ceil(card_height * LIFT * (RISE_LEGAL + RISE_HOVER + RISE_HINTED + RISE_SELECTED))


@dataclass(eq=False)
class _Slot:
    """One card of the fan: where it is drawn now and where it is heading."""

    card: Card | None
    x: float
    y: float
    angle: float = 0.0
    target_x: float = 0.0
    target_y: float = 0.0
    rest_y: float = 0.0
    """Where the card's centre sits when nothing raises it."""


class HandFan:
    """A fanned hand: layout, hover, selection, legal highlighting and dragging."""

    def __init__(self, sprites: CardSprites) -> None:
        self.sprites = sprites
        self.area = pygame.Rect(0, 0, 0, 0)
        self.spill = 0
        self.card_width = 80
        self.slots: list[_Slot] = []
        self.legal: frozenset[Card] = frozenset()
        self.hinted: tuple[Card, ...] = ()
        """The cards of the move the Hint suggests: raised a little and outlined in the Hint's colour."""
        self.hinted_pick: Card | None = None
        """The one of them Enter picks (``show_hint``)."""
        self._picked_before_hint: Card | None = None
        self.ringed: tuple[Card, ...] = ()
        """Cards a lesson points at, ringed with the card itself (``LESSON_RING``): the
        ring turns and rises with the card and stays under the cards that overlap it."""
        self.active = False
        self.hover: int | None = None
        self.selected: int | None = None
        self.dragging: int | None = None
        self.drag_pos: tuple[float, float] = (0.0, 0.0)
        self._drag_offset: tuple[float, float] = (0.0, 0.0)
        self._press_pos: tuple[int, int] | None = None
        self.spawn: tuple[float, float] | None = None

    # -- content -----------------------------------------------------------------

    @property
    def cards(self) -> list[Card]:
        return [slot.card for slot in self.slots if slot.card is not None]

    def set_hand(self, cards: Sequence[Card], hidden: int = 0, keep_order: bool = False) -> None:
        """Show ``cards`` sorted by suit and rank (in the order given, with
        ``keep_order``), or ``hidden`` backs. Cards already in the fan keep their place
        and glide; new ones come from ``spawn`` (the deck). Identical cards (games
        played with several packs) each keep a place of their own."""
        old: dict[Card, list[_Slot]] = {}
        for slot in self.slots:
            if slot.card is not None:
                old.setdefault(slot.card, []).append(slot)
        backs = [slot for slot in self.slots if slot.card is None]
        shown = list(cards) if keep_order else sorted(cards, key=Card.sort_key)
        ordered: list[Card | None] = list(shown) if cards else [None] * hidden
        start = self.spawn or (self.area.centerx, self.area.bottom + self.area.height)
        slots: list[_Slot] = []
        for card in ordered:
            places = old.get(card) if card is not None else None
            previous = places.pop(0) if places else None
            if previous is None and backs:
                previous = backs.pop(0)
                previous = _Slot(card, previous.x, previous.y, previous.angle)
            slots.append(previous or _Slot(card, start[0], start[1]))
        self.slots = slots
        self.hover = self.selected = self.dragging = None
        self._place()

    def ring(self, cards: Sequence[Card]) -> None:
        """Ring ``cards`` (a lesson points at them); they stand raised as if picked, so a
        ring that rises above a neighbour is seen to be theirs (one on the 2 of hearts
        ran along the top of the 7 beside it, and both looked ringed)."""
        if tuple(cards) != self.ringed:
            self.ringed = tuple(cards)
            self._place()

    def set_legal(self, legal: Collection[Card], active: bool) -> None:
        """Which cards may be played; ``active`` is False when it is not our turn (no
        card is dimmed then, and none can be picked up)."""
        self.legal = frozenset(legal)
        self.active = active
        if not active:
            self.selected = None
        self._place()

    def show_hint(self, cards: Sequence[Card], pick: Card | None = None) -> None:
        """Raise the cards of the Hint's move (none: lower them again). ``pick`` is the
        card of them Enter plays (by default the only one): a card already picked with
        the keys moves to it, and Enter with none picked picks it, so that Enter plays
        what the Hint points at. A play-tester's Enter played the card the keys were
        on, beside the ringed one. Taking the Hint down gives the pick back to the card
        it was moved from."""
        moved_from, self._picked_before_hint = self._picked_before_hint, None
        if not cards and moved_from is not None and self.selected_card == self.hinted_pick:
            self.selected = self.index_of(moved_from)
        self.hinted = tuple(cards)
        self.hinted_pick = pick if pick is not None else (cards[0] if len(cards) == 1 else None)
        target = self._hinted_choice()
        if self.selected is not None and target is not None and target != self.selected:
            self._picked_before_hint = self.selected_card
            self.selected = target
        self._place()

    def indices_of(self, cards: Sequence[Card]) -> list[int]:
        """The slots holding ``cards``, one slot per card named (a card named twice,
        from a game with two packs, finds both copies)."""
        wanted = list(cards)
        found = []
        for i, slot in enumerate(self.slots):
            if slot.card is not None and slot.card in wanted:
                wanted.remove(slot.card)
                found.append(i)
        return found

    def rects_of(self, cards: Sequence[Card]) -> list[pygame.Rect]:
        """Where ``cards`` are drawn now (see ``indices_of``)."""
        return [self.card_rect(i) for i in self.indices_of(cards)]

    def remove(self, card: Card) -> tuple[float, float]:
        """Take ``card`` out of the fan (it was played); returns where it was drawn."""
        for i, slot in enumerate(self.slots):
            if slot.card == card:
                where = (slot.x, slot.y)
                if self.dragging == i:
                    where = self.drag_pos
                del self.slots[i]
                self.hover = self.selected = self.dragging = None
                self._place()
                return where
        return (self.area.centerx, self.area.centery)

    # -- layout ------------------------------------------------------------------

    def layout(self, area: pygame.Rect, card_width: int, spill: int = 0) -> None:
        """Fan the hand centred in ``area``; a hand too long for it may also take up to
        ``spill`` pixels more at the right (free room a narrow table has there) rather
        than squeeze its cards."""
        self.area = pygame.Rect(area)
        self.spill = spill
        self.card_width = card_width
        self._place()
        for slot in self.slots:
            slot.x, slot.y = slot.target_x, slot.target_y

    def _place(self) -> None:
        n = len(self.slots)
        if not n:
            return
        w, h = self.sprites.size(self.card_width)
        room = pygame.Rect(self.area)
        room.width += max(0, min(self.spill, round(w + w * 0.62 * (n - 1)) - room.width))
        step = min(w * 0.62, (room.width - w) / max(1, n - 1)) if n > 1 else 0
        total = step * (n - 1)
        left = room.centerx - total / 2
        # The outermost cards sit lowest and are turned furthest, which pushes a corner
        # further down: the whole face of every card stays above the area's bottom.
        tilt = math.radians(_ARC_DEGREES / 2) if n > 1 else 0.0
        turned_half = (w * math.sin(tilt) + h * math.cos(tilt)) / 2
        drop = h * 0.08 if n > 1 else 0.0
        base_y = self.area.bottom - h * _BOTTOM_MARGIN - drop - turned_half
        lift = h * LIFT
        hinted = self.hinted_indices()
        for i, slot in enumerate(self.slots):
            spread = (i - (n - 1) / 2) / max(1, (n - 1) / 2) if n > 1 else 0.0
            slot.target_x = left + step * i
            slot.rest_y = slot.target_y = base_y + (spread**2) * h * 0.08
            # The tilt is set at once, not glided: it changes by under a degree when
            # the hand changes (new cards arrive from below the window), and every whole
            # degree passed on the way would be one more turned copy of the card to make.
            slot.angle = -spread * _ARC_DEGREES / 2
            if self.active and slot.card in self.legal:
                slot.target_y -= lift * RISE_LEGAL
            if i == self.hover and self._can_pick(i):
                slot.target_y -= lift * RISE_HOVER
            if i in hinted:
                slot.target_y -= lift * RISE_HINTED
            if i == self.selected or slot.card in self.ringed:
                slot.target_y -= lift * RISE_SELECTED

    def reach(self) -> int:
        """How far above its resting place a card may rise (playable, under the mouse,
        hinted and chosen all at once): what a layout keeps free above the hand."""
        return reach_for(self.sprites.size(self.card_width)[1])

    def room(self) -> pygame.Rect:
        """Where the hand may be drawn while it stays put: every card turned as it is
        drawn, at its place in the fan, from its resting height up to the highest it may
        rise. A note placed clear of this is not covered by a card the player raises by
        choosing or pointing at it, and need not move out of its way."""
        if not self.slots:
            return pygame.Rect(self.area.centerx, self.area.bottom, 0, 0)
        resting = [self._turned((slot.target_x, slot.rest_y), slot.angle) for slot in self.slots]
        room = resting[0].unionall(resting[1:])
        reach = self.reach()
        room.top -= reach
        room.height += reach
        return room

    def stands_above(self, index: int, other: int) -> bool:
        """Whether card ``index`` has risen further than card ``other`` now (chosen,
        hinted, pointed at or playable where the other is not), so that more of it
        shows above the other than at rest."""
        raised, other_raised = (self.slots[i].rest_y - self.slots[i].y for i in (index, other))
        return raised - other_raised >= 1

    def drawn_rect(self, index: int) -> pygame.Rect:
        """The box around card ``index`` as drawn now, turned with the fan."""
        slot = self.slots[index]
        return self._turned((slot.x, slot.y), slot.angle)

    def _turned(self, center: tuple[float, float], angle: float) -> pygame.Rect:
        w, h = self.sprites.size(self.card_width)
        turn = math.radians(angle)
        cos, sin = abs(math.cos(turn)), abs(math.sin(turn))
        rect = pygame.Rect(0, 0, math.ceil(w * cos + h * sin), math.ceil(w * sin + h * cos))
        rect.center = (round(center[0]), round(center[1]))
        return rect

    def card_rect(self, index: int) -> pygame.Rect:
        slot = self.slots[index]
        return self.sprites.rect((slot.x, slot.y), self.card_width)

    @property
    def gliding(self) -> bool:
        """Whether a card is still on its way to its place (arriving from below the
        window, rising when it may be played)."""
        return any(abs(slot.x - slot.target_x) > 1 or abs(slot.y - slot.target_y) > 1 for slot in self.slots)

    def bounds(self) -> pygame.Rect:
        """The space the fan's cards take up now (for layout checks)."""
        if not self.slots:
            return pygame.Rect(self.area.centerx, self.area.bottom, 0, 0)
        return self.card_rect(0).unionall([self.card_rect(i) for i in range(len(self.slots))])

    # -- input -------------------------------------------------------------------

    def hit_test(self, pos: tuple[int, int]) -> int | None:
        """The index of the top-most card under ``pos``. Cards overlap left to right, so
        a point on the visible strip of a card finds that card. A raised card keeps
        the place it rose from: the second click of a double-click near its foot,
        made after the first had chosen and raised it, went to the card beside it."""
        for i in range(len(self.slots) - 1, -1, -1):
            if i == self.dragging:
                continue
            if self.card_rect(i).collidepoint(pos) or self._resting_rect(i).collidepoint(pos):
                return i
        return None

    def _resting_rect(self, index: int) -> pygame.Rect:
        """Card ``index`` at its place in the fan when nothing raises it (a card
        refused after a drag is still gliding back there from where it was dropped)."""
        slot = self.slots[index]
        return self.sprites.rect((slot.target_x, slot.rest_y), self.card_width)

    def _can_pick(self, index: int) -> bool:
        return self.active and self.slots[index].card is not None

    def hover_at(self, pos: tuple[int, int]) -> None:
        index = self.hit_test(pos)
        if index != self.hover:
            self.hover = index
            self._place()

    def press(self, pos: tuple[int, int]) -> int | None:
        """Mouse down: pick up the card under ``pos`` (it may become a drag)."""
        index = self.hit_test(pos)
        if index is None or not self._can_pick(index):
            return None
        slot = self.slots[index]
        self.dragging = index
        self._press_pos = pos
        self._drag_offset = (slot.x - pos[0], slot.y - pos[1])
        self.drag_pos = (slot.x, slot.y)
        return index

    def move(self, pos: tuple[int, int]) -> None:
        if self.dragging is not None:
            self.drag_pos = (pos[0] + self._drag_offset[0], pos[1] + self._drag_offset[1])
        else:
            self.hover_at(pos)

    @property
    def drag_moved(self) -> bool:
        """True once the pressed card has travelled far enough to count as a drag."""
        if self.dragging is None or self._press_pos is None:
            return False
        slot = self.slots[self.dragging]
        dx = self.drag_pos[0] - slot.x
        dy = self.drag_pos[1] - slot.y
        return dx * dx + dy * dy > (self.card_width * 0.15) ** 2

    def release(self) -> tuple[Card | None, bool]:
        """Mouse up: the card that was held, and whether it was dragged (not clicked).
        A dragged card starts from where it was dropped if the table sends it back."""
        if self.dragging is None:
            return None, False
        index = self.dragging
        moved = self.drag_moved
        slot = self.slots[index]
        if moved:
            slot.x, slot.y = self.drag_pos
            # The mouse is where the card was let go, not over the card it pressed: a
            # refused card glided home still outlined as if pointed at.
            self.hover = None
        self.dragging = None
        self._press_pos = None
        if moved:
            self._place()
        return slot.card, moved

    def select(self, index: int | None) -> None:
        self.selected = index
        self._place()

    def select_step(self, step: int) -> None:
        """Move the keyboard selection left or right, landing only on playable cards.
        With nothing selected yet, an arrow picks the Hint's card (or a lesson's ringed
        one), as Enter does: a play-tester's first Left went from the hinted jack to
        the far end of the hand. With none, Right picks the leftmost, Left the rightmost."""
        choices = self._choices()
        if not choices:
            return
        if self.selected not in choices:
            start = self._hinted_choice()
            if start is None:
                start = self._ringed_choice()
            if start is None:
                start = choices[0] if step > 0 else choices[-1]
            self.select(start)
            return
        at = choices.index(self.selected)
        self.select(choices[(at + step) % len(choices)])

    def enter(self) -> Card | None:
        """What Enter does on the hand, the same in every game: the picked card, for
        the game to play (or place); with none picked, it picks the Hint's card, or
        else the leftmost card that may be played, and returns None, so the next Enter
        plays a card the player has seen raised, never one they did not see. Enter
        with nothing picked did nothing at all, and said nothing."""
        card = self.selected_card
        if card is None:
            hinted = self._hinted_choice()
            if hinted is None:
                hinted = self._ringed_choice()
            if hinted is not None:
                self.select(hinted)
            else:
                self.select_step(1)
        return card

    def select_end(self, last: bool) -> None:
        """Home and End: the leftmost or rightmost playable card."""
        choices = self._choices()
        if choices:
            self.select(choices[-1] if last else choices[0])

    def _hinted_choice(self) -> int | None:
        """The slot of the Hint's card for Enter, when the keys may pick it."""
        if self.hinted_pick is None or not self.active:
            return None
        index = self.index_of(self.hinted_pick)
        return index if index in self._choices() else None

    def _ringed_choice(self) -> int | None:
        """The slot of the one card a lesson rings, for Enter, when the keys may pick it
        (in a lesson, Enter went to the leftmost card, past the queen the step named)."""
        if len(self.ringed) != 1 or not self.active:
            return None
        index = self.index_of(self.ringed[0])
        return index if index in self._choices() else None

    def _choices(self) -> list[int]:
        """Where the keyboard may stop: the playable cards (all of them if none is)."""
        if not self.slots or not self.active:
            return []
        return [i for i, s in enumerate(self.slots) if s.card in self.legal] or list(range(len(self.slots)))

    def index_of(self, card: Card) -> int | None:
        return next((i for i, s in enumerate(self.slots) if s.card == card), None)

    @property
    def selected_card(self) -> Card | None:
        if self.selected is None or self.selected >= len(self.slots):
            return None
        return self.slots[self.selected].card

    # -- frame -------------------------------------------------------------------

    def update(self, dt: float) -> None:
        for slot in self.slots:
            slot.x = approach(slot.x, slot.target_x, dt)
            slot.y = approach(slot.y, slot.target_y, dt)

    def draw(self, surface: pygame.Surface) -> None:
        """The hand, but for the card being dragged (``draw_held``)."""
        for i, slot in enumerate(self.slots):
            if i == self.dragging:
                continue
            self._draw_slot(surface, slot, i)

    def draw_held(self, surface: pygame.Surface) -> None:
        """The card being dragged, at the pointer: the table draws it above everything
        else on it, since a card dragged under the Hint's tag was half hidden."""
        if self.dragging is not None:
            slot = self.slots[self.dragging]
            self.sprites.draw(surface, slot.card, self.drag_pos, self.card_width, 0, outline=LIT)

    def _with_lesson_ring(
        self, card: Card | None, outline: tuple[int, int, int] | None, ring: tuple[int, int, int] | None
    ) -> tuple[tuple[int, int, int] | None, tuple[int, int, int] | None]:
        """``outline`` and ``ring`` with a lesson's ring round them where a lesson
        points at ``card``."""
        if card is None or card not in self.ringed:
            return outline, ring
        shade = lesson_ring_shade(lesson_pulse(pygame.time.get_ticks()))
        return (outline, shade) if outline is not None else (shade, shade)

    def hinted_indices(self) -> set[int]:
        """The slots of the hinted cards, while the hand may be played from."""
        return set(self.indices_of(self.hinted)) if self.active else set()

    def _draw_slot(self, surface: pygame.Surface, slot: _Slot, index: int) -> None:
        playable = slot.card in self.legal
        dim = self.active and not playable and slot.card is not None
        outline = ring = None
        hinted = index in self.hinted_indices()
        if index == self.selected:
            # The hinted card picked with the keys keeps the Hint's colour around the pick's.
            outline, ring = SELECTED, HINT if hinted else None
        elif hinted:
            outline = HINT
        elif self.active and playable and index == self.hover:
            outline = LIT
        outline, ring = self._with_lesson_ring(slot.card, outline, ring)
        self.sprites.draw(
            surface, slot.card, (slot.x, slot.y), self.card_width, slot.angle, dim=dim, outline=outline, ring=ring
        )
