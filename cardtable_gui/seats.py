"""Who sits at the table: the set-up of a match, as chosen on the setup screen and
stored in saves. Pydantic models, because they cross the program's edges."""

from __future__ import annotations

from enum import Enum
from typing import Annotated, Any

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, StringConstraints

from cardtable_gui.shown_text import refuse_control_characters


GAME_KEY_LIMIT = 64
"""Longest game key ("hand_and_foot") a file may name; a longer one is damage."""

SEATS_LIMIT = 16
"""Most seats a file may list: every game is played by eight or fewer."""

NAME_LIMIT = 24
"""Longest player name, in characters: the setup screen, the settings and every saved
game share it. Screens that show a name shorten it to their space with an ellipsis."""

COMPUTER_NAMES = ("Ada", "Bruno", "Clara", "Dario", "Elsa", "Felix", "Greta", "Hugo", "Iris")
"""The computer players' names, in the order seats get them."""

PlayerName = Annotated[
    str,
    StringConstraints(strip_whitespace=True, min_length=1, max_length=NAME_LIMIT),
    AfterValidator(refuse_control_characters),
]
"""A player's name as typed or read from a file: trimmed, 1 to ``NAME_LIMIT``
characters, nothing a screen cannot draw."""


class SeatKind(str, Enum):
    HUMAN = "human"
    AI = "ai"


class AILevel(str, Enum):
    """How strong a computer opponent plays: Easy by rules of thumb with frequent slips,
    Medium by each game's rules of thumb, Hard searches sampled deals
    (``AGENT_FOR_LEVEL``)."""

    EASY = "easy"
    MEDIUM = "medium"
    HARD = "hard"


AGENT_FOR_LEVEL: dict[AILevel, str] = {
    AILevel.EASY: "casual",
    AILevel.MEDIUM: "heuristic",
    AILevel.HARD: "search",
}


class SeatConfig(BaseModel):
    """One seat: a name, and a human or a computer of some level."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    name: PlayerName
    kind: SeatKind = SeatKind.AI
    level: AILevel = AILevel.MEDIUM

    @property
    def is_human(self) -> bool:
        return self.kind is SeatKind.HUMAN


class MatchConfig(BaseModel):
    """Everything needed to start (or restart) a match: game, seats, house rules, seed,
    and an optional stacked deck (card notation, top first) for lessons and tests.
    ``undo_in_pass_and_play`` is the table's own rule that everyone at a shared screen
    agreed to allow undo (against the computer undo is always allowed). ``coach`` marks
    a practice game: the coach is at the table (``scenes.practice``)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    game: str
    seats: tuple[SeatConfig, ...]
    options: dict[str, Any] = Field(default_factory=dict)
    seed: int | None = None
    deck: tuple[str, ...] | None = None
    undo_in_pass_and_play: bool = False
    coach: bool = False

    @property
    def players(self) -> int:
        return len(self.seats)

    @property
    def human_seats(self) -> tuple[int, ...]:
        return tuple(i for i, seat in enumerate(self.seats) if seat.is_human)
