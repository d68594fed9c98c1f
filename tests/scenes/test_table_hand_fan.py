"""The fanned hand: centred in its area, and a hand too long for a narrow area takes the
free room offered at its right before it squeezes its cards."""

from __future__ import annotations

import pygame

from cardtable_gui.card_art import CardArt
from cardtable_gui.cards import Card
from cardtable_gui.scenes.table.card_sprites import CardSprites
from cardtable_gui.scenes.table.hand_fan import HINT, SELECTED, HandFan

HAND = [Card.parse(text) for text in "2C 6C QC 5D 8D JD 3H 4H 10H AH 4S 7S 9S".split()]


def fanned(area: pygame.Rect, spill: int) -> list[pygame.Rect]:
    fan = HandFan(CardSprites(CardArt()))
    fan.set_hand(HAND)
    fan.layout(area, 90, spill=spill)
    return fan.rects_of(HAND)


def test_a_hand_with_room_stays_centred_and_leaves_the_spare_room_alone() -> None:
    area = pygame.Rect(200, 600, 900, 200)
    rects = fanned(area, spill=0)
    assert fanned(area, spill=200) == rects
    middle = (rects[0].left + rects[-1].right) / 2
    assert abs(middle - area.centerx) < 2


def test_a_squeezed_hand_takes_the_room_at_its_right() -> None:
    area = pygame.Rect(200, 600, 480, 200)
    squeezed = fanned(area, spill=0)
    spread = fanned(area, spill=200)
    assert spread[1].left - spread[0].left > squeezed[1].left - squeezed[0].left
    assert spread[0].left >= area.left and spread[-1].right <= area.right + 200 + 10


def hinted_hand(card: Card) -> HandFan:
    """The whole of ``HAND`` laid out and playable, the Hint on ``card``."""
    fan = HandFan(CardSprites(CardArt()))
    fan.set_hand(HAND)
    fan.layout(pygame.Rect(0, 500, 1200, 200), 90)
    fan.set_legal(HAND, True)
    fan.show_hint([card])
    return fan


def test_the_hinted_card_picked_with_the_keys_shows_both_marks() -> None:
    """Seen: the Hint's pink ring vanished under the keys' outline when the hinted card
    was also the picked one. The picked card keeps the Hint's colour around its own."""
    ace = Card.parse("AH")
    fan = hinted_hand(ace)
    fan.select(fan.index_of(ace))
    marks: dict[Card, tuple[object, object]] = {}
    draw = fan.sprites.draw

    def spy(surface, card, *args, outline=None, ring=None, **kwargs):
        marks[card] = (outline, ring)
        return draw(surface, card, *args, outline=outline, ring=ring, **kwargs)

    fan.sprites.draw = spy  # type: ignore[method-assign]
    fan.draw(pygame.Surface((1200, 800)))
    assert marks[ace] == (SELECTED, HINT)
    image = fan.sprites.image(ace, 90, outline=SELECTED, ring=HINT)
    colours = {tuple(image.get_at((x, image.get_height() // 2)))[:3] for x in range(image.get_width())}
    assert SELECTED in colours and HINT in colours


def test_the_first_arrow_starts_from_the_hinted_card() -> None:
    """Seen: with the Hint on the jack of diamonds and nothing picked, the first Left
    went to the far right of the hand. The first arrow picks the hinted card, as Enter
    does; with no hint, Right starts at the left end and Left at the right end."""
    jack = Card.parse("JD")
    fan = hinted_hand(jack)
    fan.select_step(-1)
    assert fan.selected_card == jack
    fan.select_step(-1)
    assert fan.selected_card == Card.parse("8D")
    fan.show_hint([])
    fan.select(None)
    fan.select_step(-1)
    assert fan.selected_card == HAND[-1]
    fan.select(None)
    fan.select_step(1)
    assert fan.selected_card == HAND[0]


def test_a_card_let_go_away_from_the_hand_is_no_longer_outlined_as_pointed_at() -> None:
    """Seen in Hand and Foot: a card dragged off and refused glided home with the gold
    outline of the card under the mouse, though the mouse was out on the table."""
    fan = HandFan(CardSprites(CardArt()))
    fan.set_hand(HAND)
    fan.layout(pygame.Rect(0, 500, 1200, 200), 90)
    fan.set_legal(HAND, True)
    grip = fan.rects_of([HAND[4]])[0].center
    fan.move(grip)
    assert fan.hover == 4
    fan.press(grip)
    fan.move((grip[0], 100))
    card, dragged = fan.release()
    assert (card, dragged) == (HAND[4], True)
    assert fan.hover is None
    fan.move(grip)
    assert fan.hover is not None, "pointing at the hand again outlines the card pointed at"
