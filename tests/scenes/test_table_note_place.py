"""Placing the coach's remark or a tip: it stays at its natural place when that hides
nothing the player needs, and otherwise moves (or narrows) to the nearest spot that is
clear of the hand, the trick and the buttons."""

from __future__ import annotations

import pygame
from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable_gui.scenes.table.note_place import (
    MOVE_COST,
    NARROWEST,
    NEVER,
    NOTE_GAP,
    _Search,
    _spaced,
    _steps,
    hidden,
    overlap,
    place_note,
)

SCREEN = pygame.Rect(0, 0, 1024, 640)


def fixed(width: int) -> tuple[int, int]:
    """A note whose text wraps: half as wide means twice as tall."""
    return (width, 40 * 400 // width)


def test_the_natural_place_is_kept_when_it_is_clear() -> None:
    natural = pygame.Rect(312, 400, 400, 40)
    width, box = place_note(natural, fixed, [400, 300], SCREEN, [pygame.Rect(0, 460, 1024, 180)], [], 24)
    assert width == 400 and box == natural


def test_a_note_over_the_hand_moves_off_it_and_stays_near() -> None:
    hand = pygame.Rect(200, 420, 624, 220)
    natural = pygame.Rect(312, 400, 400, 40)
    _, box = place_note(natural, fixed, [400, 300], SCREEN, [hand], [], 24)
    assert overlap(box, [hand]) == 0
    assert box.bottom <= hand.top and natural.top - box.top < 100


def test_a_narrower_note_clears_a_button_beside_the_hand() -> None:
    """The trick reaches the top and the hand the bottom: the note at its full width
    finds no clear spot anywhere, so it narrows to go beside them."""
    buttons = [pygame.Rect(300, 400, 130, 40), pygame.Rect(594, 400, 130, 40)]
    hand = pygame.Rect(300, 450, 424, 190)
    trick = pygame.Rect(300, 0, 424, 390)
    natural = pygame.Rect(312, 400, 400, 40)
    width, box = place_note(natural, fixed, [400, 280, 160], SCREEN, [*buttons, hand, trick], [], 16)
    assert overlap(box, [*buttons, hand, trick]) == 0
    assert width < 400


def test_a_note_hides_a_strip_of_a_wide_row_rather_than_half_a_seat_plate() -> None:
    """Seen in a practice game: the coach's remark sat over the learner's own plate while
    the empty end of their row of books was free."""
    plate = pygame.Rect(10, 560, 160, 70)
    books = pygame.Rect(10, 330, 1000, 130)
    hand = pygame.Rect(200, 470, 624, 170)
    natural = pygame.Rect(100, 520, 400, 60)
    _, box = place_note(natural, fixed, [400], SCREEN, [hand], [plate, books], 24)
    assert not box.colliderect(plate)
    assert box.colliderect(books)


def words(width: int) -> tuple[int, int]:
    """A note of 900 pixels of words in lines of at most ``width``, 20 pixels each."""
    lines = -(-900 // width)
    return (min(width, 900), 20 * lines)


def test_a_crowded_note_is_never_squeezed_into_a_narrow_column() -> None:
    """Seen in Spinado: the hint, hemmed in, was laid out a few words wide and many
    lines tall. With room only in a narrow gap and in a wider place further off, the
    note goes to the wider place, at least ``NARROWEST`` wide, in at most four lines."""
    hand = pygame.Rect(0, 440, 1024, 200)
    left, right = pygame.Rect(0, 0, 400, 440), pygame.Rect(560, 0, 464, 300)
    natural = pygame.Rect(312, 300, 400, 60)
    width, box = place_note(natural, words, [900, 450, 300, 150, 100], SCREEN, [hand, left, right], [], 12)
    assert box.width >= NARROWEST and box.height <= 4 * 20
    assert width >= NARROWEST


def test_a_short_note_keeps_its_own_width() -> None:
    """Words shorter than ``NARROWEST`` are not padded out: the note is as wide as they are."""
    _, box = place_note(pygame.Rect(400, 300, 120, 20), lambda width: (min(width, 120), 20), [120, 60], SCREEN, [], [], 12)
    assert box.size == (120, 20)


def test_a_note_moved_under_another_keeps_the_width_of_the_room() -> None:
    """Seen in Spinado at 1920x1080: the tip held the top of the room left of the board
    and the hint, moved under it, came out narrower than the room and a line taller.
    Moving costs the same at every width, so the note keeps the room's width when it
    has to move as far either way."""
    board = pygame.Rect(540, 0, 484, 640)
    tip = pygame.Rect(20, 200, 500, 100)
    natural = pygame.Rect(20, 200, 500, 40)
    width, box = place_note(natural, words, [500, 375, 275], SCREEN, [board], [], 12, [tip])
    assert width == 500 and box.size == (500, 40)


def test_a_note_making_way_for_another_lies_a_gap_from_it() -> None:
    """Two notes touching read as one box; one placed a grid step off looks lost. A
    note that cannot have its place lies just beside the note there, ``NOTE_GAP`` apart."""
    board = pygame.Rect(540, 0, 484, 640)
    tip = pygame.Rect(20, 200, 500, 100)
    natural = pygame.Rect(20, 200, 500, 40)
    _, box = place_note(natural, words, [500], SCREEN, [board], [], 12, [tip])
    assert NOTE_GAP in (tip.top - box.bottom, box.top - tip.bottom) and box.left == tip.left


rects = st.builds(
    pygame.Rect, st.integers(-50, 1000), st.integers(-50, 600), st.integers(5, 400), st.integers(5, 300)
)


@settings(max_examples=150, deadline=None, database=None)
@given(
    natural=st.builds(pygame.Rect, st.integers(0, 900), st.integers(0, 560), st.integers(40, 300), st.integers(20, 80)),
    keep_clear=st.lists(rects, max_size=25),
    rather_not=st.lists(rects, max_size=6),
    notes=st.lists(rects, max_size=2),
    step=st.sampled_from([8, 12, 24]),
)
def test_the_nearest_first_search_finds_the_cheapest_place_of_all(
    natural: pygame.Rect, keep_clear: list[pygame.Rect], rather_not: list[pygame.Rect], notes: list[pygame.Rect], step: int
) -> None:
    """The search stops once moving alone costs more than the best box found; every
    place of its grid weighed the slow way finds none cheaper (nor an equal one offered
    before it)."""
    size = natural.size
    search = _Search(natural, lambda _width: size, SCREEN, [*keep_clear, *_spaced(notes)], rather_not, step, tuple(notes))
    found = search.best([natural.width])
    assert found is not None
    w, h = size
    lefts, tops = search._beside(w, h)
    xs = _steps(natural.centerx - w // 2, SCREEN.left, SCREEN.right - w, max(step, w // 4), lefts)
    ys = _steps(natural.centery - h // 2, SCREEN.top, SCREEN.bottom - h, max(step, h // 2), tops)
    kept = search.keep_clear

    def cost(box: pygame.Rect, moved: int) -> float:
        return NEVER * overlap(box, kept) + hidden(box, rather_not) + MOVE_COST * moved * natural.width

    every = [
        (cost(box, abs(box.centerx - natural.centerx) + abs(box.centery - natural.centery)), box)
        for x in xs
        for y in ys
        for box in [pygame.Rect(x, y, w, h)]
    ]
    at_home = natural.copy()
    at_home.clamp_ip(SCREEN)
    every.append((cost(at_home, 0), at_home))
    cheapest = min(every, key=lambda offer: offer[0])
    assert found[0] == cheapest[0] and found[2] == cheapest[1]
