"""Choosing several cards from the hand: a click chooses or lets go, a shift-click
chooses a range, the keys do the same, and a drag carries every chosen card (or just
the one held) to the place it is dropped on. Identical cards from different packs each
keep their own place in the fan."""

from __future__ import annotations

import pygame
import pytest

from cardtable_gui.card_art import CardArt
from cardtable_gui.cards import Card, parse_cards
from cardtable_gui.scenes.table.card_sprites import CardSprites
from cardtable_gui.scenes.table.hand_fan import LIT
from cardtable_gui.scenes.table.multi_select import CURSOR, GroupPlay, MultiSelectFan

HAND = parse_cards("4H 4S 4D 7C 7C 9H JS QD KD AH")
AREA = pygame.Rect(100, 500, 900, 200)
PLACE = pygame.Rect(300, 100, 200, 150)


@pytest.fixture
def fan() -> MultiSelectFan:
    pygame.init()
    fan = MultiSelectFan(CardSprites(CardArt()))
    fan.layout(AREA, 80)
    fan.set_hand(HAND, keep_order=True)
    fan.layout(AREA, 80)
    fan.set_legal(fan.cards, True)
    return fan


def grip(fan: MultiSelectFan, index: int) -> tuple[int, int]:
    rect = fan.card_rect(index)
    return (rect.left + 6, rect.top + rect.height // 4)


class Table:
    """Records what was dropped where."""

    def __init__(self, fan: MultiSelectFan) -> None:
        self.drops: list[tuple[list[Card], object]] = []
        self.play = GroupPlay(fan, lambda pos: "place" if PLACE.collidepoint(pos) else None, self.dropped)

    def dropped(self, cards: list[Card], place: object) -> None:
        self.drops.append((cards, place))

    def send(self, kind: int, **fields: object) -> bool:
        return self.play.handle_event(pygame.event.Event(kind, **fields))

    def click(self, pos: tuple[int, int]) -> None:
        self.send(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
        self.send(pygame.MOUSEBUTTONUP, pos=pos, button=1)

    def key(self, key: int, mod: int = 0) -> None:
        self.send(pygame.KEYDOWN, key=key, mod=mod, unicode="")

    def drag(self, start: tuple[int, int], end: tuple[int, int]) -> None:
        self.send(pygame.MOUSEBUTTONDOWN, pos=start, button=1)
        for step in range(1, 5):
            pos = (start[0] + (end[0] - start[0]) * step // 4, start[1] + (end[1] - start[1]) * step // 4)
            self.send(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0))
        self.send(pygame.MOUSEBUTTONUP, pos=end, button=1)


def test_a_click_chooses_and_a_second_lets_go(fan) -> None:
    table = Table(fan)
    table.click(grip(fan, 3))
    assert fan.chosen_cards == [Card.parse("7C")]
    table.click(grip(fan, 3))
    assert fan.chosen_cards == []
    assert table.drops == []


def test_a_shift_click_chooses_the_range(fan) -> None:
    table = Table(fan)
    table.click(grip(fan, 0))
    pygame.key.set_mods(pygame.KMOD_SHIFT)
    try:
        table.click(grip(fan, 2))
    finally:
        pygame.key.set_mods(0)
    assert fan.chosen_cards == parse_cards("4H 4S 4D")


def test_the_keys_choose_as_the_mouse_does(fan) -> None:
    table = Table(fan)
    table.key(pygame.K_RIGHT)
    table.key(pygame.K_SPACE)
    table.key(pygame.K_RIGHT, pygame.KMOD_SHIFT)
    table.key(pygame.K_RIGHT, pygame.KMOD_SHIFT)
    assert fan.chosen_cards == parse_cards("4H 4S 4D")
    table.key(pygame.K_RETURN)
    assert table.drops == [(parse_cards("4H 4S 4D"), None)]


def test_the_first_space_points_at_a_card_without_choosing_it(fan) -> None:
    """Seen in a practice game: the first Space did nothing to be seen."""
    table = Table(fan)
    table.key(pygame.K_SPACE)
    assert fan.selected == 0 and fan.chosen_cards == []
    table.key(pygame.K_SPACE)
    assert fan.chosen_cards == [fan.slots[0].card]


def test_home_and_end_jump_and_the_cursor_stays_after_a_meld(fan) -> None:
    table = Table(fan)
    table.key(pygame.K_END)
    assert fan.selected_card == Card.parse("AH")
    table.key(pygame.K_HOME)
    for _ in range(3):
        table.key(pygame.K_RIGHT)
    assert fan.selected == 3
    fan.set_hand([card for card in fan.cards if card != Card.parse("4H")], keep_order=True)
    assert fan.selected == 3, "melding cards away keeps the keyboard cursor where it was"


def test_dragging_a_chosen_card_carries_them_all(fan) -> None:
    table = Table(fan)
    for index in (5, 1):
        table.click(grip(fan, index))
    fan.layout(AREA, 80)
    table.drag(grip(fan, 1), PLACE.center)
    assert table.drops == [(parse_cards("4S 9H"), "place")]


def test_dragging_another_card_carries_only_that_card(fan) -> None:
    table = Table(fan)
    table.click(grip(fan, 5))
    fan.layout(AREA, 80)
    table.drag(grip(fan, 8), PLACE.center)
    assert table.drops == [([Card.parse("KD")], "place")]
    assert fan.chosen_cards == [Card.parse("9H")]


def test_a_drop_outside_any_place_drops_nothing(fan) -> None:
    table = Table(fan)
    table.drag(grip(fan, 0), (10, 10))
    assert table.drops == []


def test_identical_cards_each_keep_their_place(fan) -> None:
    sevens = [slot for slot in fan.slots if slot.card == Card.parse("7C")]
    assert len(sevens) == 2
    fan.set_hand([*HAND, Card.parse("2S")], keep_order=True)
    assert [slot for slot in fan.slots if slot.card == Card.parse("7C")] == sevens


def test_the_keys_cursor_never_looks_like_the_mouse_hover(fan) -> None:
    """X discards the card the keys point at: a player must never take the card under
    the mouse for it, so the two outlines differ."""
    fan.active = True
    fan.selected, fan.hover = 2, 5
    outlines: dict[Card | None, object] = {}
    draw = fan.sprites.draw

    def record(surface, card, center, width, angle=0.0, dim=False, outline=None, shadow=True, ring=None):  # type: ignore[no-untyped-def]
        outlines[card] = outline
        return draw(surface, card, center, width, angle, dim, outline, shadow)

    fan.sprites.draw = record  # type: ignore[method-assign]
    fan.draw(pygame.Surface((1200, 800)))
    assert outlines[HAND[2]] == CURSOR
    assert outlines[HAND[5]] == LIT
    assert CURSOR != LIT


def test_the_first_arrow_starts_from_the_hinted_cards(fan) -> None:
    """Seen in a practice game: with the hint on a card, the first Right went to the
    leftmost card, where the trick games start from the hinted one."""
    table = Table(fan)
    fan.show_hint([fan.slots[3].card])
    table.key(pygame.K_RIGHT)
    assert fan.selected == 3


def test_the_keys_cursor_shows_on_a_chosen_or_hinted_card(fan) -> None:
    """Seen in a practice game: on a hinted or chosen card the violet cursor vanished."""
    fan.show_hint([fan.slots[2].card])
    fan.chosen = {5}
    marks: dict[int, tuple[object, object]] = {}
    draw = fan.sprites.draw

    def spy(surface, card, *args, outline=None, ring=None, **kwargs):
        marks[fan.index_of(card)] = (outline, ring)
        return draw(surface, card, *args, outline=outline, ring=ring, **kwargs)

    fan.sprites.draw = spy  # type: ignore[method-assign]
    for index in (2, 5):
        fan.select(index)
        fan.draw(pygame.Surface((1200, 800)))
        assert marks[index][1] == CURSOR, index
