"""Saving records: validated before the file is touched, written atomically, nothing left over."""

from __future__ import annotations

import os
import stat
import sys
import tempfile
from pathlib import Path
from typing import Any

import pytest

from doppelkopf import Deal
from doppelkopf.records import RecordError, dump_deal, load, loads_deal, save

OLD = b'{"old": "file"}\n'


def finished(seed: int) -> Deal:
    deal = Deal.shuffled(seed=seed)
    while not deal.is_finished:
        deal = deal.apply(deal.legal_actions[0])
    return deal


@pytest.fixture
def old_file(tmp_path: Path) -> Path:
    """A file that a failed save must leave as it is."""
    path = tmp_path / "record.json"
    path.write_bytes(OLD)
    return path


def left_alone(path: Path) -> None:
    """The old file is byte for byte what it was, and no other file is in its folder."""
    assert path.read_bytes() == OLD
    assert sorted(path.parent.iterdir()) == [path]


def test_a_record_with_a_lone_surrogate_is_refused_before_the_file_is_touched(
    old_file: Path,
) -> None:
    record = dump_deal(Deal.shuffled(seed=1))
    record["meta"] = {"name": "\ud800"}
    with pytest.raises(RecordError, match=r"^record: meta\['name'\] holds a string with a lone"):
        save(old_file, record)
    left_alone(old_file)
    with pytest.raises(RecordError, match=r"^record: the text holds a string with a lone"):
        loads_deal('{"meta": {"name": "\\ud800"}}')


def test_any_refused_record_leaves_the_file_alone(old_file: Path) -> None:
    record = dump_deal(finished(2))
    record["settlement"]["value"] += 1
    with pytest.raises(RecordError, match=r"^settlement: "):
        save(old_file, record)
    with pytest.raises(RecordError, match=r"^record: meta nests arrays and objects too deep"):
        save(old_file, {**dump_deal(finished(2)), **_deep()})
    with pytest.raises(TypeError, match=r"^record must be a Deal, session or record"):
        save(old_file, [1, 2])  # type: ignore[arg-type]
    left_alone(old_file)


def _deep() -> dict[str, Any]:
    meta: dict[str, Any] = {}
    inner = meta
    for _ in range(100):
        inner["a"] = {}
        inner = inner["a"]
    return {"meta": meta}


@pytest.mark.parametrize("failing", ["write", "fsync", "chmod", "replace"])
def test_a_failure_while_writing_leaves_the_old_file_and_no_temporary_file(
    failing: str, old_file: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def fail(*args: object, **kwargs: object) -> None:
        raise OSError(28, "No space left on device")

    if failing == "write":
        real = tempfile.NamedTemporaryFile

        def opened(*args: Any, **kwargs: Any) -> Any:
            handle = real(*args, **kwargs)
            monkeypatch.setattr(handle, "write", fail)
            return handle

        monkeypatch.setattr(tempfile, "NamedTemporaryFile", opened)
    else:
        monkeypatch.setattr(os, failing, fail)
    with pytest.raises(OSError, match="No space left on device"):
        save(old_file, finished(3))
    monkeypatch.undo()
    left_alone(old_file)
    save(old_file, finished(3))
    assert load(old_file) == finished(3)


def test_an_interruption_while_writing_removes_the_temporary_file(
    old_file: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def interrupt(*args: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(os, "fsync", interrupt)
    with pytest.raises(KeyboardInterrupt):
        save(old_file, finished(3))
    left_alone(old_file)


def test_a_folder_in_the_way_is_an_os_error_and_leaves_nothing(tmp_path: Path) -> None:
    folder = tmp_path / "record.json"
    folder.mkdir()
    with pytest.raises(IsADirectoryError):
        save(folder, finished(4))
    assert sorted(tmp_path.iterdir()) == [folder]
    assert list(folder.iterdir()) == []
    with pytest.raises(FileNotFoundError):
        save(tmp_path / "missing" / "record.json", finished(4))
    assert sorted(tmp_path.iterdir()) == [folder]


def test_a_save_replaces_the_file_whole(old_file: Path) -> None:
    deal = finished(5)
    save(old_file, deal)
    assert load(old_file) == deal
    assert old_file.read_bytes().endswith(b"}\n")
    assert sorted(old_file.parent.iterdir()) == [old_file]
    save(str(old_file), dump_deal(deal, meta={"n": 1}), indent=None)
    assert old_file.read_bytes().count(b"\n") == 1
    assert sorted(old_file.parent.iterdir()) == [old_file]


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX permissions")
def test_a_replaced_file_keeps_its_permissions(old_file: Path) -> None:
    old_file.chmod(0o640)
    save(old_file, finished(6))
    assert stat.S_IMODE(old_file.stat().st_mode) == 0o640


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX permissions")
def test_a_new_file_gets_the_permissions_of_the_umask(tmp_path: Path) -> None:
    mask = os.umask(0o027)
    try:
        save(tmp_path / "new.json", finished(6))
        assert os.umask(0o027) == 0o027  # the mask is as it was
    finally:
        os.umask(mask)
    assert stat.S_IMODE((tmp_path / "new.json").stat().st_mode) == 0o640


@pytest.mark.skipif(sys.platform == "win32", reason="symbolic links")
def test_a_symbolic_link_is_followed(old_file: Path) -> None:
    link = old_file.parent / "link.json"
    link.symlink_to(old_file.name)
    save(link, finished(7))
    assert link.is_symlink()
    assert load(old_file) == finished(7)
    assert sorted(old_file.parent.iterdir()) == [link, old_file]
