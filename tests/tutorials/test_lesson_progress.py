"""Lesson progress survives in the data directory, and a damaged file costs nothing
but the progress."""

from __future__ import annotations

from pathlib import Path

from cardtable_gui.tutorials.progress import (
    PROGRESS_FILE,
    LessonProgress,
    Progress,
    load_progress,
    save_progress,
)


def test_no_file_is_no_progress(tmp_path: Path) -> None:
    progress, message = load_progress(tmp_path)
    assert progress == Progress() and message is None
    assert progress.of("spades", "tricks") == LessonProgress(step=0, done=False)


def test_progress_is_saved_and_read_back(tmp_path: Path) -> None:
    progress = Progress().reached("spades", "tricks", 4).finished("spades", "trumps")
    progress = progress.reached("spades", "trumps", 2)
    save_progress(tmp_path, progress)
    loaded, message = load_progress(tmp_path)
    assert message is None and loaded == progress
    assert loaded.of("spades", "tricks") == LessonProgress(step=4, done=False)
    assert loaded.of("spades", "trumps") == LessonProgress(step=2, done=True)
    assert list(tmp_path.iterdir()) == [tmp_path / PROGRESS_FILE]


def test_a_damaged_file_gives_empty_progress_and_is_kept_aside(tmp_path: Path) -> None:
    (tmp_path / PROGRESS_FILE).write_text('{"lessons": {"spades/tricks": {"step": -3}}}')
    progress, message = load_progress(tmp_path)
    assert progress == Progress()
    assert message is not None and "starts afresh" in message
    kept = [p.name for p in tmp_path.iterdir()]
    assert len(kept) == 1 and kept[0].startswith(PROGRESS_FILE + ".bad-")


def test_a_file_of_garbage_gives_empty_progress(tmp_path: Path) -> None:
    (tmp_path / PROGRESS_FILE).write_bytes(b"\xff\x00 not json")
    progress, message = load_progress(tmp_path)
    assert progress == Progress() and message
