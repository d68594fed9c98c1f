"""Reading a file of the data folder: an ordinary file comes back whole; a named pipe,
a device or a file larger than its kind ever is, is refused at once with a sentence,
and left where it was."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from cardtable_gui.persistence.atomic import reason
from cardtable_gui.persistence.reading import (
    FileTooLarge,
    NotAnOrdinaryFile,
    RefusedFile,
    read_data_file,
)
from tests.persistence.odd_files import finishes, named_pipe, posix_only


def test_an_ordinary_file_is_read_whole(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_bytes(b'{"volume": 0.5}\n')
    assert read_data_file(path) == b'{"volume": 0.5}\n'


def test_a_link_to_an_ordinary_file_is_read_through(tmp_path: Path) -> None:
    (tmp_path / "real.json").write_bytes(b"{}")
    (tmp_path / "settings.json").symlink_to(tmp_path / "real.json")
    assert read_data_file(tmp_path / "settings.json") == b"{}"


def test_a_missing_file_is_not_found(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError):
        read_data_file(tmp_path / "settings.json")


@posix_only
def test_a_named_pipe_is_refused_without_waiting_for_a_writer(tmp_path: Path) -> None:
    with named_pipe(tmp_path / "settings.json") as pipe:
        with pytest.raises(NotAnOrdinaryFile) as refused:
            finishes(lambda: read_data_file(pipe))
        assert reason(refused.value) == "it is not an ordinary file"
        assert pipe.exists()


@posix_only
def test_a_link_to_a_device_is_refused_before_a_byte_is_read(tmp_path: Path) -> None:
    """``/dev/null`` stands for every device: one that never ends (``/dev/zero``) would
    fill this process's memory if the check were missing; test_app tries that one in a
    child process with a memory limit."""
    link = tmp_path / "statistics.json"
    link.symlink_to("/dev/null")
    with pytest.raises(NotAnOrdinaryFile):
        finishes(lambda: read_data_file(link))


def test_a_folder_is_a_folder_as_ever(tmp_path: Path) -> None:
    """A folder cannot hang a read or fill memory; readers report it as they always
    did, and it stays in the way of a write (the tests of a failed write rely on it)."""
    (tmp_path / "lessons.json").mkdir()
    with pytest.raises(IsADirectoryError):
        read_data_file(tmp_path / "lessons.json")


def test_a_file_up_to_the_limit_is_read_and_a_byte_more_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "tips.json"
    path.write_bytes(b"x" * 2048)
    assert read_data_file(path, limit=2048) == b"x" * 2048
    with pytest.raises(FileTooLarge) as refused:
        read_data_file(path, limit=2047)
    assert reason(refused.value) == "it is larger than 1 KB, far beyond any file of its kind"
    assert path.read_bytes() == b"x" * 2048


def test_refusals_are_os_errors_so_every_reader_already_reports_them(tmp_path: Path) -> None:
    assert issubclass(RefusedFile, OSError)
    path = tmp_path / "big.json"
    path.write_bytes(b"x" * (3 * 1024 * 1024))
    with pytest.raises(OSError, match="larger than 2 MB"):
        read_data_file(path, limit=2 * 1024 * 1024)
    assert os.path.getsize(path) == 3 * 1024 * 1024
