"""Lesson progress survives in the data directory, and a damaged file (a value of the
wrong type, a file far too large, a named pipe) costs nothing but the progress."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cardtable_gui.tutorials.progress import (
    PROGRESS_FILE,
    LessonProgress,
    Progress,
    load_progress,
    save_progress,
)
from tests.persistence.odd_files import finishes, named_pipe, posix_only


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


def test_a_file_from_before_begun_lessons_were_shown_reads_them_as_begun(tmp_path: Path) -> None:
    """Written by the code that listed a lesson left at its first step as "Not
    started": the same file, read now, says it was begun."""
    (tmp_path / PROGRESS_FILE).write_text(
        '{\n  "version": 1,\n  "lessons": {\n    "spades/tricks": {\n      "step": 0,\n      "done": false\n    },\n'
        '    "spades/trumps": {\n      "step": 0,\n      "done": true\n    }\n  }\n}'
    )
    loaded, message = load_progress(tmp_path)
    assert message is None
    assert loaded.kept("spades", "tricks") == LessonProgress(step=0, done=False)
    assert loaded.kept("spades", "trumps") == LessonProgress(step=0, done=True)
    assert loaded.kept("spades", "bidding") is None


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


@pytest.mark.parametrize(
    "lesson",
    [{"step": "3"}, {"done": "yes"}, {"step": 2.0}, {"done": 1}, {"step": True}],
)
def test_a_value_of_the_wrong_type_is_refused_as_in_a_save(tmp_path: Path, lesson: dict[str, object]) -> None:
    content = json.dumps({"version": 1, "lessons": {"spades/tricks": lesson}}).encode()
    (tmp_path / PROGRESS_FILE).write_bytes(content)
    progress, message = load_progress(tmp_path)
    assert progress == Progress()
    assert message is not None and "starts afresh" in message
    (kept,) = tmp_path.iterdir()
    assert kept.name.startswith(PROGRESS_FILE + ".bad-") and kept.name in message
    assert kept.read_bytes() == content


def test_a_file_larger_than_any_progress_is_set_aside_unread(tmp_path: Path) -> None:
    """200,000 entries: no course has a fraction of that many lessons."""
    lessons = {f"spades/lesson-{n}": {"step": n % 7, "done": False} for n in range(200_000)}
    content = json.dumps({"version": 1, "lessons": lessons}).encode()
    (tmp_path / PROGRESS_FILE).write_bytes(content)
    progress, message = load_progress(tmp_path)
    assert progress == Progress()
    assert message is not None and "it is larger than 256 KB" in message and "starts afresh" in message
    (kept,) = tmp_path.iterdir()
    assert kept.read_bytes() == content


@posix_only
def test_a_named_pipe_gives_no_progress_at_once_and_is_set_aside(tmp_path: Path) -> None:
    with named_pipe(tmp_path / PROGRESS_FILE):
        progress, message = finishes(lambda: load_progress(tmp_path))
    assert progress == Progress()
    assert message is not None and "it is not an ordinary file" in message
    (kept,) = tmp_path.iterdir()
    assert kept.is_fifo() and kept.name in message
