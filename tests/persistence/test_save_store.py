"""The saves folder: the autosave and its backup, named saves, the Load screen's list,
and the player's own choices to delete a save or move it aside."""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from cardtable_gui.persistence.atomic import backup_path
from cardtable_gui.persistence.paths import DATA_DIR_VARIABLE, data_dir
from cardtable_gui.persistence.saves import (
    CorruptSave,
    DigestMismatch,
    SavedGame,
    SaveError,
    SaveStore,
)
from tests.persistence.odd_files import finishes, named_pipe, posix_only


@pytest.fixture(scope="module")
def saves(save_of: Callable[..., SavedGame]) -> list[SavedGame]:
    """Three saves of one Spades game at different points, one minute apart."""
    start = datetime(2024, 3, 1, 18, 0, tzinfo=UTC)
    return [
        save_of("spades", 4, 9, moves, name=f"Game {n}").model_copy(
            update={"saved_at": start + timedelta(minutes=n)}
        )
        for n, moves in enumerate((5, 15, 30))
    ]


def test_no_autosave_means_nothing_to_continue(tmp_path: Path) -> None:
    assert SaveStore(tmp_path).load_autosave() is None


def test_each_autosave_keeps_the_previous_one_as_backup(
    tmp_path: Path, saves: list[SavedGame]
) -> None:
    store = SaveStore(tmp_path)
    store.autosave(saves[0])
    assert not backup_path(store.autosave_path).exists()
    store.autosave(saves[1])
    store.autosave(saves[2])

    assert store.load_autosave() == saves[2]
    assert store.load(backup_path(store.autosave_path)) == saves[1]


def test_a_damaged_autosave_falls_back_to_the_backup(
    tmp_path: Path, saves: list[SavedGame]
) -> None:
    store = SaveStore(tmp_path)
    store.autosave(saves[0])
    store.autosave(saves[1])
    damaged = saves[1].to_bytes()[:-40]
    store.autosave_path.write_bytes(damaged)

    assert store.load_autosave() == saves[0]
    assert store.autosave_path.read_bytes() == damaged


def test_a_damaged_autosave_never_becomes_the_backup(
    tmp_path: Path, saves: list[SavedGame]
) -> None:
    store = SaveStore(tmp_path)
    store.autosave(saves[0])
    store.autosave(saves[1])
    store.autosave_path.write_bytes(b"\x00garbage")

    store.autosave(saves[2])
    assert store.load_autosave() == saves[2]
    assert store.load(backup_path(store.autosave_path)) == saves[0]


def test_when_both_are_bad_the_autosave_error_is_raised(
    tmp_path: Path, saves: list[SavedGame]
) -> None:
    store = SaveStore(tmp_path)
    store.autosave(saves[0])
    store.autosave(saves[1])
    raw = json.loads(store.autosave_path.read_bytes())
    raw["digest"] = "f" * 64
    store.autosave_path.write_text(json.dumps(raw))
    backup_path(store.autosave_path).write_bytes(b"[]")

    with pytest.raises(DigestMismatch):
        store.load_autosave()
    assert backup_path(store.autosave_path).read_bytes() == b"[]"


def test_only_a_backup_is_still_continued(tmp_path: Path, saves: list[SavedGame]) -> None:
    store = SaveStore(tmp_path)
    store.autosave(saves[0])
    store.autosave(saves[1])
    store.autosave_path.unlink()
    assert store.load_autosave() == saves[0]


def test_clearing_the_autosave_files_it_as_finished(tmp_path: Path, saves: list[SavedGame]) -> None:
    store = SaveStore(tmp_path)
    store.autosave(saves[0])
    store.autosave(saves[1])
    store.clear_autosave()

    assert store.load_autosave() is None
    assert store.load(store.finished_folder / "autosave.json") == saves[1]
    assert store.load(store.finished_folder / "autosave.json.bak") == saves[0]
    store.clear_autosave()
    assert store.load(store.finished_folder / "autosave.json") == saves[1]


def test_named_saves_never_overwrite_each_other(tmp_path: Path, saves: list[SavedGame]) -> None:
    store = SaveStore(tmp_path)
    twin = saves[0]
    paths = [store.save_named(twin) for _ in range(3)]

    local = twin.saved_at.astimezone()
    stem = f"game-0-{local:%Y%m%d-%H%M%S}"
    assert [p.name for p in paths] == [f"{stem}.json", f"{stem}-2.json", f"{stem}-3.json"]
    assert all(store.load(p) == twin for p in paths)


