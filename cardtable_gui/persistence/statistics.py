"""The record of finished games, kept in ``statistics.json``, and the figures drawn from
it for the statistics screen: games played and won, win rate, best and average score,
winning streaks, the computer levels faced, and the latest results for a chart.

A damaged statistics file never stops the program: every record that is still good is
kept, the original file is renamed aside (``statistics.json.bad-<time>``), and the
player is told.
"""

from __future__ import annotations

import json
import os
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    StringConstraints,
    ValidationError,
    model_validator,
)

from cardtable_gui.persistence.atomic import set_aside_with_message, write_atomic
from cardtable_gui.persistence.opening import Unopened, open_own_file
from cardtable_gui.persistence.reading import LARGEST_FILE
from cardtable_gui.seats import GAME_KEY_LIMIT, NAME_LIMIT, AILevel, MatchConfig, SeatKind
from cardtable_gui.shown_text import TEXT_LIMIT, ShownScore, ShownTime, drop_control_characters

if TYPE_CHECKING:
    from cardtable_gui.rules.base import GameState

STATISTICS_FILE = "statistics.json"
RECENT_RESULTS = 20
"""How many of the latest results ``summary`` returns for the chart."""


def _printable_name(value: str) -> str:
    """A recorded name keeps its game: characters no screen can draw are dropped
    rather than the record being thrown away; what is left must still be a name."""
    name = drop_control_characters(value)
    if not 1 <= len(name) <= NAME_LIMIT:
        raise ValueError(f"is not a name of 1 to {NAME_LIMIT} characters")
    return name


RecordedName = Annotated[str, StringConstraints(max_length=TEXT_LIMIT), AfterValidator(_printable_name)]
"""A seat's name in the record: bounded before any character is examined, then as
``_printable_name`` keeps it."""


class SeatRecord(BaseModel):
    """Who sat in one seat of a finished game and how they did."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    name: RecordedName
    kind: SeatKind
    level: AILevel | None = Field(
        default=None, description="The computer's level; None for people."
    )
    score: ShownScore


class GameRecord(BaseModel):
    """One finished game: when, who sat where, the final scores, the sides and the
    winners (seat numbers; partners of a winning side are all winners)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    game: str = Field(min_length=1, max_length=GAME_KEY_LIMIT)
    finished_at: ShownTime
    seats: tuple[SeatRecord, ...] = Field(min_length=1)
    teams: tuple[tuple[int, ...], ...]
    winners: tuple[int, ...]

    @model_validator(mode="after")
    def _seats_agree(self) -> GameRecord:
        seats = set(range(len(self.seats)))
        if not set(self.winners) <= seats:
            raise ValueError("a winner is not one of the seats")
        in_teams = [seat for team in self.teams for seat in team]
        if sorted(in_teams) != sorted(seats):
            raise ValueError("the sides do not hold every seat exactly once")
        return self

    @property
    def human_names(self) -> tuple[str, ...]:
        return tuple(seat.name for seat in self.seats if seat.kind is SeatKind.HUMAN)

    @classmethod
    def from_match(
        cls, config: MatchConfig, state: GameState[Any], finished_at: datetime | None = None
    ) -> GameRecord:
        """The record of a match that has just ended."""
        seats = tuple(
            SeatRecord(
                name=seat.name,
                kind=seat.kind,
                level=None if seat.is_human else seat.level,
                score=score,
            )
            for seat, score in zip(config.seats, state.scores, strict=True)
        )
        return cls(
            game=config.game,
            finished_at=finished_at or datetime.now(UTC),
            seats=seats,
            teams=state.teams,
            winners=state.winners,
        )


class Statistics(BaseModel):
    """Every finished game, oldest first."""

    model_config = ConfigDict(extra="forbid")

    schema_version: int = 1
    games: list[GameRecord] = Field(default_factory=list)


@dataclass(frozen=True, slots=True)
class Result:
    """One game's outcome for a player, a point on the results chart."""

    finished_at: datetime
    score: int | float
    won: bool


@dataclass(frozen=True, slots=True)
class PlayerStats:
    """One player's figures for one game. Scores are the player's side's final totals."""

    game: str
    player: str
    played: int
    won: int
    win_rate: float
    best_score: int | float | None
    average_score: float | None
    current_streak: int
    best_streak: int
    levels_faced: dict[AILevel, int]
    """How many games had at least one computer of each level on another side."""
    recent: tuple[Result, ...]


