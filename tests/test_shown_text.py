"""Text from a file or a file name as a screen shows it (``drawable``): what draws as
nothing is dropped, what cannot be encoded is replaced, something visible is always
left, and the length is capped; the game's own face then draws it, whatever it was."""

from __future__ import annotations

import os

import pygame
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from text_support import texts

from cardtable_gui.shown_text import ELLIPSIS, SHOWN_LENGTH, drawable, drawable_seat_name
from cardtable_gui.ui.theme import Theme


@pytest.mark.parametrize(
    "name", ["\u200b", "\u00ad", "\u2060", "\ufeff", "\u202e\u202c", "  \t", "\u0301\u0301", "\ufe0f", "\u3164", ""]
)
def test_a_name_of_which_nothing_would_show_is_shown_as_the_placeholder(name: str) -> None:
    assert drawable(name) == "?"
    assert drawable_seat_name(name, 1) == "Player 2"


def test_invisible_characters_and_controls_are_dropped_from_a_name() -> None:
    assert drawable("Ze\u200bro") == "Zero"
    assert drawable("A\u00adna") == "Ana"
    assert drawable("\u202eAna\u202c") == "Ana"
    assert drawable("Zo\x00e\x07") == "Zoe"


def test_line_breaks_and_runs_of_spaces_become_one_space() -> None:
    assert drawable("  Ana\nBen\t\tCleo\u2028Dev  ") == "Ana Ben Cleo Dev"


def test_a_file_name_that_is_not_utf8_shows_replacement_characters() -> None:
    assert drawable(os.fsdecode(b"\xff\xfe-x.json")) == "\ufffd\ufffd-x.json"


def test_accents_right_to_left_letters_and_symbols_are_kept() -> None:
    for name in ("Jose\u0301", "\u05e9\u05dc\u05d5\u05dd", "\u0645\u0631\u062d\u0628\u0627", "\u2660 Ace", "\U0001f600"):
        assert drawable(name) == name


def test_a_long_text_is_cut_with_an_ellipsis() -> None:
    shown = drawable("x" * 500)
    assert len(shown) == SHOWN_LENGTH and shown.endswith(ELLIPSIS)
    assert drawable("Ana Banana", limit=6) == "Ana B" + ELLIPSIS


def test_a_huge_text_is_looked_at_only_as_far_as_it_could_be_shown() -> None:
    assert drawable("\u200b" * 5_000_000 + "Ana") == "?"
    assert drawable("Ana" + "\u200b" * 5_000_000) == "Ana" + ELLIPSIS


@pytest.fixture(scope="module")
def theme() -> Theme:
    pygame.font.init()
    return Theme()


@settings(max_examples=300)
@given(text=texts, bold=st.booleans())
def test_whatever_the_text_the_games_face_draws_it_and_something_shows(theme: Theme, text: str, bold: bool) -> None:
    shown = drawable(text)
    assert 0 < len(shown) <= SHOWN_LENGTH
    assert theme.font(20, bold).size(shown)[0] > 0
    assert theme.text(shown, 20, bold=bold).get_width() > 0
