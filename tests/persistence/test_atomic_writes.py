"""Files are replaced whole or not at all, and a crash half-way through a save leaves
the previous save in place and loadable."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pytest

from cardtable_gui.persistence import atomic
from cardtable_gui.persistence.atomic import WriteFailed, backup_path, set_aside, write_atomic
from cardtable_gui.persistence.saves import SavedGame, SaveStore, SaveWriteFailed


def _crash_at_rename(monkeypatch: pytest.MonkeyPatch) -> None:
    """The program dies after the temporary file is written but before it is renamed."""

    def crash(source: object, target: object) -> None:
        raise OSError(5, "Simulated power cut")

    monkeypatch.setattr(atomic.os, "replace", crash)


def test_write_creates_the_file_and_its_folder(tmp_path: Path) -> None:
    path = tmp_path / "a" / "b" / "file.json"
    write_atomic(path, b"hello")
    assert path.read_bytes() == b"hello"
    assert os.listdir(path.parent) == ["file.json"]


def test_write_replaces_and_backs_up_only_when_asked(tmp_path: Path) -> None:
    path = tmp_path / "file.json"
    write_atomic(path, b"one")
    write_atomic(path, b"two")
    assert not backup_path(path).exists()

    write_atomic(path, b"three", backup=True)
    assert path.read_bytes() == b"three"
    assert backup_path(path).read_bytes() == b"two"
    assert sorted(os.listdir(tmp_path)) == ["file.json", "file.json.bak"]


def test_a_crash_before_the_rename_leaves_the_old_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "file.json"
    write_atomic(path, b"old and good")
    _crash_at_rename(monkeypatch)

    with pytest.raises(WriteFailed, match="could not write file.json: Simulated power cut"):
        write_atomic(path, b"new")
    assert path.read_bytes() == b"old and good"
    assert os.listdir(tmp_path) == ["file.json"]


def test_a_crash_while_saving_keeps_the_previous_save_loadable(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, save_of: Callable[..., SavedGame]
) -> None:
    store = SaveStore(tmp_path)
    first = save_of("spades", 4, 4, 20)
    store.autosave(first)
    before = store.autosave_path.read_bytes()
    later = save_of("spades", 4, 4, 45)
    _crash_at_rename(monkeypatch)

    with pytest.raises(SaveWriteFailed, match="^The game could not be saved."):
        store.autosave(later)
    monkeypatch.undo()

    assert store.autosave_path.read_bytes() == before
    assert store.load_autosave() == first
    assert not [name for name in os.listdir(tmp_path) if name.endswith(".tmp")]


def test_a_write_to_a_folder_that_cannot_exist_fails_cleanly(tmp_path: Path) -> None:
    blocker = tmp_path / "not_a_folder"
    blocker.write_bytes(b"")
    with pytest.raises(WriteFailed, match="^Card Table could not write file.json"):
        write_atomic(blocker / "file.json", b"data")


def test_set_aside_never_overwrites(tmp_path: Path) -> None:
    for content in (b"first", b"second", b"third"):
        path = tmp_path / "settings.json"
        path.write_bytes(content)
        set_aside(path, ".bad")
    assert not (tmp_path / "settings.json").exists()
    kept = {p.name: p.read_bytes() for p in tmp_path.iterdir()}
    assert kept == {
        "settings.json.bad": b"first",
        "settings.json.bad-2": b"second",
        "settings.json.bad-3": b"third",
    }


def test_set_aside_names_by_time_by_default(tmp_path: Path) -> None:
    path = tmp_path / "statistics.json"
    path.write_bytes(b"{")
    kept = set_aside(path)
    assert kept.name.startswith("statistics.json.bad-")
    assert kept.read_bytes() == b"{"


def test_a_file_and_its_backup_already_one_file_leave_no_temporary_behind(tmp_path: Path) -> None:
    path = tmp_path / "autosave.json"
    path.write_bytes(b"one")
    os.link(path, backup_path(path))
    write_atomic(path, b"two", backup=True)
    assert path.read_bytes() == b"two" and backup_path(path).read_bytes() == b"one"
    assert sorted(os.listdir(tmp_path)) == ["autosave.json", "autosave.json.bak"]


def test_a_backup_that_becomes_the_same_file_mid_write_leaves_no_temporary_behind(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The two names can become one file between the check and the rename (another
    copy of the program); the rename then does nothing, and the temporary must go."""
    path = tmp_path / "autosave.json"
    path.write_bytes(b"one")
    os.link(path, backup_path(path))
    monkeypatch.setattr(atomic.os.path, "samefile", lambda first, second: False)
    write_atomic(path, b"two", backup=True)
    assert path.read_bytes() == b"two" and backup_path(path).read_bytes() == b"one"
    assert sorted(os.listdir(tmp_path)) == ["autosave.json", "autosave.json.bak"]


def test_leftovers_of_killed_writes_are_cleared_and_nothing_else(tmp_path: Path) -> None:
    store = SaveStore(tmp_path)
    store.saves_folder.mkdir()
    leftovers = [
        tmp_path / ".autosave.json.k2j4h1x9.tmp",
        tmp_path / ".autosave.json.0a1b2c3d4e5f.tmp",
        store.saves_folder / ".my-game.json.abcdefgh.tmp",
    ]
    kept = [tmp_path / "autosave.json", tmp_path / "notes.tmp", store.saves_folder / "my-game.json", tmp_path / ".hidden"]
    for path in leftovers + kept:
        path.write_bytes(b"x")
    assert sorted(store.remove_leftovers()) == sorted(leftovers)
    assert all(path.exists() for path in kept)
    assert not any(path.exists() for path in leftovers)


def test_the_app_clears_leftovers_when_it_starts(tmp_path: Path) -> None:
    from cardtable_gui.app_window import App
    from cardtable_gui.scenes.menu import MenuScene

    data = tmp_path / "data"
    data.mkdir()
    leftover = data / ".autosave.json.x1y2z3ab.tmp"
    leftover.write_bytes(b"half a save")
    app = App(size=(1024, 640), data_dir=data, home=MenuScene)
    try:
        assert not leftover.exists()
    finally:
        app.quit()