_UNOPENED = Unopened(
    refused="Your statistics file could not be used ({why}), so a fresh record was started.",
    failed="Your statistics could not be opened ({why}); games finished now will still be recorded.",
)


def load_statistics(directory: str | os.PathLike[str]) -> tuple[Statistics, str | None]:
    """The record of finished games and, if the file was damaged, a message for the
    player. Never raises for a bad file."""
    path = Path(directory) / STATISTICS_FILE
    raw_bytes, message = open_own_file(path, LARGEST_FILE, _UNOPENED)
    if raw_bytes is None:
        return Statistics(), message
    statistics, damage = _salvage(raw_bytes)
    if damage is None:
        return statistics, None
    return statistics, set_aside_with_message(path, damage)


def save_statistics(directory: str | os.PathLike[str], statistics: Statistics) -> None:
    """Write the record atomically; raises ``WriteFailed`` with a message if it cannot."""
    write_atomic(Path(directory) / STATISTICS_FILE, statistics.model_dump_json().encode())


def record_game(directory: str | os.PathLike[str], record: GameRecord) -> str | None:
    """Add a finished game to the record on disk. Returns a message for the player when
    the existing file was damaged (and has been set aside), else None."""
    statistics, message = load_statistics(directory)
    statistics.games.append(record)
    save_statistics(directory, statistics)
    return message


def summary(
    statistics: Statistics, game: str, player: str, recent: int = RECENT_RESULTS
) -> PlayerStats:
    """The figures for ``player`` (a person's seat name) in ``game``, over every
    finished game where a person of that name sat at the table."""
    results: list[Result] = []
    levels: dict[AILevel, int] = {}
    for record in sorted(statistics.games, key=lambda r: r.finished_at):
        seat = _seat_of(record, game, player)
        if seat is None:
            continue
        results.append(
            Result(record.finished_at, record.seats[seat].score, seat in record.winners)
        )
        for level in _levels_against(record, seat):
            levels[level] = levels.get(level, 0) + 1
    won = sum(result.won for result in results)
    scores = [result.score for result in results]
    return PlayerStats(
        game=game,
        player=player,
        played=len(results),
        won=won,
        win_rate=won / len(results) if results else 0.0,
        best_score=max(scores) if scores else None,
        average_score=sum(scores) / len(scores) if scores else None,
        current_streak=_current_streak(results),
        best_streak=_best_streak(results),
        levels_faced=dict(sorted(levels.items(), key=lambda item: list(AILevel).index(item[0]))),
        recent=tuple(results[-recent:]) if recent > 0 else (),
    )


def _salvage(raw_bytes: bytes) -> tuple[Statistics, str | None]:
    """The records that can be read, and a message saying what was damaged (None if
    nothing was)."""
    fresh = "Your statistics file was damaged, so a fresh record was started."
    try:
        # Strict, as the saves are: a score written as text or a winner as "0" is damage.
        return Statistics.model_validate_json(raw_bytes, strict=True), None
    except ValidationError:
        pass
    try:
        raw = json.loads(raw_bytes.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        return Statistics(), fresh
    if not isinstance(raw, dict) or not isinstance(raw.get("games"), list):
        return Statistics(), fresh
    games: list[GameRecord] = []
    for item in raw["games"]:
        try:
            games.append(GameRecord.model_validate_json(json.dumps(item), strict=True))
        except ValidationError:
            continue
    lost = len(raw["games"]) - len(games)
    if lost == 0:
        partly = "Your statistics file was partly damaged; every game in it was kept."
        return Statistics(games=games), partly
    if not games:
        return Statistics(), fresh
    skipped = f"{lost} damaged game record(s) in your statistics were skipped."
    return Statistics(games=games), skipped


def _seat_of(record: GameRecord, game: str, player: str) -> int | None:
    if record.game != game:
        return None
    for index, seat in enumerate(record.seats):
        if seat.kind is SeatKind.HUMAN and seat.name == player:
            return index
    return None


def _levels_against(record: GameRecord, seat: int) -> set[AILevel]:
    own_side = next(team for team in record.teams if seat in team)
    return {
        other.level
        for index, other in enumerate(record.seats)
        if index not in own_side and other.level is not None
    }


def _current_streak(results: Sequence[Result]) -> int:
    streak = 0
    for result in reversed(results):
        if not result.won:
            break
        streak += 1
    return streak


def _best_streak(results: Sequence[Result]) -> int:
    best = run = 0
    for result in results:
        run = run + 1 if result.won else 0
        best = max(best, run)
    return best
