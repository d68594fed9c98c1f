"""The row of books: open books fan their cards, closed ones square up under their
marker; many books shrink the cards and wrap, and past that the row scrolls; books
never overlap or leave the row, and each answers what lies under a point."""

from __future__ import annotations

import pygame
import pytest

from cardtable_gui.card_art import CardArt
from cardtable_gui.cards import parse_cards
from cardtable_gui.scenes.table.book_row import NEW_BOOK, BookLook, BookRow, Marker, Words
from cardtable_gui.scenes.table.card_sprites import CardSprites
from cardtable_gui.ui.theme import Theme

RED = Marker((196, 44, 48), "Clean")


@pytest.fixture(scope="module")
def kit() -> tuple[Theme, CardSprites]:
    pygame.init()
    return Theme((1280, 800)), CardSprites(CardArt())


def open_book(key: int, count: int = 4) -> BookLook:
    return BookLook(key, tuple(parse_cards("7H 7S 7D 7C 7H 7S")[:count]), f"Sevens {count}", "no wilds")


def closed_book(key: int) -> BookLook:
    return BookLook(key, tuple(parse_cards("KH KS KD KC KH KS KD")), "Kings 7", "no wilds", RED)


def row(kit, books: list[BookLook], rect: pygame.Rect, new_place: str = "New book") -> BookRow:
    theme, sprites = kit
    shelf = BookRow(title="Ana & Cleo")
    shelf.layout(rect, theme, sprites, 60, 30)
    shelf.set_books(books, new_place=new_place)
    return shelf


def test_a_closed_book_takes_less_room_than_an_open_one_of_as_many_cards(kit) -> None:
    shelf = row(kit, [BookLook(0, closed_book(0).cards, "Kings 7"), closed_book(1)], pygame.Rect(0, 0, 900, 160))
    fanned, squared = shelf.place_rect(0), shelf.place_rect(1)
    assert fanned is not None and squared is not None
    assert squared.width < fanned.width * 0.6


def test_every_place_answers_under_its_own_point(kit) -> None:
    shelf = row(kit, [open_book(0), closed_book(1), open_book(2, 3)], pygame.Rect(20, 40, 900, 160))
    for key in (0, 1, 2, NEW_BOOK):
        rect = shelf.place_rect(key)
        assert rect is not None and shelf.target_at(rect.center) == key
    assert shelf.target_at((5, 5)) is None


@pytest.mark.parametrize("count", [4, 12, 24])
def test_many_books_shrink_wrap_and_never_overlap(kit, count: int) -> None:
    books = [open_book(i, 6) if i % 2 else closed_book(i) for i in range(count)]
    area = pygame.Rect(10, 10, 800, 260)
    shelf = row(kit, books, area)
    places = shelf.visible_rects()
    assert all(area.contains(p) for p in places)
    for i, a in enumerate(places):
        for b in places[i + 1 :]:
            assert not a.colliderect(b)
    if count == 4:
        assert shelf.card_width == 60
    else:
        assert shelf.card_width < 60


def test_a_row_that_cannot_fit_even_small_cards_scrolls(kit) -> None:
    books = [open_book(i, 6) for i in range(30)]
    shelf = row(kit, books, pygame.Rect(0, 0, 600, 120))
    assert shelf.scrolls and shelf.card_width == 30
    first = shelf.place_rect(0)
    assert first is not None
    shelf.show(29)
    last = shelf.place_rect(29)
    assert last is not None and shelf.rect.contains(last)
    assert shelf.place_rect(0).right < shelf.rect.left  # type: ignore[union-attr]
    shelf.scroll_by(-10_000)
    assert shelf.scroll == 0


def test_the_row_draws_books_staged_cards_and_the_new_place(kit) -> None:
    theme, sprites = kit
    surface = pygame.Surface((900, 200))
    staged = BookLook(("staged", 0), (), "Queens 3", "no wilds", pending=tuple(parse_cards("QH QS QD")))
    shelf = row(kit, [open_book(0), closed_book(1), staged], pygame.Rect(0, 0, 900, 200))
    shelf.drop_ready, shelf.hot = True, NEW_BOOK
    shelf.draw(surface, theme, sprites)
    assert shelf.place_rect(("staged", 0)) is not None


