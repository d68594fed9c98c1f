"""Statistics: finished games are recorded, and a player's figures (win rate, streaks,
best and average score, levels faced, recent results) add up as worked out by hand; a
record read from the file is as strict as a save, and a file that is no record at all
(a named pipe, one far too large) is set aside, never written over."""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from cardtable_gui.persistence.reading import LARGEST_FILE
from cardtable_gui.persistence.statistics import (
    STATISTICS_FILE,
    GameRecord,
    SeatRecord,
    Statistics,
    load_statistics,
    record_game,
    summary,
)
from cardtable_gui.seats import AILevel, SeatKind
from tests.persistence.odd_files import finishes, named_pipe, posix_only

START = datetime(2024, 6, 1, 12, 0, tzinfo=UTC)


def spades_record(day: int, ada_won: bool, ada_score: int) -> GameRecord:
    """Ada (seat 0) and a computer partner (seat 2) against an easy and a medium computer."""
    other = 250 if ada_won else 520
    scores = (ada_score, other, ada_score, other)
    return GameRecord(
        game="spades",
        finished_at=START + timedelta(days=day),
        seats=(
            SeatRecord(name="Ada", kind=SeatKind.HUMAN, score=scores[0]),
            SeatRecord(name="East", kind=SeatKind.AI, level=AILevel.EASY, score=scores[1]),
            SeatRecord(name="North", kind=SeatKind.AI, level=AILevel.HARD, score=scores[2]),
            SeatRecord(name="West", kind=SeatKind.AI, level=AILevel.MEDIUM, score=scores[3]),
        ),
        teams=((0, 2), (1, 3)),
        winners=(0, 2) if ada_won else (1, 3),
    )


def test_a_worked_example_of_streaks_and_rates() -> None:
    results = [
        (True, 510), (False, 320), (True, 505), (True, 530),
        (False, -210), (True, 500), (True, 560), (True, 515),
    ]
    games = [spades_record(day, won, score) for day, (won, score) in enumerate(results)]
    statistics = Statistics(games=games[::-1])

    stats = summary(statistics, "spades", "Ada")
    assert (stats.played, stats.won) == (8, 6)
    assert stats.win_rate == 0.75
    assert stats.best_score == 560
    assert stats.average_score == (510 + 320 + 505 + 530 - 210 + 500 + 560 + 515) / 8
    assert stats.current_streak == 3
    assert stats.best_streak == 3
    assert stats.levels_faced == {AILevel.EASY: 8, AILevel.MEDIUM: 8}
    assert [r.won for r in stats.recent] == [won for won, _ in results]
    assert [r.finished_at for r in stats.recent] == [g.finished_at for g in games]


def test_a_losing_end_resets_the_current_streak_but_not_the_best() -> None:
    pattern = [True, True, True, True, False, True, False]
    statistics = Statistics(games=[spades_record(d, won, 400) for d, won in enumerate(pattern)])
    stats = summary(statistics, "spades", "Ada")
    assert (stats.current_streak, stats.best_streak) == (0, 4)
    assert stats.win_rate == pytest.approx(5 / 7)


def test_only_the_players_own_games_of_that_game_count() -> None:
    theirs = spades_record(0, True, 500)
    computer = theirs.seats[0].model_copy(update={"kind": SeatKind.AI, "level": AILevel.EASY})
    as_computer = theirs.model_copy(update={"seats": (computer, *theirs.seats[1:])})
    other_game = theirs.model_copy(update={"game": "spinado"})
    statistics = Statistics(games=[theirs, as_computer, other_game, spades_record(1, False, 100)])

    stats = summary(statistics, "spades", "Ada")
    assert (stats.played, stats.won) == (2, 1)
    assert summary(statistics, "spinado", "Ada").played == 1
    nobody = summary(statistics, "spades", "Bea")
    assert (nobody.played, nobody.win_rate) == (0, 0.0)
    assert nobody.best_score is None and nobody.average_score is None
    assert nobody.recent == () and nobody.levels_faced == {}


def test_recent_results_are_the_latest_few() -> None:
    statistics = Statistics(games=[spades_record(d, d % 2 == 0, d) for d in range(30)])
    stats = summary(statistics, "spades", "Ada", recent=5)
    assert [r.score for r in stats.recent] == [25, 26, 27, 28, 29]


def test_record_game_adds_to_the_file(tmp_path: Path) -> None:
    assert record_game(tmp_path, spades_record(0, True, 500)) is None
    assert record_game(tmp_path, spades_record(1, False, 200)) is None
    statistics, message = load_statistics(tmp_path)
    assert message is None
    assert statistics.games == [spades_record(0, True, 500), spades_record(1, False, 200)]


def test_a_damaged_file_is_kept_aside_and_a_fresh_record_started(tmp_path: Path) -> None:
    (tmp_path / STATISTICS_FILE).write_bytes(b"\x00\x01 not json")
    message = record_game(tmp_path, spades_record(0, True, 500))

    assert message is not None and message.startswith("Your statistics file was damaged")
    kept = [p for p in tmp_path.iterdir() if p.name != STATISTICS_FILE]
    assert len(kept) == 1 and kept[0].read_bytes() == b"\x00\x01 not json"
    assert kept[0].name in message
    assert load_statistics(tmp_path) == (Statistics(games=[spades_record(0, True, 500)]), None)


