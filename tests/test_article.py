"""Cards are named with the article their sound takes: "an ace", "an eight", "a king"."""

from __future__ import annotations

import pytest

from cardtable_gui.article import with_article
from cardtable_gui.cards import ItalianRank, Rank

SAID_WITH_AN = {"ace", "eight", "asso"}
"""The ranks whose names start with a vowel sound (by name: a French and an Italian
rank of the same number are equal integers)."""


@pytest.mark.parametrize("rank", [*Rank, *ItalianRank], ids=lambda rank: f"{type(rank).__name__}.{rank.name}")
def test_every_rank_name_takes_the_article_of_its_first_sound(rank: Rank | ItalianRank) -> None:
    expected = "an" if rank.title in SAID_WITH_AN else "a"
    assert with_article(rank.title) == f"{expected} {rank.title}"


@pytest.mark.parametrize(
    ("word", "said"),
    [("8", "an 8"), ("11", "an 11"), ("10", "a 10"), ("110", "a 110"), ("A", "an A"), ("heart", "a heart"), ("one", "a one"), ("wild", "a wild")],
)
def test_figures_and_letters_follow_how_they_are_said(word: str, said: str) -> None:
    assert with_article(word) == said
