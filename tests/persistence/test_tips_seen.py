"""The record of first-game tips shown: per game, each id once; a missing or damaged
file reads as nothing seen and never stops anything."""

from __future__ import annotations

from pathlib import Path

from cardtable_gui.persistence.tips_seen import TIPS_FILE, load_tips_seen, mark_tip_seen


def test_tips_are_kept_per_game_once_each(tmp_path: Path) -> None:
    assert load_tips_seen(tmp_path).games == {}
    mark_tip_seen(tmp_path, "spades", "first-bid")
    mark_tip_seen(tmp_path, "spades", "first-bid")
    mark_tip_seen(tmp_path, "spinado", "stop")
    assert load_tips_seen(tmp_path).games == {"spades": ["first-bid"], "spinado": ["stop"]}


def test_a_damaged_record_reads_as_nothing_seen_and_is_written_afresh(tmp_path: Path) -> None:
    (tmp_path / TIPS_FILE).write_bytes(b"\xff{not json")
    assert load_tips_seen(tmp_path).games == {}
    mark_tip_seen(tmp_path, "hand_and_foot", "draw")
    assert load_tips_seen(tmp_path).games == {"hand_and_foot": ["draw"]}


def test_a_record_that_cannot_be_written_is_given_up_quietly(tmp_path: Path) -> None:
    blocked = tmp_path / "a file, not a folder"
    blocked.write_text("")
    mark_tip_seen(blocked, "spades", "bags")
    assert load_tips_seen(blocked).games == {}