def test_a_save_name_becomes_a_safe_file_name(tmp_path: Path, saves: list[SavedGame]) -> None:
    store = SaveStore(tmp_path)
    odd = saves[0].model_copy(update={"name": "../../Café night: 2 vs 2!"})
    path = store.save_named(odd)
    assert path.parent == store.saves_folder
    assert path.name.startswith("cafe-night-2-vs-2-")
    unnamed = store.save_named(saves[0].model_copy(update={"name": None}))
    assert unnamed.name.startswith("spades-")


def test_the_list_is_newest_first_and_shows_bad_files(
    tmp_path: Path, saves: list[SavedGame]
) -> None:
    store = SaveStore(tmp_path)
    assert store.list_saves() == []
    paths = [store.save_named(saved) for saved in saves]
    broken = store.saves_folder / "broken.json"
    broken.write_bytes(b"{not json")
    old = datetime(2020, 1, 1, tzinfo=UTC).timestamp()
    os.utime(broken, (old, old))
    (store.saves_folder / "ignored.json.bad").write_bytes(b"x")

    entries = store.list_saves()
    assert [e.path for e in entries] == [paths[2], paths[1], paths[0], broken]
    assert [e.saved for e in entries[:3]] == saves[::-1]
    assert entries[0].saved is not None and entries[0].saved.summary is not None
    assert entries[0].saved.summary.progress == "Hand 1"
    assert not entries[3].ok
    assert entries[3].error == "This save file is damaged or cut short and cannot be read."


def test_delete_and_move_aside_only_at_the_players_word(
    tmp_path: Path, saves: list[SavedGame]
) -> None:
    store = SaveStore(tmp_path)
    keep, bad = store.save_named(saves[0]), store.save_named(saves[1])
    bad.write_bytes(b"rubbish")
    with pytest.raises(CorruptSave):
        store.load(bad)
    assert bad.read_bytes() == b"rubbish"

    aside = store.move_aside(bad)
    assert aside.name == bad.name + ".bad" and aside.read_bytes() == b"rubbish"
    assert [e.path for e in store.list_saves()] == [keep]

    store.delete(keep)
    assert store.list_saves() == []


def test_files_outside_the_store_are_refused(tmp_path: Path, saves: list[SavedGame]) -> None:
    store = SaveStore(tmp_path / "data")
    outsider = tmp_path / "precious.txt"
    outsider.write_text("mine")
    with pytest.raises(SaveError):
        store.delete(outsider)
    with pytest.raises(SaveError):
        store.move_aside(tmp_path / "data" / ".." / "precious.txt")
    assert outsider.read_text() == "mine"


def test_a_missing_file_gets_a_message(tmp_path: Path) -> None:
    with pytest.raises(SaveError, match="^The save file cannot be opened"):
        SaveStore(tmp_path).load(tmp_path / "nope.json")


def test_the_data_directory_comes_from_argument_then_environment(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    chosen = tmp_path / "chosen"
    assert data_dir(chosen) == chosen and chosen.is_dir()
    monkeypatch.setenv(DATA_DIR_VARIABLE, str(tmp_path / "from_env"))
    assert data_dir() == tmp_path / "from_env" and (tmp_path / "from_env").is_dir()
    assert data_dir(chosen) == chosen
    monkeypatch.delenv(DATA_DIR_VARIABLE)
    monkeypatch.setattr(
        "cardtable_gui.persistence.paths.platformdirs.user_data_dir",
        lambda name: str(tmp_path / "platform" / name),
    )
    assert data_dir() == tmp_path / "platform" / "cardtable"


@posix_only
def test_a_named_pipe_among_the_saves_is_listed_at_once_with_its_reason(
    tmp_path: Path, saves: list[SavedGame]
) -> None:
    store = SaveStore(tmp_path)
    good = store.save_named(saves[0])
    with named_pipe(store.saves_folder / "pipe.json") as pipe:
        entries = finishes(store.list_saves)
        assert [entry.path for entry in entries] == [pipe, good]
        assert entries[0].error == "The file cannot be opened: it is not an ordinary file"
        assert store.move_aside(pipe).is_fifo()


@posix_only
def test_an_autosave_that_is_a_link_to_a_device_is_refused_and_the_backup_continued(
    tmp_path: Path, saves: list[SavedGame]
) -> None:
    """``/dev/null`` stands for every device here: one that never ends (``/dev/zero``)
    would fill this process's memory if the check were missing; test_app tries that one
    in a child process with a memory limit."""
    device = "/dev/null"
    store = SaveStore(tmp_path)
    store.autosave(saves[0])
    store.autosave(saves[1])
    store.autosave_path.unlink()
    store.autosave_path.symlink_to(device)
    assert finishes(store.open_autosave).saved == saves[0]
    backup_path(store.autosave_path).unlink()
    with pytest.raises(SaveError, match=r"^The save file cannot be opened: it is not an ordinary file\.$"):
        finishes(store.open_autosave)
    assert os.readlink(store.autosave_path) == device
