"""The house rules of Hand and Foot, as one pydantic model the setup screen edits.

Each field is one rule a table may vary, with its default (the game as its rules page,
``rulebook/hand_and_foot.md``, describes it), its bounds and a one-line description in our own words.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from cardtable_gui.rules.base import RulesOptions

ROUND_MINIMUMS: tuple[int, ...] = (30, 60, 90, 120, 150, 200)
"""The rounds of a game in order; each number is that round's opening minimum."""

TAIL_ROUND_MINIMUM = 200
"""The round played with a hand, a foot and a tail."""


class HandAndFootOptions(RulesOptions):
    """Every house rule of Hand and Foot. Defaults follow the rules page."""

    rounds: int = Field(
        6, ge=1, le=6, description="Rounds in a game, played in order: 30, 60, 90, 120, 150, 200."
    )
    teams: Literal["3v3", "2v2v2"] = Field(
        "3v3",
        description="How six players split up: two teams of three or three pairs.",
        json_schema_extra={"players": [6]},
    )
    decks: int = Field(
        0,
        ge=0,
        le=12,
        description="Packs shuffled together; at 0, one more than the players.",
        json_schema_extra={"zero": "Players + 1"},
    )
    jokers_per_deck: Literal[0, 2, 4] = Field(2, description="Jokers added to every pack.")
    extra_decks: int = Field(
        2, ge=0, le=5, description="Fresh packs added when the draw pile runs dry, per round."
    )
    draw_count: int = Field(2, ge=1, le=5, description="Cards drawn from the draw pile each turn.")
    pile_take: int = Field(
        6, ge=0, le=20, description="Cards under the top one taken into hand with the pile."
    )
    pile_wild_pair: bool = Field(
        False, description="A wild and a natural may stand in for the pair that takes the pile."
    )
    pile_needs_down: bool = Field(
        False, description="Only a team that has opened this round may take the pile."
    )
    pile_counts_toward_opening: bool = Field(
        True, description="The pile's top card and the pair count toward the opening minimum."
    )
    wild_books: bool = Field(False, description="Books made only of wild cards are allowed.")
    wild_book_bonus: int = Field(
        1500, ge=0, le=5000, description="Bonus for each closed book of wilds."
    )
    open_wild_book_penalty: int = Field(
        1500, ge=0, le=5000, description="Penalty for each book of wilds left open at the end."
    )
    clean_books: int = Field(3, ge=0, le=10, description="Closed clean books needed to go out.")
    dirty_books: int = Field(3, ge=0, le=10, description="Closed dirty books needed to go out.")
    total_books: int = Field(
        0, ge=0, le=20, description="Closed clean and dirty books needed in all (0: no extra)."
    )
    clean_books_200: int = Field(
        4, ge=0, le=10, description="Closed clean books needed to go out in the 200 round."
    )
    dirty_books_200: int = Field(
        4, ge=0, le=10, description="Closed dirty books needed to go out in the 200 round."
    )
    all_in_foot: bool = Field(
        False, description="Every member of a team must be playing their foot before one goes out."
    )
    red_threes: bool = Field(
        False, description="Red threes are laid out as they arrive and replaced from the pile."
    )
    red_three_bonus: int = Field(
        100, ge=0, le=1000, description="Bonus for each red three laid out (with red threes on)."
    )
    red_three_penalty: int = Field(
        100, ge=0, le=1000, description="Penalty for each red three still held (with red threes on)."
    )
    black_three_penalty: int = Field(
        5, ge=5, le=500, description="Penalty for each black three still held at the end."
    )

    def minimum(self, round_index: int) -> int:
        """The opening minimum of round ``round_index`` (0-based)."""
        return ROUND_MINIMUMS[round_index]

    def has_tail(self, round_index: int) -> bool:
        return ROUND_MINIMUMS[round_index] == TAIL_ROUND_MINIMUM

    def books_needed(self, round_index: int) -> tuple[int, int, int]:
        """Closed (clean, dirty, total) books a team needs to go out in that round."""
        if self.has_tail(round_index):
            clean, dirty = self.clean_books_200, self.dirty_books_200
        else:
            clean, dirty = self.clean_books, self.dirty_books
        return clean, dirty, max(self.total_books, clean + dirty)

    def packs(self, players: int) -> int:
        """How many packs the round starts with."""
        return self.decks or players + 1
