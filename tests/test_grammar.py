"""Names in the sentences the program shows read as a person would write them."""

from __future__ import annotations

from cardtable_gui.grammar import listed, owner, with_verb


def test_a_list_of_names_is_written_with_commas_and_one_and() -> None:
    assert listed(["Ada"]) == "Ada"
    assert listed(["Ada", "Bruno"]) == "Ada and Bruno"
    assert listed(["You", "Ada", "Dario", "Clara", "Bruno"]) == "You, Ada, Dario, Clara and Bruno"


def test_you_agree_with_the_verb_and_own_your_things() -> None:
    assert with_verb("You", "take", "takes") == "You take"
    assert with_verb("Ada", "take", "takes") == "Ada takes"
    assert owner("You") == "Your" and owner("Ada") == "Ada's"
