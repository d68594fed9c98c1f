"""Card pictures load from the shipped SVGs at any size, cache, swap colours and fall back."""

from __future__ import annotations

import logging
import os
from collections.abc import Iterator
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from cardtable_gui import card_art
from cardtable_gui.card_art import CARD_ASPECT, CardArt
from cardtable_gui.cards import JOKER, Card, french_deck, italian_deck

ALL_CARDS = list(dict.fromkeys(french_deck(jokers=1) + italian_deck()))


@pytest.fixture(autouse=True)
def display() -> Iterator[None]:
    pygame.display.init()
    pygame.display.set_mode((64, 64))
    yield
    pygame.display.quit()


def rgba(surface: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surface, "RGBA")


@pytest.mark.parametrize("width", [40, 300])
def test_every_card_loads_from_its_svg_at_the_right_size(width: int, caplog: pytest.LogCaptureFixture) -> None:
    art = CardArt()
    expected = (width, round(width * CARD_ASPECT))
    with caplog.at_level(logging.WARNING, logger="cardtable_gui.card_art"):
        for card in ALL_CARDS:
            assert art.face(card, width).get_size() == expected, card
        assert art.back(width).get_size() == expected
    assert caplog.records == [], "a shipped card picture fell back to the plain drawing"


def test_size_for_width_uses_the_fixed_aspect() -> None:
    art = CardArt()
    assert art.size_for_width(60) == (60, 84)
    assert art.size_for_width(71) == (71, 99)


def test_card_corners_are_transparent_and_the_face_is_white() -> None:
    face = CardArt().face(Card.parse("7H"), 120)
    assert face.get_at((0, 0)).a == 0
    assert face.get_at((60, 84))[:3] == (255, 255, 255)


def test_loading_works_without_a_window() -> None:
    pygame.display.quit()
    pygame.display.init()
    assert CardArt().face(Card.parse("QS"), 50).get_size() == (50, 70)


def test_cache_returns_the_same_surface_until_the_size_changes() -> None:
    art = CardArt()
    queen = Card.parse("QS")
    first = art.face(queen, 80)
    assert art.face(queen, 80) is first
    assert art.face(queen, 81) is not first
    assert art.back(80) is art.back(80)


def test_cache_is_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(card_art, "CACHE_SIZE", 3)
    art = CardArt()
    for card in ALL_CARDS[:6]:
        art.face(card, 30)
    assert art.cache_info() == 3


@pytest.mark.parametrize("text", ["5D", "QD", "AC", "10C", "KC"])
def test_four_colour_deck_recolours_diamonds_and_clubs(text: str) -> None:
    card = Card.parse(text)
    classic = CardArt().face(card, 90)
    four = CardArt(four_colour=True).face(card, 90)
    assert rgba(classic) != rgba(four)


@pytest.mark.parametrize("text", ["5H", "QS", "3Co", "RBa", "JK"])
def test_four_colour_deck_keeps_the_other_suits(text: str) -> None:
    card = Card.parse(text)
    assert rgba(CardArt().face(card, 90)) == rgba(CardArt(four_colour=True).face(card, 90))


def test_four_colour_diamonds_are_blue() -> None:
    face = CardArt(four_colour=True).face(Card.parse("AD"), 200)
    r, g, b, _ = face.get_at((100, 140))
    assert b > 150 and r < 80


def test_switching_four_colour_drops_the_cache() -> None:
    art = CardArt()
    diamond = Card.parse("9D")
    classic = art.face(diamond, 70)
    art.set_four_colour(False)
    assert art.face(diamond, 70) is classic
    art.set_four_colour(True)
    assert art.four_colour
    assert art.face(diamond, 70) is not classic
    assert rgba(art.face(diamond, 70)) != rgba(classic)


def test_corrupt_and_missing_pictures_fall_back_with_one_log_line(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    (tmp_path / "QS.svg").write_text("<svg this is not", encoding="utf-8")
    (tmp_path / "KH.svg").write_bytes(b"\xff\xfe\x00garbage")
    art = CardArt(assets=tmp_path)
    with caplog.at_level(logging.WARNING, logger="cardtable_gui.card_art"):
        for width in (60, 61, 200):
            for card in (Card.parse("QS"), Card.parse("KH"), Card.parse("3Co"), JOKER):
                assert art.face(card, width).get_size() == art.size_for_width(width)
            assert art.back(width).get_size() == art.size_for_width(width)
    reported = sorted(record.getMessage().split()[2] for record in caplog.records)
    assert reported == ["3Co.svg", "JK.svg", "KH.svg", "QS.svg", "back.svg"]


def test_plain_fallback_is_a_visible_card(tmp_path: Path) -> None:
    face = CardArt(assets=tmp_path).face(Card.parse("10H"), 100)
    assert face.get_at((50, 5))[:3] == (255, 255, 255)
    colours = {face.get_at((x, y))[:3] for x in range(0, 100, 3) for y in range(0, 140, 3)}
    assert any(r > 150 and g < 80 for r, g, _ in colours), "no red ink on the fallback ten of hearts"


def test_empty_slot_is_a_card_sized_translucent_outline() -> None:
    slot = CardArt().slot(80)
    assert slot.get_size() == (80, 112)
    assert 0 < slot.get_at((40, 56)).a < 80
    assert slot.get_at((40, 0)).a > slot.get_at((40, 56)).a


def test_empty_slot_is_cached_per_size_and_colour() -> None:
    art = CardArt()
    assert art.slot(80) is art.slot(80)
    assert art.slot(80, (255, 220, 120)) is not art.slot(80)
