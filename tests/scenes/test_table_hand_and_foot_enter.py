"""Enter with no card chosen at the Hand and Foot table does what a player expects.
Before drawing it says to draw first, and picks nothing. After drawing it picks the
leftmost card that goes onto one of the side's books now, for the next Enter to put
there; when none does, it says why and what to do instead. (It picked the leftmost
card whatever it was: a 3, which the next Enter said never goes in a book; before
drawing, a card picked and then "Draw first".)"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from cardtable_gui.app_window import App
from cardtable_gui.cards import parse_cards
from cardtable_gui.rules.hand_and_foot import Phase
from cardtable_gui.scenes.table import TableScene
from cardtable_gui.scenes.table.layouts.hand_and_foot.controls import DRAW_FIRST_NO_PILE, NO_BOOKS_YET, NOTHING_FITS
from tests.scenes.test_table_hand_and_foot import key, wait_turn
from tests.scenes.test_table_hand_and_foot_controls import dealt, discard, draw_and_lay_down
from tests.scenes.test_table_support import make_app, start_table

OPENING = "8H 8S 8D QH QS QD"
HAND = f"3D {OPENING} 5H 6H 9S 10S"


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    app = make_app(tmp_path, (1024, 640))
    yield app
    app.quit()


def enter(app: App) -> None:
    key(app, pygame.K_RETURN)


def second_turn_drawn(app: App) -> TableScene:
    """The eights and queens laid down and the 5H thrown on the first turn; on the
    second, two cards drawn (the QC, which goes on the queens, among them)."""
    scene = start_table(app, dealt(HAND, ("KD 4C", "QC 4D")))
    draw_and_lay_down(app, scene, OPENING)
    discard(app, scene, "5H")
    wait_turn(app, scene, Phase.DRAW)
    key(app, pygame.K_d)
    wait_turn(app, scene, Phase.PLAY)
    return scene


def test_before_drawing_enter_says_draw_first_and_picks_nothing(app: App) -> None:
    scene = start_table(app, dealt(HAND, ("KD 4C", "QC 4D")))
    wait_turn(app, scene, Phase.DRAW)
    enter(app)
    assert scene.message == DRAW_FIRST_NO_PILE, "no pair for the 9D on the pile"
    assert scene.table.fan.selected is None


def test_with_no_books_yet_enter_says_how_to_start_one(app: App) -> None:
    scene = start_table(app, dealt(HAND, ("KD 4C", "QC 4D")))
    wait_turn(app, scene, Phase.DRAW)
    key(app, pygame.K_d)
    wait_turn(app, scene, Phase.PLAY)
    enter(app)
    assert scene.message == NO_BOOKS_YET
    assert "press L" in NO_BOOKS_YET and "X to discard" in NO_BOOKS_YET
    assert scene.table.fan.selected is None


def test_when_no_card_fits_a_book_enter_says_so_and_what_to_do(app: App) -> None:
    scene = start_table(app, dealt(HAND, ("KD 4C", "QC 4D")))
    draw_and_lay_down(app, scene, OPENING)
    enter(app)
    assert scene.message == NOTHING_FITS
    assert scene.table.fan.selected is None


def test_enter_picks_the_leftmost_card_that_goes_on_a_book_and_the_next_enter_puts_it_there(app: App) -> None:
    scene = second_turn_drawn(app)
    fan = scene.table.fan
    assert fan.selected is None
    three = next(index for index, slot in enumerate(fan.slots) if slot.card == parse_cards("3D")[0])
    enter(app)
    assert fan.selected_card == parse_cards("QC")[0], "the queen goes on the queens; the three goes nowhere"
    assert three < fan.selected, "the three lay further left, and was passed over"
    assert not scene.message
    enter(app)
    assert scene.table.controls.staging.cards == parse_cards("QC"), scene.message
    # Seen: the cursor stayed where the queen had been, on the card that slid into its
    # place, and the next Enter tried to start a book with it.
    assert fan.selected is None
    enter(app)
    assert scene.message == NOTHING_FITS
    assert scene.table.controls.staging.cards == parse_cards("QC")


def test_enter_with_the_cursor_on_a_card_that_fits_nowhere_picks_one_that_does(app: App) -> None:
    """Seen: the arrows on a lone nine, Enter said only "A new book needs at least three
    cards" while a queen in the hand went on the side's queens."""
    scene = second_turn_drawn(app)
    fan = scene.table.fan
    nine = next(index for index, slot in enumerate(fan.slots) if slot.card == parse_cards("9S")[0])
    fan.select(nine)
    enter(app)
    assert fan.selected_card == parse_cards("QC")[0], "the nine goes on no book: the queen is picked instead"
    assert not scene.message
    enter(app)
    assert scene.table.controls.staging.cards == parse_cards("QC"), scene.message


def test_enter_with_the_cursor_on_a_card_that_fits_puts_that_card_there(app: App) -> None:
    scene = second_turn_drawn(app)
    fan = scene.table.fan
    fan.select(next(index for index, slot in enumerate(fan.slots) if slot.card == parse_cards("QC")[0]))
    enter(app)
    assert scene.table.controls.staging.cards == parse_cards("QC"), scene.message


def test_the_keys_line_names_enter_and_sorting_in_the_smallest_window(app: App) -> None:
    """Seen at 1024x640: "Keys: L lays down, X discards, arrows move, Space chooses",
    Enter and S left out for want of room though both work."""
    scene = second_turn_drawn(app)
    line, _ = scene.table.controls.keys_shown()
    assert "Enter" in line and line.endswith("S sorts"), line
