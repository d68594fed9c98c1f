"""The record of first-game tips shown: per game, each id once; a missing file reads as
nothing seen, and a damaged one too, after it has been kept aside, so the next tip
never writes over it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cardtable_gui.persistence.tips_seen import TIPS_FILE, load_tips_seen, mark_tip_seen
from tests.persistence.odd_files import finishes, named_pipe, posix_only


def seen(directory: Path) -> dict[str, list[str]]:
    record, message = load_tips_seen(directory)
    assert message is None
    return record.games


def test_tips_are_kept_per_game_once_each(tmp_path: Path) -> None:
    assert seen(tmp_path) == {}
    mark_tip_seen(tmp_path, "spades", "first-bid")
    mark_tip_seen(tmp_path, "spades", "first-bid")
    mark_tip_seen(tmp_path, "spinado", "stop")
    assert seen(tmp_path) == {"spades": ["first-bid"], "spinado": ["stop"]}


@pytest.mark.parametrize(
    "content",
    [
        b"\xff{not json",
        json.dumps({"games": {"spades": ["first-bid", "bags"], "spinado": "stop"}}).encode(),
        json.dumps({"games": {"spades": ["first-bid", 7]}}).encode(),
        json.dumps({"games": []}).encode(),
    ],
)
def test_a_damaged_record_is_kept_aside_before_the_next_tip_is_written(tmp_path: Path, content: bytes) -> None:
    (tmp_path / TIPS_FILE).write_bytes(content)
    record, message = load_tips_seen(tmp_path)
    assert record.games == {}
    assert message is not None and "a tip may show again" in message
    mark_tip_seen(tmp_path, "hand_and_foot", "draw")
    assert seen(tmp_path) == {"hand_and_foot": ["draw"]}
    (kept,) = (path for path in tmp_path.iterdir() if path.name != TIPS_FILE)
    assert kept.name.startswith(TIPS_FILE + ".bad-") and kept.name in message
    assert kept.read_bytes() == content


def test_a_damaged_record_met_first_by_a_tip_being_marked_is_kept_too(tmp_path: Path) -> None:
    content = json.dumps({"games": {"spades": ["first-bid"], "spinado": 5}}).encode()
    (tmp_path / TIPS_FILE).write_bytes(content)
    mark_tip_seen(tmp_path, "spades", "bags")
    kept = [path.read_bytes() for path in tmp_path.iterdir() if path.name != TIPS_FILE]
    assert kept == [content]


@posix_only
def test_a_named_pipe_reads_as_nothing_seen_at_once(tmp_path: Path) -> None:
    with named_pipe(tmp_path / TIPS_FILE):
        record, message = finishes(lambda: load_tips_seen(tmp_path))
    assert record.games == {} and message is not None
    (kept,) = tmp_path.iterdir()
    assert kept.is_fifo()


def test_a_record_that_cannot_be_written_is_given_up_quietly(tmp_path: Path) -> None:
    blocked = tmp_path / "a file, not a folder"
    blocked.write_text("")
    mark_tip_seen(blocked, "spades", "bags")
    assert seen(blocked) == {}
