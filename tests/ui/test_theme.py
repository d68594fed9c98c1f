"""The game's text face: the bundled font in its real regular and bold, at the size
asked for, with kerning; text that draws as nothing gives an empty line, not an error."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame
import pytest

from cardtable_gui.ui.theme import Theme


@pytest.fixture(autouse=True)
def fonts():
    pygame.font.init()
    yield


def test_text_is_set_in_the_bundled_face_with_a_real_bold() -> None:
    theme = Theme()
    regular, bold = theme.font(20), theme.font(20, bold=True)
    assert regular.name.startswith("DejaVu Sans") and regular.style_name == "Condensed"
    assert "Bold" in bold.style_name, "a real bold face, not a smeared one"


def test_kerning_tightens_pairs_that_need_it() -> None:
    font = Theme().font(60)
    for pair in ("AV", "VA", "LT"):
        assert font.size(pair)[0] < font.size(pair[0])[0] + font.size(pair[1])[0], pair


def test_bigger_sizes_are_bigger_and_each_size_is_kept() -> None:
    theme = Theme()
    assert theme.font(30).get_linesize() > theme.font(15).get_linesize()
    assert theme.font(22) is theme.font(22)


def test_text_that_draws_as_nothing_gives_an_empty_line_not_an_error() -> None:
    theme = Theme()
    # A variation selector alone can be typed into a name field; it has no width.
    image = theme.text("\ufe0f", 20)
    assert image.get_width() == 0 and image.get_height() == theme.font(20).get_height()


def test_wrapping_breaks_at_spaces_but_never_at_a_no_break_space() -> None:
    theme = Theme()
    font = theme.font(20)
    text = "two piles to stand face\u00a0up"
    width = font.size("two piles to stand face")[0]
    lines = theme.wrap(text, font, width)
    assert lines[-1] == "face\u00a0up", "the heading broke before a lone 'up' (seen in play)"
    assert theme.wrap("a  b", font, 1000) == ["a b"]