def test_a_card_staged_on_a_closed_book_leaves_its_marker_in_sight(kit) -> None:
    """Seen in play: a card staged on a closed book covered its "Clean" pill."""
    theme, sprites = kit
    blue = Marker((10, 200, 250), "Clean")

    def marker_pixels(pending: str) -> int:
        surface = pygame.Surface((900, 200))
        book = BookLook(1, tuple(parse_cards("KH KS KD KC KH KS KD")), "Kings 7", "no wilds", blue, tuple(parse_cards(pending)))
        row(kit, [book], pygame.Rect(0, 0, 900, 200)).draw(surface, theme, sprites)
        mask = pygame.mask.from_threshold(surface, blue.colour, (1, 1, 1, 255))
        return mask.count()

    alone = marker_pixels("")
    assert alone > 0
    assert marker_pixels("KH") == alone


def test_books_too_many_for_one_line_take_a_second_before_the_row_scrolls(kit) -> None:
    """Seen in play: nine books in a band with room for two lines of captions scrolled
    on one line, "New book" cut at the edge, the lower half of the band empty."""
    books = [open_book(i, 6) if i % 2 else closed_book(i) for i in range(9)]
    shelf = row(kit, books, pygame.Rect(14, 412, 622, 164))
    assert not shelf.scrolls
    places = shelf.visible_rects()
    assert len(places) == 10, "every book and the new place are in sight"
    assert len({place.top for place in places}) == 2
    assert all(shelf.rect.contains(place) for place in places)


def test_a_scrolled_row_shows_whole_books_only(kit) -> None:
    books = [open_book(i, 6) for i in range(30)]
    shelf = row(kit, books, pygame.Rect(0, 0, 600, 120))
    assert shelf.scrolls
    for scroll in range(0, shelf.max_scroll + 1, 37):
        shelf.scroll = scroll
        shown = shelf.visible_rects()
        assert shown, "some books are always in sight"
        whole = [shelf.place_rect(key) for key in [*range(30), NEW_BOOK]]
        assert all(place in whole and shelf.rect.contains(place) for place in shown)


def test_books_in_a_low_band_say_what_they_hold_beside_their_cards(kit) -> None:
    """Seen at 1024x640 with eight books: a band too low for two lines of books with
    their words under them dropped each book's "no wilds". The words go beside the
    cards instead, both lines, and every book and the new place stay in sight."""
    books = [open_book(i, 4) if i % 2 else closed_book(i) for i in range(8)]
    shelf = row(kit, books, pygame.Rect(14, 332, 500, 150))
    assert shelf.wording is Words.BESIDE and not shelf.scrolls
    assert len(shelf.visible_rects()) == 9
    for book in books:
        lines = shelf.lines_of(book.key)
        cards = shelf.cards_rect(book.key)
        assert [line.text for line in lines] == [book.caption, book.detail]
        assert cards is not None and all(line.box.left >= cards.right for line in lines)


def test_books_with_room_keep_their_words_under_their_cards(kit) -> None:
    shelf = row(kit, [open_book(0), closed_book(1)], pygame.Rect(0, 0, 900, 200))
    assert shelf.wording is Words.UNDER
    for key in (0, 1):
        cards = shelf.cards_rect(key)
        assert cards is not None and all(line.box.top >= cards.bottom for line in shelf.lines_of(key))


def test_books_too_many_for_their_words_beside_them_keep_their_captions_in_sight(kit) -> None:
    """Where the words beside the cards would make the row scroll, each book keeps its
    caption alone and every book stays in sight: books out of sight cost more than
    their second line."""
    books = [open_book(i, 4) if i % 2 else closed_book(i) for i in range(8)]
    shelf = row(kit, books, pygame.Rect(0, 0, 450, 136))
    assert shelf.wording is Words.CAPTION and not shelf.scrolls
    assert len(shelf.visible_rects()) == 9
    assert all([line.text for line in shelf.lines_of(book.key)] == [book.caption] for book in books)