def test_good_records_survive_a_damaged_one(tmp_path: Path) -> None:
    good = json.loads(Statistics(games=[spades_record(0, True, 500)]).model_dump_json())
    good["games"].append({"game": "spades", "finished_at": "not a date"})
    (tmp_path / STATISTICS_FILE).write_text(json.dumps(good))

    statistics, message = load_statistics(tmp_path)
    assert statistics.games == [spades_record(0, True, 500)]
    assert message is not None and message.startswith("1 damaged game record(s)")


def test_a_record_must_be_consistent() -> None:
    record = spades_record(0, True, 500)
    with pytest.raises(ValueError):
        record.model_validate(record.model_dump() | {"winners": (7,)})
    with pytest.raises(ValueError):
        record.model_validate(record.model_dump() | {"teams": ((0, 1),)})


def test_a_finished_match_makes_a_record(play: Callable[..., tuple]) -> None:
    config, state, _ = play("spades", 4, 11, 100_000)
    record = GameRecord.from_match(config, state, finished_at=START)

    assert record.human_names == ("Ada",)
    assert [s.score for s in record.seats] == list(state.scores)
    assert record.winners == state.winners and record.teams == state.teams
    assert record.seats[0].level is None and record.seats[1].level is config.seats[1].level
    stats = summary(Statistics(games=[record]), "spades", "Ada")
    assert stats.played == 1 and stats.won == (0 in state.winners)


@pytest.mark.parametrize(
    ("where", "value"),
    [
        (("seats", 1, "score"), "500"),
        (("seats", 1, "score"), True),
        (("finished_at",), 1_700_000_000),
        (("teams", 0), ["0", 2]),
    ],
)
def test_a_record_with_a_value_of_the_wrong_type_is_skipped_as_in_a_save(
    tmp_path: Path, where: tuple[str | int, ...], value: object
) -> None:
    content = json.loads(Statistics(games=[spades_record(0, True, 500), spades_record(1, False, 200)]).model_dump_json())
    *path, last = where
    parent = content["games"][1]
    for part in path:
        parent = parent[part]
    parent[last] = value
    raw = json.dumps(content).encode()
    (tmp_path / STATISTICS_FILE).write_bytes(raw)

    statistics, message = load_statistics(tmp_path)
    assert statistics.games == [spades_record(0, True, 500)]
    assert message is not None and message.startswith("1 damaged game record(s)")
    (kept,) = tmp_path.iterdir()
    assert kept.name in message and kept.read_bytes() == raw


def test_winners_and_sides_written_as_text_are_damage(tmp_path: Path) -> None:
    content = json.loads(Statistics(games=[spades_record(0, True, 500)]).model_dump_json())
    content["games"][0]["winners"] = ["0", "2"]
    (tmp_path / STATISTICS_FILE).write_text(json.dumps(content))
    statistics, message = load_statistics(tmp_path)
    assert statistics == Statistics()
    assert message is not None and message.startswith("Your statistics file was damaged")


@posix_only
def test_a_named_pipe_starts_a_fresh_record_at_once_and_is_set_aside(tmp_path: Path) -> None:
    with named_pipe(tmp_path / STATISTICS_FILE):
        message = finishes(lambda: record_game(tmp_path, spades_record(0, True, 500)))
    assert message is not None and "it is not an ordinary file" in message
    assert load_statistics(tmp_path) == (Statistics(games=[spades_record(0, True, 500)]), None)
    (kept,) = (path for path in tmp_path.iterdir() if path.name != STATISTICS_FILE)
    assert kept.is_fifo() and kept.name in message


def test_a_file_larger_than_any_record_is_set_aside_not_written_over(tmp_path: Path) -> None:
    path = tmp_path / STATISTICS_FILE
    with path.open("wb") as file:
        file.truncate(LARGEST_FILE + 1)
    message = record_game(tmp_path, spades_record(0, True, 500))
    assert message is not None and "it is larger than 32 MB" in message
    (kept,) = (entry for entry in tmp_path.iterdir() if entry.name != STATISTICS_FILE)
    assert kept.stat().st_size == LARGEST_FILE + 1


def test_a_huge_name_loses_its_record_before_any_of_it_is_examined(tmp_path: Path, examined: list[str]) -> None:
    raw = json.loads(Statistics(games=[spades_record(0, True, 500), spades_record(1, True, 300)]).model_dump_json())
    raw["games"][1]["seats"][0]["name"] = "\u0000" + "A" * 5_000_000
    (tmp_path / STATISTICS_FILE).write_text(json.dumps(raw))

    statistics, message = load_statistics(tmp_path)
    assert statistics.games == [spades_record(0, True, 500)]
    assert message is not None and message.startswith("1 damaged game record(s)")
    assert len(examined) < 1_000


def test_a_name_with_control_characters_keeps_its_record_without_them(tmp_path: Path) -> None:
    raw = json.loads(Statistics(games=[spades_record(0, True, 500)]).model_dump_json())
    raw["games"][0]["seats"][0]["name"] = "\u0000A\u0007da"
    (tmp_path / STATISTICS_FILE).write_text(json.dumps(raw))

    statistics, message = load_statistics(tmp_path)
    assert statistics.games == [spades_record(0, True, 500)] and message is None
