"""Who sits at the table: the set-up of a match, as chosen on the setup screen and
stored in saves. Pydantic models, because they cross the program's edges."""

from __future__ import annotations

from enum import Enum
from typing import Any

from pydantic import BaseModel, ConfigDict, Field


class SeatKind(str, Enum):
    HUMAN = "human"
    AI = "ai"


class AILevel(str, Enum):
    """How strong a computer opponent plays. Each maps to an agent kind in
    ``AGENT_FOR_LEVEL`` until stronger agents exist."""

    EASY = "easy"
    MEDIUM = "medium"
    HARD = "hard"


AGENT_FOR_LEVEL: dict[AILevel, str] = {
    AILevel.EASY: "random",
    AILevel.MEDIUM: "heuristic",
    AILevel.HARD: "heuristic",
}


class SeatConfig(BaseModel):
    """One seat: a name, and a human or a computer of some level."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str = Field(min_length=1, max_length=24)
    kind: SeatKind = SeatKind.AI
    level: AILevel = AILevel.MEDIUM

    @property
    def is_human(self) -> bool:
        return self.kind is SeatKind.HUMAN


class MatchConfig(BaseModel):
    """Everything needed to start (or restart) a match: game, seats, house rules, seed,
    and an optional stacked deck (card notation, top first) for lessons and tests."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    game: str
    seats: tuple[SeatConfig, ...]
    options: dict[str, Any] = Field(default_factory=dict)
    seed: int | None = None
    deck: tuple[str, ...] | None = None

    @property
    def players(self) -> int:
        return len(self.seats)

    @property
    def human_seats(self) -> tuple[int, ...]:
        return tuple(i for i, seat in enumerate(self.seats) if seat.is_human)
