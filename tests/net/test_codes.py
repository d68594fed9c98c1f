"""Join codes are easy to read out and forgiving to type."""

from __future__ import annotations

import pytest

from cardtable_gui.net.codes import WORDS, BadJoinCode, new_code, normalise


def test_a_new_code_is_a_number_and_two_words_and_reads_back_as_itself() -> None:
    for _ in range(50):
        code = new_code()
        number, first, second = code.split("-")
        assert 2 <= int(number) <= 99 and first in WORDS and second in WORDS
        assert normalise(code) == code


@pytest.mark.parametrize("typed", ["7-tiger-lamp", " 07 Tiger LAMP ", "7.tiger.lamp", "7_tiger lamp"])
def test_spaces_case_and_separators_do_not_matter(typed: str) -> None:
    assert normalise(typed) == "7-tiger-lamp"


@pytest.mark.parametrize("typed", ["", "tiger-lamp", "7-tiger", "x-tiger-lamp", "7-tiger-lamp-owl"])
def test_what_is_not_a_code_is_refused_with_what_to_type(typed: str) -> None:
    with pytest.raises(BadJoinCode, match="7-tiger-lamp"):
        normalise(typed)


@pytest.mark.parametrize(("typed", "wrong"), [("84-ginger-wallow", "wallow"), ("7-tigers-lamp", "tigers"), ("7-Tiger-Lamps", "lamps")])
def test_a_code_with_a_word_no_code_uses_is_refused_naming_that_word(typed: str, wrong: str) -> None:
    """A number and two words was told "A join code is a number and two words"."""
    with pytest.raises(BadJoinCode) as refused:
        normalise(typed)
    assert str(refused.value) == f"{wrong!r} is not one of the words a join code uses: check the code with the host."


def test_there_are_millions_of_codes() -> None:
    assert 98 * len(WORDS) ** 2 > 2_000_000
